import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingRow } from "./bookings.server";
import { StripeProvider } from "./payments.server";

const WEBHOOK_SECRET = "whsec_unit";
const stripe = new Stripe("sk_test_unit");

function event(type: string, session: Record<string, unknown>): string {
  return JSON.stringify({
    id: `evt_${randomUUID().replace(/-/g, "")}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: "cs_test_1",
        object: "checkout.session",
        client_reference_id: "NV-ABCDEF",
        metadata: { order_id: "NV-ABCDEF" },
        amount_total: 4000,
        currency: "eur",
        payment_intent: "pi_1",
        payment_status: "paid",
        ...session,
      },
    },
  });
}

const signed = (payload: string) => stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

describe("StripeProvider.verify", () => {
  const provider = new StripeProvider({ secretKey: "sk_test_unit", webhookSecret: WEBHOOK_SECRET, apiBase: "https://api.stripe.com" }, "");

  it.each([
    ["checkout.session.completed", { payment_status: "paid" }, "paid"],
    ["checkout.session.completed", { payment_status: "unpaid" }, "pending"],
    ["checkout.session.async_payment_succeeded", { payment_status: "paid" }, "paid"],
    ["checkout.session.async_payment_failed", { payment_status: "unpaid" }, "failed"],
  ])("%s with %j is a %s notice for the order, its amount and its payment", async (type, session, result) => {
    const payload = event(type, session);
    expect(await provider.verify(payload, signed(payload))).toEqual({
      provider: "stripe",
      result,
      eventId: JSON.parse(payload).id,
      orderId: "NV-ABCDEF",
      amountCents: 4000,
      currency: "eur",
      paymentRef: "pi_1",
    });
  });

  it.each(["checkout.session.expired", "payment_intent.succeeded", "charge.refunded"])("ignores %s", async (type) => {
    const payload = event(type, {});
    expect(await provider.verify(payload, signed(payload))).toBe("ignored");
  });

  it("refuses a payload signed with another secret, changed after signing, or unsigned", async () => {
    const payload = event("checkout.session.completed", {});
    expect(await provider.verify(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" }))).toBeNull();
    expect(await provider.verify(payload.replace("4000", "1"), signed(payload))).toBeNull();
    expect(await provider.verify(payload, null)).toBeNull();
  });
});

describe("StripeProvider.checkoutUrl", () => {
  /** A server answering Checkout Session creation as Stripe's API does, recording each request. */
  const requests: Array<{ path: string; headers: IncomingHttpHeaders; body: URLSearchParams }> = [];
  let server: Server;
  let apiBase = "";

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        requests.push({ path: req.url ?? "", headers: req.headers, body: new URLSearchParams(body) });
        res.writeHead(200, { "content-type": "application/json", "request-id": "req_unit" });
        res.end(JSON.stringify({ id: "cs_test_unit", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_unit" }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const row = { orderId: "NV-ABCDEF", priceCents: 4000, currency: "EUR", depart: "Orly Airport (ORY)", arrive: "Disneyland Paris" };

  it("creates a session at the booking's amount on STRIPE_API_BASE, and returns its URL", async () => {
    const provider = new StripeProvider({ secretKey: "sk_test_unit", webhookSecret: WEBHOOK_SECRET, apiBase }, "https://navette.example");
    expect(await provider.checkoutUrl(row as BookingRow)).toBe("https://checkout.stripe.com/c/pay/cs_test_unit");
    const asked = requests.at(-1)!;
    expect(asked.path).toBe("/v1/checkout/sessions");
    expect(asked.body.get("line_items[0][price_data][unit_amount]")).toBe("4000");
    expect(asked.body.get("line_items[0][price_data][currency]")).toBe("eur");
    expect(asked.body.get("metadata[order_id]")).toBe("NV-ABCDEF");
    expect(asked.body.get("success_url")).toBe("https://navette.example/response_bank_ok_ko?ok_ko=ok&order_id=NV-ABCDEF");
    expect(asked.headers.authorization).toBe("Bearer sk_test_unit");
  });

  it("asks again under the same idempotency key for the same booking, and under another once it is repriced", async () => {
    const provider = new StripeProvider({ secretKey: "sk_test_unit", webhookSecret: WEBHOOK_SECRET, apiBase }, "https://navette.example");
    await provider.checkoutUrl(row as BookingRow);
    await provider.checkoutUrl(row as BookingRow);
    await provider.checkoutUrl({ ...row, priceCents: 4500 } as BookingRow);
    const keys = requests.slice(-3).map((r) => r.headers["idempotency-key"]);
    expect(keys[0]).toMatch(/^checkout-NV-ABCDEF-/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
