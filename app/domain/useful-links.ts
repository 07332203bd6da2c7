/**
 * The twelve external links of the Useful links page, grouped by topic. Their names and
 * descriptions are in the `pages` catalogue, under `links.<key>`.
 */

export type LinkTopic = "airports" | "disneyland-paris-and-around" | "getting-around" | "visiting-paris" | "before-you-travel";

export type LinkKey =
  "cdg" | "orly" | "beauvais" | "disneyland" | "valDEurope" | "ratp" | "sncf" | "idfm" | "tourism" | "eiffel" | "visas" | "weather";

export interface UsefulLink {
  key: LinkKey;
  url: string;
  topic: LinkTopic;
}

/** Topics in the order the page shows them; each is also its section's anchor (`#links-<topic>`). */
export const LINK_TOPICS: readonly LinkTopic[] = [
  "airports",
  "disneyland-paris-and-around",
  "getting-around",
  "visiting-paris",
  "before-you-travel",
];

export const USEFUL_LINKS: readonly UsefulLink[] = [
  { key: "cdg", url: "https://www.parisaeroport.fr/en/passengers/access/paris-charles-de-gaulle", topic: "airports" },
  { key: "orly", url: "https://www.parisaeroport.fr/en/passengers/access/paris-orly", topic: "airports" },
  { key: "beauvais", url: "https://www.aeroportbeauvais.com/", topic: "airports" },
  { key: "disneyland", url: "https://www.disneylandparis.com/en-gb/", topic: "disneyland-paris-and-around" },
  { key: "valDEurope", url: "https://www.valdeuropeagglo.fr/", topic: "disneyland-paris-and-around" },
  { key: "ratp", url: "https://www.ratp.fr/en", topic: "getting-around" },
  { key: "sncf", url: "https://www.sncf-connect.com/en-en/", topic: "getting-around" },
  { key: "idfm", url: "https://www.iledefrance-mobilites.fr/en", topic: "getting-around" },
  { key: "tourism", url: "https://parisjetaime.com/eng/", topic: "visiting-paris" },
  { key: "eiffel", url: "https://www.toureiffel.paris/en", topic: "visiting-paris" },
  { key: "visas", url: "https://france-visas.gouv.fr/en/", topic: "before-you-travel" },
  { key: "weather", url: "https://meteofrance.com/", topic: "before-you-travel" },
];

/** The host name shown beside a link, without a leading `www.`. */
export function linkHost(url: string): string {
  return new URL(url).hostname.replace(/^www\./, "");
}
