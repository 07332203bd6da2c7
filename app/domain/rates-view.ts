import { AIRPORTS, type Airport } from "./airports";
import type { PriceRow } from "./pricing/csv";
import { arrivalsFor, matchPlace, places, ratesTable, samePlace, type RatesTable } from "./pricing/pricing";

/** Everything the rates page shows for one departure and arrival (docs/product.md, Prices and the price file). */
export interface RatesView {
  places: string[];
  departure: string;
  arrivals: string[];
  arrival: string;
  shuttle: RatesTable;
  private: RatesTable;
  /** The airports at either end of the route. */
  airports: Airport[];
  /** The Disneyland Paris card: shown when either end's name contains 'disney'. */
  disneyland: boolean;
}

/**
 * The departure and arrival a 'from' and 'to' mean: cheap, and bounded by the routes of the file,
 * so a caller can cache the expensive view under the names it returns.
 */
export function resolveRoute(rows: readonly PriceRow[], from: string, to: string) {
  const names = places(rows);
  const departure = matchPlace(names, from) ?? names[0];
  if (departure === undefined) return null;
  const arrivals = arrivalsFor(rows, departure);
  const arrival = matchPlace(arrivals, to) ?? arrivals[0];
  if (arrival === undefined) return null;
  return { names, departure, arrivals, arrival };
}

/**
 * The page for a departure and an arrival as a visitor or a preset wrote them ('from' and 'to',
 * matched by prefix). An unknown departure falls back to the first place, and an arrival that
 * does not match, to the first arrival from that departure. Null when the file has no route.
 */
export function ratesView(rows: readonly PriceRow[], from: string, to: string): RatesView | null {
  const route = resolveRoute(rows, from, to);
  if (!route) return null;
  const { names, departure, arrivals, arrival } = route;
  return {
    places: names,
    departure,
    arrivals,
    arrival,
    shuttle: ratesTable(rows, departure, arrival, "shuttle"),
    private: ratesTable(rows, departure, arrival, "private"),
    airports: AIRPORTS.filter((a) => samePlace(a.place, departure) || samePlace(a.place, arrival)),
    disneyland: [departure, arrival].some((name) => name.toLowerCase().includes("disney")),
  };
}
