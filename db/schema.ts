import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * One schema for PostgreSQL and the embedded PGlite (docs/decisions/0006-storage-and-payments.md).
 * Migrations are generated from it with `npm run db:generate` and committed in db/migrations.
 */

export const bookings = pgTable(
  "bookings",
  {
    id: serial("id").primaryKey(),
    /** Short, human-friendly and unique: NV- and six letters or digits. */
    orderId: text("order_id").notNull(),
    /** The form's one-time token: posting the same draft twice finds this row again. */
    submissionToken: text("submission_token").notNull(),
    status: text("status", { enum: ["pending_payment", "paid", "payment_failed"] })
      .notNull()
      .default("pending_payment"),
    /** Made while the sandbox stood in for a payment provider: no money moved. */
    test: boolean("test").notNull().default(false),
    kind: text("kind", { enum: ["shuttle", "private"] }).notNull(),
    roundTrip: boolean("round_trip").notNull(),
    depart: text("depart").notNull(),
    arrive: text("arrive").notNull(),
    lastname: text("lastname").notNull(),
    firstname: text("firstname").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    adults: integer("adults").notNull(),
    children: integer("children").notNull(),
    babies: integer("babies").notNull(),
    /** The server's price, from the price file: what the traveller pays. */
    priceCents: integer("price_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    paymentMode: text("payment_mode", { enum: ["card", "cash"] }).notNull(),
    /** Both legs, luggage and notes, as checked by the booking schema. */
    details: jsonb("details").notNull(),
    paymentProvider: text("payment_provider"),
    paymentRef: text("payment_ref"),
    /** What the provider reported as paid, in cents, when it differs from priceCents. */
    paidAmountCents: integer("paid_amount_cents"),
    /** A payment problem for the staff to see (an amount that differs, a failed payment), in plain words. */
    paymentIssue: text("payment_issue"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("bookings_order_id_key").on(t.orderId),
    uniqueIndex("bookings_submission_token_key").on(t.submissionToken),
    index("bookings_created_at_idx").on(t.createdAt),
  ],
);

/** Every payment notification handled, so a replayed one changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  provider: text("provider").notNull(),
  orderId: text("order_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** E-mails waiting to be sent: written with the change that causes them, retried until sent. */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id").notNull(),
    /** Which message of the order this is: one of each per order. */
    kind: text("kind", { enum: ["traveller_confirmation", "business_notification"] }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: ["pending", "sent"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** While set and in the future, one instance is sending this message and no other takes it. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("outbox_order_kind_key").on(t.orderId, t.kind),
    index("outbox_pending_idx")
      .on(t.status, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Counters of the rate limits, shared by every instance of the server (rate-limiter-flexible's
 * Drizzle store): one row per limited key (a limit's prefix and an address or network).
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true }),
});

/**
 * Secrets the instances share and no setting gave (the sandbox's signing key): drawn once by the
 * first instance that needs one, read by the others.
 */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
