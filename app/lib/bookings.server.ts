import { randomBytes } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { bookings, outbox, paymentEvents } from "../../db/schema";
import { orderIdFrom } from "~/domain/booking/order-id";
import type { Booking } from "~/domain/booking/validation";
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
  /** The provider's own id of this notification: a replay carries the same id. */
  eventId: string;
  orderId: string;
  amountCents: number;
  currency: string;
  paymentRef?: string;
}

export type PaymentOutcome = "paid" | "already-handled" | "unknown-order" | "amount-mismatch";

/** The two e-mails a paid booking sends; written with the payment, sent by the outbox. */
export type OutboxMessage = Omit<typeof outbox.$inferInsert, "id" | "orderId" | "status" | "attempts">;

/**
 * Marks a booking paid from a verified notification, in one transaction with the record of the
 * notification and the e-mails it causes. A notification seen before changes nothing.
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
    const row = (await tx.select().from(bookings).where(eq(bookings.orderId, notice.orderId)).limit(1))[0];
    if (!row) return "unknown-order";
    if (row.priceCents !== notice.amountCents || notice.currency.toUpperCase() !== row.currency) return "amount-mismatch";
    const updated = await tx
      .update(bookings)
      .set({
        status: "paid",
        paidAt: sql`now()`,
        updatedAt: sql`now()`,
        paymentProvider: notice.provider,
        paymentRef: notice.paymentRef ?? notice.eventId,
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
    return "paid";
  });
}
