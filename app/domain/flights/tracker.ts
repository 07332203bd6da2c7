/**
 * A flight as people type its number, and the public flight tracker a booking links to when no
 * flight-status provider fills its times (docs/product.md, Flight delays). Pure.
 */
import { parseIsoDate } from "../booking/paris-time";

/** A flight designator in parts: the airline's code and the flight's number, with its suffix letter. */
export interface FlightDesignator {
  /** The airline: its IATA code ("AF", "U2", "3U") or its ICAO code ("AFR"). */
  airline: string;
  /** The number without leading zeros ("12" for "AF 012"), with its suffix letter when it has one ("1234A"). */
  number: string;
}

// An airline code of two characters (letters or digits, never two digits) or three letters, then
// one to four digits and an optional suffix letter: IATA Resolution 762's designator.
const DESIGNATOR = /^(?:([A-Z][A-Z0-9]|[0-9][A-Z])|([A-Z]{3}))(\d{1,4})([A-Z]?)$/;

/**
 * A flight number as typed, in its parts: spaces, dashes and dots dropped, letters upper-cased
 * ("af 1234" → AF, 1234; "ba-0304" → BA, 304). null when it is no flight designator.
 */
export function parseFlightNumber(text: string): FlightDesignator | null {
  const compact = text.replace(/[\s.-]+/g, "").toUpperCase();
  const m = DESIGNATOR.exec(compact);
  if (!m) return null;
  const airline = m[1] ?? m[2]!;
  const digits = m[3]!.replace(/^0+(?=\d)/, "");
  return { airline, number: digits + m[4]! };
}

/** A flight number written one way whatever the typing: "af 1234" → "AF1234"; null when it is none. */
export function normaliseFlightNumber(text: string): string | null {
  const flight = parseFlightNumber(text);
  return flight ? flight.airline + flight.number : null;
}

/**
 * The public tracker's page of a flight on a day (yyyy-MM-dd, the leg's date), or null for an
 * empty or invalid flight number.
 *
 * FlightStats, because its address carries the day: a link in a booking opened the evening before
 * shows the booked flight, not today's flight of the same number, as FlightAware's and
 * Flightradar24's addresses (the flight number alone) would. It reads IATA designators, needs no
 * account and shows the estimated landing with its terminal. A day that is no date is left out,
 * and the tracker then shows the flight's nearest day.
 */
export function trackerUrl(flightNumber: string, date: string): string | null {
  const flight = parseFlightNumber(flightNumber);
  if (!flight) return null;
  const url = new URL(
    `https://www.flightstats.com/v2/flight-tracker/${encodeURIComponent(flight.airline)}/${encodeURIComponent(flight.number)}`,
  );
  const day = parseIsoDate(date);
  if (day) {
    url.searchParams.set("year", String(day.year));
    url.searchParams.set("month", String(day.month));
    url.searchParams.set("date", String(day.day));
  }
  return url.href;
}
