import { parisDateTime } from "../booking/paris-time";
import type { ManageWords } from "./manage-words";

/**
 * The traveller's free-cancellation rule (docs/product.md, Managing a booking): a booking can be
 * cancelled, with a full refund, and its details changed, until 24 hours before its first
 * pickup. The 24 hours are elapsed time, so across a change of the clocks the deadline reads one
 * hour off the pickup's wall-clock time: a pickup at 10:00 on the Sunday the clocks go back can be
 * cancelled until 11:00 (summer time) the day before.
 */

const FREE_CANCELLATION_HOURS = 24;

/** The last moment of free cancellation and changes: 24 hours before the first pickup. */
export function freeCancellationUntil(firstPickupAt: Date): Date {
  return new Date(firstPickupAt.getTime() - FREE_CANCELLATION_HOURS * 3_600_000);
}

/**
 * Whether `now` is still within free cancellation: up to the deadline itself, as the booking rules
 * say ("at least 24 hours before departure") and the page's "until HH:mm" reads.
 */
export function beforeDeadline(firstPickupAt: Date, now: Date): boolean {
  return now.getTime() <= freeCancellationUntil(firstPickupAt).getTime();
}

/** 'Free cancellation until 12/05/2026 07:45 (Paris time)', in the page's words. */
export function freeCancellationText(firstPickupAt: Date, words: ManageWords): string {
  return words("deadline.until", parisDateTime(freeCancellationUntil(firstPickupAt)));
}

/** The whole days, hours and minutes from `now` until `until`; null once it has passed. */
export function timeLeftParts(until: Date, now: Date): { days: number; hours: number; minutes: number } | null {
  const ms = until.getTime() - now.getTime();
  if (ms <= 0) return null;
  const minutes = Math.floor(ms / 60_000);
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}

/**
 * The time left until `until`, in words a traveller reads at a glance: "2 days 4 hours",
 * "5 hours 12 minutes", "45 minutes", "less than a minute"; null once it has passed.
 */
export function timeLeft(until: Date, now: Date, words: ManageWords): string | null {
  const left = timeLeftParts(until, now);
  if (!left) return null;
  const { days, hours, minutes } = left;
  if (days > 0) return hours > 0 ? words("deadline.daysHours", { days, hours }) : words("deadline.days", { days });
  if (hours > 0) return minutes > 0 ? words("deadline.hoursMinutes", { hours, minutes }) : words("deadline.hours", { hours });
  return minutes > 0 ? words("deadline.minutes", { minutes }) : words("deadline.underAMinute");
}
