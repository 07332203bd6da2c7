import { and, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import { bookingLegs, bookings, outbox } from "../../db/schema";
import type { EmailSite } from "~/domain/booking/email-frame";
import { legOf, readStoredDetails, type LegNumber } from "~/domain/booking/model";
import { formatParisDateTime, parisClock, parisDayRange, parseIsoDate } from "~/domain/booking/paris-time";
import type { AdminWordKey, AdminWords } from "~/domain/back-office/admin-words";
import { FIXED_AUDIT_ACTORS } from "~/domain/back-office/staff-accounts";
import { landingChange, type LandingRefusalReason } from "~/domain/flights/landing-change";
import { landingChangedDriverEmail, landingChangedTravellerEmail, type LandingEmail } from "~/domain/flights/landing-emails";
import { staleReminders } from "~/domain/manage/reminders";
import { bookingColumns, writeLegs } from "./booking-store.server";
import { auditChange, legDrivers, lockBooking, queueEmails, type AuditActor, type Tx } from "./booking-tx.server";
import type { Db } from "./db.server";
import { adminWordsIn } from "./i18n.server";
import { FlightStatusError, type FlightLanding, type FlightStatusProvider } from "./flight-status.server";

/**
 * A flight's new landing time on a booking (docs/product.md, Flight delays): staff type it on the
 * booking's or the runs' page, or the flight-status provider's estimate brings it. One
 * transaction on the booking's locked row (booking-tx.server.ts) moves the leg's pickup, writes
 * the history row, and queues the traveller's and the leg's driver's e-mails, or does nothing.
 * The caller re-plans the shuttle runs of the days returned, once the change has committed.
 */

export const LANDING_CHANGED_ACTION = "landing_time_changed";

/** The flight-status provider's changes, as the history names them. */
export const SYSTEM_ACTOR: AuditActor = { id: null, email: FIXED_AUDIT_ACTORS.system };

/** An estimate this close to the stored landing is no change: providers move by a minute or two all day. */
export const LANDING_TOLERANCE_MINUTES = 5;

export interface LandingTimeChange {
  orderId: string;
  leg: LegNumber;
  /** HH:MM, Paris time. */
  landingTime: string;
}

export type LandingOutcome =
  | {
      ok: true;
      done: "changed";
      /** The landing time before (null when the leg had none) and after, HH:MM. */
      from: string | null;
      to: string;
      pickupAt: Date;
      /** The Paris days (yyyy-MM-dd) whose pickups moved: the shuttle runs to plan again. */
      days: string[];
      /** Who was e-mailed: the traveller, and the leg's driver when it has one with an address. */
      emailed: LandingEmail["kind"][];
    }
  | { ok: true; done: "unchanged" }
  | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * The words of the system's own refusals (LandingRefresh.failed): no staff member reads them (the
 * watch logs only their count), so they stay English whatever the staff's language.
 */
const SYSTEM_WORDS: AdminWords = adminWordsIn("en");

const REFUSAL_STATUS: Record<Exclude<LandingRefusalReason, "same-time">, 400 | 409> = {
  "bad-time": 400,
  "not-arrival": 409,
  "bad-leg": 409,
  over: 409,
};

/** The states in which a landing time no longer changes (the booking will not be driven), and what says so. */
const CLOSED: Partial<Record<string, AdminWordKey>> = {
  cancelled: "landing.refused.cancelled",
  completed: "landing.refused.completed",
  no_show: "landing.refused.noShow",
};

/**
 * Deletes the leg's reminders written and not sent yet, which give the old pickup: the reminders
 * worker writes them afresh from the booking as changed (and on the new day, when the landing
 * moved to another). One already sent is followed by the landing notice itself.
 */
async function dropStaleReminders(tx: Tx, orderId: string, leg: LegNumber, now: Date): Promise<void> {
  const written = await tx
    .select({ id: outbox.id, leg: outbox.leg, resentFrom: outbox.resentFrom, status: outbox.status, lockedUntil: outbox.lockedUntil })
    .from(outbox)
    .where(and(eq(outbox.orderId, orderId), eq(outbox.kind, "reminder")))
    .for("update");
  const { remove } = staleReminders(written, leg, now);
  if (remove.length > 0) await tx.delete(outbox).where(inArray(outbox.id, remove));
}

/**
 * Sets leg `leg`'s landing time of booking `orderId` to `landingTime` and moves its pickup with it
 * (landingChange). Refused: no such booking (404), a booking cancelled, completed or no-show, a
 * leg driven already, or no arriving flight (409), a time that is no time (400). The time already
 * stored changes nothing and sends nothing (a post replayed). A refusal is said in `words`.
 */
export async function changeLandingTime(
  db: Db,
  change: LandingTimeChange,
  actor: AuditActor,
  now: Date,
  site: EmailSite,
  words: AdminWords,
): Promise<LandingOutcome> {
  return db.transaction(async (tx): Promise<LandingOutcome> => {
    const { orderId } = change;
    const row = await lockBooking(tx, orderId);
    if (!row) return { ok: false, status: 404, message: words("landing.refused.noBooking") };
    const closed = CLOSED[row.bookingStatus];
    if (closed) return { ok: false, status: 409, message: words(closed) };
    const details = readStoredDetails(row.details);
    const leg = legOf(details, change.leg);
    if (!details || !leg) return { ok: false, status: 409, message: words("landing.refused.noLeg") };
    const [legRow] = await tx
      .select({ rideStatus: bookingLegs.rideStatus })
      .from(bookingLegs)
      .where(and(eq(bookingLegs.orderId, orderId), eq(bookingLegs.leg, change.leg)))
      .limit(1);
    if (legRow && legRow.rideStatus !== "scheduled") {
      return { ok: false, status: 409, message: words("landing.refused.driven") };
    }
    const moved = landingChange(leg, change.landingTime, now, words);
    if (!moved.ok) {
      return moved.reason === "same-time"
        ? { ok: true, done: "unchanged" }
        : { ok: false, status: REFUSAL_STATUS[moved.reason], message: moved.message };
    }
    const legs = details.legs.map((l) => (l.leg === change.leg ? moved.leg : l));
    const [first, second] = legs;
    if (first && second && first.pickupAt.getTime() >= second.pickupAt.getTime()) {
      return { ok: false, status: 409, message: words("landing.refused.afterReturn", { time: moved.to }) };
    }
    // The legs first: the row read back below carries them.
    await writeLegs(tx, orderId, legs);
    const [updated] = await tx
      .update(bookings)
      .set({ firstPickupAt: first?.pickupAt ?? null, returnPickupAt: second?.pickupAt ?? null, updatedAt: sql`now()` })
      .where(eq(bookings.id, row.id))
      .returning(bookingColumns);
    await dropStaleReminders(tx, orderId, change.leg, now);
    const notice = { leg: moved.leg, from: moved.from, to: moved.to };
    const driver = (await legDrivers(tx, orderId)).get(change.leg);
    const messages: LandingEmail[] = [landingChangedTravellerEmail(updated!, site, notice)];
    if (driver && driver.email.trim() !== "") messages.push(landingChangedDriverEmail(updated!, site, driver, notice));
    await queueEmails(tx, orderId, messages);
    const by = actor.id === null && actor.email === SYSTEM_ACTOR.email ? "the flight-status provider" : "staff";
    const told = messages.length > 1 ? `the traveller and the driver, ${driver!.name}, are e-mailed` : "the traveller is e-mailed";
    await auditChange(
      tx,
      actor,
      orderId,
      LANDING_CHANGED_ACTION,
      `Landing time of leg ${change.leg} changed from ${moved.from ?? "none"} to ${moved.to} by ${by}; ` +
        `pickup now ${formatParisDateTime(moved.leg.pickupAt)} (Paris time); ${told}.`,
    );
    return {
      ok: true,
      done: "changed",
      from: moved.from,
      to: moved.to,
      pickupAt: moved.leg.pickupAt,
      days: moved.days,
      emailed: messages.map((m) => m.kind),
    };
  });
}

/** What one refresh of a day's landing times did. */
export interface LandingRefresh {
  /** Legs the provider was asked about. */
  asked: number;
  changed: { orderId: string; leg: LegNumber; from: string | null; to: string }[];
  /** Legs the provider knew no flight or no estimate for. */
  unknown: number;
  /** Legs the provider could not answer for, or whose change was refused, with why. */
  failed: { orderId: string; leg: LegNumber; message: string }[];
  /** The Paris days whose pickups moved (yyyy-MM-dd): the shuttle runs to plan again. */
  days: string[];
}

/** The bookings still to be driven: confirmed, given a driver, or paid and waiting to be confirmed. */
const LIVE = or(
  inArray(bookings.bookingStatus, ["confirmed", "driver_assigned"]),
  and(eq(bookings.bookingStatus, "new"), eq(bookings.status, "paid")),
);

/**
 * Asks the provider about each arriving flight picked up on `day` (yyyy-MM-dd, Paris) of a booking
 * still to be driven, and applies a landing (the actual one, else the estimate) more than
 * LANDING_TOLERANCE_MINUTES from the stored one through changeLandingTime, as "system". One
 * leg's failure is counted and the others go on.
 */
export async function refreshLandingTimes(
  db: Db,
  provider: FlightStatusProvider,
  day: string,
  now: Date,
  site: EmailSite,
): Promise<LandingRefresh> {
  const date = parseIsoDate(day);
  const result: LandingRefresh = { asked: 0, changed: [], unknown: 0, failed: [], days: [] };
  if (!date) return result;
  const { start, end } = parisDayRange(date);
  const legs = await db
    .select({
      orderId: bookingLegs.orderId,
      leg: bookingLegs.leg,
      date: bookingLegs.date,
      pickupAt: bookingLegs.pickupAt,
      flightNumber: sql<string>`${bookingLegs.pickup} ->> 'flightNumber'`,
    })
    .from(bookingLegs)
    .innerJoin(bookings, eq(bookings.orderId, bookingLegs.orderId))
    .where(
      and(
        gte(bookingLegs.pickupAt, start),
        lt(bookingLegs.pickupAt, end),
        eq(bookingLegs.rideStatus, "scheduled"),
        sql`${bookingLegs.pickup} ->> 'kind' = 'flight'`,
        sql`coalesce(trim(${bookingLegs.pickup} ->> 'flightNumber'), '') <> ''`,
        LIVE,
      ),
    )
    .orderBy(bookingLegs.pickupAt, bookingLegs.orderId, bookingLegs.leg);
  const days = new Set<string>();
  for (const row of legs) {
    const leg = row.leg as LegNumber;
    result.asked++;
    let landing: FlightLanding | null;
    try {
      landing = await provider.landing(row.flightNumber, row.date);
    } catch (error) {
      if (!(error instanceof FlightStatusError)) throw error;
      result.failed.push({ orderId: row.orderId, leg, message: error.message });
      continue;
    }
    const at = landing?.actual ?? landing?.estimated ?? null;
    if (!at) {
      result.unknown++;
      continue;
    }
    if (Math.abs(at.getTime() - row.pickupAt.getTime()) <= LANDING_TOLERANCE_MINUTES * 60_000) continue;
    const outcome = await changeLandingTime(
      db,
      { orderId: row.orderId, leg, landingTime: parisClock(at) },
      SYSTEM_ACTOR,
      now,
      site,
      SYSTEM_WORDS,
    );
    if (!outcome.ok) result.failed.push({ orderId: row.orderId, leg, message: outcome.message });
    else if (outcome.done === "changed") {
      result.changed.push({ orderId: row.orderId, leg, from: outcome.from, to: outcome.to });
      for (const d of outcome.days) days.add(d);
    }
  }
  result.days = [...days].sort();
  return result;
}
