import type { AirportCode, TransferKind } from "./site-paths";

/**
 * The three airports served, with public facts about each. Their names as pages show them, their
 * pictures' descriptions and their texts are in the `prices` catalogue, in every language.
 */
export interface Airport {
  id: number;
  code: AirportCode;
  name: string;
  slug: string;
  /** The price file's place name; the depart key is this name with underscores for spaces. */
  place: string;
  city: string;
  /** ISO 3166 code: a page names the country in its own language. */
  country: string;
  image: string;
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
    country: "FR",
    image: "/images/airports/cdg.svg",
  },
  {
    id: 2,
    code: "ORY",
    name: "Paris Orly Airport",
    slug: "orly",
    place: "Orly Airport (ORY)",
    city: "Orly",
    country: "FR",
    image: "/images/airports/ory.svg",
  },
  {
    id: 3,
    code: "BVA",
    name: "Paris Beauvais Airport",
    slug: "beauvais",
    place: "Beauvais Airport (BVA)",
    city: "Tillé",
    country: "FR",
    image: "/images/airports/bva.svg",
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
