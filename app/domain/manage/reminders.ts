import { addDays, parisInstant, parisParts, parisToday } from "../booking/paris-time";

/**
 * The reminder e-mail's rule (docs/product.md, Reminders): each leg of a booking gets one e-mail
 * the day before its pickup, at REMINDER_HOUR:00 Paris time (settings.reminderHour, 18 by
 * default), up to 2 hours before the pickup.
 *
 * - Due: REMINDER_HOUR:00 on the Paris calendar day before the pickup's day. An hour that does not
 *   exist that day (02:00 on the day the clocks go forward) moves forward by the gap (03:00); one
 *   that happens twice (02:00 on the day they go back) means its first occurrence.
 * - Sent while `due ≤ now < pickup − 2 h`. A booking made (or paid) after its due moment, with more
 *   than 2 hours still to go, gets its reminder at once; within 2 hours of the pickup none is sent,
 *   the traveller having just booked or the pickup being under way.
 * - A pickup so early that REMINDER_HOUR:00 the day before is less than 3 hours before it (only
 *   possible with an hour of 22 or 23 and a pickup just after midnight) has its reminder due 3 hours
 *   before the pickup instead, so every leg has at least an hour in which its reminder goes out.
 * - Only for a booking that still stands (not cancelled, completed or no-show) and is paid (in
 *   full, or partly refunded and still standing) or is paid in cash on board.
 *
 * Pure: the caller passes `now`.
 */

/** No reminder is sent this close to the pickup. */
export const REMINDER_CUTOFF_MS = 2 * 3_600_000;
/** The latest a reminder is due: this long before the pickup, whatever the hour setting. */
const REMINDER_LATEST_DUE_MS = 3 * 3_600_000;
/** The hour of the day before when reminders go out unless REMINDER_HOUR says otherwise. */
export const DEFAULT_REMINDER_HOUR = 18;

/** What the rule reads of a booking (structurally a bookings row). */
export interface ReminderFacts {
  bookingStatus: string;
  /** The payment status. */
  status: string;
  paymentMode: string;
}

const PAID_STATUSES: ReadonlySet<string> = new Set(["paid", "partly_refunded"]);

const CLOSED_WORDS: Record<string, string> = {
  cancelled: "booking cancelled",
  completed: "booking completed",
  no_show: "booking closed as a no-show",
};

/**
 * Why no reminder is sent for the booking, in a few words for a log line ("booking cancelled",
 * "booking not paid"), or null when it is one reminders are sent for: standing, and paid or paid
 * on board. The worker asks when it writes a reminder, and the outbox again just before it sends one.
 */
export function reminderRefusal(facts: ReminderFacts): string | null {
  const closed = CLOSED_WORDS[facts.bookingStatus];
  if (closed !== undefined) return closed;
  if (PAID_STATUSES.has(facts.status) || facts.paymentMode === "cash") return null;
  return facts.status === "refunded" ? "booking refunded" : "booking not paid";
}

/** Whether the booking is one that reminders are sent for: standing, and paid or paid on board. */
export function remindable(facts: ReminderFacts): boolean {
  return reminderRefusal(facts) === null;
}

/** The moment a pickup's reminder is due: `hour`:00 Paris time the day before (see above). */
export function reminderDueAt(pickupAt: Date, hour: number): Date {
  const day = parisParts(pickupAt);
  const before = addDays(day, -1);
  const due = parisInstant({ ...before, hour, minute: 0 });
  const latest = pickupAt.getTime() - REMINDER_LATEST_DUE_MS;
  return due.getTime() > latest ? new Date(latest) : due;
}

/** The last moment (excluded) a pickup's reminder may be sent. */
export function reminderCutoff(pickupAt: Date): Date {
  return new Date(pickupAt.getTime() - REMINDER_CUTOFF_MS);
}

/** Whether the reminder of a leg picked up at `pickupAt` is to be sent at `now`, the booking aside. */
export function reminderWindowOpen(pickupAt: Date, now: Date, hour: number): boolean {
  const t = now.getTime();
  return t >= reminderDueAt(pickupAt, hour).getTime() && t < reminderCutoff(pickupAt).getTime();
}

/** A leg of a booking, by its number (1 outbound, 2 return), with its pickup moment. */
export interface ReminderLeg {
  leg: 1 | 2;
  pickupAt: Date;
}

/** The legs of a booking whose pickups are known: the outbound, and the return of a round trip. */
export function bookingLegs(row: { roundTrip: boolean; firstPickupAt: Date | null; returnPickupAt: Date | null }): ReminderLeg[] {
  const legs: ReminderLeg[] = [];
  if (row.firstPickupAt) legs.push({ leg: 1, pickupAt: row.firstPickupAt });
  if (row.roundTrip && row.returnPickupAt) legs.push({ leg: 2, pickupAt: row.returnPickupAt });
  return legs;
}

/** The legs of a booking whose reminders are to be sent at `now` (whether one was already sent aside). */
export function dueReminders(
  row: ReminderFacts & { roundTrip: boolean; firstPickupAt: Date | null; returnPickupAt: Date | null },
  now: Date,
  hour: number,
): ReminderLeg[] {
  if (!remindable(row)) return [];
  return bookingLegs(row).filter((l) => reminderWindowOpen(l.pickupAt, now, hour));
}

/**
 * The pickups whose reminders can be due at `now` are before this instant: the start of the day
 * after tomorrow, in Paris. (A reminder is due on the Paris day before its pickup's day, so a
 * pickup from then on has its reminder due tomorrow at the earliest.)
 */
export function reminderHorizon(now: Date): Date {
  return parisInstant({ ...addDays(parisToday(now), 2), hour: 0, minute: 0 });
}

/** A reminder already in the outbox, as a traveller's change reads it. */
export interface WrittenReminder {
  id: number;
  /** Its leg; null on a copy staff sent again, which is its original's leg. */
  leg: number | null;
  resentFrom: number | null;
  status: "pending" | "sent";
  /** While in the future, an outbox instance is sending it (mail.server.ts's claim). */
  lockedUntil: Date | null;
}

/** What to do with a leg's written reminders once the booking changed what they say. */
export interface StaleReminders {
  /** Not sent nor being sent: deleted, so the worker writes the leg's reminder afresh when due. */
  remove: number[];
  /** The latest one sent or being sent, which an updated reminder follows (resent_from); null when none. */
  correct: number | null;
}

/**
 * A traveller's change altered what leg `leg`'s reminder says (its pickup, places, flight or
 * terminal). Its reminders not sent yet and not being sent are removed; if one has gone or is
 * going, an updated one is due, following the latest of them. A leg with no reminder written
 * (not due yet, a change made days ahead) needs nothing: the worker writes it from the booking as
 * it is then. Pure: `now` tells a live claim from one that ran out.
 */
export function staleReminders(rows: readonly WrittenReminder[], leg: 1 | 2, now: Date): StaleReminders {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const legOf = (row: WrittenReminder): number | null => {
    const seen = new Set<number>();
    let at: WrittenReminder | undefined = row;
    while (at && at.leg === null && at.resentFrom !== null && !seen.has(at.id)) {
      seen.add(at.id);
      at = byId.get(at.resentFrom);
    }
    return at?.leg ?? null;
  };
  const ofLeg = rows.filter((r) => legOf(r) === leg);
  const claimed = (r: WrittenReminder) => r.status === "pending" && r.lockedUntil !== null && r.lockedUntil.getTime() > now.getTime();
  const gone = ofLeg.filter((r) => r.status === "sent" || claimed(r)).sort((a, b) => a.id - b.id);
  return {
    remove: ofLeg.filter((r) => r.status === "pending" && !claimed(r)).map((r) => r.id),
    correct: gone.at(-1)?.id ?? null,
  };
}
