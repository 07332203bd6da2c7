import { Link } from "react-router";
import type { Route } from "./+types/services";
import { pageMeta, STATIC_PAGE } from "~/components/site";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Services",
    description:
      "Airport and Disneyland Paris transfers by shared shuttle or private car, door-to-door rides anywhere in the Paris region, and half-day and full-day tours of Paris with a private driver.",
    keywords: ["airport transfer", "Disneyland transfer", "Paris tours", "door to door", "private driver Paris", "Versailles tour"],
  });

export default function ServicesPage() {
  return (
    <div className="container page">
      <h1>Our services</h1>
      <p className="lead">
        Whether you land at Charles de Gaulle with three children, need a car to a meeting in La Défense or want to see Paris in a day, we
        have a driver for it.
      </p>
      <div className="grid services">
        <section className="card" aria-labelledby="service-transfers">
          <h2 id="service-transfers">Airport and Disneyland transfers</h2>
          <p>
            Our core service: rides between Charles de Gaulle (CDG), Orly (ORY) and Beauvais (BVA) airports, the Disneyland Paris resort and
            Paris hotels.
          </p>
          <ul>
            <li>
              <strong>Shared shuttle</strong> from CDG and Beauvais to the Disneyland hotels, priced per passenger. Allow 15 to 30 minutes
              of waiting for the other travellers.
            </li>
            <li>
              <strong>Private transfer</strong> from any of the three airports, priced per vehicle, with your driver waiting in the arrivals
              hall.
            </li>
          </ul>
          <p>
            <Link className="button" to="/rates">
              See transfer prices
            </Link>
          </p>
        </section>
        <section className="card" aria-labelledby="service-door">
          <h2 id="service-door">Door-to-door rides</h2>
          <p>
            A private car from one address to another anywhere in Paris and the Île-de-France region: hotel to hotel, home to a train
            station, a business meeting, a restaurant or a concert.
          </p>
          <ul>
            <li>Pick-up at the time you choose, at the door of the building.</li>
            <li>Help with luggage, shopping bags and pushchairs.</li>
            <li>A saloon, a van or a coach, depending on your group.</li>
          </ul>
          <p>
            <Link className="button" to="/contact">
              Ask for a quote
            </Link>
          </p>
        </section>
        <section className="card" aria-labelledby="service-half-day">
          <h2 id="service-half-day">Half-day tours</h2>
          <p>
            About four hours with your own driver to see the sights of Paris from the comfort of the car: the Eiffel Tower and the
            Trocadéro, the Champs-Élysées and the Arc de Triomphe, the Louvre, Notre-Dame and Montmartre.
          </p>
          <p>
            Stop for photos wherever you like, or leave the car for a short visit while the driver waits. A good way to use the afternoon of
            your arrival or a free morning before your flight.
          </p>
          <p>
            <Link className="button" to="/contact">
              Plan a half-day tour
            </Link>
          </p>
        </section>
        <section className="card" aria-labelledby="service-full-day">
          <h2 id="service-full-day">Full-day tours</h2>
          <p>
            About eight hours with your driver, in Paris or beyond: the Palace of Versailles, the châteaux of Fontainebleau or Chantilly,
            the medieval town of Provins, or Giverny and Monet&apos;s garden.
          </p>
          <p>
            We build the day around you: the places, the pace and the lunch stop. Your driver takes you from your hotel in the morning and
            brings you back in the evening.
          </p>
          <p>
            <Link className="button" to="/contact">
              Plan a full-day tour
            </Link>
          </p>
        </section>
      </div>
      <h2>Business and groups</h2>
      <p>
        Seminars, weddings, school trips and sports clubs: with minibuses and coaches of 50 and 61 seats we move large groups together. See{" "}
        <Link to="/cars">our fleet</Link> and <Link to="/contact">contact us</Link> with your dates and numbers.
      </p>
    </div>
  );
}

// Nothing here is interactive: served without React's JavaScript.
export const handle = STATIC_PAGE;
