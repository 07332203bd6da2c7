import type { Airport } from "~/domain/airports";
import { AIRPORT_PAGES } from "~/domain/site-paths";
import { AirportImage } from "./AirportImage";

/** An airport with its facts and links to its Disneyland transfer pages. */
export function AirportCard({ airport, headingLevel = 3 }: { airport: Airport; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const pages = AIRPORT_PAGES.filter((p) => p.airport === airport.code);
  return (
    <article className="card airport-card">
      <AirportImage src={airport.image} alt={airport.imageAlt} lazy />
      <Heading>
        {airport.name} ({airport.code})
      </Heading>
      <p>{airport.description.intro}</p>
      <ul className="card-links">
        {pages.map((p) => (
          <li key={p.path}>
            <a href={p.path}>
              {airport.code} to Disneyland Paris: {p.firstTab === "private" ? "private transfer" : "shuttle"}
            </a>
          </li>
        ))}
      </ul>
    </article>
  );
}
