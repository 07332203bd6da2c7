import { formatParisDateTime } from "../booking/paris-time";

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

/** 'Free cancellation until 12/05/2026 07:45 (Paris time)'. */
export function freeCancellationText(firstPickupAt: Date): string {
  return `Free cancellation until ${formatParisDateTime(freeCancellationUntil(firstPickupAt))} (Paris time)`;
}

/**
 * The time left until `until`, in words a traveller reads at a glance: "2 days 4 hours",
 * "5 hours 12 minutes", "45 minutes", "less than a minute"; null once it has passed.
 */
export function timeLeft(until: Date, now: Date): string | null {
  const ms = until.getTime() - now.getTime();
  if (ms <= 0) return null;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "less than a minute";
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (days > 0) return hours > 0 ? `${part(days, "day")} ${part(hours, "hour")}` : part(days, "day");
  if (hours > 0) return mins > 0 ? `${part(hours, "hour")} ${part(mins, "minute")}` : part(hours, "hour");
  return part(mins, "minute");
}
