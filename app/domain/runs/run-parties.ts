/**
 * A shuttle booking's legs as the planner's parties (run-check.ts): a leg that starts at an
 * airport is an arrival, ready when its flight has landed and the party has had the time to leave
 * the airport; a leg that ends at one is a departure, whose own pickup moment is the latest it
 * can be picked up alone. Private transfers and legs with no airport are not pooled.
 */
import { AIRPORTS } from "../airports";
import { suitcaseLoad, type LuggageCounts } from "../booking/capacity";
import type { BookingLeg } from "../booking/model";
import { samePlace } from "../pricing/pricing";
import type { TransferKind } from "../site-paths";
import type { RunParty } from "./run-check";

/** The minutes a party takes from landing to the meeting point, when the business sets none. */
export const DEFAULT_AIRPORT_EXIT_MINUTES = 30;

/** The same key as the run sheet's lines: the order id and the leg. */
export function legKeyOf(orderId: string, leg: 1 | 2): string {
  return `${orderId}-${leg}`;
}

function airportCode(place: string): string | null {
  return AIRPORTS.find((a) => samePlace(a.place, place))?.code ?? null;
}

/** The leg as a party of a shuttle run, or null when it is not pooled. */
export function runPartyOf(
  booking: { orderId: string; kind: TransferKind; luggage: LuggageCounts },
  leg: BookingLeg,
  exitMinutes: number = DEFAULT_AIRPORT_EXIT_MINUTES,
): RunParty | null {
  if (booking.kind !== "shuttle") return null;
  const common = { legKey: legKeyOf(booking.orderId, leg.leg), seats: leg.passengers.total, suitcases: suitcaseLoad(booking.luggage) };
  const from = leg.pickup.kind === "flight" ? airportCode(leg.pickup.place) : null;
  if (from) return { ...common, airport: from, direction: "arrival", at: new Date(leg.pickupAt.getTime() + exitMinutes * 60_000) };
  const to = leg.dropoff.kind === "flight" ? airportCode(leg.dropoff.place) : null;
  if (to) return { ...common, airport: to, direction: "departure", at: new Date(leg.pickupAt.getTime()) };
  return null;
}
