import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outbox, paymentEvents } from "../../db/schema";
import { assignDriver } from "./booking-admin.server";
import { loadBookingPage } from "./booking-page.server";
import { cancelBooking, refundableCents, refundBooking, wrongProvider } from "./booking-refunds.server";
import { RefundRefused, StripeProvider } from "./payments.server";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import { bookingFixtures, countingSandbox, now, paid, site, staff } from "./test-support/staff-actions";
import { adminWordsIn } from "./test-support/admin-words";

// Cancellations and refunds on the embedded PostgreSQL: the money moves once, whatever the
// double clicks, and a provider's refusal changes nothing.

const database = useEmbeddedDatabase();
const { newBooking, reread, mails, history, addDriver } = bookingFixtures(database);

beforeEach(async () => {
  await database.db.execute(sql`truncate outbox, payment_events, audit_events, bookings, drivers restart identity cascade`);
});

describe("cancelBooking", () => {
  it("refunds a paid booking in full exactly once, whatever the concurrent cancels", async () => {
    const row = await newBooking(paid);
    const provider = countingSandbox();
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => cancelBooking(database.db, row.orderId, staff, site, provider, null, adminWordsIn("en"))),
    );
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
    expect((await loadBookingPage(database.db, row.orderId, adminWordsIn("en")))!.refunds).toEqual([
      expect.objectContaining({ eventId: `sbx_refund_${row.orderId}`, amountCents: 6_500 }),
    ]);
  });

  it("tells the assigned driver that the job is cancelled, in the same transaction", async () => {
    const row = await newBooking({ ...paid, bookingStatus: "confirmed" });
    const karim = await addDriver({ name: "Karim Benali" });
    await assignDriver(database.db, row.orderId, 1, karim.id, staff, site, adminWordsIn("en"));
    const before = (await mails(row.orderId)).length;
    expect(await cancelBooking(database.db, row.orderId, staff, site, countingSandbox(), null, adminWordsIn("en"))).toEqual({
      ok: true,
      done: "cancelled_refunded",
    });
    const sent = (await mails(row.orderId)).slice(before);
    expect(sent.map((m) => [m.kind, m.recipient])).toEqual([
      ["booking_cancelled", "claire@example.com"],
      ["driver_job_cancelled", "karim@drivers.example"],
    ]);
    expect(sent[1]!.body).toContain(`Booking ${row.orderId} (Private transfer) is cancelled: you no longer do this job.`);
    expect((await history(row.orderId)).at(-1)!.detail).toContain("The traveller and the driver, Karim Benali, are e-mailed.");
    // A provider that refuses rolls the driver's notice back with the rest.
    const other = await newBooking({ ...paid, bookingStatus: "confirmed" });
    await assignDriver(database.db, other.orderId, 1, karim.id, staff, site, adminWordsIn("en"));
    const count = (await mails(other.orderId)).length;
    const refusing = {
      name: "sandbox" as const,
      refund: async (): Promise<never> => {
        throw new RefundRefused("Refused.");
      },
    };
    expect(await cancelBooking(database.db, other.orderId, staff, site, refusing, null, adminWordsIn("en"))).toMatchObject({
      ok: false,
      status: 502,
    });
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
    expect(await cancelBooking(database.db, row.orderId, staff, site, countingSandbox(), null, adminWordsIn("en"))).toMatchObject({
      ok: true,
    });
    const reminders = (await mails(row.orderId)).filter((m) => m.kind === "reminder");
    expect(reminders.map((m) => [m.leg, m.status])).toEqual([[1, "sent"]]);
  });

  it("cancels an unpaid booking without asking the provider", async () => {
    const row = await newBooking();
    const provider = countingSandbox();
    expect(await cancelBooking(database.db, row.orderId, staff, site, provider, null, adminWordsIn("en"))).toEqual({
      ok: true,
      done: "cancelled",
    });
    expect(provider.calls).toEqual([]);
    expect(await reread(row.orderId)).toMatchObject({ bookingStatus: "cancelled", status: "pending_payment", refundedCents: 0 });
    expect((await mails(row.orderId))[0]!.body).toContain("nothing to refund");
  });

  it("cancels a payment already refunded outside the site without asking the provider, keeping the staff's reason", async () => {
    const row = await newBooking({ ...paid, bookingStatus: "confirmed", paymentProvider: "stripe", paymentRef: "pi_9" });
    const provider = countingSandbox();
    const reason = "Refunded in Stripe's dashboard on 3 May, re_3Px.";
    const outcomes = await Promise.all(
      [1, 2].map(() => cancelBooking(database.db, row.orderId, staff, site, provider, reason, adminWordsIn("en"))),
    );
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
    const page = (await loadBookingPage(database.db, row.orderId, adminWordsIn("en")))!;
    expect(page.refunds).toEqual([expect.objectContaining({ provider: "outside", amountCents: 6_500 })]);
  });

  it("records the refund of a cancelled booking's later payment made outside the site", async () => {
    const row = await newBooking({ ...paid, bookingStatus: "cancelled" });
    const provider = countingSandbox();
    expect(await refundBooking(database.db, row.orderId, staff, site, provider, "Refunded by bank transfer.", adminWordsIn("en"))).toEqual({
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
    expect(await cancelBooking(database.db, stripePaid.orderId, staff, site, sandbox, null, adminWordsIn("en"))).toEqual({
      ok: false,
      status: 409,
      message:
        "This booking was paid through Stripe, but the site now takes payments through the sandbox, which cannot refund it: refund it in Stripe's dashboard, then use 'Already refunded outside the site'. Nothing was changed.",
    });
    const cancelledStripePaid = await newBooking({ ...paid, bookingStatus: "cancelled", paymentProvider: "stripe", paymentRef: "pi_8" });
    expect(await refundBooking(database.db, cancelledStripePaid.orderId, staff, site, sandbox, null, adminWordsIn("en"))).toMatchObject({
      ok: false,
      status: 409,
    });
    const sandboxPaid = await newBooking({ ...paid, bookingStatus: "confirmed" });
    const stripe = { ...countingSandbox(), name: "stripe" as const };
    const refused = await cancelBooking(database.db, sandboxPaid.orderId, staff, site, stripe, null, adminWordsIn("en"));
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect((refused as { message: string }).message).toContain("paid through the sandbox, but the site now takes payments through Stripe");
    expect([...sandbox.calls, ...stripe.calls]).toEqual([]);
    for (const row of [stripePaid, cancelledStripePaid, sandboxPaid]) {
      expect(await reread(row.orderId)).toEqual(row);
      expect(await mails(row.orderId)).toEqual([]);
      expect(await history(row.orderId)).toEqual([]);
    }
    // Refunded in Stripe's dashboard first: recorded without asking either provider.
    expect(
      await cancelBooking(database.db, stripePaid.orderId, staff, site, sandbox, "Refunded in Stripe, re_1.", adminWordsIn("en")),
    ).toEqual({
      ok: true,
      done: "cancelled_outside",
    });
    // An unpaid booking owes nothing, whichever provider runs now.
    const unpaid = await newBooking({ paymentProvider: "stripe" });
    expect(await cancelBooking(database.db, unpaid.orderId, staff, site, sandbox, null, adminWordsIn("en"))).toEqual({
      ok: true,
      done: "cancelled",
    });
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
    expect(wrongProvider({ paymentProvider: took }, owed, { name: now }, outside, adminWordsIn("en")) !== null).toBe(refused);
  });

  it("says in French why another provider cannot refund, for a member who works in French", () => {
    const fr = adminWordsIn("fr");
    expect(wrongProvider({ paymentProvider: "stripe" }, 6_500, { name: "sandbox" }, null, fr)).toEqual({
      ok: false,
      status: 409,
      message:
        "Cette réservation a été payée par Stripe, mais le site encaisse désormais les paiements par le bac à sable, qui ne peut pas la rembourser\u00a0: remboursez-la dans le tableau de bord de Stripe, puis utilisez «\u00a0Déjà remboursé hors du site\u00a0». Rien n’a été modifié.",
    });
    expect(wrongProvider({ paymentProvider: "sandbox" }, 6_500, { name: "stripe" }, null, fr)).toMatchObject({
      message: expect.stringContaining("le bac à sable n’a débité aucun argent, il n’y a donc rien à rendre"),
    });
  });

  it("refuses a second cancel in the member's words", async () => {
    const row = await newBooking({ ...paid, bookingStatus: "cancelled" });
    expect(await cancelBooking(database.db, row.orderId, staff, site, countingSandbox(), null, adminWordsIn("fr"))).toEqual({
      ok: false,
      status: 409,
      message: "La réservation est déjà annulée.",
    });
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
      const outcome = await cancelBooking(database.db, row.orderId, staff, site, stripe, null, adminWordsIn("en"));
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
      expect(await cancelBooking(database.db, row.orderId, staff, site, stripe, null, adminWordsIn("en"))).toEqual({
        ok: true,
        done: "cancelled_refunded",
      });
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
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => refundBooking(database.db, row.orderId, staff, site, provider, null, adminWordsIn("en"))),
    );
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
    expect(await refundBooking(database.db, open.orderId, staff, site, provider, null, adminWordsIn("en"))).toEqual({
      ok: false,
      status: 409,
      message: "Only a cancelled booking is refunded on its own: cancel the booking to refund it.",
    });
    const noShow = await newBooking({ ...paid, bookingStatus: "no_show" });
    expect(await refundBooking(database.db, noShow.orderId, staff, site, provider, null, adminWordsIn("en"))).toMatchObject({
      ok: false,
      status: 409,
    });
    const unpaid = await newBooking({ bookingStatus: "cancelled" });
    expect(await refundBooking(database.db, unpaid.orderId, staff, site, provider, null, adminWordsIn("en"))).toEqual({
      ok: false,
      status: 409,
      message: "Nothing is left to refund on this booking.",
    });
    expect(await refundBooking(database.db, "NV-ZZZZZZ", staff, site, provider, null, adminWordsIn("en"))).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await refundBooking(database.db, open.orderId, staff, site, provider, null, adminWordsIn("fr"))).toMatchObject({
      message: "Seule une réservation annulée se rembourse à part\u00a0: annulez la réservation pour la rembourser.",
    });
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
    expect(await refundBooking(database.db, row.orderId, staff, site, refusing, null, adminWordsIn("en"))).toEqual({
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

  it("says what was not done in the member's words, followed by the provider's own", async () => {
    const row = await newBooking(paidAfterCancel);
    const refusing = {
      name: "sandbox" as const,
      refund: async (): Promise<never> => {
        throw new RefundRefused("Stripe could not be reached.");
      },
    };
    expect(await refundBooking(database.db, row.orderId, staff, site, refusing, null, adminWordsIn("fr"))).toMatchObject({
      status: 502,
      message: "Le paiement n’est pas remboursé\u00a0: le remboursement n’a pas abouti. Stripe could not be reached.",
    });
    expect((await history(row.orderId))[0]!.detail).toMatch(/^Tried to refund the payment; the refund was refused/);
  });
});
