import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { EMAIL_KINDS } from "../app/domain/email-registry";
import { VEHICLE_KINDS, VEHICLE_PICTURES } from "../app/domain/fleet";
import { BACK_OFFICE_LOCALES, LOCALES } from "../app/domain/locales";

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
    /**
     * The payment status: waiting for payment, paid, failed, or (through the back office or the
     * traveller's cancellation) refunded in full or in part. The booking's own life is bookingStatus.
     */
    status: text("status", { enum: ["pending_payment", "paid", "payment_failed", "refunded", "partly_refunded"] })
      .notNull()
      .default("pending_payment"),
    /** What the business has done with the booking, apart from its payment (docs/product.md, Back office). */
    bookingStatus: text("booking_status", { enum: ["new", "confirmed", "driver_assigned", "completed", "cancelled", "no_show"] })
      .notNull()
      .default("new"),
    /** Where the booking came from: the public form, or staff entering a booking taken by phone. */
    source: text("source", { enum: ["web", "phone"] })
      .notNull()
      .default("web"),
    /**
     * The traveller's language: the booking form's, or the one staff chose. Its payment pages, the
     * traveller's e-mails and its calendar file speak it (docs/decisions/0032-six-languages.md).
     */
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
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
    /** Refunded so far through the payment provider, in cents. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** The outbound leg's pickup moment, and the return leg's: the run sheet, filters and reminders read them. */
    firstPickupAt: timestamp("first_pickup_at", { withTimezone: true }),
    returnPickupAt: timestamp("return_pickup_at", { withTimezone: true }),
    /** Staff's reason when a phone booking's price differs from the price file's. */
    priceOverrideReason: text("price_override_reason"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("bookings_order_id_key").on(t.orderId),
    uniqueIndex("bookings_submission_token_key").on(t.submissionToken),
    index("bookings_created_at_idx").on(t.createdAt),
    index("bookings_first_pickup_at_idx").on(t.firstPickupAt),
    index("bookings_return_pickup_at_idx").on(t.returnPickupAt),
    index("bookings_booking_status_idx").on(t.bookingStatus, t.createdAt),
    index("bookings_status_idx").on(t.status, t.createdAt),
    // The back office's bookings list searches by the start of a name or an e-mail, and by the end
    // of a phone number's digits (docs/decisions/0016-booking-list-indexes.md). Plain B-trees, so
    // PGlite needs no extension.
    index("bookings_lastname_search_idx").using("btree", sql`lower(${t.lastname}) text_pattern_ops`),
    index("bookings_firstname_search_idx").using("btree", sql`lower(${t.firstname}) text_pattern_ops`),
    index("bookings_email_search_idx").using("btree", sql`lower(${t.email}) text_pattern_ops`),
    index("bookings_phone_search_idx").using("btree", sql`reverse(regexp_replace(${t.phone}, '[^0-9]', '', 'g')) text_pattern_ops`),
  ],
);

/**
 * A booking's legs, one row each (docs/decisions/0020-legs-as-rows.md): the outbound, and the return
 * of a round trip. The booking's details hold the rest of the model; read together through
 * app/lib/booking-store.server.ts. Each leg has its own driver and its own ride status, so the
 * return days later may be driven by someone else.
 */
export const bookingLegs = pgTable(
  "booking_legs",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => bookings.orderId, { onDelete: "cascade" }),
    /** 1 the outbound, 2 the return. */
    leg: integer("leg").notNull(),
    /** The pickup moment the booking rules measured. */
    pickupAt: timestamp("pickup_at", { withTimezone: true }).notNull(),
    /** yyyy-MM-dd, Paris: the day the traveller chose. */
    date: text("date").notNull(),
    /** HH:MM, when the traveller gave one (a leg with no flight, or a departure's proposal). */
    pickupTime: text("pickup_time"),
    adults: integer("adults").notNull(),
    children: integer("children").notNull(),
    babies: integer("babies").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    delayDepartMinutes: integer("delay_depart_minutes").notNull(),
    delayArriveMinutes: integer("delay_arrive_minutes").notNull(),
    /** Each end as the model's BookingEnd (app/domain/booking/model.ts): an airport with its flight, or a place. */
    pickup: jsonb("pickup").notNull(),
    dropoff: jsonb("dropoff").notNull(),
    /** The traveller's note for the leg, with the passengers-and-luggage block the form writes. */
    notes: text("notes").notNull().default(""),
    /** The driver of this leg, once staff assign one. */
    driverId: integer("driver_id").references(() => drivers.id),
    /** The ride itself: to drive, driven, or the traveller did not show. */
    rideStatus: text("ride_status", { enum: ["scheduled", "completed", "no_show"] })
      .notNull()
      .default("scheduled"),
  },
  (t) => [
    uniqueIndex("booking_legs_order_leg_key").on(t.orderId, t.leg),
    index("booking_legs_pickup_at_idx").on(t.pickupAt),
    index("booking_legs_driver_idx").on(t.driverId, t.pickupAt),
  ],
);

/**
 * The fleet (app/domain/fleet.ts): each kind of vehicle the business runs and what it carries,
 * edited at /admin/vehicles. A new database gets the first fleet (app/lib/fleet.server.ts). A
 * vehicle is deactivated, never deleted, so the drivers and runs that name it keep it.
 */
export const vehicles = pgTable(
  "vehicles",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    kind: text("kind", { enum: VEHICLE_KINDS }).notNull(),
    seats: integer("seats").notNull(),
    suitcases: integer("suitcases").notNull(),
    childSeats: integer("child_seats").notNull(),
    active: boolean("active").notNull().default(true),
    picture: text("picture", { enum: VEHICLE_PICTURES }).notNull(),
    pictureAlt: text("picture_alt").notNull(),
    description: text("description").notNull(),
    luggage: text("luggage").notNull(),
    /**
     * The three texts above in the site's other languages, as far as staff wrote them:
     * { "fr": { "pictureAlt", "description", "luggage" }, "es": … } (VehicleTranslations), read
     * through app/lib/fleet.server.ts, which drops what does not read as such.
     */
    texts: jsonb("texts").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("vehicles_name_key").on(sql`lower(${t.name})`)],
);

/** The business's drivers, assigned to bookings by staff. */
export const drivers = pgTable("drivers", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  phone: text("phone").notNull(),
  email: text("email").notNull(),
  /** The vehicle of the fleet the driver drives. */
  vehicleId: integer("vehicle_id").references(() => vehicles.id),
  /** The driver's own vehicle in words: its plate, its colour. */
  vehicleNote: text("vehicle_note").notNull().default(""),
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The shared shuttle's runs of a Paris day (docs/decisions/0027-shuttle-runs-stored.md): the
 * planner's proposal as stored by the dispatcher, and the runs they fixed by hand (locked), which
 * a re-plan keeps. A run's time is measured from its legs (app/domain/runs/run-check.ts) and kept
 * here for the traveller's pages each time the day's runs are written.
 */
export const shuttleRuns = pgTable(
  "shuttle_runs",
  {
    id: serial("id").primaryKey(),
    /** yyyy-MM-dd, Paris. */
    day: text("day").notNull(),
    /** The airport's code: CDG, ORY, BVA. */
    airport: text("airport").notNull(),
    direction: text("direction", { enum: ["arrival", "departure"] }).notNull(),
    locked: boolean("locked").notNull().default(false),
    /** The seats and suitcase units the run is planned for: the vehicle's once one is given. */
    seats: integer("seats").notNull(),
    suitcases: integer("suitcases").notNull(),
    vehicleId: integer("vehicle_id").references(() => vehicles.id),
    driverId: integer("driver_id").references(() => drivers.id),
    /** When the run leaves the airport (arrivals) or picks up its first party (departures). */
    departsAt: timestamp("departs_at", { withTimezone: true }),
    /** When staff dispatched it: its legs were given its driver. */
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("shuttle_runs_day_idx").on(t.day)],
);

/** Which run carries a leg: a leg is in one run at most, which the primary key holds. */
export const shuttleRunLegs = pgTable(
  "shuttle_run_legs",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => bookings.orderId, { onDelete: "cascade" }),
    leg: integer("leg").notNull(),
    runId: integer("run_id")
      .notNull()
      .references(() => shuttleRuns.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.leg] }), index("shuttle_run_legs_run_idx").on(t.runId)],
);

/**
 * A driver's personal link to their day (docs/product.md, The driver's day): 128 random bits or
 * more, of which only the SHA-256 is kept. Revoking deletes the row; a driver has one link at a time.
 */
export const driverLinks = pgTable(
  "driver_links",
  {
    id: serial("id").primaryKey(),
    driverId: integer("driver_id")
      .notNull()
      .references(() => drivers.id, { onDelete: "cascade" }),
    /** SHA-256 of the token, hex. */
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("driver_links_token_hash_key").on(t.tokenHash), uniqueIndex("driver_links_driver_key").on(t.driverId)],
);

/**
 * The moments of a leg's ride as its driver records them (On my way, At pickup, Picked up,
 * No-show): proof in a dispute. Each step is kept once, at the first press.
 */
export const legEvents = pgTable(
  "leg_events",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => bookings.orderId, { onDelete: "cascade" }),
    leg: integer("leg").notNull(),
    step: text("step", { enum: ["on_my_way", "at_pickup", "picked_up", "no_show"] }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    driverId: integer("driver_id").references(() => drivers.id),
  },
  (t) => [uniqueIndex("leg_events_step_key").on(t.orderId, t.leg, t.step)],
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
    kind: text("kind", { enum: EMAIL_KINDS }).notNull(),
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
    /** A copy that staff asked to send again ('Resend'): the message it copies. */
    resentFrom: integer("resent_from"),
    /**
     * A random marker the body holds where the traveller's manage link goes. The link's token is
     * drawn when the message is sent and stored only as a hash (manage_links), so no token is ever
     * written in the outbox.
     */
    linkMarker: text("link_marker"),
    /** Whether the message carries the booking's calendar file (.ics), drawn when it is sent. */
    calendar: boolean("calendar").notNull().default(false),
    /** The leg (1 or 2) a reminder is about. */
    leg: integer("leg"),
  },
  (t) => [
    // The two e-mails of a payment are written once per order, whatever the replays; staff
    // messages (a confirmation, a driver's job, a copy sent again) are guarded by the booking's
    // status change that writes them.
    uniqueIndex("outbox_order_kind_key")
      .on(t.orderId, t.kind)
      .where(sql`${t.kind} in ('traveller_confirmation', 'business_notification') and ${t.resentFrom} is null`),
    // One reminder per leg, whatever the number of instances that find it due at once.
    uniqueIndex("outbox_reminder_key")
      .on(t.orderId, t.leg)
      .where(sql`${t.kind} = 'reminder' and ${t.resentFrom} is null`),
    index("outbox_order_idx").on(t.orderId),
    index("outbox_pending_idx")
      .on(t.status, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The traveller's links to their booking's own page (docs/product.md, Managing a booking): each
 * e-mail and the payment result page get a token of their own, 256 random bits of which only the
 * SHA-256 is kept here. Any of a booking's tokens opens its page.
 */
export const manageLinks = pgTable(
  "manage_links",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id").notNull(),
    /** SHA-256 of the token, hex. */
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("manage_links_token_hash_key").on(t.tokenHash), index("manage_links_order_idx").on(t.orderId)],
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

/**
 * Everything staff do (and what the system does on their behalf): sign-ins, status changes,
 * assignments, notes, refunds, price publications. A booking's history is its rows here.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff account, or null for the traveller or the system. */
    actorId: text("actor_id"),
    /** Who, in words kept even if the account goes: a staff e-mail, "traveller" or "system". */
    actor: text("actor").notNull(),
    /** What happened, as a short code: sign_in, booking_confirmed, note_added, prices_published… */
    action: text("action").notNull(),
    /** The booking concerned, if any. */
    orderId: text("order_id"),
    /** What changed, in plain words for the history. */
    detail: text("detail").notNull().default(""),
  },
  (t) => [index("audit_events_at_idx").on(t.at), index("audit_events_order_idx").on(t.orderId, t.at)],
);

/** Every price file published from the back office, so that one can be restored. */
export const priceVersions = pgTable("price_versions", {
  id: serial("id").primaryKey(),
  content: text("content").notNull(),
  /** SHA-256 of the content, hex. */
  sha256: text("sha256").notNull(),
  publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  publishedBy: text("published_by").notNull(),
  /** Why it was published: an upload, or a roll-back to version N. */
  note: text("note").notNull().default(""),
});

// Staff accounts, sessions and second factors: better-auth's tables under this project's names
// (docs/decisions/0015-staff-authentication.md). Ids are better-auth's strings.
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const staffUsers = pgTable("staff_users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
  /** "admin" or "dispatcher". */
  role: text("role"),
  /** A disabled account: it cannot sign in and its sessions are gone. */
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: ts("ban_expires"),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  /** The language of the back office for this member, chosen on My account. */
  locale: text("locale", { enum: BACK_OFFICE_LOCALES }).notNull().default("en"),
});

export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: ts("expires_at").notNull(),
    /** SHA-256 (hex) of the cookie's token, never the token itself (app/lib/staff-session-tokens.server.ts). */
    token: text("token").notNull().unique(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at")
      .notNull()
      .$onUpdate(() => new Date()),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
  },
  (t) => [index("staff_sessions_user_id_idx").on(t.userId)],
);

export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: ts("access_token_expires_at"),
    refreshTokenExpiresAt: ts("refresh_token_expires_at"),
    scope: text("scope"),
    /** The argon2id hash. */
    password: text("password"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at")
      .notNull()
      .$onUpdate(() => new Date()),
  },
  (t) => [index("staff_accounts_user_id_idx").on(t.userId)],
);

export const staffVerifications = pgTable(
  "staff_verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at")
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index("staff_verifications_identifier_idx").on(t.identifier)],
);

export const staffTwoFactors = pgTable(
  "staff_two_factors",
  {
    id: text("id").primaryKey(),
    /** Encrypted with the auth secret. */
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: ts("locked_until"),
  },
  (t) => [index("staff_two_factors_secret_idx").on(t.secret), index("staff_two_factors_user_id_idx").on(t.userId)],
);

/**
 * Each authenticator code accepted, as its account and the 30-second step it was drawn for: the
 * primary key refuses the same code a second time on any instance (RFC 6238, section 5.2). Rows
 * older than the codes' window are purged (app/lib/retention.server.ts).
 */
export const staffTotpUses = pgTable(
  "staff_totp_uses",
  {
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    step: integer("step").notNull(),
    usedAt: ts("used_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.step] }), index("staff_totp_uses_used_at_idx").on(t.usedAt)],
);
