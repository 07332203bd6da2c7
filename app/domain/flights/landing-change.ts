/**
 * A flight's new landing time on a stored leg (docs/product.md, Flight delays): staff type it, or
 * the flight-status provider gives it, and the leg's pickup moves with it. Pure: the caller
 * passes the leg as stored and `now`.
 *
 * The day of a new landing is the one that puts it nearest the old landing: a clock more than 12
 * hours earlier than the old one is the next day (23:10 delayed to 00:40), more than 12 hours
 * later the day before (00:20 landing early at 23:50); 12 hours exactly stays on the leg's day. No
 * flight is 12 hours early, and a delay of more than 12 hours is a new flight, re-booked by phone.
 */
import { arrivalPickupAt } from "../booking/rules";
import type { BookingLeg } from "../booking/model";
import { addDays, isoDate, parseIsoDate } from "../booking/paris-time";
import { clockMinutes, formatClock, parseClock, type Clock } from "../booking/time-rules";
import { type AdminWords, longDayIn } from "../back-office/admin-words";

const MINUTE = 60_000;
const HALF_DAY_MINUTES = 12 * 60;

/** How long after a landing its time may still be changed: past that, the pickup is history. */
export const LANDING_CHANGE_GRACE_MINUTES = 6 * 60;

export type LandingRefusalReason = "not-arrival" | "bad-time" | "same-time" | "bad-leg" | "over";

export type LandingRefusal = { ok: false; reason: LandingRefusalReason; message: string };

export interface LandingChanged {
  ok: true;
  /** The leg as it now is: its landing time, its date when the landing moved to another day, and its pickup moment. */
  leg: BookingLeg;
  /** The landing time before and after, HH:MM (Paris); `from` is null when the leg had none. */
  from: string | null;
  to: string;
  /** The Paris days whose pickups moved (yyyy-MM-dd): the leg's day, and its new day when the landing moved to another. */
  days: string[];
}

export type LandingChange = LandingChanged | LandingRefusal;

const refuse = (reason: LandingRefusalReason, message: string): LandingRefusal => ({ ok: false, reason, message });

/** "HH:MM" typed by a person or written by the provider, strictly: two digits, a colon, two digits. */
export function parseLandingTime(text: string): Clock | null {
  const trimmed = text.trim();
  return /^\d{2}:\d{2}$/.test(trimmed) ? parseClock(trimmed) : null;
}

/** The day shift (-1, 0 or +1) of a landing clock relative to the old one: the nearer occurrence. */
export function landingDayShift(before: Clock, after: Clock): -1 | 0 | 1 {
  const delta = clockMinutes(after) - clockMinutes(before);
  if (delta < -HALF_DAY_MINUTES) return 1;
  if (delta > HALF_DAY_MINUTES) return -1;
  return 0;
}

/**
 * The leg with its flight landing at `newLandingTime` (HH:MM, Paris), or why not: the leg's pickup
 * is no flight, the time is no time, it is the time already stored, the leg's date does not read,
 * or the new landing is more than LANDING_CHANGE_GRACE_MINUTES before `now` (the pickup is over),
 * said in `words`.
 */
export function landingChange(leg: BookingLeg, newLandingTime: string, now: Date, words: AdminWords): LandingChange {
  if (leg.pickup.kind !== "flight") return refuse("not-arrival", words("landing.refused.notArrival"));
  const clock = parseLandingTime(newLandingTime);
  if (!clock) return refuse("bad-time", words("landing.refused.badTime"));
  const to = formatClock(clock);
  const before = leg.pickup.flightTime === null ? null : parseClock(leg.pickup.flightTime);
  const from = before ? formatClock(before) : null;
  if (from === to) return refuse("same-time", words("landing.refused.sameTime", { time: to }));
  const date = parseIsoDate(leg.date);
  if (!date) return refuse("bad-leg", words("landing.refused.badLeg"));
  const day = addDays(date, before ? landingDayShift(before, clock) : 0);
  const pickupAt = arrivalPickupAt(day, clock);
  if (pickupAt.getTime() < now.getTime() - LANDING_CHANGE_GRACE_MINUTES * MINUTE) {
    return refuse("over", words("landing.refused.over", { time: to, day: longDayIn(words, day) }));
  }
  const newDate = isoDate(day);
  return {
    ok: true,
    leg: { ...leg, date: newDate, pickupAt, pickup: { ...leg.pickup, flightTime: to } },
    from,
    to,
    days: newDate === leg.date ? [leg.date] : [leg.date, newDate],
  };
}
