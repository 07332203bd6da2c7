import { data } from "react-router";
import type { Route } from "./+types/airport";
import { AirportImage } from "~/components/AirportImage";
import { pageMeta } from "~/components/site";
import { airportByCode } from "~/domain/airports";
import { airportPageFor } from "~/domain/site-paths";

export function loader({ request }: Route.LoaderArgs) {
  const page = airportPageFor(new URL(request.url).pathname);
  const airport = page ? airportByCode(page.airport) : undefined;
  if (!page || !airport) {
    // Specification 8: an unknown airport code reads 'Error: Airport not found.'
    throw data("Error: Airport not found.", { status: 404, statusText: "Error: Airport not found." });
  }
  return { airport, firstTab: page.firstTab };
}

export const meta: Route.MetaFunction = (args) => {
  const airport = args.data?.airport;
  const kind = args.data?.firstTab === "private" ? "private transfer" : "shuttle";
  return pageMeta(args, {
    title: airport ? `${airport.code} to Disneyland Paris ${kind}` : "Airport not found",
    description: airport
      ? `${airport.name} to Disneyland Paris by ${kind}: prices for 1 to 8 passengers, one way, return and round trip, and the hotels we serve.`
      : "Airport not found.",
    keywords: airport ? [airport.name, `${airport.code} Disneyland transfer`, "Disneyland Paris hotels"] : [],
  });
};

export default function AirportPage({ loaderData }: Route.ComponentProps) {
  const { airport, firstTab } = loaderData;
  return (
    <div className="container page">
      <h1>
        {airport.name} to Disneyland Paris: {firstTab === "private" ? "private transfer" : "shuttle transfer"}
      </h1>
      <div className="airport-intro">
        <AirportImage src={airport.image} alt={airport.imageAlt} />
        <dl className="facts">
          <div>
            <dt>City</dt>
            <dd>{airport.city}</dd>
          </div>
          <div>
            <dt>Country</dt>
            <dd>{airport.country}</dd>
          </div>
          <div>
            <dt>Code</dt>
            <dd>{airport.code}</dd>
          </div>
        </dl>
        <p>{airport.description.intro}</p>
        <p>{firstTab === "private" ? airport.description.private : airport.description.shuttle}</p>
      </div>
      <section aria-labelledby="disneyland-blurb">
        <h2 id="disneyland-blurb">Getting to Disneyland Paris</h2>
        <p>
          Disneyland Paris lies at Marne-la-Vallée, 32 km east of Paris. Its two parks, Disney Village and the resort
          hotels sit around the Marne-la-Vallée–Chessy station; the partner hotels are a few minutes away in Serris,
          Magny-le-Hongre, Bailly-Romainvilliers and Val d'Europe. We drop you at the door of your hotel.
        </p>
      </section>
    </div>
  );
}
