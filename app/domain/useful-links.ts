/** The twelve external links of the Useful links page, grouped by topic. */

export type LinkTopic = "Airports" | "Disneyland Paris and around" | "Getting around" | "Visiting Paris" | "Before you travel";

export interface UsefulLink {
  name: string;
  url: string;
  description: string;
  topic: LinkTopic;
}

/** Topics in the order the page shows them. */
export const LINK_TOPICS: readonly LinkTopic[] = [
  "Airports",
  "Disneyland Paris and around",
  "Getting around",
  "Visiting Paris",
  "Before you travel",
];

export const USEFUL_LINKS: readonly UsefulLink[] = [
  {
    name: "Paris Charles de Gaulle Airport",
    url: "https://www.parisaeroport.fr/en/passengers/access/paris-charles-de-gaulle",
    description: "Terminals, flight arrivals and departures, maps and services at CDG, from the airport operator.",
    topic: "Airports",
  },
  {
    name: "Paris Orly Airport",
    url: "https://www.parisaeroport.fr/en/passengers/access/paris-orly",
    description: "Live flight information, terminal maps and passenger services at Orly, from the airport operator.",
    topic: "Airports",
  },
  {
    name: "Paris Beauvais Airport",
    url: "https://www.aeroportbeauvais.com/",
    description: "Flights, airlines and practical information for Beauvais-Tillé, the low-cost airport north of Paris.",
    topic: "Airports",
  },
  {
    name: "Disneyland Paris",
    url: "https://www.disneylandparis.com/en-gb/",
    description: "Official resort site: park hours, tickets, Disney hotels, shows and events.",
    topic: "Disneyland Paris and around",
  },
  {
    name: "Val d'Europe",
    url: "https://www.valdeuropeagglo.fr/",
    description: "The towns around Disneyland Paris (Serris, Chessy, Magny-le-Hongre, Bailly-Romainvilliers and more).",
    topic: "Disneyland Paris and around",
  },
  {
    name: "RATP",
    url: "https://www.ratp.fr/en",
    description: "Paris metro, RER, bus and tram: routes, timetables, tickets and traffic news.",
    topic: "Getting around",
  },
  {
    name: "SNCF Connect",
    url: "https://www.sncf-connect.com/en-en/",
    description: "Train tickets across France, including TGV high-speed trains from CDG and Marne-la-Vallée–Chessy.",
    topic: "Getting around",
  },
  {
    name: "Île-de-France Mobilités",
    url: "https://www.iledefrance-mobilites.fr/en",
    description: "The Paris region's transport authority: journey planner, Navigo passes and fares.",
    topic: "Getting around",
  },
  {
    name: "Paris Je t'aime – Paris tourist office",
    url: "https://parisjetaime.com/eng/",
    description: "The official tourist office: museums, events, neighbourhoods and the Paris Passlib' city pass.",
    topic: "Visiting Paris",
  },
  {
    name: "Eiffel Tower",
    url: "https://www.toureiffel.paris/en",
    description: "Opening hours, tickets and visitor information for the Eiffel Tower.",
    topic: "Visiting Paris",
  },
  {
    name: "France-Visas",
    url: "https://france-visas.gouv.fr/en/",
    description: "The French government's official site for visa and entry requirements.",
    topic: "Before you travel",
  },
  {
    name: "Météo-France",
    url: "https://meteofrance.com/",
    description: "The national weather service: forecasts for Paris and Disneyland Paris before you pack.",
    topic: "Before you travel",
  },
];

/** The host name shown beside a link, without a leading `www.`. */
export function linkHost(url: string): string {
  return new URL(url).hostname.replace(/^www\./, "");
}
