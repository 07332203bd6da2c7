import { and, eq, gt, sql } from "drizzle-orm";
import { auditEvents, bookingLegs as legRows, bookings, drivers, outbox } from "../../db/schema";
import type { AdminWords } from "~/domain/back-office/admin-words";
import { resendRefusalIn } from "~/domain/back-office/booking-page-words";
import { nextStatus } from "~/domain/back-office/statuses";
import type { EmailSite } from "~/domain/booking/email-frame";
import type { LegNumber } from "~/domain/booking/model";
import { isRewritten, type RewrittenKind } from "~/domain/email-registry";
import {
  bookingConfirmedEmail,
  driverAssignedEmail,
  driverJobCancelledEmail,
  driverJobEmail,
  paymentLinkEmail,
} from "~/domain/booking/staff-emails";
import { bookingLegs } from "~/domain/manage/reminders";
import {
  auditChange,
  assignedDrivers,
  everyLegDriven,
  legDrivers,
  lockBooking,
  NO_SUCH_BOOKING,
  outboxValues,
  queueEmails,
  statusFacts,
  type ActionOutcome,
  type Actor,
  type AuditActor,
  type DriverRow,
  type OutboxRow,
  type Tx,
} from "./booking-tx.server";
import { bookingColumns } from "./booking-store.server";
import type { BookingRow } from "./bookings.server";
import type { Db } from "./db.server";
import { PaymentLinkFailed } from "./payment-links.server";
import { reminderRow } from "./reminder-rows.server";
import { type Locale, LOCALE_NAMES } from "~/domain/locales";

/**
 * What staff do to one booking from its back-office page (docs/product.md, Back office): confirm
 * it, assign a driver, mark it completed or no-show, add a note, send an e-mail again; the
 * cancellation and the refunds are booking-refunds.server.ts's. Each action is one locked
 * transaction (booking-tx.server.ts) that checks the change against the status rules
 * (nextStatus): the second of two posts of one action finds the change made and is refused with
 * the reason, changing nothing. A refusal is worded in the staff member's `words`, which every
 * caller gives (the runs page's dispatch quotes it); the history stays English.
 */

/** new → confirmed, with the traveller's confirmation e-mail (the driver in it when one is assigned). */
export async function confirmBooking(db: Db, orderId: string, actor: Actor, site: EmailSite, words: AdminWords): Promise<ActionOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockBooking(tx, orderId);
    if (!row) return NO_SUCH_BOOKING;
    const next = nextStatus(statusFacts(row), "confirm");
    if (!next.ok) return { ok: false, status: 409, message: words(next.reason) };
    const [updated] = await tx
      .update(bookings)
      .set({ bookingStatus: next.to, confirmedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(bookings.id, row.id))
      .returning(bookingColumns);
    await queueEmails(tx, orderId, [bookingConfirmedEmail(updated!, site, await assignedDrivers(tx, updated!))]);
    const unpaid = row.paymentMode === "cash" && row.status !== "paid" ? " (to be paid on board)" : "";
    await auditChange(
      tx,
      actor,
      orderId,
      "booking_confirmed",
      `Confirmed the booking${unpaid}; the confirmation e-mail goes to the traveller.`,
    );
    return { ok: true, done: "confirmed" };
  });
}

/** "the return of ", when the leg is one of a round trip's, for the history's words; else "". */
function legWords(roundTrip: boolean, leg: LegNumber): string {
  if (!roundTrip) return "";
  return leg === 2 ? "the return of " : "the outbound of ";
}

/**
 * An active driver for one leg: the job of that leg is e-mailed to the driver, and the driver's
 * name and phone to the traveller. Assigning another driver later sends the new one the job, and
 * tells the replaced one that it is withdrawn, in the same transaction. The booking reads
 * driver_assigned once every leg has a driver.
 */
export async function assignDriver(
  db: Db,
  orderId: string,
  leg: LegNumber,
  driverId: number,
  actor: Actor,
  site: EmailSite,
  words: AdminWords,
): Promise<ActionOutcome> {
  return db.transaction((tx) => assignDriverIn(tx, orderId, leg, driverId, actor, site, words));
}

/** assignDriver within a transaction of the caller's: a run's dispatch gives each of its legs its driver in one. */
export async function assignDriverIn(
  tx: Tx,
  orderId: string,
  leg: LegNumber,
  driverId: number,
  actor: AuditActor,
  site: EmailSite,
  words: AdminWords,
): Promise<ActionOutcome> {
  const row = await lockBooking(tx, orderId);
  if (!row) return NO_SUCH_BOOKING;
  const next = nextStatus(statusFacts(row), "assign_driver");
  if (!next.ok) return { ok: false, status: 409, message: words(next.reason) };
  const [legRow] = await tx
    .select({ id: legRows.id, driverId: legRows.driverId })
    .from(legRows)
    .where(and(eq(legRows.orderId, orderId), eq(legRows.leg, leg)))
    .limit(1);
  if (!legRow) return { ok: false, status: 400, message: words("action.refused.noSuchLeg") };
  const driver = (
    await tx
      .select()
      .from(drivers)
      .where(and(eq(drivers.id, driverId), eq(drivers.active, true)))
      .limit(1)
  )[0];
  if (!driver) return { ok: false, status: 400, message: words("action.refused.inactiveDriver") };
  const which = legWords(row.roundTrip, leg);
  if (legRow.driverId === driver.id) {
    const named = { driver: driver.name, leg: row.roundTrip ? (leg === 2 ? "return" : "outbound") : "booking" };
    return { ok: false, status: 409, message: words("action.refused.sameDriver", named) };
  }
  const previous = (await legDrivers(tx, orderId)).get(leg);
  await tx.update(legRows).set({ driverId: driver.id }).where(eq(legRows.id, legRow.id));
  const status = (await everyLegDriven(tx, orderId)) ? next.to : row.bookingStatus;
  const [updated] = await tx
    .update(bookings)
    .set({ bookingStatus: status, updatedAt: sql`now()` })
    .where(eq(bookings.id, row.id))
    .returning(bookingColumns);
  const replaced = previous && previous.id !== driver.id ? previous : null;
  // Each message names its leg, so that a copy sent again is about that leg's driver.
  await queueEmails(
    tx,
    orderId,
    [
      driverJobEmail(updated!, site, driver, [leg]),
      driverAssignedEmail(updated!, site, driver, [leg]),
      ...(replaced ? [driverJobCancelledEmail(updated!, site, replaced, "reassigned", [leg])] : []),
    ].map((message) => ({ ...message, leg })),
  );
  const replacing = replaced ? `, in place of ${replaced.name} (e-mailed that the job is withdrawn)` : "";
  await auditChange(
    tx,
    actor,
    orderId,
    "driver_assigned",
    `Assigned driver ${driver.name}${which ? ` to ${which}the booking` : ""}${replacing}; the job goes to the driver and the driver's name and phone to the traveller.`,
  );
  return { ok: true, done: "driver_assigned" };
}

/** → completed, or → no_show: no e-mail. */
export async function markFinished(
  db: Db,
  orderId: string,
  action: "complete" | "no_show",
  actor: Actor,
  words: AdminWords,
): Promise<ActionOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockBooking(tx, orderId);
    if (!row) return NO_SUCH_BOOKING;
    const next = nextStatus(statusFacts(row), action);
    if (!next.ok) return { ok: false, status: 409, message: words(next.reason) };
    await tx
      .update(bookings)
      .set({ bookingStatus: next.to, updatedAt: sql`now()` })
      .where(eq(bookings.id, row.id));
    const done = action === "complete" ? "completed" : "no_show";
    // The rides are over with the booking: its legs read as it does.
    await tx.update(legRows).set({ rideStatus: done }).where(eq(legRows.orderId, orderId));
    await auditChange(
      tx,
      actor,
      orderId,
      `booking_${done}`,
      action === "complete" ? "Marked the booking completed." : "Marked the booking no-show.",
    );
    return { ok: true, done };
  });
}

/** How long the same note from the same person counts as a second click of one 'Add note'. */
const NOTE_REPEAT_MS = 10_000;

/** An internal note in the booking's history (audit action note_added, the text as its detail). */
export async function addNote(db: Db, orderId: string, note: string, actor: Actor): Promise<ActionOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockBooking(tx, orderId);
    if (!row) return NO_SUCH_BOOKING;
    const [repeat] = await tx
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.orderId, orderId),
          eq(auditEvents.action, "note_added"),
          eq(auditEvents.actorId, actor.id),
          eq(auditEvents.detail, note),
          gt(auditEvents.at, new Date(Date.now() - NOTE_REPEAT_MS)),
        ),
      )
      .limit(1);
    if (!repeat) await auditChange(tx, actor, orderId, "note_added", note);
    return { ok: true, done: "note_added" };
  });
}

/**
 * The traveller's language, which staff may change on the booking's page: the e-mails written
 * from now on speak it (those already sent stay as they were). The change is in the history.
 */
export async function setLanguage(db: Db, orderId: string, locale: Locale, actor: Actor): Promise<ActionOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockBooking(tx, orderId);
    if (!row) return NO_SUCH_BOOKING;
    if (row.locale === locale) return { ok: true, done: "language_unchanged" };
    await tx
      .update(bookings)
      .set({ locale, updatedAt: sql`now()` })
      .where(eq(bookings.orderId, orderId));
    await auditChange(tx, actor, orderId, "language_changed", `${LOCALE_NAMES[row.locale]} → ${LOCALE_NAMES[locale]}`);
    return { ok: true, done: "language_set" };
  });
}

const PAID_STATUSES: ReadonlySet<BookingRow["status"]> = new Set(["paid", "partly_refunded", "refunded"]);

/**
 * The driver a message is about now: its leg's; for a message of no leg (the whole booking's, or
 * written before legs had drivers of their own), the one driver of every leg, and none when the
 * legs have different drivers or one has none.
 */
function messageDriver<D extends Pick<DriverRow, "email">>(
  message: Pick<OutboxRow, "leg">,
  drivers: ReadonlyMap<LegNumber, D>,
  roundTrip: boolean,
): D | null {
  if (message.leg === 1 || message.leg === 2) return drivers.get(message.leg) ?? null;
  const all = [...drivers.values()];
  const [first] = all;
  const sameDriver = first !== undefined && all.length === (roundTrip ? 2 : 1) && all.every((d) => d.email === first.email);
  return sameDriver ? first : null;
}

/**
 * Why an e-mail must not go again with the booking as it is now, or null: its kind's rule in the
 * e-mail registry (app/domain/email-registry.ts), read against the booking's state and its legs'
 * drivers now (`drivers`; a message written before legs had drivers of their own is about any leg),
 * in the member's `words`.
 */
export function resendRefusal(
  row: Pick<BookingRow, "bookingStatus" | "status" | "roundTrip">,
  message: Pick<OutboxRow, "kind" | "recipient" | "leg">,
  drivers: ReadonlyMap<LegNumber, Pick<DriverRow, "email">>,
  words: AdminWords,
): string | null {
  const recipient = message.recipient.trim().toLowerCase();
  const driver = messageDriver(message, drivers, row.roundTrip);
  return resendRefusalIn(words, message.kind, {
    cancelled: row.bookingStatus === "cancelled",
    paid: PAID_STATUSES.has(row.status),
    driverNow: driver !== null,
    sentToDriverNow: driver !== null && driver.email.trim().toLowerCase() === recipient,
  });
}

/**
 * Sends one of the booking's e-mails again: a new pending copy (resentFrom names the original),
 * under a new outbox id and so a new Message-ID, which mail programs do not drop as a repeat.
 * A copy still waiting is not doubled, an e-mail whose text the retention rules removed cannot be
 * sent again, and one the booking's state has made wrong is refused (resendRefusal). A payment
 * link is written anew with a new link (`checkoutUrl`, asked under a key of its own), since a
 * Stripe Checkout link expires after 24 hours (a provider that fails changes nothing); the
 * traveller's driver e-mail is written anew with the driver assigned now, and a reminder from the
 * booking as it is now (its leg's pickup, places, flight, meeting point and driver), for its leg.
 * `now` is the moment a reminder is written as of ("tomorrow", "today" or its date); a refusal is
 * in the member's `words`.
 */
export async function resendEmail(
  db: Db,
  orderId: string,
  emailId: number,
  actor: Actor,
  site: EmailSite,
  checkoutUrl: (row: BookingRow, fresh?: string) => Promise<string>,
  now: Date,
  words: AdminWords,
): Promise<ActionOutcome> {
  try {
    return await db.transaction(async (tx): Promise<ActionOutcome> => {
      const row = await lockBooking(tx, orderId);
      if (!row) return NO_SUCH_BOOKING;
      const [message] = await tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.id, emailId), eq(outbox.orderId, orderId)))
        .limit(1);
      if (!message) return { ok: false, status: 404, message: words("action.refused.noSuchEmail") };
      if (message.body === "") return { ok: false, status: 409, message: words("action.refused.textRemoved") };
      const drivers = await legDrivers(tx, orderId);
      const refusal = resendRefusal(row, message, drivers, words);
      const driver = messageDriver(message, drivers, row.roundTrip);
      if (refusal) return { ok: false, status: 409, message: refusal };
      const copies = await tx
        .select({ id: outbox.id, status: outbox.status, attempts: outbox.attempts })
        .from(outbox)
        .where(eq(outbox.resentFrom, message.id));
      if (copies.some((c) => c.status === "pending" && c.attempts < 1)) {
        return { ok: false, status: 409, message: words("action.refused.copyWaiting") };
      }
      const reminded = message.kind === "reminder" ? bookingLegs(row).find((l) => l.leg === message.leg) : undefined;
      if (message.kind === "reminder" && !reminded) {
        return { ok: false, status: 409, message: words("action.refused.reminderLeg") };
      }
      // The kinds the registry writes anew, each from the booking as it is now.
      type Written = Pick<OutboxRow, "kind" | "recipient" | "subject" | "body"> & { linkMarker?: string | null };
      const rewrite: Record<RewrittenKind, () => Promise<Written>> = {
        payment_link: async () =>
          outboxValues(paymentLinkEmail(row, site, await checkoutUrl(row, `resend-${message.id}-${copies.length + 1}`))),
        // The refusal above keeps a driver e-mail with no driver now from getting here.
        driver_assigned: async () =>
          driver
            ? outboxValues(driverAssignedEmail(row, site, driver, message.leg === 1 || message.leg === 2 ? [message.leg] : undefined))
            : message,
        reminder: async () => (reminded ? reminderRow(tx, row, reminded, { site, now }) : message),
      };
      const kind = message.kind;
      const written = isRewritten(kind) ? await rewrite[kind]() : message;
      const copy = {
        kind: written.kind,
        recipient: written.recipient,
        subject: written.subject,
        body: written.body,
        // A copy's manage link is drawn afresh when it is sent, like the original's.
        linkMarker: written.linkMarker ?? null,
        calendar: message.calendar,
        leg: message.leg,
        resentFrom: message.id,
      };
      await tx.insert(outbox).values({ orderId, ...copy });
      const fresh =
        message.kind === "payment_link"
          ? " with a new payment link"
          : message.kind === "driver_assigned"
            ? ", naming the driver assigned now"
            : message.kind === "reminder"
              ? ", written from the booking as it is now"
              : "";
      await auditChange(tx, actor, orderId, "email_resent", `Queued the e-mail "${message.subject}" to be sent again${fresh}.`);
      return { ok: true, done: "resent" };
    });
  } catch (error) {
    if (!(error instanceof PaymentLinkFailed)) throw error;
    return { ok: false, status: 502, message: words("action.refused.paymentLink", { reason: error.message }) };
  }
}
