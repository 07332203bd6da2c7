import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import { auditEvents, bookings, drivers, outbox, paymentEvents } from "../../db/schema";
import type { DoneCode } from "~/domain/back-office/booking-actions";
import { displayPhone } from "~/domain/back-office/driver-form";
import { availableActions, canRefund, nextStatus, type StatusAction } from "~/domain/back-office/statuses";
import {
  bookingCancelledEmail,
  bookingConfirmedEmail,
  bookingRefundedEmail,
  driverAssignedEmail,
  driverJobCancelledEmail,
  driverJobEmail,
  meetingPointOfLeg,
  paymentLinkEmail,
  type BookingEmail,
  type EmailDriver,
  type EmailSite,
  type StaffEmail,
} from "~/domain/booking/emails";
import { reminderEmail, type ReminderEmail } from "~/domain/manage/reminder-email";
import { bookingLegs, type ReminderLeg } from "~/domain/manage/reminders";
import { formatEuros } from "~/domain/money";
import type { MeetingPoints } from "~/domain/meeting-points";
import { bookingHistory, recordAudit, type AuditEvent } from "./audit.server";
import type { Booking } from "~/domain/booking/validation";
import { saveBooking, type BookingRow } from "./bookings.server";
import type { Db } from "./db.server";
import { outboxState, type OutboxState } from "./mail.server";
import { newLinkMarker } from "./manage-links.server";
import { RefundRefused, type PaymentProvider, type RefundResult } from "./payments.server";
import type { Settings } from "./settings.server";

/**
 * What staff do to one booking from its back-office page (docs/product.md, Back office). Each
 * action is one transaction that locks the booking's row (SELECT … FOR UPDATE), checks the change
 * against the status rules (nextStatus), and writes the change, its audit row and its e-mails
 * together: two posts of one action (a double click, two tabs, two staff members) take turns on
 * the lock, and the second finds the change made and is refused with the reason, changing nothing.
 */

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DriverRow = typeof drivers.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;

/** The staff member acting, as the audit names them. */
export interface Actor {
  id: string;
  email: string;
}

/** Who a change is recorded as: a staff member, or the traveller on the booking's own page (no account). */
export interface AuditActor {
  id: string | null;
  email: string;
}

/** The traveller, as the history names the changes made from the booking's own page. */
export const TRAVELLER_ACTOR: AuditActor = { id: null, email: "traveller" };

/** An e-mail to write in the outbox: a staff action's, a payment's, or a traveller action's. */
export interface OutboxMessage {
  kind: OutboxRow["kind"];
  recipient: string;
  subject: string;
  body: string;
  /** The text standing for the manage link in the body, when the body holds it. */
  manageLink?: string;
  /** Whether the booking's calendar file goes with it, drawn when it is sent. */
  calendar?: boolean;
}

/** What an action did: the outcome code the page shows after its redirect, or why nothing changed. */
export type ActionOutcome = { ok: true; done: DoneCode } | { ok: false; status: 400 | 404 | 409 | 502; message: string };

const NOT_FOUND: ActionOutcome = { ok: false, status: 404, message: "There is no booking with this order number." };

/**
 * The site's details the e-mails carry, from the settings, with the meeting points the
 * confirmations give for each pickup (context.booking.meetingPoints) when the caller has them.
 */
export function emailSite(settings: Pick<Settings, "siteName" | "email" | "phone" | "siteUrl">, meetingPoints?: MeetingPoints): EmailSite {
  return {
    siteName: settings.siteName,
    businessEmail: settings.email,
    phone: settings.phone,
    siteUrl: settings.siteUrl,
    // Traveller e-mails hold this marker where their manage link goes; the outbox draws the link
    // when it sends them (app/lib/traveller-mail.server.ts).
    manageUrl: newLinkMarker(),
    ...(meetingPoints ? { meetingPoints } : {}),
  };
}

/** An e-mail as the outbox stores it: the manage link's marker in its own column. */
export function outboxValues<T extends OutboxMessage | StaffEmail | BookingEmail | ReminderEmail>(
  message: T,
): Omit<T, "manageLink"> & { linkMarker: string | null } {
  const { manageLink, ...rest } = message;
  return { ...rest, linkMarker: manageLink ?? null };
}

/**
 * The booking `orderId`, its row locked (SELECT … FOR UPDATE) until the transaction ends: every
 * change to a booking, staff's or the traveller's, takes it first, so two changes take turns and
 * the second reads the first's result.
 */
export async function lockBooking(tx: Tx, orderId: string): Promise<BookingRow | undefined> {
  return (await tx.select().from(bookings).where(eq(bookings.orderId, orderId)).limit(1).for("update"))[0];
}

/** What a reminder's text is drawn with besides its booking: the e-mails' site (its meeting points) and the clock. */
export interface ReminderContext {
  site: EmailSite;
  now: Date;
}

/**
 * The outbox row of leg `leg`'s reminder of `row`, as the booking stands in `tx` (its driver read
 * there too): the caller holds the booking's row locked, so the message says what the booking is
 * when it is written. Written by the reminders worker, put right by a traveller's change, and sent
 * again by staff. The manage link's marker goes in its own column.
 */
export async function reminderRow(
  tx: Tx,
  row: BookingRow,
  leg: ReminderLeg,
  { site, now }: ReminderContext,
): Promise<typeof outbox.$inferInsert> {
  const message = reminderEmail({
    row,
    leg: leg.leg,
    pickupAt: leg.pickupAt,
    site,
    driver: await assignedDriver(tx, row),
    meetingPoint: meetingPointOfLeg(row, leg.leg, site.meetingPoints) || null,
    now,
  });
  return { ...outboxValues(message), orderId: row.orderId };
}

async function queue(tx: Tx, orderId: string, messages: OutboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await tx.insert(outbox).values(messages.map((m) => ({ ...outboxValues(m), orderId })));
}

function facts(row: BookingRow) {
  return { bookingStatus: row.bookingStatus, paymentStatus: row.status, paymentMode: row.paymentMode };
}

function audit(tx: Tx, actor: AuditActor, orderId: string, action: string, detail: string) {
  return recordAudit(tx, { actorId: actor.id, actor: actor.email, action, orderId, detail });
}

/** The driver on a booking (the one assigned, or the last one once it is closed), if any: what staff see. */
export async function driverOf(tx: Pick<Db, "select">, row: Pick<BookingRow, "driverId">): Promise<DriverRow | undefined> {
  if (row.driverId === null) return undefined;
  return (await tx.select().from(drivers).where(eq(drivers.id, row.driverId)).limit(1))[0];
}

/**
 * The driver the traveller is told of (the booking's page, the voucher, the reminder): the one
 * assigned while the booking is driver_assigned, with the phone written for people; null
 * otherwise (not assigned yet, or the booking is closed).
 */
export async function assignedDriver(
  tx: Pick<Db, "select">,
  row: Pick<BookingRow, "driverId" | "bookingStatus">,
): Promise<EmailDriver | null> {
  if (row.bookingStatus !== "driver_assigned") return null;
  const driver = await driverOf(tx, row);
  return driver ? { name: driver.name, phone: displayPhone(driver.phone) } : null;
}

/** new → confirmed, with the traveller's confirmation e-mail (the driver in it when one is assigned). */
export async function confirmBooking(db: Db, orderId: string, actor: Actor, site: EmailSite): Promise<ActionOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockBooking(tx, orderId);
    if (!row) return NOT_FOUND;
    const next = nextStatus(facts(row), "confirm");
    if (!next.ok) return { ok: false, status: 409, message: next.reason };
    const [updated] = await tx
      .update(bookings)
      .set({ bookingStatus: next.to, confirmedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(bookings.id, row.id))
      .returning();
    const driver = await driverOf(tx, updated!);
    await queue(tx, orderId, [bookingConfirmedEmail(updated!, site, driver ?? null)]);
    const unpaid = row.paymentMode === "cash" && row.status !== "paid" ? " (to be paid on board)" : "";
    await audit(tx, actor, orderId, "booking_confirmed", `Confirmed the booking${unpaid}; the confirmation e-mail goes to the traveller.`);
    return { ok: true, done: "confirmed" };
  });
}

/**
 * → driver_assigned with an active driver: the job is e-mailed to the driver, and the driver's
 * name and phone to the traveller. Assigning another driver later sends the new one the job, and
 * tells the replaced one that it is withdrawn, in the same transaction.
 */
export async function assignDriver(db: Db, orderId: string, driverId: number, actor: Actor, site: EmailSite): Promise<ActionOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockBooking(tx, orderId);
    if (!row) return NOT_FOUND;
    const next = nextStatus(facts(row), "assign_driver");
    if (!next.ok) return { ok: false, status: 409, message: next.reason };
    const driver = (
      await tx
        .select()
        .from(drivers)
        .where(and(eq(drivers.id, driverId), eq(drivers.active, true)))
        .limit(1)
    )[0];
    if (!driver) return { ok: false, status: 400, message: "Choose a driver from the list of active drivers." };
    if (row.bookingStatus === "driver_assigned" && row.driverId === driver.id) {
      return { ok: false, status: 409, message: `${driver.name} is already assigned to this booking.` };
    }
    const previous = await driverOf(tx, row);
    const [updated] = await tx
      .update(bookings)
      .set({ bookingStatus: next.to, driverId: driver.id, updatedAt: sql`now()` })
      .where(eq(bookings.id, row.id))
      .returning();
    const replaced = previous && previous.id !== driver.id ? previous : null;
    await queue(tx, orderId, [
      driverJobEmail(updated!, site, driver),
      driverAssignedEmail(updated!, site, driver),
      ...(replaced ? [driverJobCancelledEmail(updated!, site, replaced, "reassigned")] : []),
    ]);
    const replacing = replaced ? `, in place of ${replaced.name} (e-mailed that the job is withdrawn)` : "";
    await audit(
      tx,
      actor,
      orderId,
      "driver_assigned",
      `Assigned driver ${driver.name}${replacing}; the job goes to the driver and the driver's name and phone to the traveller.`,
    );
    return { ok: true, done: "driver_assigned" };
  });
}

/** → completed, or → no_show: no e-mail. */
export async function markFinished(db: Db, orderId: string, action: "complete" | "no_show", actor: Actor): Promise<ActionOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockBooking(tx, orderId);
    if (!row) return NOT_FOUND;
    const next = nextStatus(facts(row), action);
    if (!next.ok) return { ok: false, status: 409, message: next.reason };
    await tx
      .update(bookings)
      .set({ bookingStatus: next.to, updatedAt: sql`now()` })
      .where(eq(bookings.id, row.id));
    const done = action === "complete" ? "completed" : "no_show";
    await audit(
      tx,
      actor,
      orderId,
      `booking_${done}`,
      action === "complete" ? "Marked the booking completed." : "Marked the booking no-show.",
    );
    return { ok: true, done };
  });
}

/** What is left to refund of a booking's payment, in cents: nothing unless it was paid. */
export function refundableCents(row: Pick<BookingRow, "status" | "paidAmountCents" | "priceCents" | "refundedCents">): number {
  if (row.status !== "paid" && row.status !== "partly_refunded") return 0;
  return Math.max(0, (row.paidAmountCents ?? row.priceCents) - row.refundedCents);
}

type Refunder = Pick<PaymentProvider, "name" | "refund">;

/** The provider column of a refund that staff made outside the site (payment_events). */
export const OUTSIDE_PROVIDER = "outside";

/**
 * Refunds `owed` cents of the booking's payment, inside the transaction that holds the row:
 * through the provider, or, with `outside` (the staff's reason), recorded as refunded outside the
 * site without asking the provider. The refund's record (payment_events, one per refund id) and the
 * payment status move only on the provider's answer; Stripe's answer that the charge was already
 * refunded counts as the refund made outside the site. A refund in full settles the payment issue
 * the staff were shown (a payment after a cancellation, or another amount than the price). Gives
 * what was refunded and the history's words for it.
 */
async function refundLocked(
  tx: Tx,
  row: BookingRow,
  owed: number,
  provider: Refunder,
  outside: string | null,
): Promise<{ refunded: number; detail: string }> {
  const refund: RefundResult =
    outside === null ? await provider.refund(row, owed) : { refundId: `outside_refund_${row.orderId}`, amountCents: owed };
  const refunded = refund.amountCents;
  const total = row.refundedCents + refunded;
  const paid = row.paidAmountCents ?? row.priceCents;
  const full = total >= paid;
  await tx
    .insert(paymentEvents)
    .values({
      eventId: refund.refundId,
      provider: outside === null ? provider.name : OUTSIDE_PROVIDER,
      orderId: row.orderId,
      amountCents: -refunded,
    })
    .onConflictDoNothing();
  await tx
    .update(bookings)
    .set({
      status: full ? "refunded" : "partly_refunded",
      refundedCents: total,
      ...(full ? { paymentIssue: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(bookings.id, row.id));
  const amount = formatEuros(refunded);
  const test = provider.name === "sandbox" ? " (sandbox: no money moved)" : "";
  const how =
    outside !== null
      ? `recorded ${amount} as refunded outside the site, without asking ${row.paymentProvider ?? provider.name}: ${outside}`
      : refund.alreadyRefunded
        ? `recorded ${amount} as refunded: ${provider.name} answered that the payment was already refunded (outside the site)`
        : `refunded ${amount} through ${provider.name}${test}, refund ${refund.refundId}`;
  const settled = full && row.paymentIssue ? ` The payment issue is settled: ${row.paymentIssue}` : "";
  return { refunded, detail: `${how.replace(/[.\s]+$/, "")}.${settled}` };
}

const PROVIDER_NAMES: Record<string, string> = { stripe: "Stripe", sandbox: "the sandbox" };

/**
 * A payment is refunded by the provider that took it: a Stripe payment while the site now runs on
 * the sandbox (whose "refund" would move no money), or a sandbox payment while it runs on Stripe
 * (which has no such payment), is refused with what to do instead. Null when the provider is the
 * payment's own, nothing is owed, or staff say it was refunded outside the site.
 */
export function wrongProvider(
  row: Pick<BookingRow, "paymentProvider">,
  owed: number,
  provider: Pick<Refunder, "name">,
  outside: string | null,
): ActionOutcome | null {
  if (owed <= 0 || outside !== null || row.paymentProvider === null || row.paymentProvider === provider.name) return null;
  const took = PROVIDER_NAMES[row.paymentProvider] ?? row.paymentProvider;
  const now = PROVIDER_NAMES[provider.name] ?? provider.name;
  const instead =
    row.paymentProvider === "sandbox"
      ? "the sandbox moved no money, so there is nothing to give back: use 'Already refunded outside the site'"
      : `refund it in ${took}'s dashboard, then use 'Already refunded outside the site'`;
  return {
    ok: false,
    status: 409,
    message: `This booking was paid through ${took}, but the site now takes payments through ${now}, which cannot refund it: ${instead}. Nothing was changed.`,
  };
}

/**
 * Runs a transaction that may ask the provider for a refund. A provider that refuses (or cannot
 * be reached) has thrown RefundRefused inside it, so everything is rolled back; the refusal is
 * then kept in the booking's history for the staff, and answered 502 with the provider's reason.
 */
async function askingRefund(
  db: Db,
  orderId: string,
  actor: AuditActor,
  words: { tried: string; notDone: string },
  run: () => Promise<ActionOutcome>,
): Promise<ActionOutcome> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof RefundRefused)) throw error;
    await recordAudit(db, {
      actorId: actor.id,
      actor: actor.email,
      action: "refund_refused",
      orderId,
      detail: `${words.tried}; the refund was refused, so nothing changed. ${error.message}`,
    });
    return { ok: false, status: 502, message: `${words.notDone}: the refund did not go through. ${error.message}` };
  }
}

/**
 * → cancelled, refunding in full what was paid, exactly once; the traveller is e-mailed, and the
 * assigned driver, if any, is told the job is cancelled. The cancellation is written first,
 * in the transaction that holds the booking's row, then the provider is asked for the refund, and
 * the payment status moves only on its answer; all commit together. A second cancel waits on the
 * row and then finds the booking cancelled. A provider that refuses (or cannot be reached) rolls
 * everything back: the booking stays as it was, and the refusal is recorded in its history for the
 * staff. Stripe's idempotency key per order makes a refund asked again (after a lost answer, or a
 * crash before the commit) the same refund.
 *
 * The row stays locked while the provider answers: on PostgreSQL that holds only this booking; on
 * the embedded PGlite, whose transactions are exclusive, every query waits that long (the sandbox
 * answers at once; Stripe's call has a time limit).
 *
 * `outside`, the staff's reason, says the payment was already refunded outside the site (in the
 * provider's dashboard): the provider is not asked, and the payment is recorded as refunded.
 */
export async function cancelBooking(
  db: Db,
  orderId: string,
  actor: Actor,
  site: EmailSite,
  provider: Refunder,
  outside: string | null = null,
): Promise<ActionOutcome> {
  return cancelWithRefund(db, orderId, actor, site, provider, { outside });
}

export interface CancelOptions {
  /** Staff's reason when the payment was refunded outside the site (see cancelBooking). */
  outside?: string | null;
  /**
   * A rule of the caller's, checked on the locked row before anything is written (the traveller's
   * 24-hour rule, say): a refusal is answered as it is, and nothing changes.
   */
  refuse?: (row: BookingRow) => ActionOutcome | null;
  /** How the history opens its line: "Cancelled the booking" unless said otherwise. */
  what?: string;
  /** More e-mails, written with the cancellation (the business's notice of a traveller's cancellation). */
  alsoQueue?: (
    cancelled: BookingRow,
    done: { refundedCents: number; provider: string | null; driver: DriverRow | null },
  ) => OutboxMessage[];
}

/**
 * The cancellation of cancelBooking, for staff and for the traveller alike: one locked
 * transaction that checks the caller's rule and the status rules, cancels, refunds in full once
 * through the provider, and writes the e-mails and the history row together.
 */
export async function cancelWithRefund(
  db: Db,
  orderId: string,
  actor: AuditActor,
  site: EmailSite,
  provider: Refunder,
  options: CancelOptions = {},
): Promise<ActionOutcome> {
  const outside = options.outside ?? null;
  const what = options.what ?? "Cancelled the booking";
  const words = { tried: "Tried to cancel the booking", notDone: "The booking is not cancelled" };
  return askingRefund(db, orderId, actor, words, () =>
    db.transaction(async (tx): Promise<ActionOutcome> => {
      const row = await lockBooking(tx, orderId);
      if (!row) return NOT_FOUND;
      const refused = options.refuse?.(row);
      if (refused) return refused;
      const next = nextStatus(facts(row), "cancel");
      if (!next.ok) return { ok: false, status: 409, message: next.reason };
      const owed = refundableCents(row);
      const mismatch = wrongProvider(row, owed, provider, outside);
      if (mismatch) return mismatch;
      const [cancelled] = await tx
        .update(bookings)
        .set({ bookingStatus: next.to, cancelledAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(bookings.id, row.id))
        .returning();
      // A reminder written before the cancel and not sent yet is not sent at all.
      await tx.delete(outbox).where(and(eq(outbox.orderId, orderId), eq(outbox.kind, "reminder"), eq(outbox.status, "pending")));
      let refunded = 0;
      let detail = `${what}; nothing was paid, so nothing is refunded.`;
      if (owed > 0) {
        const refund = await refundLocked(tx, cancelled!, owed, provider, outside);
        refunded = refund.refunded;
        detail = `${what} and ${refund.detail}`;
      } else if (row.paymentMode === "cash" && row.status !== "paid") {
        detail = `${what} (to be paid on board: nothing was taken).`;
      }
      const driver = await driverOf(tx, row);
      const refundedBy = refunded > 0 ? (outside === null ? provider.name : OUTSIDE_PROVIDER) : null;
      await queue(tx, orderId, [
        bookingCancelledEmail(cancelled!, site, refunded),
        ...(driver ? [driverJobCancelledEmail(cancelled!, site, driver, "cancelled")] : []),
        ...(options.alsoQueue?.(cancelled!, { refundedCents: refunded, provider: refundedBy, driver: driver ?? null }) ?? []),
      ]);
      const told = driver ? `The traveller and the driver, ${driver.name}, are e-mailed.` : "The traveller is e-mailed.";
      await audit(tx, actor, orderId, "booking_cancelled", `${detail} ${told}`);
      return { ok: true, done: refunded === 0 ? "cancelled" : outside === null ? "cancelled_refunded" : "cancelled_outside" };
    }),
  );
}

/**
 * Refunds in full what is left of a cancelled booking's payment (a traveller who paid after staff
 * cancelled, through a payment link sent earlier), through the same locked refund as a cancel:
 * once, whatever the double clicks, with its history row and the traveller's e-mail.
 */
export async function refundBooking(
  db: Db,
  orderId: string,
  actor: Actor,
  site: EmailSite,
  provider: Refunder,
  outside: string | null = null,
): Promise<ActionOutcome> {
  const words = { tried: "Tried to refund the payment", notDone: "The payment is not refunded" };
  return askingRefund(db, orderId, actor, words, () =>
    db.transaction(async (tx): Promise<ActionOutcome> => {
      const row = await lockBooking(tx, orderId);
      if (!row) return NOT_FOUND;
      const owed = refundableCents(row);
      const allowed = canRefund({ bookingStatus: row.bookingStatus, refundableCents: owed });
      if (!allowed.ok) return { ok: false, status: 409, message: allowed.reason };
      const mismatch = wrongProvider(row, owed, provider, outside);
      if (mismatch) return mismatch;
      const { refunded, detail } = await refundLocked(tx, row, owed, provider, outside);
      await queue(tx, orderId, [bookingRefundedEmail(row, site, refunded)]);
      await audit(tx, actor, orderId, "payment_refunded", `Refunded the cancelled booking's payment: ${detail} The traveller is e-mailed.`);
      return { ok: true, done: outside === null ? "refunded" : "refunded_outside" };
    }),
  );
}

/** How long the same note from the same person counts as a second click of one 'Add note'. */
const NOTE_REPEAT_MS = 10_000;

/** An internal note in the booking's history (audit action note_added, the text as its detail). */
export async function addNote(db: Db, orderId: string, note: string, actor: Actor): Promise<ActionOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockBooking(tx, orderId);
    if (!row) return NOT_FOUND;
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
    if (!repeat) await audit(tx, actor, orderId, "note_added", note);
    return { ok: true, done: "note_added" };
  });
}

const PAID_STATUSES: ReadonlySet<BookingRow["status"]> = new Set(["paid", "partly_refunded", "refunded"]);

/**
 * Why an e-mail must not go again with the booking as it is now, or null: a confirmation (or the
 * traveller's driver) of a cancelled booking, a payment link of a booking paid or cancelled, a job
 * of a cancelled booking or sent to a driver who is no longer the assigned one, the traveller's
 * driver e-mail of a cancelled booking or one with no driver now.
 */
export function resendRefusal(
  row: Pick<BookingRow, "bookingStatus" | "status">,
  message: Pick<OutboxRow, "kind" | "recipient">,
  driver: Pick<DriverRow, "email"> | null,
): string | null {
  const cancelled = row.bookingStatus === "cancelled";
  switch (message.kind) {
    case "traveller_confirmation":
    case "booking_confirmed":
      return cancelled ? "This booking is cancelled: its confirmation is not sent again." : null;
    case "driver_assigned":
      if (cancelled) return "This booking is cancelled: the traveller's driver e-mail is not sent again.";
      return driver ? null : "No driver is assigned to this booking any more: the traveller's driver e-mail is not sent again.";
    case "reminder":
      return cancelled ? "This booking is cancelled: its reminder is not sent again." : null;
    case "payment_link":
      if (cancelled) return "This booking is cancelled: its payment link is not sent again.";
      return PAID_STATUSES.has(row.status) ? "This booking is already paid: its payment link is not sent again." : null;
    case "driver_job":
      if (cancelled) return "This booking is cancelled: the driver's job is not sent again.";
      if (!driver || driver.email.trim().toLowerCase() !== message.recipient.trim().toLowerCase()) {
        return "This job went to a driver who is no longer assigned to this booking: it is not sent again.";
      }
      return null;
    default:
      return null;
  }
}

/** Makes a booking's payment link (an absolute URL) for an e-mail; PaymentLinkFailed when the provider does not answer. */
export function paymentLinkMaker(
  payments: Pick<PaymentProvider, "name" | "checkoutUrl">,
  siteUrl: string,
): (row: BookingRow, fresh?: string) => Promise<string> {
  return async (row, fresh) => {
    try {
      // The sandbox's link is a path of this site: the e-mail needs it whole.
      return new URL(await payments.checkoutUrl(row, fresh), `${siteUrl}/`).href;
    } catch (error) {
      throw new PaymentLinkFailed(`${payments.name} did not answer: ${(error as Error).name}`);
    }
  };
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
 */
export async function resendEmail(
  db: Db,
  orderId: string,
  emailId: number,
  actor: Actor,
  site: EmailSite,
  checkoutUrl: (row: BookingRow, fresh?: string) => Promise<string>,
): Promise<ActionOutcome> {
  try {
    return await db.transaction(async (tx): Promise<ActionOutcome> => {
      const row = await lockBooking(tx, orderId);
      if (!row) return NOT_FOUND;
      const [message] = await tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.id, emailId), eq(outbox.orderId, orderId)))
        .limit(1);
      if (!message) return { ok: false, status: 404, message: "This booking has no such e-mail." };
      if (message.body === "") {
        return {
          ok: false,
          status: 409,
          message: "This e-mail's text was removed after it was sent (personal data rules): it cannot be sent again.",
        };
      }
      const driver = (await driverOf(tx, row)) ?? null;
      const refusal = resendRefusal(row, message, driver);
      if (refusal) return { ok: false, status: 409, message: refusal };
      const copies = await tx
        .select({ id: outbox.id, status: outbox.status, attempts: outbox.attempts })
        .from(outbox)
        .where(eq(outbox.resentFrom, message.id));
      if (copies.some((c) => c.status === "pending" && c.attempts < 1)) {
        return { ok: false, status: 409, message: "A copy of this e-mail is already waiting to be sent." };
      }
      const reminded = message.kind === "reminder" ? bookingLegs(row).find((l) => l.leg === message.leg) : undefined;
      if (message.kind === "reminder" && !reminded) {
        return { ok: false, status: 409, message: "This reminder's leg has no pickup in the booking now: it is not sent again." };
      }
      const written =
        message.kind === "payment_link"
          ? outboxValues(paymentLinkEmail(row, site, await checkoutUrl(row, `resend-${message.id}-${copies.length + 1}`)))
          : message.kind === "driver_assigned" && driver
            ? outboxValues(driverAssignedEmail(row, site, driver))
            : reminded
              ? await reminderRow(tx, row, reminded, { site, now: new Date() })
              : message;
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
      await audit(tx, actor, orderId, "email_resent", `Queued the e-mail "${message.subject}" to be sent again${fresh}.`);
      return { ok: true, done: "resent" };
    });
  } catch (error) {
    if (!(error instanceof PaymentLinkFailed)) throw error;
    return {
      ok: false,
      status: 502,
      message: `Nothing was sent: a new payment link could not be made (${error.message}). Try again in a minute.`,
    };
  }
}

// ---------------------------------------------------------------------------------------------
// A booking taken by phone

export interface PhoneBooking {
  booking: Booking;
  /** What the traveller pays, in cents: the price file's, or the staff's own with `overrideReason`. */
  priceCents: number;
  /** The price file's price, for the history when staff set another one. */
  filePriceCents: number;
  overrideReason: string | null;
  /** cash: paid to the driver on board; link: the traveller is e-mailed a payment link. */
  payment: "cash" | "link";
  test: boolean;
}

export type PhoneOutcome = { ok: true; orderId: string; done: DoneCode } | { ok: false; status: 409 | 502; message: string };

/**
 * Stores a booking taken by phone (source phone) with its history row and, for a card booking,
 * the payment link e-mail, in one transaction. `checkoutUrl` makes the link (an absolute URL); a
 * provider that fails rolls everything back. The form's one-time token makes a second post of the
 * same form (a double click) find the first booking, with nothing written twice.
 */
export async function createPhoneBooking(
  db: Db,
  input: PhoneBooking,
  actor: Actor,
  site: EmailSite,
  checkoutUrl: (row: BookingRow) => Promise<string>,
): Promise<PhoneOutcome> {
  try {
    return await db.transaction(async (tx): Promise<PhoneOutcome> => {
      const saved = await saveBooking(tx as unknown as Db, {
        booking: input.booking,
        priceCents: input.priceCents,
        test: input.test,
        source: "phone",
        paymentMode: input.payment === "cash" ? "cash" : "card",
        priceOverrideReason: input.overrideReason,
      });
      const { row } = saved;
      if (saved.outcome === "paid" || saved.outcome === "paid-differs") {
        return { ok: false, status: 409, message: `This form was already sent: booking ${row.orderId} is paid and is not changed here.` };
      }
      const done: DoneCode = input.payment === "link" ? "created_link" : "created";
      if (saved.outcome === "unchanged") return { ok: true, orderId: row.orderId, done };
      const price = input.overrideReason
        ? `${formatEuros(input.priceCents)}, set by staff instead of the price file's ${input.filePriceCents > 0 ? formatEuros(input.filePriceCents) : "(none)"}: ${input.overrideReason}`
        : `${formatEuros(input.priceCents)} from the price file`;
      const how = input.payment === "cash" ? "to be paid on board" : "the payment link is e-mailed to the traveller";
      const what =
        saved.outcome === "created" ? "Took the booking by phone" : "Changed the booking taken by phone (its form was sent again)";
      if (input.payment === "link") {
        await queue(tx, row.orderId, [paymentLinkEmail(row, site, await checkoutUrl(row))]);
      }
      await audit(tx, actor, row.orderId, "booking_created", `${what}: ${price}; ${how}.`);
      return { ok: true, orderId: row.orderId, done };
    });
  } catch (error) {
    if (!(error instanceof PaymentLinkFailed)) throw error;
    return {
      ok: false,
      status: 502,
      message: `Nothing was saved: the payment link could not be made (${error.message}). Try again in a minute.`,
    };
  }
}

/** The payment provider could not make a payment link; thrown by the caller's checkoutUrl. */
export class PaymentLinkFailed extends Error {
  override name = "PaymentLinkFailed";
}

// ---------------------------------------------------------------------------------------------
// The page

export interface PageEmail {
  id: number;
  kind: OutboxRow["kind"];
  recipient: string;
  subject: string;
  state: OutboxState;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
  resentFrom: number | null;
  /** Whether its text is still kept, so it can be sent again. */
  resendable: boolean;
  /** Why the booking's state keeps it from being sent again (resendRefusal), or null. */
  notAgain: string | null;
}

export interface RefundRecord {
  eventId: string;
  provider: string;
  amountCents: number;
  at: Date;
}

export interface BookingPage {
  row: BookingRow;
  driver: DriverRow | null;
  activeDrivers: DriverRow[];
  emails: PageEmail[];
  refunds: RefundRecord[];
  history: AuditEvent[];
  actions: StatusAction[];
}

/** Everything the booking's page shows, or null when there is no such order. */
export async function loadBookingPage(db: Db, orderId: string): Promise<BookingPage | null> {
  const row = (await db.select().from(bookings).where(eq(bookings.orderId, orderId)).limit(1))[0];
  if (!row) return null;
  const [driver, activeDrivers, mails, refunds, history] = await Promise.all([
    driverOf(db, row),
    db.select().from(drivers).where(eq(drivers.active, true)).orderBy(asc(drivers.name), asc(drivers.id)),
    db.select().from(outbox).where(eq(outbox.orderId, orderId)).orderBy(asc(outbox.id)),
    db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.orderId, orderId), lt(paymentEvents.amountCents, 0)))
      .orderBy(desc(paymentEvents.receivedAt)),
    bookingHistory(db, orderId),
  ]);
  return {
    row,
    driver: driver ?? null,
    activeDrivers,
    emails: mails.map((m) => ({
      id: m.id,
      kind: m.kind,
      recipient: m.recipient,
      subject: m.subject,
      state: outboxState(m),
      attempts: m.attempts,
      createdAt: m.createdAt,
      sentAt: m.sentAt,
      resentFrom: m.resentFrom,
      resendable: m.body !== "",
      notAgain: resendRefusal(row, m, driver ?? null),
    })),
    refunds: refunds.map((r) => ({ eventId: r.eventId, provider: r.provider, amountCents: -r.amountCents, at: r.receivedAt })),
    history,
    actions: availableActions(facts(row)),
  };
}
