import { eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bookings, outbox } from "../../db/schema";
import { startSmtp, type TestSmtp } from "../../tests/support/smtp";
import { type EmailSite } from "~/domain/booking/email-frame";
import { bookingEmails } from "~/domain/booking/paid-emails";
import type { BookingEnd } from "~/domain/booking/model";
import type { Booking } from "~/domain/booking/validation";
import { CANCELLED_THEN_PAID, recordPayment, saveBooking } from "./bookings.server";
import type { Db } from "./db.server";
import {
  backoffMs,
  createMailTransport,
  createOutbox,
  type MailLogger,
  type MailTransport,
  OUTBOX_DEFAULTS,
  outboxMessageId,
  outboxState,
  type PrepareMessage,
} from "./mail.server";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import { mailWordsIn } from "./i18n.server";
import { ENGLISH_MAIL } from "~/lib/test-support/booking-words";
import { staffLanguage } from "~/lib/email-site.server";

const CONFIRMATION_SENTENCE = ENGLISH_MAIL.t("confirmation");

// ---------------------------------------------------------------------------------------------
// A real SMTP server in the test process

/** A port nothing listens on: one the system gave out and that was closed again. */
async function closedPort(): Promise<number> {
  const smtp = await startSmtp();
  await smtp.close();
  return smtp.port;
}

// ---------------------------------------------------------------------------------------------
// Fixtures

const FROM = "Navette Paris <booking@navette.example>";

function recordingLog(): MailLogger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
}

/** A clock the test moves by hand. */
function manualClock(start = new Date()) {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

async function queue(db: Db, orderId: string, overrides: Partial<typeof outbox.$inferInsert> = {}) {
  const [row] = await db
    .insert(outbox)
    .values({
      orderId,
      kind: "traveller_confirmation",
      recipient: `traveller-${orderId.toLowerCase()}@example.com`,
      subject: `Your booking ${orderId}`,
      body: `Hello,\nYour order ${orderId} costs 40,00\u00a0€.\nYour reservation will be confirmed within 12 hours.\n`,
      nextAttemptAt: new Date(Date.now() - 1000),
      ...overrides,
    })
    .returning();
  return row!;
}

async function rowById(db: Db, id: number) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
}

// One migrated in-memory database for the file, emptied before each test.
const database = useEmbeddedDatabase();
let smtp: TestSmtp;
let transports: MailTransport[];

beforeEach(async () => {
  await database.db.execute(sql`truncate outbox, payment_events, bookings restart identity cascade`);
  smtp = await startSmtp();
  transports = [];
});

afterEach(async () => {
  for (const t of transports) t.close?.();
  await smtp.close();
});

function transportFor(url: string): MailTransport {
  const t = createMailTransport(url);
  if (!t) throw new Error("expected a transport");
  transports.push(t);
  return t;
}

// ---------------------------------------------------------------------------------------------

describe("createMailTransport", () => {
  it.each([
    ["null", null],
    ["empty", ""],
  ])("gives no transport when SMTP_URL is %s", (_what, url) => {
    expect(createMailTransport(url)).toBeNull();
  });

  it("gives a transport that sends through the SMTP server of an smtp:// URL", async () => {
    await transportFor(smtp.url).sendMail({
      from: "site@example.com",
      to: { name: "Claire", address: "claire@example.com" },
      subject: "Hello",
      text: "Hello",
      messageId: "<lazy@example.com>",
    });
    expect(smtp.received.map((m) => [m.to, m.subject])).toEqual([[["claire@example.com"], "Hello"]]);
  });
});

describe("backoffMs", () => {
  it.each([
    [1, 60_000],
    [2, 120_000],
    [3, 240_000],
    [9, 256 * 60_000],
    [10, 6 * 3_600_000],
    [1000, 6 * 3_600_000],
  ])("waits %i attempts → %i ms", (attempts, ms) => {
    expect(backoffMs(attempts)).toBe(ms);
  });
});

describe("the outbox over real SMTP", () => {
  it("delivers a pending message with its from, to, subject and body, and marks it sent", async () => {
    const { db } = database;
    const clock = manualClock();
    const log = recordingLog();
    const message = await queue(db, "NV-AAAAAA");
    const box = createOutbox({ db, transport: transportFor(smtp.url), from: FROM, log, now: clock.now });

    expect(await box.runOnce()).toEqual({ sent: 1, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const got = smtp.received[0]!;
    expect(got.from).toBe("booking@navette.example");
    expect(got.to).toEqual([message.recipient]);
    expect(got.headers.from).toBe(FROM);
    expect(got.headers.to).toBe(message.recipient);
    expect(got.headers.subject).toBe(message.subject);
    expect(got.text).toBe(message.body);

    const row = await rowById(db, message.id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row.sentAt?.getTime()).toBe(clock.now().getTime());

    // Sent is sent: nothing goes out again.
    clock.advance(24 * 3_600_000);
    expect(await box.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("sends a message again under the same Message-ID when its sender died after the server took it", async () => {
    const { db } = database;
    const clock = manualClock();
    const message = await queue(db, "NV-MMMMMM");
    // The first instance hands the message to the server, then never comes back (killed).
    const real = transportFor(smtp.url);
    const dying: MailTransport = {
      sendMail: async (m) => {
        await real.sendMail(m);
        return new Promise(() => undefined);
      },
    };
    void createOutbox({ db, transport: dying, from: FROM, log: recordingLog(), now: clock.now }).runOnce();
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1));

    // Another instance takes it once the claim has run out, and sends the same message.
    const other = createOutbox({ db, transport: transportFor(smtp.url), from: FROM, log: recordingLog(), now: clock.now });
    expect(await other.runOnce()).toEqual({ sent: 0, failed: 0 });
    clock.advance(OUTBOX_DEFAULTS.claimMs + 1);
    expect(await other.runOnce()).toEqual({ sent: 1, failed: 0 });
    const ids = smtp.received.map((m) => m.headers["message-id"]);
    expect(ids).toEqual([outboxMessageId(message, FROM), outboxMessageId(message, FROM)]);
    expect(ids[0]).toBe(`<outbox-${message.id}.NV-MMMMMM@navette.example>`);
  });

  it("sends the oldest due messages first, a batch at a time, and leaves those not yet due", async () => {
    const { db } = database;
    const base = Date.now();
    const later = await queue(db, "NV-CCCCCC", { nextAttemptAt: new Date(base - 1_000) });
    const older = await queue(db, "NV-BBBBBB", { nextAttemptAt: new Date(base - 5_000) });
    const notDue = await queue(db, "NV-DDDDDD", { nextAttemptAt: new Date(base + 3_600_000) });
    const box = createOutbox({
      db,
      transport: transportFor(smtp.url),
      from: FROM,
      log: recordingLog(),
      now: () => new Date(base),
      batchSize: 1,
    });

    expect(await box.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.map((m) => m.to[0])).toEqual([older.recipient]);
    expect(await box.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.map((m) => m.to[0])).toEqual([older.recipient, later.recipient]);
    expect(await box.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect((await rowById(db, notDue.id)).status).toBe("pending");
  });

  it("keeps a message the server refuses, retries it after the backoff, and delivers it once the server recovers", async () => {
    const { db } = database;
    const clock = manualClock();
    const log = recordingLog();
    const message = await queue(db, "NV-EEEEEE");
    const box = createOutbox({ db, transport: transportFor(smtp.url), from: FROM, log, now: clock.now });

    smtp.failing = true;
    expect(await box.runOnce()).toEqual({ sent: 0, failed: 1 });
    let row = await rowById(db, message.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toMatch(/451|try again/i);
    expect(row.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 60_000);
    expect(row.sentAt).toBeNull();

    // Not due yet: nothing is tried.
    expect(await box.runOnce()).toEqual({ sent: 0, failed: 0 });

    // Still failing a minute later: the next wait doubles.
    clock.advance(60_000);
    expect(await box.runOnce()).toEqual({ sent: 0, failed: 1 });
    row = await rowById(db, message.id);
    expect(row).toMatchObject({ status: "pending", attempts: 2 });
    expect(row.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 120_000);

    smtp.failing = false;
    clock.advance(120_000);
    expect(await box.runOnce()).toEqual({ sent: 1, failed: 0 });
    row = await rowById(db, message.id);
    expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(smtp.received.map((m) => m.headers.subject)).toEqual([message.subject]);
  });

  it("keeps a message when nothing listens on the SMTP port, and sends it through a working server later", async () => {
    const { db } = database;
    const clock = manualClock();
    const message = await queue(db, "NV-FFFFFF");
    const down = createOutbox({
      db,
      transport: transportFor(`smtp://127.0.0.1:${await closedPort()}`),
      from: FROM,
      log: recordingLog(),
      now: clock.now,
    });

    expect(await down.runOnce()).toEqual({ sent: 0, failed: 1 });
    const row = await rowById(db, message.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime());

    clock.advance(60_000);
    const up = createOutbox({ db, transport: transportFor(smtp.url), from: FROM, log: recordingLog(), now: clock.now });
    expect(await up.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("stops trying after maxAttempts but keeps the message pending, and says so", async () => {
    const { db } = database;
    const clock = manualClock();
    const log = recordingLog();
    const message = await queue(db, "NV-GGGGGG");
    const box = createOutbox({ db, transport: transportFor(smtp.url), from: FROM, log, now: clock.now, maxAttempts: 2 });
    smtp.failing = true;
    expect(await box.runOnce()).toEqual({ sent: 0, failed: 1 });
    clock.advance(60_000);
    expect(await box.runOnce()).toEqual({ sent: 0, failed: 1 });
    clock.advance(24 * 3_600_000);
    smtp.failing = false;
    expect(await box.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(await rowById(db, message.id)).toMatchObject({ status: "pending", attempts: 2 });
    expect(log.lines.filter((l) => l.startsWith("error"))).toEqual([
      expect.stringContaining(`E-mail ${message.id} (traveller_confirmation, order NV-GGGGGG) failed on attempt 2`),
    ]);
  });

  it("sends nothing without a transport: messages wait, and the missing SMTP_URL is logged once", async () => {
    const { db } = database;
    const log = recordingLog();
    const message = await queue(db, "NV-HHHHHH");
    const box = createOutbox({ db, transport: null, from: FROM, log });
    expect(await box.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(await box.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(await rowById(db, message.id)).toMatchObject({ status: "pending", attempts: 0, lastError: null });
    expect(log.lines).toEqual(["warn SMTP_URL is unset: e-mails wait in the outbox until it is set."]);
    expect(smtp.received).toHaveLength(0);
  });

  it.each([
    ["one instance", 1],
    ["two instances", 2],
    ["three instances", 3],
  ])("sends each message once when passes of %s run concurrently", async (_what, instances) => {
    const { db } = database;
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push((await queue(db, `NV-K${String(i).padStart(5, "2")}`)).id);
    const boxes = Array.from({ length: instances }, () =>
      createOutbox({ db, transport: transportFor(smtp.url), from: FROM, log: recordingLog(), batchSize: 10 }),
    );
    const passes = await Promise.all([...boxes, ...boxes].map((b) => b.runOnce()));
    const more = await Promise.all(boxes.map((b) => b.runOnce()));
    const sent = [...passes, ...more].reduce((n, r) => n + r.sent, 0);
    expect(sent).toBe(12);
    const recipients = smtp.received.map((m) => m.to[0]);
    expect(new Set(recipients).size).toBe(12);
    expect(recipients).toHaveLength(12);
    for (const id of ids) expect(await rowById(db, id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("runs on a timer after start() and stops cleanly", async () => {
    const { db } = database;
    const box = createOutbox({ db, transport: transportFor(smtp.url), from: FROM, log: recordingLog() });
    box.start(20);
    await queue(db, "NV-MMMMMM");
    const deadline = Date.now() + 5_000;
    while (smtp.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await box.stop();
    expect(smtp.received).toHaveLength(1);
    await queue(db, "NV-NNNNNN");
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.received).toHaveLength(1);
  });

  it("never logs an address, a name or a subject", async () => {
    const { db } = database;
    const clock = manualClock();
    const log = recordingLog();
    await queue(db, "NV-PPPPPP", { recipient: "alice.martin@example.com", subject: "Alice Martin's booking" });
    const box = createOutbox({ db, transport: transportFor(smtp.url), from: FROM, log, now: clock.now });
    smtp.failing = true;
    await box.runOnce();
    clock.advance(60_000);
    smtp.failing = false;
    await box.runOnce();
    expect(log.lines.length).toBeGreaterThanOrEqual(2);
    for (const line of log.lines) {
      expect(line).not.toMatch(/@|Alice|Martin|Mailbox busy/);
      expect(line).toContain("NV-PPPPPP");
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Payment → outbox → SMTP

const site: EmailSite = {
  siteName: "Navette Paris",
  businessEmail: "booking@navette.example",
  words: mailWordsIn,
  staff: staffLanguage("en"),
  phone: "+33 1 99 00 12 34",
  siteUrl: "https://navette.example",
};

function end(partial: Partial<BookingEnd>): BookingEnd {
  return {
    place: "",
    kind: "address",
    flightTime: null,
    flightCity: "",
    flightNumber: "",
    hotel: "",
    hotelId: null,
    address: "",
    zip: "",
    terminal: "",
    ...partial,
  };
}

const booking: Booking = {
  customer: {
    lastname: "Martin",
    firstname: "Alice",
    email: "alice@example.com",
    phoneMobile: "+33 6 12 34 56 78",
    address: "1 rue de Rivoli",
    postcode: "75001",
    city: "Paris",
    country: "France",
    phoneCountryCode: "fr",
  },
  kind: "shuttle",
  roundTrip: false,
  depart: "Charles_de_Gaulle_Airport_(CDG)",
  arrive: "Paris",
  passengers: { adults: 2, children: 1, babies: 0, total: 3 },
  childSeats: { baby: 0, child: 0, booster: 0 },
  luggage: { checkIn: 2, cabin: 1, strollerSingle: 0, strollerDouble: 0, info: "" },
  legs: [
    {
      leg: 1,
      date: "2026-07-01",
      pickupAt: new Date("2026-07-01T05:45:00.000Z"),
      pickupTime: null,
      passengers: { adults: 2, children: 1, babies: 0, total: 3 },
      durationMinutes: 60,
      delayDepartMinutes: 30,
      delayArriveMinutes: 120,
      pickup: end({
        place: "Charles de Gaulle Airport (CDG)",
        kind: "flight",
        flightTime: "07:45",
        flightCity: "New York",
        flightNumber: "AF007",
      }),
      dropoff: end({ place: "Paris", hotel: "Hotel Lutetia", address: "45 boulevard Raspail", zip: "75006" }),
      info: "Child seat please.",
    },
  ],
  postedPrices: { cb: 1, cash: 1 },
  submissionToken: "token-0123456789abcdef",
};

describe("a message the prepare hook drops", () => {
  it("is deleted under its claim, never reaches the server, and is logged by ids; the rest of the pass goes on", async () => {
    const { db } = database;
    const log = recordingLog();
    const kept = await queue(db, "NV-KEPT01");
    const dropped = await queue(db, "NV-DROP01", { kind: "reminder", leg: 1 });
    const prepare: PrepareMessage = async (message) => (message.id === dropped.id ? { drop: "booking cancelled" } : { text: message.body });
    const box = createOutbox({ db, transport: transportFor(smtp.url), from: FROM, log, prepare });
    expect(await box.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.map((m) => m.subject)).toEqual(["Your booking NV-KEPT01"]);
    expect(await db.select().from(outbox).where(eq(outbox.id, dropped.id))).toEqual([]);
    expect(outboxState(await rowById(db, kept.id))).toBe("sent");
    expect(log.lines).toContain(`info E-mail ${dropped.id} (reminder, order NV-DROP01) not sent and deleted: booking cancelled.`);
    expect(log.lines.join("\n")).not.toContain("traveller-nv-drop01");
    // Nothing left to try: the next pass finds nothing.
    expect(await box.runOnce()).toEqual({ sent: 0, failed: 0 });
  });

  it("is left alone when its claim ran out and another instance took it meanwhile", async () => {
    const { db } = database;
    const message = await queue(db, "NV-DROP02", { kind: "reminder", leg: 1 });
    const prepare: PrepareMessage = async (claimed) => {
      // Another instance's claim: the attempt count moves on.
      await db
        .update(outbox)
        .set({ attempts: claimed.attempts + 1 })
        .where(eq(outbox.id, claimed.id));
      return { drop: "booking cancelled" };
    };
    const box = createOutbox({ db, transport: transportFor(smtp.url), from: FROM, log: recordingLog(), prepare });
    expect(await box.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(await rowById(db, message.id)).toMatchObject({ status: "pending", attempts: 2 });
  });
});

describe("recordPayment with bookingEmails", () => {
  it("writes the two e-mails with the payment, once, and the outbox delivers them", async () => {
    const { db } = database;
    const { row } = await saveBooking(db, { booking, priceCents: 5_400 });
    const notice = { provider: "sandbox", eventId: "evt_1", orderId: row.orderId, amountCents: 5_400, currency: "EUR" };
    const messagesFor = (paid: typeof row) => bookingEmails(paid, site);

    expect(await recordPayment(db, notice, messagesFor)).toBe("paid");
    const rows = await db.select().from(outbox).orderBy(outbox.id);
    expect(rows.map((r) => [r.orderId, r.kind, r.recipient, r.status])).toEqual([
      [row.orderId, "traveller_confirmation", "alice@example.com", "pending"],
      [row.orderId, "business_notification", "booking@navette.example", "pending"],
    ]);

    expect(await recordPayment(db, notice, messagesFor)).toBe("already-handled");
    expect(await recordPayment(db, { ...notice, eventId: "evt_2" }, messagesFor)).toBe("already-handled");
    expect(await db.select().from(outbox)).toHaveLength(2);

    const box = createOutbox({ db, transport: transportFor(smtp.url), from: FROM, log: recordingLog() });
    expect(await box.runOnce()).toEqual({ sent: 2, failed: 0 });
    const [traveller, business] = smtp.received;
    expect(traveller!.to).toEqual(["alice@example.com"]);
    expect(traveller!.text).toContain(`Order number: ${row.orderId}`);
    expect(traveller!.text).toContain(CONFIRMATION_SENTENCE);
    expect(traveller!.text).toContain("Price paid: 54,00\u00a0€");
    expect(traveller!.text).toContain("Pick-up: 01/07/2026 at 07:45 (Paris time)");
    expect(business!.to).toEqual(["booking@navette.example"]);
    expect(business!.headers.subject).toBe(`New paid booking ${row.orderId}: Charles de Gaulle Airport (CDG) to Paris on 01/07/2026 07:45`);
    expect(business!.text).toContain("Phone: +33 6 12 34 56 78");
    expect(business!.text).toContain("To: Paris (Hotel Lutetia, 45 boulevard Raspail, 75006)");
    expect(business!.text).toContain("Notes:\n  Child seat please.");
  });

  it("records a payment that arrives after staff cancelled the booking, tells staff to refund it, and tells only the business", async () => {
    const { db } = database;
    const { row } = await saveBooking(db, { booking: { ...booking, submissionToken: "token-cancelled-then-paid" }, priceCents: 5_400 });
    await db.update(bookings).set({ bookingStatus: "cancelled" }).where(eq(bookings.orderId, row.orderId));
    const notice = { provider: "sandbox", eventId: "evt_late", orderId: row.orderId, amountCents: 5_400, currency: "EUR" };
    expect(await recordPayment(db, notice, (paid) => bookingEmails(paid, site))).toBe("paid-with-issue");
    const [stored] = await db.select().from(bookings).where(eq(bookings.orderId, row.orderId));
    expect(stored).toMatchObject({ status: "paid", bookingStatus: "cancelled", paymentIssue: CANCELLED_THEN_PAID });
    const kinds = (await db.select().from(outbox).where(eq(outbox.orderId, row.orderId))).map((m) => m.kind);
    expect(kinds).toEqual(["business_notification"]);
  });
});

describe("the recipient handed to the mailer", () => {
  it("is one address object, so a stored text holding commas never reaches several people", async () => {
    const { db } = database;
    await queue(db, "NV-LISTED", { recipient: "one@example.com, two@example.com, three@example.com" });
    // Nodemailer's JSON transport builds the envelope as SMTP would, without sending anything.
    const json = nodemailer.createTransport({ jsonTransport: true });
    const envelopes: { to: string[] }[] = [];
    const recording: MailTransport = {
      async sendMail(message) {
        expect(message.to).toEqual({ name: "", address: "one@example.com, two@example.com, three@example.com" });
        const info = await json.sendMail(message);
        envelopes.push(info.envelope as { to: string[] });
        return info;
      },
    };
    await createOutbox({ db, transport: recording, from: FROM, log: recordingLog() }).runOnce();
    expect(envelopes).toHaveLength(1);
    expect(envelopes[0]!.to).toHaveLength(1);
    // The same text as a plain string would have gone to three people.
    const asString = await json.sendMail({ from: FROM, to: "one@example.com, two@example.com, three@example.com", text: "x" });
    expect((asString.envelope as { to: string[] }).to).toHaveLength(3);
  });
});
