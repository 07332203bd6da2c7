import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, outbox, paymentEvents } from "../../db/schema";
import { formatEuros } from "~/domain/money";
import { findByOrderId, type BookingRow } from "~/lib/bookings.server";
import { purgeExpired } from "~/lib/retention.server";
import {
  closeAfterMail,
  FORM,
  formBody,
  hmacHex,
  newToken,
  orderIdOf,
  postBooking,
  sandboxNotice,
  type TwoSites,
  validDraft,
  waitFor,
} from "./helpers";

/**
 * Payment safety and personal data on one database (docs/product.md, Payment states and Personal
 * data): Stripe's Checkout events with properly signed payloads, an amount that differs from the
 * booking's, and the retention purge as of a given `now`.
 */
/** A sandbox site and a Stripe site on one database the test reads. */
export type PaymentsBackend = TwoSites;

export const STRIPE_SECRET_KEY = "sk_test_payments";
export const STRIPE_WEBHOOK_SECRET = "whsec_payments";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Retention periods other than the defaults, given to both servers, which the privacy policy must state. */
export const RETENTION_ENV = { MAIL_BODY_RETENTION_DAYS: "45", UNPAID_BOOKING_RETENTION_DAYS: "5" };

export function paymentsSuite(open: () => Promise<PaymentsBackend>): void {
  let backend: PaymentsBackend;
  const stripe = new Stripe(STRIPE_SECRET_KEY);

  beforeAll(async () => {
    backend = await open();
  });
  afterAll(async () => {
    if (backend) await closeAfterMail(backend);
  });

  async function mustFind(orderId: string): Promise<BookingRow> {
    const row = await findByOrderId(backend.db, orderId);
    if (!row) throw new Error(`booking ${orderId} is not stored`);
    return row;
  }

  const outboxOf = (orderId: string) => backend.db.select().from(outbox).where(eq(outbox.orderId, orderId)).orderBy(outbox.kind);
  const mailsOf = (orderId: string) => backend.smtp.received.filter((m) => m.subject.includes(orderId));

  /** A booking posted through the form's endpoint, as a visitor makes it. */
  async function book(): Promise<BookingRow> {
    const response = await postBooking(backend.url, formBody(validDraft(newToken())));
    expect(response.status, await response.clone().text()).toBe(303);
    return mustFind(orderIdOf(response)!);
  }

  /** A Checkout event about the booking's session, as Stripe sends it. */
  function checkoutEvent(
    row: BookingRow,
    type: string,
    edits: { amount?: number; currency?: string; paymentStatus?: string; paymentIntent?: string } = {},
  ): string {
    return JSON.stringify({
      id: `evt_it_${randomUUID().replace(/-/g, "")}`,
      object: "event",
      api_version: "2025-10-29.clover",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: {
        object: {
          id: `cs_test_${row.orderId}`,
          object: "checkout.session",
          mode: "payment",
          client_reference_id: row.orderId,
          metadata: { order_id: row.orderId },
          payment_status: edits.paymentStatus ?? "paid",
          status: "complete",
          amount_total: edits.amount ?? row.priceCents,
          currency: edits.currency ?? "eur",
          payment_intent: edits.paymentIntent ?? `pi_it_${row.orderId}`,
        },
      },
    });
  }

  /** Delivers a payload to the webhook, signed with the site's secret by Stripe's own helper. */
  async function deliver(payload: string): Promise<{ status: number; body: unknown }> {
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
    const response = await fetch(`${backend.stripeUrl}/api/payment/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    return { status: response.status, body: await response.json() };
  }

  describe("Stripe's delayed payments", () => {
    it("a session completed but not yet paid leaves the booking unpaid; async_payment_succeeded then marks it paid and sends its e-mails once", async () => {
      const row = await book();
      const completed = checkoutEvent(row, "checkout.session.completed", { paymentStatus: "unpaid" });
      expect(await deliver(completed)).toEqual({ status: 200, body: { received: true, outcome: "payment-pending" } });
      const waiting = await mustFind(row.orderId);
      expect(waiting).toMatchObject({ status: "pending_payment", paidAt: null, paymentIssue: null });
      expect(await outboxOf(row.orderId)).toEqual([]);

      const succeeded = checkoutEvent(row, "checkout.session.async_payment_succeeded");
      expect(await deliver(succeeded)).toEqual({ status: 200, body: { received: true, outcome: "paid" } });
      const paid = await mustFind(row.orderId);
      expect(paid).toMatchObject({ status: "paid", paymentProvider: "stripe", paymentRef: `pi_it_${row.orderId}`, paidAmountCents: null });
      expect(paid.paidAt).not.toBeNull();
      expect((await outboxOf(row.orderId)).map((m) => m.kind)).toEqual(["business_notification", "traveller_confirmation"]);
      expect(
        await waitFor(
          () => mailsOf(row.orderId),
          (m) => m.length >= 2,
        ),
      ).toHaveLength(2);

      // Stripe retries an event it thinks was lost: nothing more happens.
      expect(await deliver(succeeded)).toEqual({ status: 200, body: { received: true, outcome: "already-handled" } });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(mailsOf(row.orderId)).toHaveLength(2);
    });

    it("async_payment_failed marks the booking payment_failed with the reason for the staff, and sends no e-mail", async () => {
      const row = await book();
      await deliver(checkoutEvent(row, "checkout.session.completed", { paymentStatus: "unpaid" }));
      const failed = checkoutEvent(row, "checkout.session.async_payment_failed", { paymentStatus: "unpaid" });
      expect(await deliver(failed)).toEqual({ status: 200, body: { received: true, outcome: "payment-failed" } });
      const after = await mustFind(row.orderId);
      expect(after.status).toBe("payment_failed");
      expect(after.paidAt).toBeNull();
      expect(after.paymentIssue).toContain("The payment failed");
      expect(after.paymentIssue).toContain(`pi_it_${row.orderId}`);
      expect(await outboxOf(row.orderId)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(mailsOf(row.orderId)).toEqual([]);
    });

    it("a booking whose payment failed is marked paid by a later payment, and its issue is cleared", async () => {
      const row = await book();
      await deliver(checkoutEvent(row, "checkout.session.async_payment_failed", { paymentStatus: "unpaid", paymentIntent: "pi_it_first" }));
      expect((await mustFind(row.orderId)).status).toBe("payment_failed");
      expect(await deliver(checkoutEvent(row, "checkout.session.completed", { paymentIntent: "pi_it_second" }))).toEqual({
        status: 200,
        body: { received: true, outcome: "paid" },
      });
      expect(await mustFind(row.orderId)).toMatchObject({ status: "paid", paymentRef: "pi_it_second", paymentIssue: null });
      expect(await outboxOf(row.orderId)).toHaveLength(2);
    });

    it("a failure reported after the booking is paid changes nothing", async () => {
      const row = await book();
      await deliver(checkoutEvent(row, "checkout.session.completed"));
      const paid = await mustFind(row.orderId);
      expect(await deliver(checkoutEvent(row, "checkout.session.async_payment_failed", { paymentStatus: "unpaid" }))).toEqual({
        status: 200,
        body: { received: true, outcome: "already-handled" },
      });
      expect(await mustFind(row.orderId)).toEqual(paid);
    });
  });

  describe("a paid amount that differs from the booking's", () => {
    it.each([
      ["less", (row: BookingRow) => ({ amount: row.priceCents - 500 })],
      ["more", (row: BookingRow) => ({ amount: row.priceCents + 500 })],
    ])("paying %s through Stripe marks the booking paid and records the amount and the issue for the staff", async (_what, edits) => {
      const row = await book();
      const amount = edits(row).amount;
      const payload = checkoutEvent(row, "checkout.session.completed", { amount });
      expect(await deliver(payload)).toEqual({ status: 200, body: { received: true, outcome: "paid-with-issue" } });
      const after = await mustFind(row.orderId);
      expect(after.status).toBe("paid");
      expect(after.priceCents).toBe(row.priceCents);
      expect(after.paidAmountCents).toBe(amount);
      expect(after.paymentIssue).toBe(
        `Paid ${formatEuros(amount)} through stripe (payment pi_it_${row.orderId}), but the booking's price is ${formatEuros(row.priceCents)}. ` +
          "The booking is marked paid: settle the difference with the traveller.",
      );
      // The traveller gets the confirmation; the business e-mail opens with the issue.
      const mails = await waitFor(
        () => mailsOf(row.orderId),
        (m) => m.length >= 2,
      );
      expect(mails).toHaveLength(2);
      const business = mails.find((m) => m.to.includes(backend.businessEmail))!;
      expect(business.text.startsWith(`PAYMENT ISSUE: ${after.paymentIssue}`)).toBe(true);
      const traveller = mails.find((m) => !m.to.includes(backend.businessEmail))!;
      expect(traveller.text).not.toContain("PAYMENT ISSUE");
    });

    it("paying in another currency is recorded the same way, naming the currency", async () => {
      const row = await book();
      const payload = checkoutEvent(row, "checkout.session.completed", { currency: "usd" });
      expect(await deliver(payload)).toEqual({ status: 200, body: { received: true, outcome: "paid-with-issue" } });
      const after = await mustFind(row.orderId);
      expect(after).toMatchObject({ status: "paid", paidAmountCents: row.priceCents });
      expect(after.paymentIssue).toContain(`Paid ${(row.priceCents / 100).toFixed(2)} USD through stripe`);
    });

    it("a sandbox notification for another amount is taken (200) and flagged the same way", async () => {
      const row = await book();
      const body = sandboxNotice(row.orderId, row.priceCents - 100);
      const response = await fetch(`${backend.url}/api/payment/sandbox`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-sandbox-signature": hmacHex(backend.sandboxSecret, body) },
        body,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ outcome: "paid-with-issue" });
      expect(await mustFind(row.orderId)).toMatchObject({ status: "paid", paidAmountCents: row.priceCents - 100 });
    });

    it("the same amount leaves no issue behind", async () => {
      const row = await book();
      expect(await deliver(checkoutEvent(row, "checkout.session.completed"))).toEqual({
        status: 200,
        body: { received: true, outcome: "paid" },
      });
      expect(await mustFind(row.orderId)).toMatchObject({ status: "paid", paidAmountCents: null, paymentIssue: null });
    });
  });

  describe("retention, as of a given now", () => {
    it("the privacy policy states the periods the server applies, from its settings", async () => {
      // React separates adjacent text nodes with empty comments.
      const html = (await (await fetch(`${backend.url}/privacy-policy`)).text()).replaceAll("<!-- -->", "");
      expect(html).toContain("deleted automatically 5 days after it was last changed");
      expect(html).toContain("their text is deleted automatically 45 days after they are sent");
    });

    /** Sets a booking's last change back in time, as if it had been made `days` ago. */
    async function age(orderId: string, days: number, now: Date) {
      await backend.db
        .update(bookings)
        .set({ updatedAt: new Date(now.getTime() - days * DAY_MS), createdAt: new Date(now.getTime() - days * DAY_MS) })
        .where(eq(bookings.orderId, orderId));
    }

    /** Pays a booking through the sandbox page and waits until both its e-mails are sent. */
    async function payAndSend(orderId: string) {
      const pay = await fetch(`${backend.url}/payment/${orderId}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": FORM, origin: backend.url },
        body: "intent=pay",
      });
      expect(pay.headers.get("location")).toBe(`/response_bank_ok_ko?ok_ko=ok&order_id=${orderId}`);
      return waitFor(
        () => outboxOf(orderId),
        (rows) => rows.length === 2 && rows.every((m) => m.status === "sent"),
      );
    }

    it("empties a sent e-mail's body after MAIL_BODY_RETENTION_DAYS, keeping its recipient, subject and state", async () => {
      const row = await book();
      const sent = await payAndSend(row.orderId);
      const sentAt = Math.max(...sent.map((m) => m.sentAt!.getTime()));
      const periods = { mailBodyDays: 30, unpaidBookingDays: 3650 };

      await purgeExpired(backend.db, periods, new Date(sentAt + 29 * DAY_MS));
      expect((await outboxOf(row.orderId)).map((m) => m.body.length > 0)).toEqual([true, true]);

      const first = await purgeExpired(backend.db, periods, new Date(sentAt + 30 * DAY_MS + 1000));
      expect(first.mailBodies).toBeGreaterThanOrEqual(2);
      const after = await outboxOf(row.orderId);
      expect(after.map((m) => m.body)).toEqual(["", ""]);
      expect(after.map((m) => [m.kind, m.recipient, m.subject, m.status, m.sentAt])).toEqual(
        sent.map((m) => [m.kind, m.recipient, m.subject, m.status, m.sentAt]),
      );
      // The paid booking itself stays.
      expect((await mustFind(row.orderId)).status).toBe("paid");
      // Nothing left to do: a second run, or another instance's, changes nothing.
      expect((await purgeExpired(backend.db, periods, new Date(sentAt + 30 * DAY_MS + 1000))).mailBodies).toBe(0);
    });

    it("deletes bookings abandoned unpaid after UNPAID_BOOKING_RETENTION_DAYS, and only those", async () => {
      const now = new Date();
      const periods = { mailBodyDays: 3650, unpaidBookingDays: 7 };
      const abandoned = await book();
      const recent = await book();
      const delayed = await book();
      const failed = await book();
      const paid = await book();
      await deliver(checkoutEvent(delayed, "checkout.session.completed", { paymentStatus: "unpaid" }));
      await deliver(checkoutEvent(failed, "checkout.session.async_payment_failed", { paymentStatus: "unpaid" }));
      await deliver(checkoutEvent(paid, "checkout.session.completed"));
      await waitFor(
        () => outboxOf(paid.orderId),
        (rows) => rows.length === 2 && rows.every((m) => m.status === "sent"),
      );
      await age(abandoned.orderId, 8, now);
      await age(recent.orderId, 6, now);
      for (const row of [delayed, failed, paid]) await age(row.orderId, 30, now);
      // An outbox row of the abandoned booking (none is written before payment, but none may outlive it).
      await backend.db.insert(outbox).values({
        orderId: abandoned.orderId,
        kind: "traveller_confirmation",
        recipient: "x@example.com",
        subject: `Booking ${abandoned.orderId}`,
        body: "…",
      });

      // Two instances purging at the same moment delete each booking once between them.
      const [a, b] = await Promise.all([purgeExpired(backend.db, periods, now), purgeExpired(backend.db, periods, now)]);
      expect(a.unpaidBookings + b.unpaidBookings).toBe(1);
      expect(await findByOrderId(backend.db, abandoned.orderId)).toBeUndefined();
      expect(await outboxOf(abandoned.orderId)).toEqual([]);
      expect((await mustFind(recent.orderId)).status).toBe("pending_payment");
      expect((await mustFind(delayed.orderId)).status).toBe("pending_payment");
      expect((await mustFind(failed.orderId)).status).toBe("payment_failed");
      expect((await mustFind(paid.orderId)).status).toBe("paid");
      expect(await outboxOf(paid.orderId)).toHaveLength(2);
      expect((await purgeExpired(backend.db, periods, now)).unpaidBookings).toBe(0);

      // A day later the recent one has been waiting 7 days too.
      await purgeExpired(backend.db, periods, new Date(now.getTime() + DAY_MS + 1000));
      expect(await findByOrderId(backend.db, recent.orderId)).toBeUndefined();
      expect(await mustFind(delayed.orderId)).toBeDefined();
      // The record of the notifications stays (ids and amounts only).
      const events = await backend.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, delayed.orderId));
      expect(events).toHaveLength(1);
    });
  });
}
