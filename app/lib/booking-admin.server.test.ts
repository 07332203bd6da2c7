import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, bookings, drivers, outbox, paymentEvents } from "../../db/schema";
import {
  addNote,
  assignDriver,
  assignedDriver,
  cancelBooking,
  confirmBooking,
  createPhoneBooking,
  driverOf,
  loadBookingPage,
  PaymentLinkFailed,
  markFinished,
  refundableCents,
  refundBooking,
  resendEmail,
  resendRefusal,
  wrongProvider,
  type Actor,
} from "./booking-admin.server";
import { MEETING_POINTS_HEADER, parseMeetingPoints } from "~/domain/meeting-points";
import { saveBooking, type BookingRow } from "./bookings.server";
import { openDatabase, type Database } from "./db.server";
import { OUTBOX_DEFAULTS } from "./mail.server";
import { RefundRefused, SandboxProvider, StripeProvider } from "./payments.server";
import { BOOKED_AT, checkedBooking } from "./test-support/booking-rows";
import { useEmbeddedDatabase } from "./test-support/embedded-database";

// The booking page's actions on the embedded PostgreSQL: each one once, whatever the double
// clicks, with its audit row and its e-mails written together.

const now = BOOKED_AT;
const site = {
  siteName: "Navette Paris",
  businessEmail: "booking@navette.example",
  phone: "+33 1 99 00 12 34",
  siteUrl: "https://navette.example",
};
const staff: Actor = { id: "staff-1", email: "dispatch@navette.example" };

const database = useEmbeddedDatabase();
let token = 0;

async function newBooking(edits: Partial<BookingRow> = {}): Promise<BookingRow> {
  const booking = checkedBooking(`t-${++token}`);
  const { row } = await saveBooking(database.db, { booking, priceCents: 6_500, test: true });
  if (Object.keys(edits).length === 0) return row;
  const [updated] = await database.db.update(bookings).set(edits).where(eq(bookings.id, row.id)).returning();
  return updated!;
}

/** A resend that must not make a payment link. */
const noLink = async (): Promise<string> => {
  throw new Error("No payment link is made for this e-mail.");
};

const paid = { status: "paid", paidAt: now, paymentProvider: "sandbox", paymentRef: "sbx_1" } as const;

async function reread(orderId: string): Promise<BookingRow> {
  return (await database.db.select().from(bookings).where(eq(bookings.orderId, orderId)))[0]!;
}

async function mails(orderId: string) {
  return database.db.select().from(outbox).where(eq(outbox.orderId, orderId)).orderBy(outbox.id);
}

async function history(orderId: string) {
  return database.db.select().from(auditEvents).where(eq(auditEvents.orderId, orderId)).orderBy(auditEvents.id);
}

async function addDriver(values: { name: string; active?: boolean }) {
  const [driver] = await database.db
    .insert(drivers)
    .values({
      name: values.name,
      phone: "+33 6 98 76 54 32",
      email: `${values.name.split(" ")[0]!.toLowerCase()}@drivers.example`,
      active: values.active ?? true,
    })
    .returning();
  return driver!;
}

/** The real sandbox provider, counting the refunds it is asked for. */
function countingSandbox() {
  const sandbox = new SandboxProvider(null);
  const calls: number[] = [];
  return {
    calls,
    name: "sandbox" as const,
    refund: async (row: BookingRow, cents: number) => {
      calls.push(cents);
      return sandbox.refund(row, cents);
    },
  };
}

beforeEach(async () => {
  await database.db.execute(sql`truncate outbox, payment_events, audit_events, bookings, drivers restart identity`);
});

describe("confirmBooking", () => {
  it("confirms a paid booking once, e-mailing the traveller a confirmation that carries the order id", async () => {
    const row = await newBooking(paid);
    const outcomes = await Promise.all([
      confirmBooking(database.db, row.orderId, staff, site),
      confirmBooking(database.db, row.orderId, staff, site),
    ]);
    expect(outcomes).toContainEqual({ ok: true, done: "confirmed" });
    expect(outcomes).toContainEqual({ ok: false, status: 409, message: "The booking is already confirmed." });
    const after = await reread(row.orderId);
    expect(after.bookingStatus).toBe("confirmed");
    expect(after.confirmedAt).toBeInstanceOf(Date);
    const sent = await mails(row.orderId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: "booking_confirmed", recipient: "claire@example.com", status: "pending" });
    expect(sent[0]!.subject).toBe(`[TEST] Navette Paris: booking ${row.orderId} confirmed`);
    const rows = await history(row.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: "staff-1", actor: "dispatch@navette.example", action: "booking_confirmed" });
  });

  it("refuses an unpaid card booking and an unknown order, changing nothing", async () => {
    const row = await newBooking();
    expect(await confirmBooking(database.db, row.orderId, staff, site)).toEqual({
      ok: false,
      status: 409,
      message: "A card booking is confirmed once it is paid.",
    });
    expect(await confirmBooking(database.db, "NV-ZZZZZZ", staff, site)).toMatchObject({ ok: false, status: 404 });
    expect(await reread(row.orderId)).toEqual(row);
    expect(await mails(row.orderId)).toEqual([]);
    expect(await history(row.orderId)).toEqual([]);
  });

  it("confirms an unpaid booking to be paid on board", async () => {
    const row = await newBooking({ paymentMode: "cash" });
    expect(await confirmBooking(database.db, row.orderId, staff, site)).toEqual({ ok: true, done: "confirmed" });
    expect((await history(row.orderId))[0]!.detail).toContain("to be paid on board");
  });
});

describe("assignDriver", () => {
  it("assigns an active driver once: the job to the driver, the driver's name and phone to the traveller", async () => {
    const row = await newBooking({ ...paid, bookingStatus: "confirmed" });
    const karim = await addDriver({ name: "Karim Benali" });
    const outcomes = await Promise.all([
      assignDriver(database.db, row.orderId, karim.id, staff, site),
      assignDriver(database.db, row.orderId, karim.id, staff, site),
    ]);
    expect(outcomes).toContainEqual({ ok: true, done: "driver_assigned" });
    expect(outcomes).toContainEqual({ ok: false, status: 409, message: "Karim Benali is already assigned to this booking." });
    expect(await reread(row.orderId)).toMatchObject({ bookingStatus: "driver_assigned", driverId: karim.id });
    const [job, traveller, ...rest] = await mails(row.orderId);
    expect(rest).toEqual([]);
    expect(job).toMatchObject({ kind: "driver_job", recipient: "karim@drivers.example" });
    expect(job!.body).toContain("Name: Claire Martin");
    expect(job!.body).toContain("Phone: +33 6 12 34 56 78");
    expect(job!.body).toContain("Pick-up: 20/05/2026 at 10:00 (Paris time)");
    expect(job!.body).toContain("flight BA 304 from London");
    expect(traveller).toMatchObject({ kind: "driver_assigned", recipient: "claire@example.com" });
    expect(traveller!.body).toContain("Name: Karim Benali\nPhone: +33 6 98 76 54 32");
    expect((await history(row.orderId))[0]!.detail).toContain("Assigned driver Karim Benali");

    const other = await addDriver({ name: "Lea Dubois" });
    expect(await assignDriver(database.db, row.orderId, other.id, staff, site)).toEqual({ ok: true, done: "driver_assigned" });
    expect((await history(row.orderId))[1]!.detail).toContain(
      "Assigned driver Lea Dubois, in place of Karim Benali (e-mailed that the job is withdrawn)",
    );
    const [, , leaJob, leaNote, withdrawn, ...more] = await mails(row.orderId);
    expect(more).toEqual([]);
    expect([leaJob!.kind, leaJob!.recipient, leaNote!.kind]).toEqual(["driver_job", "lea@drivers.example", "driver_assigned"]);
    expect(withdrawn).toMatchObject({ kind: "driver_job_cancelled", recipient: "karim@drivers.example" });
    expect(withdrawn!.subject).toMatch(new RegExp(`^\\[TEST\\] Job ${row.orderId} withdrawn: `));
    expect(withdrawn!.body).toContain("is given to another driver: you no longer do this job.");
    expect(withdrawn!.body).not.toContain("Claire");
  });

  it("refuses an inactive or unknown driver, and a booking not yet confirmed", async () => {
    const row = await newBooking({ ...paid, bookingStatus: "confirmed" });
    const gone = await addDriver({ name: "Old Driver", active: false });
    expect(await assignDriver(database.db, row.orderId, gone.id, staff, site)).toMatchObject({ ok: false, status: 400 });
    expect(await assignDriver(database.db, row.orderId, 999, staff, site)).toMatchObject({ ok: false, status: 400 });
    const fresh = await newBooking(paid);
    const karim = await addDriver({ name: "Karim Benali" });
    expect(await assignDriver(database.db, fresh.orderId, karim.id, staff, site)).toEqual({
      ok: false,
      status: 409,
      message: "Confirm the booking before assigning a driver.",
    });
    expect(await reread(row.orderId)).toEqual(row);
    expect(await mails(row.orderId)).toEqual([]);
  });
});

describe("markFinished", () => {
  it("marks completed or no-show once, and a finished booking takes no more actions", async () => {
    const a = await newBooking({ ...paid, bookingStatus: "driver_assigned" });
    const b = await newBooking({ ...paid, bookingStatus: "confirmed" });
    expect(await markFinished(database.db, a.orderId, "complete", staff)).toEqual({ ok: true, done: "completed" });
    expect(await markFinished(database.db, b.orderId, "no_show", staff)).toEqual({ ok: true, done: "no_show" });
    expect(await markFinished(database.db, a.orderId, "no_show", staff)).toEqual({
      ok: false,
      status: 409,
      message: "The booking is already completed.",
    });
    expect((await reread(a.orderId)).bookingStatus).toBe("completed");
    expect((await reread(b.orderId)).bookingStatus).toBe("no_show");
    expect((await history(b.orderId)).map((h) => h.action)).toEqual(["booking_no_show"]);
    expect((await loadBookingPage(database.db, a.orderId))!.actions).toEqual([]);
  });
});

describe("cancelBooking", () => {
  it("refunds a paid booking in full exactly once, whatever the concurrent cancels", async () => {
    const row = await newBooking(paid);
    const provider = countingSandbox();
    const outcomes = await Promise.all([1, 2, 3].map(() => cancelBooking(database.db, row.orderId, staff, site, provider)));
    expect(outcomes.filter((o) => o.ok)).toEqual([{ ok: true, done: "cancelled_refunded" }]);
    expect(outcomes.filter((o) => !o.ok)).toEqual([
      { ok: false, status: 409, message: "The booking is already cancelled." },
      { ok: false, status: 409, message: "The booking is already cancelled." },
    ]);
    expect(provider.calls).toEqual([6_500]);
    const after = await reread(row.orderId);
    expect(after).toMatchObject({ bookingStatus: "cancelled", status: "refunded", refundedCents: 6_500 });
    expect(after.cancelledAt).toBeInstanceOf(Date);
    const refunds = await database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, row.orderId));
    expect(refunds).toEqual([expect.objectContaining({ eventId: `sbx_refund_${row.orderId}`, provider: "sandbox", amountCents: -6_500 })]);
    const sent = await mails(row.orderId);
    expect(sent.map((m) => m.kind)).toEqual(["booking_cancelled"]);
    expect(sent[0]!.body).toContain("We have refunded 65,00\u00a0€");
    expect((await history(row.orderId))[0]!.detail).toContain("refunded 65,00\u00a0€ through sandbox");
    expect((await loadBookingPage(database.db, row.orderId))!.refunds).toEqual([
      expect.objectContaining({ eventId: `sbx_refund_${row.orderId}`, amountCents: 6_500 }),
    ]);
  });

  it("tells the assigned driver that the job is cancelled, in the same transaction", async () => {
    const row = await newBooking({ ...paid, bookingStatus: "confirmed" });
    const karim = await addDriver({ name: "Karim Benali" });
    await assignDriver(database.db, row.orderId, karim.id, staff, site);
    const before = (await mails(row.orderId)).length;
    expect(await cancelBooking(database.db, row.orderId, staff, site, countingSandbox())).toEqual({ ok: true, done: "cancelled_refunded" });
    const sent = (await mails(row.orderId)).slice(before);
    expect(sent.map((m) => [m.kind, m.recipient])).toEqual([
      ["booking_cancelled", "claire@example.com"],
      ["driver_job_cancelled", "karim@drivers.example"],
    ]);
    expect(sent[1]!.body).toContain(`Booking ${row.orderId} (Private transfer) is cancelled: you no longer do this job.`);
    expect((await history(row.orderId)).at(-1)!.detail).toContain("The traveller and the driver, Karim Benali, are e-mailed.");
    // A provider that refuses rolls the driver's notice back with the rest.
    const other = await newBooking({ ...paid, bookingStatus: "confirmed" });
    await assignDriver(database.db, other.orderId, karim.id, staff, site);
    const count = (await mails(other.orderId)).length;
    const refusing = {
      name: "sandbox" as const,
      refund: async (): Promise<never> => {
        throw new RefundRefused("Refused.");
      },
    };
    expect(await cancelBooking(database.db, other.orderId, staff, site, refusing)).toMatchObject({ ok: false, status: 502 });
    expect(await mails(other.orderId)).toHaveLength(count);
  });

  it("refunds what was actually paid, less what was refunded before", async () => {
    expect(refundableCents({ status: "paid", priceCents: 6_500, paidAmountCents: 6_000, refundedCents: 0 })).toBe(6_000);
    expect(refundableCents({ status: "partly_refunded", priceCents: 6_500, paidAmountCents: null, refundedCents: 1_500 })).toBe(5_000);
    expect(refundableCents({ status: "pending_payment", priceCents: 6_500, paidAmountCents: null, refundedCents: 0 })).toBe(0);
    expect(refundableCents({ status: "refunded", priceCents: 6_500, paidAmountCents: null, refundedCents: 6_500 })).toBe(0);
  });

  it("drops the booking's reminders not sent yet, and keeps those sent", async () => {
    const row = await newBooking({ ...paid, roundTrip: true });
    const reminder = { kind: "reminder" as const, recipient: row.email, subject: "Your transfer tomorrow", body: "See you" };
    await database.db.insert(outbox).values([
      { ...reminder, orderId: row.orderId, leg: 1, status: "sent", sentAt: now },
      { ...reminder, orderId: row.orderId, leg: 2 },
    ]);
    expect(await cancelBooking(database.db, row.orderId, staff, site, countingSandbox())).toMatchObject({ ok: true });
    const reminders = (await mails(row.orderId)).filter((m) => m.kind === "reminder");
    expect(reminders.map((m) => [m.leg, m.status])).toEqual([[1, "sent"]]);
  });

  it("cancels an unpaid booking without asking the provider", async () => {
    const row = await newBooking();
    const provider = countingSandbox();
    expect(await cancelBooking(database.db, row.orderId, staff, site, provider)).toEqual({ ok: true, done: "cancelled" });
    expect(provider.calls).toEqual([]);
    expect(await reread(row.orderId)).toMatchObject({ bookingStatus: "cancelled", status: "pending_payment", refundedCents: 0 });
    expect((await mails(row.orderId))[0]!.body).toContain("nothing to refund");
  });

  it("cancels a payment already refunded outside the site without asking the provider, keeping the staff's reason", async () => {
    const row = await newBooking({ ...paid, bookingStatus: "confirmed", paymentProvider: "stripe", paymentRef: "pi_9" });
    const provider = countingSandbox();
    const reason = "Refunded in Stripe's dashboard on 3 May, re_3Px.";
    const outcomes = await Promise.all([1, 2].map(() => cancelBooking(database.db, row.orderId, staff, site, provider, reason)));
    expect(outcomes).toContainEqual({ ok: true, done: "cancelled_outside" });
    expect(outcomes).toContainEqual({ ok: false, status: 409, message: "The booking is already cancelled." });
    expect(provider.calls).toEqual([]);
    expect(await reread(row.orderId)).toMatchObject({ bookingStatus: "cancelled", status: "refunded", refundedCents: 6_500 });
    const refunds = await database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, row.orderId));
    expect(refunds).toEqual([
      expect.objectContaining({ eventId: `outside_refund_${row.orderId}`, provider: "outside", amountCents: -6_500 }),
    ]);
    expect((await mails(row.orderId)).map((m) => m.kind)).toEqual(["booking_cancelled"]);
    expect((await mails(row.orderId))[0]!.body).toContain("We have refunded 65,00\u00a0€");
    expect((await history(row.orderId)).map((h) => h.detail)).toEqual([
      "Cancelled the booking and recorded 65,00\u00a0€ as refunded outside the site, without asking stripe: Refunded in Stripe's dashboard on 3 May, re_3Px. The traveller is e-mailed.",
    ]);
    const page = (await loadBookingPage(database.db, row.orderId))!;
    expect(page.refunds).toEqual([expect.objectContaining({ provider: "outside", amountCents: 6_500 })]);
  });

  it("records the refund of a cancelled booking's later payment made outside the site", async () => {
    const row = await newBooking({ ...paid, bookingStatus: "cancelled" });
    const provider = countingSandbox();
    expect(await refundBooking(database.db, row.orderId, staff, site, provider, "Refunded by bank transfer.")).toEqual({
      ok: true,
      done: "refunded_outside",
    });
    expect(provider.calls).toEqual([]);
    expect(await reread(row.orderId)).toMatchObject({ status: "refunded", refundedCents: 6_500 });
    expect((await history(row.orderId))[0]!.detail).toContain(
      "as refunded outside the site, without asking sandbox: Refunded by bank transfer.",
    );
  });

  it("refuses to refund a payment through another provider than the one that took it, changing nothing", async () => {
    const stripePaid = await newBooking({ ...paid, bookingStatus: "confirmed", paymentProvider: "stripe", paymentRef: "pi_7" });
    const sandbox = countingSandbox();
    expect(await cancelBooking(database.db, stripePaid.orderId, staff, site, sandbox)).toEqual({
      ok: false,
      status: 409,
      message:
        "This booking was paid through Stripe, but the site now takes payments through the sandbox, which cannot refund it: refund it in Stripe's dashboard, then use 'Already refunded outside the site'. Nothing was changed.",
    });
    const cancelledStripePaid = await newBooking({ ...paid, bookingStatus: "cancelled", paymentProvider: "stripe", paymentRef: "pi_8" });
    expect(await refundBooking(database.db, cancelledStripePaid.orderId, staff, site, sandbox)).toMatchObject({ ok: false, status: 409 });
    const sandboxPaid = await newBooking({ ...paid, bookingStatus: "confirmed" });
    const stripe = { ...countingSandbox(), name: "stripe" as const };
    const refused = await cancelBooking(database.db, sandboxPaid.orderId, staff, site, stripe);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect((refused as { message: string }).message).toContain("paid through the sandbox, but the site now takes payments through Stripe");
    expect([...sandbox.calls, ...stripe.calls]).toEqual([]);
    for (const row of [stripePaid, cancelledStripePaid, sandboxPaid]) {
      expect(await reread(row.orderId)).toEqual(row);
      expect(await mails(row.orderId)).toEqual([]);
      expect(await history(row.orderId)).toEqual([]);
    }
    // Refunded in Stripe's dashboard first: recorded without asking either provider.
    expect(await cancelBooking(database.db, stripePaid.orderId, staff, site, sandbox, "Refunded in Stripe, re_1.")).toEqual({
      ok: true,
      done: "cancelled_outside",
    });
    // An unpaid booking owes nothing, whichever provider runs now.
    const unpaid = await newBooking({ paymentProvider: "stripe" });
    expect(await cancelBooking(database.db, unpaid.orderId, staff, site, sandbox)).toEqual({ ok: true, done: "cancelled" });
  });

  it.each<[string | null, number, "sandbox" | "stripe", string | null, boolean]>([
    ["stripe", 6_500, "stripe", null, false],
    ["sandbox", 6_500, "sandbox", null, false],
    ["stripe", 6_500, "sandbox", null, true],
    ["sandbox", 6_500, "stripe", null, true],
    ["stripe", 6_500, "sandbox", "Refunded in Stripe.", false],
    ["stripe", 0, "sandbox", null, false],
    [null, 6_500, "stripe", null, false],
  ])("paid through %s, %i cents owed, the site on %s, outside %s: refused %s", (took, owed, now, outside, refused) => {
    expect(wrongProvider({ paymentProvider: took }, owed, { name: now }, outside) !== null).toBe(refused);
  });

  describe("when Stripe answers with an error", () => {
    let server: Server;
    let apiBase = "";
    let stripeError: Record<string, string> = {};
    beforeAll(async () => {
      server = createServer((req, res) => {
        req.resume();
        req.on("end", () => {
          res.writeHead(400, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: stripeError }));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("leaves the booking as it was, and the staff read why on the page and in the history", async () => {
      stripeError = { type: "invalid_request_error", message: "This PaymentIntent has no successful charge to refund." };
      const row = await newBooking({ ...paid, paymentProvider: "stripe", paymentRef: "pi_123" });
      const stripe = new StripeProvider({ secretKey: "sk_test_unit", webhookSecret: "whsec_unit", apiBase }, "https://navette.example");
      const outcome = await cancelBooking(database.db, row.orderId, staff, site, stripe);
      expect(outcome).toEqual({
        ok: false,
        status: 502,
        message:
          "The booking is not cancelled: the refund did not go through. Stripe refused the refund: This PaymentIntent has no successful charge to refund.",
      });
      expect(await reread(row.orderId)).toEqual(row);
      expect(await mails(row.orderId)).toEqual([]);
      expect(await database.db.select().from(paymentEvents)).toEqual([]);
      expect((await history(row.orderId)).map((h) => h.action)).toEqual(["refund_refused"]);
    });

    it("takes Stripe's answer that the charge is already refunded as the refund done", async () => {
      stripeError = { type: "invalid_request_error", code: "charge_already_refunded", message: "Charge ch_1 has already been refunded." };
      const row = await newBooking({ ...paid, paymentProvider: "stripe", paymentRef: "pi_456" });
      const stripe = new StripeProvider({ secretKey: "sk_test_unit", webhookSecret: "whsec_unit", apiBase }, "https://navette.example");
      expect(await cancelBooking(database.db, row.orderId, staff, site, stripe)).toEqual({ ok: true, done: "cancelled_refunded" });
      expect(await reread(row.orderId)).toMatchObject({ bookingStatus: "cancelled", status: "refunded", refundedCents: 6_500 });
      expect(await database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, row.orderId))).toEqual([
        expect.objectContaining({ eventId: `stripe_already_refunded_${row.orderId}`, provider: "stripe", amountCents: -6_500 }),
      ]);
      expect((await history(row.orderId))[0]!.detail).toBe(
        "Cancelled the booking and recorded 65,00\u00a0€ as refunded: stripe answered that the payment was already refunded (outside the site). The traveller is e-mailed.",
      );
    });
  });
});

describe("refundBooking", () => {
  const paidAfterCancel = {
    ...paid,
    bookingStatus: "cancelled",
    cancelledAt: now,
    paymentIssue: "Paid after the booking was cancelled: refund the traveller from the booking's page.",
  } as const;

  it("refunds a payment made after the cancellation exactly once, settles its issue and e-mails the traveller", async () => {
    const row = await newBooking(paidAfterCancel);
    const provider = countingSandbox();
    const outcomes = await Promise.all([1, 2, 3].map(() => refundBooking(database.db, row.orderId, staff, site, provider)));
    expect(outcomes.filter((o) => o.ok)).toEqual([{ ok: true, done: "refunded" }]);
    expect(outcomes.filter((o) => !o.ok)).toEqual([
      { ok: false, status: 409, message: "Nothing is left to refund on this booking." },
      { ok: false, status: 409, message: "Nothing is left to refund on this booking." },
    ]);
    expect(provider.calls).toEqual([6_500]);
    expect(await reread(row.orderId)).toMatchObject({
      bookingStatus: "cancelled",
      status: "refunded",
      refundedCents: 6_500,
      paymentIssue: null,
    });
    const refunds = await database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, row.orderId));
    expect(refunds).toEqual([expect.objectContaining({ eventId: `sbx_refund_${row.orderId}`, provider: "sandbox", amountCents: -6_500 })]);
    const sent = await mails(row.orderId);
    expect(sent.map((m) => [m.kind, m.recipient])).toEqual([["booking_cancelled", "claire@example.com"]]);
    expect(sent[0]!.subject).toBe(`[TEST] Navette Paris: refund for booking ${row.orderId}`);
    const [entry, ...rest] = await history(row.orderId);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ action: "payment_refunded", actorId: "staff-1" });
    expect(entry!.detail).toContain("refunded 65,00\u00a0€ through sandbox");
    expect(entry!.detail).toContain("The payment issue is settled: Paid after the booking was cancelled");
  });

  it("refuses a booking that is not cancelled or holds nothing to refund, and an unknown order, asking no provider", async () => {
    const provider = countingSandbox();
    const open = await newBooking({ ...paid, bookingStatus: "confirmed" });
    expect(await refundBooking(database.db, open.orderId, staff, site, provider)).toEqual({
      ok: false,
      status: 409,
      message: "Only a cancelled booking is refunded on its own: cancel the booking to refund it.",
    });
    const noShow = await newBooking({ ...paid, bookingStatus: "no_show" });
    expect(await refundBooking(database.db, noShow.orderId, staff, site, provider)).toMatchObject({ ok: false, status: 409 });
    const unpaid = await newBooking({ bookingStatus: "cancelled" });
    expect(await refundBooking(database.db, unpaid.orderId, staff, site, provider)).toEqual({
      ok: false,
      status: 409,
      message: "Nothing is left to refund on this booking.",
    });
    expect(await refundBooking(database.db, "NV-ZZZZZZ", staff, site, provider)).toMatchObject({ ok: false, status: 404 });
    expect(provider.calls).toEqual([]);
    for (const row of [open, noShow, unpaid]) {
      expect(await reread(row.orderId)).toEqual(row);
      expect(await mails(row.orderId)).toEqual([]);
      expect(await history(row.orderId)).toEqual([]);
    }
  });

  it("keeps the booking as it was when the provider refuses, with the refusal in the history", async () => {
    const row = await newBooking(paidAfterCancel);
    const refusing = {
      name: "sandbox" as const,
      refund: async (): Promise<never> => {
        throw new RefundRefused("Stripe could not be reached to refund the payment. Nothing was changed: try again in a minute.");
      },
    };
    expect(await refundBooking(database.db, row.orderId, staff, site, refusing)).toEqual({
      ok: false,
      status: 502,
      message:
        "The payment is not refunded: the refund did not go through. Stripe could not be reached to refund the payment. Nothing was changed: try again in a minute.",
    });
    expect(await reread(row.orderId)).toEqual(row);
    expect(await mails(row.orderId)).toEqual([]);
    expect((await history(row.orderId)).map((h) => [h.action, h.detail.startsWith("Tried to refund the payment;")])).toEqual([
      ["refund_refused", true],
    ]);
  });
});

describe("addNote", () => {
  it("keeps the note in the history once, even when the same note is posted twice at once", async () => {
    const row = await newBooking();
    const note = "Traveller called: two extra suitcases.";
    expect(await Promise.all([addNote(database.db, row.orderId, note, staff), addNote(database.db, row.orderId, note, staff)])).toEqual([
      { ok: true, done: "note_added" },
      { ok: true, done: "note_added" },
    ]);
    await addNote(database.db, row.orderId, "Second, different note.", staff);
    expect((await history(row.orderId)).map((h) => [h.action, h.detail])).toEqual([
      ["note_added", note],
      ["note_added", "Second, different note."],
    ]);
    expect(await addNote(database.db, "NV-ZZZZZZ", note, staff)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("resendEmail", () => {
  it("queues a new copy of an e-mail, once, and refuses one whose text is gone", async () => {
    const row = await newBooking(paid);
    await confirmBooking(database.db, row.orderId, staff, site);
    const [original] = await mails(row.orderId);
    await database.db.update(outbox).set({ status: "sent", sentAt: now, attempts: 1 }).where(eq(outbox.id, original!.id));
    const outcomes = await Promise.all([
      resendEmail(database.db, row.orderId, original!.id, staff, site, noLink),
      resendEmail(database.db, row.orderId, original!.id, staff, site, noLink),
    ]);
    expect(outcomes).toContainEqual({ ok: true, done: "resent" });
    expect(outcomes).toContainEqual({ ok: false, status: 409, message: "A copy of this e-mail is already waiting to be sent." });
    const [, copy, ...rest] = await mails(row.orderId);
    expect(rest).toEqual([]);
    expect(copy).toMatchObject({
      kind: "booking_confirmed",
      recipient: original!.recipient,
      subject: original!.subject,
      body: original!.body,
      status: "pending",
      attempts: 0,
      resentFrom: original!.id,
    });
    expect(copy!.id).not.toBe(original!.id);
    expect((await history(row.orderId)).at(-1)).toMatchObject({ action: "email_resent" });

    await database.db.update(outbox).set({ body: "" }).where(eq(outbox.id, original!.id));
    expect(await resendEmail(database.db, row.orderId, original!.id, staff, site, noLink)).toMatchObject({ ok: false, status: 409 });
    expect(await resendEmail(database.db, row.orderId, 9999, staff, site, noLink)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("resendEmail by the booking's state", () => {
  /** A payment link maker that numbers its links and keeps what it was asked. */
  function countingLinks() {
    const asked: Array<string | undefined> = [];
    return {
      asked,
      make: async (row: BookingRow, fresh?: string) => {
        asked.push(fresh);
        return `https://navette.example/pay/${row.orderId}/${asked.length}`;
      },
    };
  }

  async function phoneLinkBooking(token: string): Promise<{ orderId: string; linkId: number; links: ReturnType<typeof countingLinks> }> {
    const links = countingLinks();
    const input = {
      booking: checkedBooking(token),
      priceCents: 6_500,
      filePriceCents: 6_500,
      overrideReason: null,
      payment: "link" as const,
      test: false,
    };
    const outcome = await createPhoneBooking(database.db, input, staff, site, links.make);
    const orderId = (outcome as { orderId: string }).orderId;
    const [link] = await mails(orderId);
    await database.db.update(outbox).set({ status: "sent", sentAt: now, attempts: 1 }).where(eq(outbox.id, link!.id));
    return { orderId, linkId: link!.id, links };
  }

  it("writes a payment link anew with a new link, asked under a key of its own", async () => {
    const { orderId, linkId, links } = await phoneLinkBooking("resend-link-1");
    expect(await resendEmail(database.db, orderId, linkId, staff, site, links.make)).toEqual({ ok: true, done: "resent" });
    const [original, copy] = await mails(orderId);
    expect(original!.body).toContain(`https://navette.example/pay/${orderId}/1`);
    expect(copy).toMatchObject({ kind: "payment_link", recipient: "claire@example.com", resentFrom: linkId, status: "pending" });
    expect(copy!.body).toContain(`https://navette.example/pay/${orderId}/2`);
    expect(copy!.body).not.toContain(`https://navette.example/pay/${orderId}/1`);
    expect(links.asked).toEqual([undefined, `resend-${linkId}-1`]);
    expect((await history(orderId)).at(-1)!.detail).toContain("to be sent again with a new payment link");
  });

  it("changes nothing when the new payment link cannot be made", async () => {
    const { orderId, linkId } = await phoneLinkBooking("resend-link-2");
    const before = { mails: await mails(orderId), history: await history(orderId) };
    const failing = async (): Promise<string> => {
      throw new PaymentLinkFailed("stripe did not answer: StripeConnectionError");
    };
    expect(await resendEmail(database.db, orderId, linkId, staff, site, failing)).toEqual({
      ok: false,
      status: 502,
      message:
        "Nothing was sent: a new payment link could not be made (stripe did not answer: StripeConnectionError). Try again in a minute.",
    });
    expect({ mails: await mails(orderId), history: await history(orderId) }).toEqual(before);
  });

  it("refuses a payment link once the booking is paid or cancelled", async () => {
    const a = await phoneLinkBooking("resend-link-3");
    await database.db.update(bookings).set(paid).where(eq(bookings.orderId, a.orderId));
    expect(await resendEmail(database.db, a.orderId, a.linkId, staff, site, a.links.make)).toEqual({
      ok: false,
      status: 409,
      message: "This booking is already paid: its payment link is not sent again.",
    });
    const b = await phoneLinkBooking("resend-link-4");
    await cancelBooking(database.db, b.orderId, staff, site, countingSandbox());
    expect(await resendEmail(database.db, b.orderId, b.linkId, staff, site, b.links.make)).toEqual({
      ok: false,
      status: 409,
      message: "This booking is cancelled: its payment link is not sent again.",
    });
    expect([...a.links.asked, ...b.links.asked]).toEqual([undefined, undefined]);
  });

  it("refuses a confirmation of a cancelled booking, and a job of a replaced driver or a cancelled booking", async () => {
    const row = await newBooking(paid);
    await confirmBooking(database.db, row.orderId, staff, site);
    const karim = await addDriver({ name: "Karim Benali" });
    const lea = await addDriver({ name: "Lea Dubois" });
    await assignDriver(database.db, row.orderId, karim.id, staff, site);
    const karimJob = (await mails(row.orderId)).find((m) => m.kind === "driver_job")!;
    await assignDriver(database.db, row.orderId, lea.id, staff, site);
    const leaJob = (await mails(row.orderId)).find((m) => m.kind === "driver_job" && m.recipient === "lea@drivers.example")!;
    expect(await resendEmail(database.db, row.orderId, karimJob.id, staff, site, noLink)).toEqual({
      ok: false,
      status: 409,
      message: "This job went to a driver who is no longer assigned to this booking: it is not sent again.",
    });
    expect(await resendEmail(database.db, row.orderId, leaJob.id, staff, site, noLink)).toEqual({ ok: true, done: "resent" });

    // The traveller's first driver e-mail named Karim: sent again, it names the driver assigned now.
    const karimNote = (await mails(row.orderId)).find((m) => m.kind === "driver_assigned")!;
    expect(karimNote.body).toContain("Name: Karim Benali");
    expect(await resendEmail(database.db, row.orderId, karimNote.id, staff, site, noLink)).toEqual({ ok: true, done: "resent" });
    const renewed = (await mails(row.orderId)).find((m) => m.resentFrom === karimNote.id)!;
    expect(renewed).toMatchObject({ kind: "driver_assigned", recipient: "claire@example.com" });
    expect(renewed.body).toContain("Name: Lea Dubois");
    expect(renewed.body).not.toContain("Karim");

    await cancelBooking(database.db, row.orderId, staff, site, countingSandbox());
    const confirmation = (await mails(row.orderId)).find((m) => m.kind === "booking_confirmed")!;
    expect(await resendEmail(database.db, row.orderId, confirmation.id, staff, site, noLink)).toEqual({
      ok: false,
      status: 409,
      message: "This booking is cancelled: its confirmation is not sent again.",
    });
    expect(await resendEmail(database.db, row.orderId, leaJob.id, staff, site, noLink)).toEqual({
      ok: false,
      status: 409,
      message: "This booking is cancelled: the driver's job is not sent again.",
    });
    const cancellation = (await mails(row.orderId)).find((m) => m.kind === "booking_cancelled")!;
    expect(await resendEmail(database.db, row.orderId, cancellation.id, staff, site, noLink)).toEqual({ ok: true, done: "resent" });
  });

  it("writes a reminder anew from the booking as it is now, for its leg: the flight changed since, the driver assigned since, the meeting point", async () => {
    const row = await newBooking({ ...paid, bookingStatus: "confirmed" });
    const [stale] = await database.db
      .insert(outbox)
      .values({
        orderId: row.orderId,
        kind: "reminder",
        leg: 1,
        recipient: row.email,
        subject: "Navette Paris: your transfer tomorrow, booking x",
        body: "Flight: BA 304\nYour driver's name and phone number will reach you by e-mail as soon as a driver is assigned.\n",
        status: "sent",
        sentAt: now,
        attempts: 1,
      })
      .returning();
    const details = row.details as { legs: Array<{ pickup: Record<string, unknown> }> };
    const changed = { ...details, legs: [{ ...details.legs[0]!, pickup: { ...details.legs[0]!.pickup, flightNumber: "BA 306" } }] };
    await database.db.update(bookings).set({ details: changed }).where(eq(bookings.orderId, row.orderId));
    await assignDriver(database.db, row.orderId, (await addDriver({ name: "Karim Benali" })).id, staff, site);
    const { points } = parseMeetingPoints(
      [MEETING_POINTS_HEADER, "ORY,,private,Orly arrivals hall exit 7.", "*,,private,Hotel lobby."].join("\n"),
    );
    const withPoints = { ...site, meetingPoints: points, manageUrl: "[manage-link:resend]" };

    expect(await resendEmail(database.db, row.orderId, stale!.id, staff, withPoints, noLink)).toEqual({ ok: true, done: "resent" });
    const copy = (await mails(row.orderId)).find((m) => m.resentFrom === stale!.id)!;
    expect(copy).toMatchObject({
      kind: "reminder",
      leg: 1,
      recipient: "claire@example.com",
      status: "pending",
      linkMarker: "[manage-link:resend]",
    });
    expect(copy.subject).toBe(`[TEST] Navette Paris: your transfer on 20/05/2026, booking ${row.orderId}`);
    expect(copy.body).toContain("Flight: BA 306");
    expect(copy.body).not.toContain("BA 304");
    expect(copy.body).toContain("Meeting point\nOrly arrivals hall exit 7.");
    expect(copy.body).toContain("Your driver\nName: Karim Benali\nPhone: +33 6 98 76 54 32");
    expect(copy.body).toContain("[manage-link:resend]");
    expect((await history(row.orderId)).at(-1)!.detail).toContain("to be sent again, written from the booking as it is now");

    // A reminder of a leg the booking has no pickup for is not sent again.
    const [orphan] = await database.db
      .insert(outbox)
      .values({
        orderId: row.orderId,
        kind: "reminder",
        leg: 2,
        recipient: row.email,
        subject: "s",
        body: "b",
        status: "sent",
        sentAt: now,
      })
      .returning();
    expect(await resendEmail(database.db, row.orderId, orphan!.id, staff, site, noLink)).toEqual({
      ok: false,
      status: 409,
      message: "This reminder's leg has no pickup in the booking now: it is not sent again.",
    });
  });

  it.each<[string, string, string, string | null, boolean]>([
    ["confirmed", "paid", "booking_confirmed", null, false],
    ["cancelled", "refunded", "booking_confirmed", null, true],
    ["cancelled", "paid", "traveller_confirmation", null, true],
    ["new", "paid", "traveller_confirmation", null, false],
    ["cancelled", "refunded", "booking_cancelled", null, false],
    ["cancelled", "paid", "business_notification", null, false],
    ["new", "pending_payment", "payment_link", null, false],
    ["new", "payment_failed", "payment_link", null, false],
    ["new", "paid", "payment_link", null, true],
    ["new", "partly_refunded", "payment_link", null, true],
    ["cancelled", "pending_payment", "payment_link", null, true],
    ["driver_assigned", "paid", "driver_assigned", "lea@drivers.example", false],
    ["confirmed", "paid", "driver_assigned", null, true],
    ["cancelled", "refunded", "driver_assigned", "karim@drivers.example", true],
    ["driver_assigned", "paid", "driver_job", "karim@drivers.example", false],
    ["driver_assigned", "paid", "driver_job", " Karim@Drivers.example", false],
    ["driver_assigned", "paid", "driver_job", "lea@drivers.example", true],
    ["confirmed", "paid", "driver_job", null, true],
    ["cancelled", "paid", "driver_job", "karim@drivers.example", true],
    ["confirmed", "paid", "reminder", null, false],
    ["cancelled", "refunded", "reminder", null, true],
  ])("%s, %s: %s (driver now %s) refused %s", (bookingStatus, status, kind, driverEmail, refused) => {
    const refusal = resendRefusal(
      { bookingStatus: bookingStatus as never, status: status as never },
      { kind: kind as never, recipient: "karim@drivers.example" },
      driverEmail === null ? null : { email: driverEmail },
    );
    expect(refusal !== null).toBe(refused);
  });
});

describe("driverOf and assignedDriver", () => {
  it("staff see the booking's driver in every state; the traveller only while the driver is assigned, the phone written for people", async () => {
    const karim = await addDriver({ name: "Karim Benali" });
    const none = await newBooking({ ...paid, bookingStatus: "confirmed" });
    expect(await driverOf(database.db, none)).toBeUndefined();
    expect(await assignedDriver(database.db, none)).toBeNull();
    for (const [bookingStatus, told] of [
      ["driver_assigned", true],
      ["completed", false],
      ["cancelled", false],
    ] as const) {
      const row = await newBooking({ ...paid, bookingStatus, driverId: karim.id });
      expect((await driverOf(database.db, row))?.name).toBe("Karim Benali");
      expect(await assignedDriver(database.db, row)).toEqual(told ? { name: "Karim Benali", phone: "+33 6 98 76 54 32" } : null);
    }
  });
});

describe("loadBookingPage", () => {
  it("gives the booking, its driver, the active drivers, its e-mails with their state, its refunds and history", async () => {
    const row = await newBooking({ ...paid, bookingStatus: "confirmed" });
    const karim = await addDriver({ name: "Karim Benali" });
    await addDriver({ name: "Old Driver", active: false });
    await assignDriver(database.db, row.orderId, karim.id, staff, site);
    const [job, traveller] = await mails(row.orderId);
    await database.db.update(outbox).set({ status: "sent", sentAt: now, attempts: 1 }).where(eq(outbox.id, job!.id));
    await database.db.update(outbox).set({ attempts: OUTBOX_DEFAULTS.maxAttempts }).where(eq(outbox.id, traveller!.id));
    await addNote(database.db, row.orderId, "Quiet traveller.", staff);
    await database.db
      .insert(outbox)
      .values({ orderId: row.orderId, kind: "booking_confirmed", recipient: "x@example.com", subject: "s", body: "b" });

    const page = (await loadBookingPage(database.db, row.orderId))!;
    expect(page.row.orderId).toBe(row.orderId);
    expect(page.driver?.name).toBe("Karim Benali");
    expect(page.activeDrivers.map((d) => d.name)).toEqual(["Karim Benali"]);
    expect(page.emails.map((e) => [e.kind, e.state])).toEqual([
      ["driver_job", "sent"],
      ["driver_assigned", "failed"],
      ["booking_confirmed", "waiting"],
    ]);
    expect(page.history.map((h) => h.action)).toEqual(["driver_assigned", "note_added"]);
    expect(page.emails.map((e) => e.notAgain)).toEqual([null, null, null]);
    await cancelBooking(database.db, row.orderId, staff, site, countingSandbox());
    const cancelled = (await loadBookingPage(database.db, row.orderId))!;
    expect(cancelled.emails.map((e) => [e.kind, e.notAgain])).toEqual([
      ["driver_job", "This booking is cancelled: the driver's job is not sent again."],
      ["driver_assigned", "This booking is cancelled: the traveller's driver e-mail is not sent again."],
      ["booking_confirmed", "This booking is cancelled: its confirmation is not sent again."],
      ["booking_cancelled", null],
      ["driver_job_cancelled", null],
    ]);
    expect(page.actions).toEqual(["assign_driver", "complete", "no_show", "cancel"]);
    expect(await loadBookingPage(database.db, "NV-ZZZZZZ")).toBeNull();
  });
});

describe("createPhoneBooking", () => {
  const sandboxLink = async (row: BookingRow) => `https://navette.example/payment/${row.orderId}`;

  it("stores a phone booking to be paid on board once, whatever the double click, with its history", async () => {
    const input = {
      booking: checkedBooking("phone-1"),
      priceCents: 6_500,
      filePriceCents: 6_500,
      overrideReason: null,
      payment: "cash" as const,
      test: false,
    };
    const [a, b] = await Promise.all([
      createPhoneBooking(database.db, input, staff, site, sandboxLink),
      createPhoneBooking(database.db, input, staff, site, sandboxLink),
    ]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ ok: true, done: "created" });
    const orderId = (a as { orderId: string }).orderId;
    expect(await reread(orderId)).toMatchObject({
      source: "phone",
      paymentMode: "cash",
      status: "pending_payment",
      bookingStatus: "new",
      priceCents: 6_500,
    });
    expect(await mails(orderId)).toEqual([]);
    expect((await history(orderId)).map((h) => h.detail)).toEqual([
      "Took the booking by phone: 65,00\u00a0€ from the price file; to be paid on board.",
    ]);
    // Pay on board: it can be confirmed unpaid.
    expect(await confirmBooking(database.db, orderId, staff, site)).toEqual({ ok: true, done: "confirmed" });
  });

  it("keeps a staff price with its reason, and e-mails the payment link", async () => {
    const input = {
      booking: checkedBooking("phone-2"),
      priceCents: 5_000,
      filePriceCents: 6_500,
      overrideReason: "Regular customer",
      payment: "link" as const,
      test: true,
    };
    const outcome = await createPhoneBooking(database.db, input, staff, site, sandboxLink);
    expect(outcome).toMatchObject({ ok: true, done: "created_link" });
    const orderId = (outcome as { orderId: string }).orderId;
    expect(await reread(orderId)).toMatchObject({
      paymentMode: "card",
      priceCents: 5_000,
      priceOverrideReason: "Regular customer",
      test: true,
    });
    const [link] = await mails(orderId);
    expect(link).toMatchObject({ kind: "payment_link", recipient: "claire@example.com" });
    expect(link!.body).toContain(`https://navette.example/payment/${orderId}`);
    expect((await history(orderId))[0]!.detail).toContain(
      "50,00\u00a0€, set by staff instead of the price file's 65,00\u00a0€: Regular customer",
    );
  });

  it("saves nothing when the payment link cannot be made", async () => {
    const input = {
      booking: checkedBooking("phone-3"),
      priceCents: 6_500,
      filePriceCents: 6_500,
      overrideReason: null,
      payment: "link" as const,
      test: false,
    };
    const outcome = await createPhoneBooking(database.db, input, staff, site, async () => {
      throw new PaymentLinkFailed("Stripe could not be reached");
    });
    expect(outcome).toMatchObject({ ok: false, status: 502 });
    expect(await database.db.select().from(bookings)).toEqual([]);
  });
});

// On PostgreSQL the posts really run at once, on separate connections: the row lock makes them
// take turns. Runs when TEST_DATABASE_URL names a server, on a database of its own, dropped after.
// Vitest gives the environment as import.meta.env; the server itself reads none (settings.server.ts).
const POSTGRES = (import.meta.env.TEST_DATABASE_URL as string | undefined)?.trim() || null;

describe.skipIf(!POSTGRES)("on PostgreSQL, posts at once on separate connections", () => {
  let pgDatabase: Database;
  const name = `navette_unit_${randomBytes(5).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: POSTGRES! });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE "${name}"`);
    const url = new URL(POSTGRES!);
    url.pathname = `/${name}`;
    pgDatabase = await openDatabase({ databaseUrl: url.href, pgliteDir: null });
  });
  afterAll(async () => {
    await pgDatabase?.close();
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it("refunds once, confirms once and assigns once under five posts each", async () => {
    const db = pgDatabase.db;
    const { row } = await saveBooking(db, { booking: checkedBooking("pg-1"), priceCents: 6_500 });
    await db.update(bookings).set(paid).where(eq(bookings.id, row.id));
    const confirms = await Promise.all([1, 2, 3, 4, 5].map(() => confirmBooking(db, row.orderId, staff, site)));
    expect(confirms.filter((o) => o.ok)).toHaveLength(1);
    const [driver] = await db
      .insert(drivers)
      .values({ name: "Karim Benali", phone: "+33 6 98 76 54 32", email: "karim@drivers.example" })
      .returning();
    const assigns = await Promise.all([1, 2, 3, 4, 5].map(() => assignDriver(db, row.orderId, driver!.id, staff, site)));
    expect(assigns.filter((o) => o.ok)).toHaveLength(1);
    const provider = countingSandbox();
    const cancels = await Promise.all([1, 2, 3, 4, 5].map(() => cancelBooking(db, row.orderId, staff, site, provider)));
    expect(cancels.filter((o) => o.ok)).toEqual([{ ok: true, done: "cancelled_refunded" }]);
    expect(provider.calls).toEqual([6_500]);
    const [after] = await db.select().from(bookings).where(eq(bookings.orderId, row.orderId));
    expect(after).toMatchObject({ bookingStatus: "cancelled", status: "refunded", refundedCents: 6_500 });
    const kinds = (await db.select().from(outbox).where(eq(outbox.orderId, row.orderId))).map((m) => m.kind).sort();
    expect(kinds).toEqual(["booking_cancelled", "booking_confirmed", "driver_assigned", "driver_job", "driver_job_cancelled"]);
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.orderId, row.orderId))).toHaveLength(1);
  });

  it("stores one phone booking under five posts of one form", async () => {
    const db = pgDatabase.db;
    const input = {
      booking: checkedBooking("pg-phone"),
      priceCents: 6_500,
      filePriceCents: 6_500,
      overrideReason: null,
      payment: "link" as const,
      test: false,
    };
    const outcomes = await Promise.all(
      [1, 2, 3, 4, 5].map(() => createPhoneBooking(db, input, staff, site, async (r) => `https://navette.example/payment/${r.orderId}`)),
    );
    expect(new Set(outcomes.map((o) => (o.ok ? o.orderId : o.message))).size).toBe(1);
    const orderId = (outcomes[0] as { orderId: string }).orderId;
    expect(await db.select().from(outbox).where(eq(outbox.orderId, orderId))).toHaveLength(1);
    expect(await db.select().from(auditEvents).where(eq(auditEvents.orderId, orderId))).toHaveLength(1);
  });
});
