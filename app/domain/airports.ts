import type { AirportCode, TransferKind } from "./site-paths";

/** The three airports served, with public facts about each. */
export interface Airport {
  id: number;
  code: AirportCode;
  name: string;
  slug: string;
  /** The price file's place name; the depart key is this name with underscores for spaces. */
  place: string;
  city: string;
  country: string;
  image: string;
  imageAlt: string;
  description: {
    intro: string;
    shuttle: string;
    private: string;
  };
}

export const FALLBACK_AIRPORT_IMAGE = "/images/airports/paris-airports.svg";

export const AIRPORTS: readonly Airport[] = [
  {
    id: 1,
    code: "CDG",
    name: "Paris Charles de Gaulle Airport",
    slug: "charles-de-gaulle",
    place: "Charles de Gaulle Airport (CDG)",
    city: "Roissy-en-France",
    country: "France",
    image: "/images/airports/cdg.svg",
    imageAlt: "Charles de Gaulle airport terminal with a plane taking off",
    description: {
      intro:
        "France's largest airport, 25 km north-east of Paris, with three terminals and a TGV station. Disneyland Paris is about 40 minutes away by road.",
      shuttle:
        "Our shared shuttle meets you in the arrivals hall of your terminal and takes you to your Disneyland hotel with other travellers. Allow 15 to 30 minutes of waiting for the other passengers.",
      private:
        "Your private driver waits in the arrivals hall with a sign bearing your name and drives you straight to your hotel, with child seats if you ask for them.",
    },
  },
  {
    id: 2,
    code: "ORY",
    name: "Paris Orly Airport",
    slug: "orly",
    place: "Orly Airport (ORY)",
    city: "Orly",
    country: "France",
    image: "/images/airports/ory.svg",
    imageAlt: "Orly airport terminal and control tower with a plane",
    description: {
      intro:
        "Paris's second airport, 13 km south of the city, serving European, North African and overseas flights from four halls. Disneyland Paris is about 45 minutes away by road.",
      shuttle: "We do not run a shared shuttle from Orly; our private transfer is the quickest way to Disneyland Paris.",
      private:
        "Your private driver meets you at the exit of your hall with a name sign and drives you directly to your Disneyland or Paris hotel.",
    },
  },
  {
    id: 3,
    code: "BVA",
    name: "Paris Beauvais Airport",
    slug: "beauvais",
    place: "Beauvais Airport (BVA)",
    city: "Tillé",
    country: "France",
    image: "/images/airports/bva.svg",
    imageAlt: "Beauvais airport terminal with a low-cost airliner",
    description: {
      intro:
        "The low-cost airlines' airport, 85 km north of Paris. Disneyland Paris is about 1 hour 30 minutes away by road, with no direct train.",
      shuttle:
        "Our shared shuttle picks you up outside the terminal and drives you to your Disneyland hotel; it is the simplest way to cross the Paris region with luggage.",
      private:
        "A private car waits for you at the terminal exit and takes you to Disneyland Paris or anywhere in Paris without a stop on the way.",
    },
  },
];

export function airportByCode(code: string): Airport | undefined {
  const wanted = code.toUpperCase();
  return AIRPORTS.find((a) => a.code === wanted);
}

/** The resort's place name in the price file: every airport page and hotel card goes there. */
export const DISNEYLAND_PLACE = "Disneyland Paris";

/** Orly is served by private car only, the other airports by both: choosing Orly on the hotel list forces Private. */
export function transferKindsFrom(code: AirportCode): TransferKind[] {
  return code === "ORY" ? ["private"] : ["shuttle", "private"];
}
