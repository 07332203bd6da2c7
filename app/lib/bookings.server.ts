import { randomBytes } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { bookings, outbox, paymentEvents } from "../../db/schema";
import { orderIdFrom } from "~/domain/booking/order-id";
import type { Booking } from "~/domain/booking/validation";
import { formatEuros } from "~/domain/money";
import type { Db } from "./db.server";

export type BookingRow = typeof bookings.$inferSelect;

export interface NewBooking {
  booking: Booking;
  /** The server's price, in cents, computed from the price file. */
  priceCents: number;
}

/**
 * The insert of a booking, built once per database and prepared on the server (a named
 * statement on PostgreSQL): each booking then sends only its values.
 */
function prepareInsert(db: Db) {
  const p = sql.placeholder;
  return db
    .insert(bookings)
    .values({
      orderId: p("orderId"),
      submissionToken: p("submissionToken"),
      kind: p("kind"),
      roundTrip: p("roundTrip"),
      depart: p("depart"),
      arrive: p("arrive"),
      lastname: p("lastname"),
      firstname: p("firstname"),
      email: p("email"),
      phone: p("phone"),
      adults: p("adults"),
      children: p("children"),
      babies: p("babies"),
      priceCents: p("priceCents"),
      paymentMode: p("paymentMode"),
      details: p("details"),
    })
    .onConflictDoNothing()
    .returning()
    .prepare("save_booking");
}
const inserts = new WeakMap<Db, ReturnType<typeof prepareInsert>>();

/**
 * Stores a checked booking before anything is answered. The submission token makes this
 * idempotent: the same draft posted twice gives the first row back, with its order id.
 */
export async function saveBooking(db: Db, input: NewBooking): Promise<{ row: BookingRow; created: boolean }> {
  const { booking, priceCents } = input;
  let insert = inserts.get(db);
  if (!insert) inserts.set(db, (insert = prepareInsert(db)));
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await insert.execute({
      orderId: orderIdFrom(randomBytes(6)),
      submissionToken: booking.submissionToken,
      kind: booking.kind,
      roundTrip: booking.roundTrip,
      depart: booking.depart,
      arrive: booking.arrive,
      lastname: booking.customer.lastname,
      firstname: booking.customer.firstname,
      email: booking.customer.email,
      phone: booking.customer.phoneMobile,
      adults: booking.passengers.adults,
      children: booking.passengers.children,
      babies: booking.passengers.babies,
      priceCents,
      paymentMode: "card",
      details: {
        customer: booking.customer,
        legs: booking.legs,
        luggage: booking.luggage,
        fields: booking.fields,
      },
    });
    if (inserted[0]) return { row: inserted[0], created: true };
    const existing = await findByToken(db, booking.submissionToken);
    if (existing) return { row: existing, created: false };
    // Neither the token nor an insert: the order id collided. Draw another.
  }
  throw new Error("Could not allocate an order id after 5 attempts.");
}

export async function findByToken(db: Db, token: string): Promise<BookingRow | undefined> {
  const rows = await db.select().from(bookings).where(eq(bookings.submissionToken, token)).limit(1);
  return rows[0];
}

export async function findByOrderId(db: Db, orderId: string): Promise<BookingRow | undefined> {
  const rows = await db.select().from(bookings).where(eq(bookings.orderId, orderId)).limit(1);
  return rows[0];
}

export interface PaymentNotice {
  provider: string;
  /**
   * What the provider says of the payment: paid (also when absent); pending (started with a
   * delayed method that has not settled yet); failed (a delayed payment that did not go through).
   */
  result?: "paid" | "pending" | "failed";
  /** The provider's own id of this notification: a replay carries the same id. */
  eventId: string;
  orderId: string;
  amountCents: number;
  currency: string;
  paymentRef?: string;
}

/**
 * What a notification did: `paid`; `paid-with-issue` (paid, but another amount or currency than
 * the booking's, recorded on the booking for the staff); `payment-pending` and `payment-failed`;
 * `already-handled` (seen before, or the booking is already paid); `unknown-order`.
 */
export type PaymentOutcome = "paid" | "paid-with-issue" | "payment-pending" | "payment-failed" | "already-handled" | "unknown-order";

/** The two e-mails a paid booking sends; written with the payment, sent by the outbox. */
export type OutboxMessage = Omit<typeof outbox.$inferInsert, "id" | "orderId" | "status" | "attempts">;

function amountText(cents: number, currency: string): string {
  return currency.toUpperCase() === "EUR" ? formatEuros(cents) : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/** The payment issue the staff read when the money that moved is not the booking's price. */
export function amountIssue(row: Pick<BookingRow, "priceCents" | "currency">, notice: PaymentNotice): string | null {
  if (row.priceCents === notice.amountCents && notice.currency.toUpperCase() === row.currency.toUpperCase()) return null;
  const paid = amountText(notice.amountCents, notice.currency);
  const price = amountText(row.priceCents, row.currency);
  return (
    `Paid ${paid} through ${notice.provider} (payment ${notice.paymentRef ?? notice.eventId}), but the booking's price is ${price}. ` +
    "The booking is marked paid: settle the difference with the traveller."
  );
}

/**
 * Records a verified notification, in one transaction with the booking's change and the e-mails
 * it causes (docs/product.md, Payment states). A notification seen before changes nothing.
 *
 * - paid: the booking becomes paid and its e-mails are queued. Another amount or currency than the
 *   booking's is paid all the same (the money moved: the traveller must not be asked to pay
 *   twice) and recorded on the booking, the amount in `paid_amount_cents` and the problem in
 *   `payment_issue`, for the staff to settle.
 * - pending: only the notification is recorded; the booking waits for the delayed payment, and a
 *   booking with a notification is never purged as abandoned.
 * - failed: an unpaid booking becomes `payment_failed`, with the reason in `payment_issue`; no e-mail.
 */
export async function recordPayment(
  db: Db,
  notice: PaymentNotice,
  messagesFor: (row: BookingRow) => OutboxMessage[],
): Promise<PaymentOutcome> {
  return db.transaction(async (tx) => {
    const seen = await tx
      .insert(paymentEvents)
      .values({ eventId: notice.eventId, provider: notice.provider, orderId: notice.orderId, amountCents: notice.amountCents })
      .onConflictDoNothing()
      .returning();
    if (!seen[0]) return "already-handled";
    // Locked, so that two notifications for one order (a retry under a new id) take turns.
    const row = (await tx.select().from(bookings).where(eq(bookings.orderId, notice.orderId)).limit(1).for("update"))[0];
    if (!row) return "unknown-order";
    if (row.status === "paid") return "already-handled";
    if (notice.result === "pending") return "payment-pending";
    if (notice.result === "failed") {
      await tx
        .update(bookings)
        .set({
          status: "payment_failed",
          updatedAt: sql`now()`,
          paymentProvider: notice.provider,
          paymentIssue: `The payment failed: ${notice.provider} reported that payment ${notice.paymentRef ?? notice.eventId} did not go through. The booking is not paid.`,
        })
        .where(eq(bookings.orderId, notice.orderId));
      return "payment-failed";
    }
    const issue = amountIssue(row, notice);
    const updated = await tx
      .update(bookings)
      .set({
        status: "paid",
        paidAt: sql`now()`,
        updatedAt: sql`now()`,
        paymentProvider: notice.provider,
        paymentRef: notice.paymentRef ?? notice.eventId,
        paidAmountCents: issue ? notice.amountCents : null,
        paymentIssue: issue,
      })
      .where(and(eq(bookings.orderId, notice.orderId), ne(bookings.status, "paid")))
      .returning();
    if (!updated[0]) return "already-handled";
    const messages = messagesFor(updated[0]);
    if (messages.length > 0) {
      await tx
        .insert(outbox)
        .values(messages.map((m) => ({ ...m, orderId: notice.orderId })))
        .onConflictDoNothing();
    }
    return issue ? "paid-with-issue" : "paid";
  });
}
