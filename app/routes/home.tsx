import { Link } from "react-router";
import type { Route } from "./+types/home";
import { pageMeta, useSite, STATIC_PAGE } from "~/components/site";
import { telHref } from "~/domain/phone";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Paris airport and Disneyland transfers",
    description:
      "Shared shuttles and private cars between Charles de Gaulle, Orly and Beauvais airports, Disneyland Paris and Paris hotels. Fixed prices paid at booking, flight monitoring, free cancellation up to 24 hours before departure.",
    keywords: [
      "Paris airport transfer",
      "Disneyland Paris shuttle",
      "CDG Disneyland transfer",
      "Orly Disneyland transfer",
      "Beauvais shuttle",
      "private driver Paris",
    ],
  });

interface Highlight {
  title: string;
  text: string;
  to: string;
  link: string;
}

const HIGHLIGHTS: readonly Highlight[] = [
  {
    title: "Shared shuttle",
    text: "The budget-friendly way from Charles de Gaulle or Beauvais airport to your Disneyland Paris hotel. You share the vehicle with other travellers and pay per person.",
    to: "/rates",
    link: "See shuttle prices",
  },
  {
    title: "Private car",
    text: "A vehicle and a driver just for you, from a saloon for three to a minibus for eight, between any Paris airport, Disneyland Paris and your Paris address.",
    to: "/cars",
    link: "Choose your vehicle",
  },
  {
    title: "Tours of Paris",
    text: "Half-day or full-day tours with a private driver: the Eiffel Tower, the Louvre, Montmartre, Versailles or the places you choose, at your own pace.",
    to: "/services",
    link: "Discover our tours",
  },
];

const FEATURES: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: "Fixed prices",
    text: "The price you see is the price you pay, in euros, settled securely when you book. No meter, no surprise for traffic jams or a late flight.",
  },
  {
    title: "Flight monitoring and meet & greet",
    text: "Give us your flight number: we follow your flight, and your private driver waits in the arrivals hall with a sign bearing your name.",
  },
  {
    title: "Baby and child seats",
    text: "Travelling with little ones? Tell us their number and ages when you book and we fit the right baby or booster seats.",
  },
  {
    title: "Free cancellation up to 24 hours",
    text: "Cancel at least 24 hours before departure and you are refunded in full. Within 24 hours of departure the ride is no longer refundable.",
  },
];

export default function HomePage() {
  const site = useSite();
  return (
    <>
      <section className="hero home-hero" aria-labelledby="home-title">
        <img className="hero__image" src="/images/home/hero.svg" width={1200} height={600} alt="" fetchPriority="high" />
        <div className="container">
          <div className="hero__content">
            <h1 id="home-title">Paris airport and Disneyland transfers</h1>
            <p>
              Shared shuttles and private cars between Charles de Gaulle, Orly and Beauvais airports, Disneyland Paris and your hotel in
              Paris. Booked in minutes, at a fixed price.
            </p>
            <p className="actions">
              <Link className="button button--light" to="/contact">
                Get in touch
              </Link>
              <a className="button button--outline-light" href="#what-we-do">
                View more
              </a>
            </p>
          </div>
        </div>
      </section>

      <section className="container home-section" aria-labelledby="what-we-do">
        <h2 id="what-we-do">What we do</h2>
        <p className="lead">Three ways to travel with us, all with licensed professional drivers.</p>
        <ul className="grid highlights">
          {HIGHLIGHTS.map((h) => (
            <li key={h.title} className="card">
              <h3>{h.title}</h3>
              <p>{h.text}</p>
              <p>
                <Link className="card-link" to={h.to}>
                  {h.link}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section className="band home-section" aria-labelledby="why-us">
        <div className="container">
          <h2 id="why-us">Why travel with us</h2>
          <ul className="grid features">
            {FEATURES.map((f) => (
              <li key={f.title} className="card">
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container home-section" aria-labelledby="door-to-door">
        <h2 id="door-to-door">From the arrivals hall to the castle</h2>
        <div className="media-grid">
          <div className="media">
            <img
              src="/images/home/meet-and-greet.svg"
              width={640}
              height={400}
              loading="lazy"
              decoding="async"
              alt="A driver holding a name sign in an airport arrivals hall"
            />
            <h3>We meet you at the airport</h3>
            <p>
              Your driver is there when you come through the arrivals doors, helps with your luggage and takes you to the vehicle. Shuttle
              passengers meet their driver at the shuttle meeting point of their terminal.
            </p>
          </div>
          <div className="media">
            <img
              src="/images/home/disneyland.svg"
              width={640}
              height={400}
              loading="lazy"
              decoding="async"
              alt="The fairy-tale castle of Disneyland Paris"
            />
            <h3>We drop you at your hotel door</h3>
            <p>
              Disney hotels, partner hotels in Val d&apos;Europe, Serris and Magny-le-Hongre, or any address in Paris: no train changes with
              suitcases and tired children. <Link to="/hotels_disneyland_paris">See the hotels we serve</Link>.
            </p>
          </div>
        </div>
      </section>

      <section className="band home-section" aria-labelledby="home-contact">
        <div className="container">
          <h2 id="home-contact">Questions? Talk to us</h2>
          <p>We are happy to help you choose the right ride, plan a group trip or change a booking.</p>
          <ul className="contact-list">
            <li>
              Phone: <a href={telHref(site.phone)}>{site.phone}</a> (06:30–11:00, Paris time)
            </li>
            <li>
              E-mail: <a href={`mailto:${site.email}`}>{site.email}</a> (any time; we answer every message)
            </li>
          </ul>
          <p className="actions">
            <Link className="button" to="/rates">
              See prices and book
            </Link>
            <Link className="button button--secondary" to="/contact">
              Send us a message
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}

// Nothing here is interactive: served without React's JavaScript.
export const handle = STATIC_PAGE;
