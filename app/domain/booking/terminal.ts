/**
 * The pick-up terminal (docs/product.md, Booking screen): asked when a leg's pick-up is a flight
 * at one of the airports served, as one of that airport's terminals or "Not known yet" (stored
 * as the empty string). Drop-offs are not asked: the driver meets arriving travellers only.
 */
import { AIRPORTS, type Airport } from "../airports";
import { samePlace } from "../pricing/pricing";
import { TERMINAL_NOT_KNOWN, isTerminalOf } from "../terminals";
import { isFlightEnd } from "./draft";
import { endFields, pickupTerminalField, type BookingDraft, type Leg } from "./fields";

/** The airport a place name stands for, in any spelling place names match in; undefined for any other place. */
export function airportOfPlace(place: string): Airport | undefined {
  return AIRPORTS.find((a) => samePlace(a.place, place));
}

/** The airport of a leg's pick-up when it is a flight at an airport; null otherwise (no terminal then). */
export function pickupAirport(draft: BookingDraft, leg: Leg): Airport | null {
  if (!isFlightEnd(draft, "pu", leg)) return null;
  return airportOfPlace(draft[endFields("pu", leg).lieu] ?? "") ?? null;
}

/** A leg's terminal as posted, trimmed. */
export function terminalOf(draft: BookingDraft, leg: Leg): string {
  return (draft[pickupTerminalField(leg)] ?? "").trim();
}

/** Whether a leg's terminal is one the form could send: the pick-up airport's, or empty. */
export function terminalAdmitted(draft: BookingDraft, leg: Leg): boolean {
  const terminal = terminalOf(draft, leg);
  const airport = pickupAirport(draft, leg);
  return airport ? isTerminalOf(airport.code, terminal) : terminal === TERMINAL_NOT_KNOWN;
}

/**
 * The draft with any terminal the form no longer offers cleared (a pick-up that stopped being a
 * flight at an airport, a draft restored onto another link): the form never holds a value its
 * controls do not show.
 */
export function withOfferedTerminals<D extends BookingDraft>(draft: D): D & BookingDraft {
  let next: BookingDraft = draft;
  for (const leg of [1, 2] as const) {
    const field = pickupTerminalField(leg);
    if ((draft[field] ?? "") !== "" && !terminalAdmitted(draft, leg)) next = { ...next, [field]: TERMINAL_NOT_KNOWN };
  }
  return next as D & BookingDraft;
}
