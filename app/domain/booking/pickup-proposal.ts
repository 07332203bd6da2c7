/**
 * The pick-up time the booking form proposes for a departure (docs/product.md, Time rules): a leg
 * whose drop-off is a flight and whose pick-up is not. Everything here works on instants, so the
 * answers hold across the clock changes; Paris wall-clock times come in and go out through
 * paris-time.ts. Nothing reads the clock.
 */
import { addDays, formatFrenchDate, parisClock, parisInstant, parisParts, type ParisDate } from "./paris-time";
import type { BookingMessage } from "./messages";
import { FLIGHT_TIME_STEP_MINUTES, formatClock, type Clock } from "./time-rules";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const QUARTER = FLIGHT_TIME_STEP_MINUTES * MINUTE;

/** How much earlier than the proposal a traveller may ask to be picked up. */
export const MAX_EARLIER_MINUTES = 180;

/**
 * The proposed pick-up: takeoff − (arrival delay + journey time), rounded down to the quarter
 * hour (earlier is the safe side for a flight). Paris is a whole number of hours from UTC, so a
 * quarter hour of the instant is a quarter hour of the Paris clock.
 */
export function proposedPickup(takeoff: Date, delayArriveMinutes: number, durationMinutes: number): Date {
  const exact = takeoff.getTime() - (delayArriveMinutes + durationMinutes) * MINUTE;
  return new Date(Math.floor(exact / QUARTER) * QUARTER);
}

/** The earliest pick-up the traveller may choose instead: 3 hours (elapsed) before the proposal. */
export function earliestPickup(proposal: Date): Date {
  return new Date(proposal.getTime() - MAX_EARLIER_MINUTES * MINUTE);
}

/**
 * The instant a pick-up time given as a Paris clock stands for: the one nearest to the proposal,
 * on the proposal's Paris date or the day either side (a 22:45 pick-up for a 01:00 flight is the
 * evening before). Both occurrences of an autumn clock that happens twice are candidates, so the
 * proposal's own clock always stands for the proposal. Two candidates equally near: the earlier.
 * A clock inside the spring-forward gap is read as paris-time.ts reads it, one hour later.
 */
export function pickupAtClock(proposal: Date, clock: Clock): Date {
  const p = parisParts(proposal);
  const day: ParisDate = { year: p.year, month: p.month, day: p.day };
  const candidates = [-1, 0, 1].flatMap((n) => {
    const first = parisInstant({ ...addDays(day, n), ...clock });
    const second = new Date(first.getTime() + HOUR);
    const again = parisParts(second);
    return again.hour === clock.hour && again.minute === clock.minute ? [first, second] : [first];
  });
  const distance = (t: Date) => Math.abs(t.getTime() - proposal.getTime());
  return candidates.reduce((best, t) => (distance(t) < distance(best) ? t : best));
}

/** What is wrong with a chosen pick-up, measured against the proposal; null when it is admitted. */
export type PickupProblem = "off-quarter" | "too-late" | "too-early";

export function pickupProblem(chosen: Date, proposal: Date): PickupProblem | null {
  if (parisParts(chosen).minute % FLIGHT_TIME_STEP_MINUTES !== 0) return "off-quarter";
  if (chosen.getTime() > proposal.getTime()) return "too-late";
  if (chosen.getTime() < earliestPickup(proposal).getTime()) return "too-early";
  return null;
}

/**
 * A pick-up instant as a message gives it: HH:MM, or the booking catalogue's "HH:MM on
 * dd/MM/yyyy" when it is not on the leg's date (the flight's date).
 */
export function pickupText(at: Date, legDate: ParisDate): string | BookingMessage {
  const p = parisParts(at);
  const clock = formatClock(p);
  const sameDay = p.year === legDate.year && p.month === legDate.month && p.day === legDate.day;
  return sameDay ? clock : { key: "time.onDay", values: { time: clock, date: formatFrenchDate(p) } };
}

/** Minutes as the note says them: "2 h", "2 h 15 min", "45 min". */
export function marginText(minutes: number): BookingMessage {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return { key: "time.minutes", values: { minutes: rest } };
  return rest === 0 ? { key: "time.hours", values: { hours } } : { key: "time.hoursMinutes", values: { hours, minutes: rest } };
}

/**
 * The note beside the proposed time: "Proposed from your 14:30 flight: leaving at 11:15 gets you
 * to the airport 2 h before takeoff. You can change it." The margin is what is left before takeoff
 * once the journey is done (the arrival delay, or a little more after rounding down).
 */
export function proposalNote(options: { takeoff: Date; proposal: Date; durationMinutes: number; legDate: ParisDate }): BookingMessage {
  const { takeoff, proposal, durationMinutes, legDate } = options;
  const margin = (takeoff.getTime() - proposal.getTime()) / MINUTE - durationMinutes;
  return {
    key: "leg.proposal",
    values: { takeoff: parisClock(takeoff), pickup: pickupText(proposal, legDate), margin: marginText(margin) },
  };
}
