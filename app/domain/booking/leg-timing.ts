/**
 * What a booking draft says of its legs, read the way the rules read it: the legs booked, each
 * leg's date, the route and its details from the price file, a leg's duration and delays, a
 * departure's proposed pick-up and a leg's pickup moment. The booking form reads these as the
 * visitor types (the departure's proposal) without loading the rules and their schema
 * (rules.ts, validation.ts), which it loads when the visitor first uses it.
 */
import type { PriceRow } from "../pricing/csv";
import { routeDetails, type RouteDetails } from "../pricing/pricing";
import { flightClock, isDeparture, isFlightEnd, isRoundTrip, pickupClock, transferKind } from "./draft";
import { TRIP, legFields, type BookingDraft, type Leg } from "./fields";
import { compareDates, dateBounds, parisInstant, parseFrenchDate, parseIsoDate, type ParisDate } from "./paris-time";
import { pickupAtClock, proposedPickup } from "./pickup-proposal";
import type { Clock } from "./time-rules";

export const text = (draft: BookingDraft, field: string) => (draft[field] ?? "").trim();

/** The legs a draft books: leg 1, and leg 2 for a round trip. */
export function legsOf(draft: BookingDraft): Leg[] {
  return isRoundTrip(draft) ? [1, 2] : [1];
}

export type LegDate = { state: "missing" } | { state: "invalid" } | { state: "ok"; date: ParisDate };

/** A leg's date: as typed (dd/MM/yyyy) wins; else as the date picker writes it (yyyy-MM-dd). */
export function legDate(draft: BookingDraft, leg: Leg): LegDate {
  const f = legFields(leg);
  const french = text(draft, f.frenchDate);
  const iso = text(draft, f.date);
  if (french === "" && iso === "") return { state: "missing" };
  const date = french !== "" ? parseFrenchDate(french) : parseIsoDate(iso);
  return date ? { state: "ok", date } : { state: "invalid" };
}

/** Whether a leg's date is one the form offers for it, from `now`. */
export function inBounds(date: ParisDate, leg: Leg, now: Date): boolean {
  const { min, max } = dateBounds(leg, now);
  return compareDates(date, min) >= 0 && compareDates(date, max) <= 0;
}

/** The route as the draft names it: its depart and arrive. */
export function routeOf(draft: BookingDraft) {
  return { from: text(draft, TRIP.depart), to: text(draft, TRIP.arrive) };
}

/**
 * The route's details from the price file, seen from the draft's depart, for its kind and trip
 * type (2 for a round trip, else 1): the same question the form's price quote asks.
 */
export function routeDetailsOf(draft: BookingDraft, rows: readonly PriceRow[]): RouteDetails {
  return routeDetails(rows, routeOf(draft), transferKind(draft), isRoundTrip(draft) ? 2 : 1);
}

export interface LegTiming {
  duree: number;
  delaiDepart: number;
  delaiArrive: number;
}

/**
 * A leg's duration and delays, in minutes, from the route's price-file row: leg 1 takes the outbound
 * duration, leg 2 the return one; the delays are roles (the wait at a pickup, the margin before a
 * departing flight), the same on both legs. The posted durations and delays are never read.
 */
export function legTiming(draft: BookingDraft, leg: Leg, rows: readonly PriceRow[]): LegTiming {
  const d = routeDetailsOf(draft, rows);
  return {
    duree: leg === 1 ? d[TRIP.durationOut] : d[TRIP.durationBack],
    delaiDepart: d[TRIP.delayDepart],
    delaiArrive: d[TRIP.delayArrive],
  };
}

/** A departure's proposal and what it is made from; the leg's date is the flight's date. */
export interface DepartureProposal {
  /** The leg's date: the day the flight takes off. */
  date: ParisDate;
  takeoff: Date;
  /** takeoff − (the arrival delay + the journey time), rounded down to the quarter hour. */
  proposal: Date;
  timing: LegTiming;
}

/**
 * The pick-up the form proposes for a departure (the drop-off a flight, the pick-up not): the
 * takeoff on the leg's date in Paris, less the route's arrival delay and journey time, rounded
 * down to the quarter hour. null when the leg is no departure, or its date or takeoff is missing
 * or not valid.
 */
export function departureProposal(draft: BookingDraft, leg: Leg, timing: LegTiming): DepartureProposal | null {
  if (!isDeparture(draft, leg)) return null;
  const day = legDate(draft, leg);
  const clock = flightClock(draft, "drop", leg);
  if (day.state !== "ok" || !clock) return null;
  const takeoff = parisInstant({ ...day.date, ...clock });
  return { date: day.date, takeoff, proposal: proposedPickup(takeoff, timing.delaiArrive, timing.duree), timing };
}

/** The same, with the leg's timing read from the price file's rows: what the form shows. */
export function departureProposalOf(draft: BookingDraft, leg: Leg, rows: readonly PriceRow[]): DepartureProposal | null {
  return departureProposal(draft, leg, legTiming(draft, leg, rows));
}

/** Whether the traveller wrote anything in a leg's pick-up time (its hour or minute). */
export const pickupTimeGiven = (draft: BookingDraft, leg: Leg) =>
  text(draft, legFields(leg).timeH) !== "" || text(draft, legFields(leg).timeM) !== "";

/**
 * An arrival's pickup moment: the flight's landing time on the leg's date, in Paris. The booking
 * form's pickupMoment and a landing time changed by staff (domain/flights) both measure it here.
 */
export function arrivalPickupAt(date: ParisDate, landing: Clock): Date {
  return parisInstant({ ...date, ...landing });
}

/**
 * The leg's pickup moment, for the 20-hour rule and the stored booking: on the leg's date in
 * Paris, at the landing time when the pickup is a flight; for a departure, at the pick-up time the
 * traveller kept or chose (the instant of that clock nearest the proposal, so the evening before
 * a flight just after midnight), or the proposal itself when no time was given (a post or a
 * stored draft from before the proposal); else at the pickup time (its hour and minute). null when the
 * date or the time it needs is missing or not valid.
 */
export function pickupMoment(draft: BookingDraft, leg: Leg, timing: LegTiming): Date | null {
  const day = legDate(draft, leg);
  if (day.state !== "ok") return null;
  const on = (clock: Clock) => parisInstant({ ...day.date, ...clock });
  if (isFlightEnd(draft, "pu", leg)) {
    const landing = flightClock(draft, "pu", leg);
    return landing ? arrivalPickupAt(day.date, landing) : null;
  }
  if (isFlightEnd(draft, "drop", leg)) {
    const departure = departureProposal(draft, leg, timing);
    if (!departure) return null;
    if (!pickupTimeGiven(draft, leg)) return departure.proposal;
    const chosen = pickupClock(draft, leg);
    return chosen ? pickupAtClock(departure.proposal, chosen) : null;
  }
  const pickup = pickupClock(draft, leg);
  return pickup ? on(pickup) : null;
}
