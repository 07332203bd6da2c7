import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { and, eq, ne, sql } from "drizzle-orm";
import { bookings, manageLinks, outbox, paymentEvents } from "../../db/schema";
import { orderIdFrom } from "~/domain/booking/order-id";
import { readStoredDetails, storedDetails, type StoredDetails } from "~/domain/booking/model";
import type { Booking } from "~/domain/booking/validation";
import { storedColumns } from "~/domain/booking/wire";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locales";
import { formatEuros } from "~/domain/money";
import { bookingColumns, detailsColumn, insertLegsOf, legRecords, writeLegs } from "./booking-store.server";
import type { Db } from "./db.server";

export type BookingRow = typeof bookings.$inferSelect;

export interface NewBooking {
  booking: Booking;
  /** The server's price, in cents, computed from the price file. */
  priceCents: number;
  /** Made while the sandbox stands in for a payment provider: no money moves. */
  test?: boolean;
  /** Where it came from: the public form (the default) or staff taking it by phone. */
  source?: "web" | "phone";
  /** Card (the default), or cash: paid to the driver on board. */
  paymentMode?: "card" | "cash";
  /** Staff's reason when the price is not the price file's. */
  priceOverrideReason?: string | null;
  /** The traveller's language: the booking form's (its path's prefix), English by default. */
  locale?: Locale;
  /**
   * The hash of a manage token drawn for whoever posts the booking (drawManageToken): stored as a
   * link to the booking saved, unless a paid booking of other content refuses the post.
   */
  manageTokenHash?: string;
}

/**
 * What saving did: `created` a new booking; `updated` an unpaid booking of the same token to the
 * new content and price; `unchanged` found an unpaid booking holding exactly this content; `paid`
 * found this content already paid; `paid-differs` found a paid booking of the same token holding
 * other content, and changed nothing.
 */
export type SaveOutcome = "created" | "updated" | "unchanged" | "paid" | "paid-differs";

/** The stored form of a checked booking: its columns and details (its legs are rows), the raw post not among them. */
function bookingValues(input: NewBooking) {
  const { booking, priceCents } = input;
  return {
    ...storedColumns(booking),
    priceCents,
    paymentMode: input.paymentMode ?? ("card" as const),
    source: input.source ?? ("web" as const),
    locale: input.locale ?? DEFAULT_LOCALE,
    priceOverrideReason: input.priceOverrideReason ?? null,
    test: input.test ?? false,
    details: detailsColumn(storedDetails(booking)),
    firstPickupAt: booking.legs[0]?.pickupAt ?? null,
    returnPickupAt: booking.legs[1]?.pickupAt ?? null,
  };
}

type BookingValues = ReturnType<typeof bookingValues>;

function sameValue(a: unknown, b: unknown): boolean {
  return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
}

/**
 * Whether a stored row (read with its legs) holds these values: its columns, and the model its
 * details and legs make. A paid booking's language is not its content: the same booking posted
 * again from another language's form is still the one paid, and keeps the language it was paid in.
 */
function holds(row: BookingRow, values: BookingValues, model: StoredDetails): boolean {
  const columns = (Object.keys(values) as (keyof BookingValues)[]).filter(
    (key) => key !== "details" && !(key === "locale" && row.status === "paid"),
  );
  return (
    columns.every((key) => sameValue(row[key], values[key])) &&
    isDeepStrictEqual(readStoredDetails(row.details), readStoredDetails(JSON.parse(JSON.stringify(model))))
  );
}

/**
 * The insert of a new booking, built once per database and prepared on the server (a named
 * statement on PostgreSQL): its row, its legs and the link of whoever posted it, in one statement,
 * so a booking is never stored in part and each one sends only its values. Nothing is written
 * when the row's submission token or order id is taken.
 */
function prepareInsert(db: Db) {
  const p = sql.placeholder;
  const inserted = db.$with("inserted").as(
    db
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
        source: p("source"),
        locale: p("locale"),
        priceOverrideReason: p("priceOverrideReason"),
        test: p("test"),
        details: p("details"),
        // Cast in SQL: a timestamp column's own mapping cannot take the one-way booking's null.
        firstPickupAt: sql`cast(${p("firstPickupAt")} as timestamptz)`,
        returnPickupAt: sql`cast(${p("returnPickupAt")} as timestamptz)`,
      })
      .onConflictDoNothing()
      .returning(),
  );
  const legs = db.$with("legs", {}).as(insertLegsOf("inserted", p("legs")));
  const link = db.$with("link", {}).as(
    sql`insert into ${manageLinks} (order_id, token_hash)
        select order_id, link.hash from inserted, (select cast(${p("manageTokenHash")} as text) as hash) link where link.hash is not null`,
  );
  return db.with(inserted, legs, link).select().from(inserted).prepare("save_booking");
}
const inserts = new WeakMap<Db, ReturnType<typeof prepareInsert>>();

/**
 * Stores a checked booking before anything is answered, keyed by its submission token, so that
 * posting the same draft twice gives the first booking back, with its order id. A repost of the
 * same token with other content never answers with the old booking: an unpaid booking (pending or
 * failed) takes the new content and price under its order id, and a paid one is never changed
 * (`paid-differs`: the caller refuses). The update only touches a row that is still unpaid, so a
 * payment recorded meanwhile wins.
 *
 * A new booking is one statement (prepareInsert). A repost writes the booking's row and legs, and
 * the new link, in one transaction.
 */
export async function saveBooking(db: Db, input: NewBooking): Promise<{ row: BookingRow; outcome: SaveOutcome }> {
  const token = input.booking.submissionToken;
  const values = bookingValues(input);
  const model = storedDetails(input.booking);
  const linkHash = input.manageTokenHash ?? null;
  let insert = inserts.get(db);
  if (!insert) inserts.set(db, (insert = prepareInsert(db)));
  for (let attempt = 0; attempt < 5; attempt++) {
    const [inserted] = await insert.execute({
      orderId: orderIdFrom(randomBytes(6)),
      submissionToken: token,
      ...values,
      firstPickupAt: values.firstPickupAt?.toISOString() ?? null,
      returnPickupAt: values.returnPickupAt?.toISOString() ?? null,
      legs: legRecords(model.legs),
      manageTokenHash: linkHash,
    });
    // The row as a read gives it: the details with their legs, as JSON.
    if (inserted) return { row: { ...inserted, details: JSON.parse(JSON.stringify(model)) as unknown }, outcome: "created" };
    const existing = await findByToken(db, token);
    // Neither the token nor an insert: the order id collided. Draw another.
    if (!existing) continue;
    const kept = existing.status === "paid" ? "paid" : existing.status === "pending_payment" ? "unchanged" : null;
    if (kept && holds(existing, values, model)) {
      if (linkHash) await db.insert(manageLinks).values({ orderId: existing.orderId, tokenHash: linkHash });
      return { row: existing, outcome: kept };
    }
    if (existing.status === "paid") return { row: existing, outcome: "paid-differs" };
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(bookings)
        .set({ ...values, status: "pending_payment", updatedAt: sql`now()` })
        .where(and(eq(bookings.submissionToken, token), ne(bookings.status, "paid")))
        .returning({ orderId: bookings.orderId });
      if (!row) return undefined;
      await writeLegs(tx, row.orderId, model.legs);
      if (linkHash) await tx.insert(manageLinks).values({ orderId: row.orderId, tokenHash: linkHash });
      return row;
    });
    if (updated) return { row: (await findByOrderId(db, updated.orderId))!, outcome: "updated" };
    // Paid between the read and the update: the next round reads it again.
  }
  throw new Error("Could not store the booking after 5 attempts.");
}

export async function findByToken(db: Db, token: string): Promise<BookingRow | undefined> {
  const rows = await db.select(bookingColumns).from(bookings).where(eq(bookings.submissionToken, token)).limit(1);
  return rows[0];
}

export async function findByOrderId(db: Db, orderId: string): Promise<BookingRow | undefined> {
  const rows = await db.select(bookingColumns).from(bookings).where(eq(bookings.orderId, orderId)).limit(1);
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

/** The payment issue of a payment that arrives after staff cancelled the booking. */
export const CANCELLED_THEN_PAID = "Paid after the booking was cancelled: refund the traveller from the booking's page.";

/** The payment issue the staff read when the money that moved is not the booking's price. */
function amountIssue(row: Pick<BookingRow, "priceCents" | "currency">, notice: PaymentNotice): string | null {
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
    // Locked in a statement of its own, then read with its legs as they are now (see lockBooking).
    const [locked] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.orderId, notice.orderId)).limit(1).for("update");
    const row = locked ? (await tx.select(bookingColumns).from(bookings).where(eq(bookings.id, locked.id)).limit(1))[0] : undefined;
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
    // A booking staff cancelled and the traveller paid anyway (through a payment link sent
    // earlier, say): the money moved, so it is recorded, and staff are told to refund it.
    const cancelled = row.bookingStatus === "cancelled";
    const issue = [amountIssue(row, notice), cancelled ? CANCELLED_THEN_PAID : null].filter(Boolean).join(" ") || null;
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
      .returning(bookingColumns);
    if (!updated[0]) return "already-handled";
    // The traveller of a cancelled booking is not told it is booked; the business still hears of the payment.
    const messages = messagesFor(updated[0]).filter((m) => !cancelled || m.kind !== "traveller_confirmation");
    if (messages.length > 0) {
      await tx
        .insert(outbox)
        .values(messages.map((m) => ({ ...m, orderId: notice.orderId })))
        .onConflictDoNothing();
    }
    return issue ? "paid-with-issue" : "paid";
  });
}
