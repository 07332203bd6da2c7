import { airportWords } from "./airport-words";
import { AirportImage } from "./AirportImage";
import { useLocale, useT } from "./i18n";
import type { Airport } from "~/domain/airports";
import { localizedPath } from "~/domain/locales";
import { AIRPORT_PAGES } from "~/domain/site-paths";

/** An airport with its facts and links to its Disneyland transfer pages. */
export function AirportCard({ airport, headingLevel = 3 }: { airport: Airport; headingLevel?: 2 | 3 }) {
  const t = useT();
  const locale = useLocale();
  const words = airportWords(t, airport.code);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const pages = AIRPORT_PAGES.filter((p) => p.airport === airport.code);
  return (
    <article className="card airport-card">
      <AirportImage src={airport.image} alt={words.imageAlt} lazy />
      <Heading>
        {words.name} ({airport.code})
      </Heading>
      <p>{words.intro}</p>
      <ul className="card-links">
        {pages.map((p) => (
          <li key={p.path}>
            <a href={localizedPath(locale, p.path)}>
              {t(p.firstTab === "private" ? "prices.airport.linkPrivate" : "prices.airport.linkShuttle", { code: airport.code })}
            </a>
          </li>
        ))}
      </ul>
    </article>
  );
}
