import { and, eq, sql } from "drizzle-orm";
import { bookings, outbox, paymentEvents } from "../../db/schema";
import type { AdminWords } from "~/domain/back-office/admin-words";
import { canRefund, nextStatus } from "~/domain/back-office/statuses";
import type { EmailSite } from "~/domain/booking/email-frame";
import { bookingCancelledEmail, bookingRefundedEmail, driverJobCancelledEmail } from "~/domain/booking/staff-emails";
import { formatEuros } from "~/domain/money";
import { recordAudit } from "./audit.server";
import {
  auditChange,
  driverJobs,
  driverNames,
  lockBooking,
  NO_SUCH_BOOKING,
  queueEmails,
  statusFacts,
  type ActionOutcome,
  type Actor,
  type AuditActor,
  type DriverRow,
  type OutboxMessage,
  type Tx,
} from "./booking-tx.server";
import { bookingColumns } from "./booking-store.server";
import type { BookingRow } from "./bookings.server";
import type { Db } from "./db.server";
import { RefundRefused, type PaymentProvider, type RefundResult } from "./payments.server";

/**
 * A booking's cancellation and its refunds (docs/product.md, Back office), for staff and for the
 * traveller alike: each one locked transaction (booking-tx.server.ts) in which the provider is
 * asked for the refund, so the money moves once, whatever the double clicks. A refusal is worded
 * in the caller's `words` (the staff member's; English for the traveller's cancellation, whose page
 * words its own); the history stays English.
 */

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

/** A payment provider as the refusals name it: Stripe, the sandbox, or another by its code. */
const providerKind = (name: string) => (name === "stripe" || name === "sandbox" ? name : "other");

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
  words: AdminWords,
): ActionOutcome | null {
  if (owed <= 0 || outside !== null || row.paymentProvider === null || row.paymentProvider === provider.name) return null;
  const names = {
    took: row.paymentProvider,
    tookKind: providerKind(row.paymentProvider),
    now: provider.name,
    nowKind: providerKind(provider.name),
  };
  return { ok: false, status: 409, message: words("action.refused.wrongProvider", names) };
}

/**
 * Runs a transaction that may ask the provider for a refund. A provider that refuses (or cannot
 * be reached) has thrown RefundRefused inside it, so everything is rolled back; the refusal is
 * then kept in the booking's history for the staff, and answered 502 with the provider's reason
 * (in the provider's own words) after what was not done (in the member's `words`).
 */
async function askingRefund(
  db: Db,
  orderId: string,
  actor: AuditActor,
  asked: { tried: string; what: "cancel" | "refund"; words: AdminWords },
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
      detail: `${asked.tried}; the refund was refused, so nothing changed. ${error.message}`,
    });
    return { ok: false, status: 502, message: asked.words("action.refused.refundFailed", { what: asked.what, reason: error.message }) };
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
 * A refusal is in the member's `words`.
 */
export async function cancelBooking(
  db: Db,
  orderId: string,
  actor: Actor,
  site: EmailSite,
  provider: Refunder,
  outside: string | null,
  words: AdminWords,
): Promise<ActionOutcome> {
  return cancelWithRefund(db, orderId, actor, site, provider, { outside, words });
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
  alsoQueue?: (cancelled: BookingRow, done: { refundedCents: number; provider: string | null; drivers: DriverRow[] }) => OutboxMessage[];
  /** The staff member's words for the status rules' and the refund's refusals. */
  words: AdminWords;
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
  options: CancelOptions,
): Promise<ActionOutcome> {
  const outside = options.outside ?? null;
  const what = options.what ?? "Cancelled the booking";
  const { words } = options;
  return askingRefund(db, orderId, actor, { tried: "Tried to cancel the booking", what: "cancel", words }, () =>
    db.transaction(async (tx): Promise<ActionOutcome> => {
      const row = await lockBooking(tx, orderId);
      if (!row) return NO_SUCH_BOOKING;
      const refused = options.refuse?.(row);
      if (refused) return refused;
      const next = nextStatus(statusFacts(row), "cancel");
      if (!next.ok) return { ok: false, status: 409, message: words(next.reason) };
      const owed = refundableCents(row);
      const mismatch = wrongProvider(row, owed, provider, outside, words);
      if (mismatch) return mismatch;
      const [cancelled] = await tx
        .update(bookings)
        .set({ bookingStatus: next.to, cancelledAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(bookings.id, row.id))
        .returning(bookingColumns);
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
      // Each leg's driver is told of the legs they no longer drive.
      const jobs = await driverJobs(tx, orderId);
      const refundedBy = refunded > 0 ? (outside === null ? provider.name : OUTSIDE_PROVIDER) : null;
      await queueEmails(tx, orderId, [
        bookingCancelledEmail(cancelled!, site, refunded),
        ...jobs.map((job) => driverJobCancelledEmail(cancelled!, site, job.driver, "cancelled", job.legs)),
        ...(options.alsoQueue?.(cancelled!, { refundedCents: refunded, provider: refundedBy, drivers: jobs.map((job) => job.driver) }) ??
          []),
      ]);
      const told =
        jobs.length === 0
          ? "The traveller is e-mailed."
          : `The traveller and the driver${jobs.length > 1 ? "s" : ""}, ${driverNames(jobs)}, are e-mailed.`;
      await auditChange(tx, actor, orderId, "booking_cancelled", `${detail} ${told}`);
      return { ok: true, done: refunded === 0 ? "cancelled" : outside === null ? "cancelled_refunded" : "cancelled_outside" };
    }),
  );
}

/**
 * Refunds in full what is left of a cancelled booking's payment (a traveller who paid after staff
 * cancelled, through a payment link sent earlier), through the same locked refund as a cancel:
 * once, whatever the double clicks, with its history row and the traveller's e-mail. A refusal is
 * in the member's `words`.
 */
export async function refundBooking(
  db: Db,
  orderId: string,
  actor: Actor,
  site: EmailSite,
  provider: Refunder,
  outside: string | null,
  words: AdminWords,
): Promise<ActionOutcome> {
  return askingRefund(db, orderId, actor, { tried: "Tried to refund the payment", what: "refund", words }, () =>
    db.transaction(async (tx): Promise<ActionOutcome> => {
      const row = await lockBooking(tx, orderId);
      if (!row) return NO_SUCH_BOOKING;
      const owed = refundableCents(row);
      const allowed = canRefund({ bookingStatus: row.bookingStatus, refundableCents: owed });
      if (!allowed.ok) return { ok: false, status: 409, message: words(allowed.reason) };
      const mismatch = wrongProvider(row, owed, provider, outside, words);
      if (mismatch) return mismatch;
      const { refunded, detail } = await refundLocked(tx, row, owed, provider, outside);
      await queueEmails(tx, orderId, [bookingRefundedEmail(row, site, refunded)]);
      await auditChange(
        tx,
        actor,
        orderId,
        "payment_refunded",
        `Refunded the cancelled booking's payment: ${detail} The traveller is e-mailed.`,
      );
      return { ok: true, done: outside === null ? "refunded" : "refunded_outside" };
    }),
  );
}
