import { Link } from "react-router";
import type { Route } from "./+types/info";
import { pageMeta, useSite, STATIC_PAGE } from "~/components/site";
import { telHref } from "~/domain/phone";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Information",
    description:
      "Phone hours (06:30–11:00 Paris time) and how pick-up works for shared shuttles and private cars, on arrival at the airport and on departure from your hotel.",
    keywords: ["pick-up procedure", "meeting point", "shuttle waiting time", "Paris airport transfer information"],
    canonicalPath: "/info",
  });

export default function InfoPage() {
  const site = useSite();
  return (
    <div className="container page">
      <h1>Useful information</h1>
      <p className="lead">How to reach us, and what happens on the day of your transfer.</p>
      <div className="grid info">
        <section className="card" aria-labelledby="info-contact">
          <h2 id="info-contact">Contact hours</h2>
          <p>
            Our phone line, <a href={telHref(site.phone)}>{site.phone}</a>, is open from <strong>06:30 to 11:00, Paris time</strong>.
          </p>
          <p>
            Outside these hours, write to <a href={`mailto:${site.email}`}>{site.email}</a> or use the{" "}
            <Link to="/contact">contact form</Link>. Please give your name and travel date so we can find your booking quickly.
          </p>
        </section>
        <section className="card" aria-labelledby="info-private-arrival">
          <h2 id="info-private-arrival">Private transfer on arrival</h2>
          <p>
            Your driver waits for you in the <strong>arrivals hall</strong>, at the exit of the baggage reclaim area, holding a{" "}
            <strong>sign with your name</strong>.
          </p>
          <p>
            We <strong>monitor your flight</strong> using the flight number you gave when booking, so the driver is there at the real
            landing time, even if your flight is early or late. Keep your phone on after landing in case the driver needs to reach you.
          </p>
        </section>
        <section className="card" aria-labelledby="info-private-departure">
          <h2 id="info-private-departure">Private transfer on departure</h2>
          <p>
            Your driver picks you up in the <strong>lobby of your hotel</strong> (or at the door of the address you gave) at the{" "}
            <strong>time you booked</strong>.
          </p>
          <p>
            Please be ready a few minutes early with your luggage and travel documents. The pick-up time leaves enough margin for traffic
            and check-in; if your flight time changes, tell us at least 24 hours before.
          </p>
        </section>
        <section className="card" aria-labelledby="info-shuttle-arrival">
          <h2 id="info-shuttle-arrival">Shared shuttle on arrival</h2>
          <p>
            After collecting your luggage, go to the <strong>shuttle meeting point</strong> of your terminal, where our driver checks your
            name on the passenger list.
          </p>
          <p>
            The shuttle is shared with other travellers arriving around the same time, so you may <strong>wait 15 to 30 minutes</strong> for
            the other passengers before leaving. The shuttle then drops each party at its hotel.
          </p>
        </section>
        <section className="card" aria-labelledby="info-shuttle-departure">
          <h2 id="info-shuttle-departure">Shared shuttle on departure</h2>
          <p>
            The shuttle collects you in the <strong>lobby of your hotel</strong> at the booked pick-up time, then calls at other hotels on
            the way to the airport.
          </p>
          <p>
            Please be in the lobby 10 minutes before the pick-up time with your luggage: the shuttle cannot wait long without making the
            other passengers late. Allow 15 to 30 minutes for the stops at other hotels; we plan the pick-up time with this in mind.
          </p>
        </section>
      </div>
    </div>
  );
}

// Nothing here is interactive: served without React's JavaScript.
export const handle = STATIC_PAGE;
