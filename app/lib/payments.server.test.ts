import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingRow } from "./bookings.server";
import { RefundRefused, SandboxProvider, StripeProvider } from "./payments.server";

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

describe("SandboxProvider.checkoutUrl", () => {
  it.each([
    ["en", "/payment/NV-ABCDEF"],
    ["it", "/it/payment/NV-ABCDEF"],
  ] as const)("sends a booking made in %s to %s", async (locale, path) => {
    expect(await new SandboxProvider(null).checkoutUrl({ orderId: "NV-ABCDEF", locale } as BookingRow)).toBe(path);
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

  const row = {
    orderId: "NV-ABCDEF",
    priceCents: 4000,
    currency: "EUR",
    depart: "Orly Airport (ORY)",
    arrive: "Disneyland Paris",
    locale: "en",
  };

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

  it("opens Checkout in the booking's language and returns to the result page in it", async () => {
    const provider = new StripeProvider({ secretKey: "sk_test_unit", webhookSecret: WEBHOOK_SECRET, apiBase }, "https://navette.example");
    await provider.checkoutUrl({ ...row, locale: "es" } as BookingRow);
    const asked = requests.at(-1)!;
    expect(asked.body.get("locale")).toBe("es");
    expect(asked.body.get("line_items[0][price_data][product_data][name]")).toBe(
      "Traslado NV-ABCDEF: de Orly Airport (ORY) a Disneyland Paris",
    );
    expect(asked.body.get("success_url")).toBe("https://navette.example/es/response_bank_ok_ko?ok_ko=ok&order_id=NV-ABCDEF");
    expect(asked.body.get("cancel_url")).toBe("https://navette.example/es/response_bank_ok_ko?ok_ko=ko&order_id=NV-ABCDEF");
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

  it("asks for a new session under a key of its own when a link is sent again", async () => {
    const provider = new StripeProvider({ secretKey: "sk_test_unit", webhookSecret: WEBHOOK_SECRET, apiBase }, "https://navette.example");
    await provider.checkoutUrl(row as BookingRow);
    await provider.checkoutUrl(row as BookingRow, "resend-12");
    await provider.checkoutUrl(row as BookingRow, "resend-13");
    const [first, again, later] = requests.slice(-3).map((r) => String(r.headers["idempotency-key"]));
    expect(again).toBe(`${first}-resend-12`);
    expect(later).toBe(`${first}-resend-13`);
  });
});

describe("refunds", () => {
  /** Answers POST /v1/refunds as Stripe does: one refund per idempotency key, or an error when told. */
  const requests: Array<{ path: string; headers: IncomingHttpHeaders; body: URLSearchParams }> = [];
  const byKey = new Map<string, Record<string, unknown>>();
  let answer: "ok" | "refuse" | "already" | "failed" = "ok";
  let server: Server;
  let apiBase = "";

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        const form = new URLSearchParams(body);
        requests.push({ path: req.url ?? "", headers: req.headers, body: form });
        if (answer === "refuse" || answer === "already") {
          const error =
            answer === "refuse"
              ? { type: "invalid_request_error", code: "amount_too_large", message: "Refund amount is greater than the charge." }
              : { type: "invalid_request_error", code: "charge_already_refunded", message: "Charge ch_1 has already been refunded." };
          res.writeHead(400, { "content-type": "application/json" });
          res.end(JSON.stringify({ error }));
          return;
        }
        const key = String(req.headers["idempotency-key"]);
        const refund = byKey.get(key) ?? {
          id: `re_${byKey.size + 1}`,
          object: "refund",
          amount: Number(form.get("amount")),
          currency: "eur",
          payment_intent: form.get("payment_intent"),
          status: answer === "failed" ? "failed" : "succeeded",
        };
        byKey.set(key, refund);
        res.writeHead(200, { "content-type": "application/json", "request-id": "req_unit" });
        res.end(JSON.stringify(refund));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const paid = { orderId: "NV-REFUND", priceCents: 4000, currency: "EUR", paymentRef: "pi_paid" } as BookingRow;
  const provider = () =>
    new StripeProvider({ secretKey: "sk_test_unit", webhookSecret: WEBHOOK_SECRET, apiBase }, "https://navette.example");

  it("refunds the PaymentIntent through POST /v1/refunds under one idempotency key per order", async () => {
    answer = "ok";
    const first = await provider().refund(paid, 4000);
    const again = await provider().refund(paid, 4000);
    expect(first).toEqual({ refundId: "re_1", amountCents: 4000 });
    expect(again).toEqual(first);
    const [a, b] = requests.slice(-2);
    expect(a!.path).toBe("/v1/refunds");
    expect(a!.body.get("payment_intent")).toBe("pi_paid");
    expect(a!.body.get("amount")).toBe("4000");
    expect(a!.headers["idempotency-key"]).toBe("refund-NV-REFUND");
    expect(b!.headers["idempotency-key"]).toBe("refund-NV-REFUND");
  });

  it("says why when Stripe refuses, when its refund failed, or when there is no PaymentIntent", async () => {
    answer = "refuse";
    await expect(provider().refund({ ...paid, orderId: "NV-REFUS1" }, 4000)).rejects.toThrow(
      new RefundRefused("Stripe refused the refund: Refund amount is greater than the charge."),
    );
    answer = "failed";
    await expect(provider().refund({ ...paid, orderId: "NV-REFUS2" }, 4000)).rejects.toThrow(
      /Stripe did not make the refund \(refund re_\d+ is failed\)/,
    );
    const before = requests.length;
    await expect(provider().refund({ ...paid, paymentRef: "cs_test_1" }, 4000)).rejects.toBeInstanceOf(RefundRefused);
    expect(requests.length).toBe(before);
  });

  it("takes Stripe's answer that the charge is already refunded as the refund done, under an id of its own", async () => {
    answer = "already";
    expect(await provider().refund({ ...paid, orderId: "NV-ALREADY" }, 4000)).toEqual({
      refundId: "stripe_already_refunded_NV-ALREADY",
      amountCents: 4000,
      alreadyRefunded: true,
    });
  });

  it("says Stripe could not be reached when nothing answers", async () => {
    const closed = new StripeProvider({ secretKey: "sk_test_unit", webhookSecret: WEBHOOK_SECRET, apiBase: "http://127.0.0.1:9" }, "");
    await expect(closed.refund(paid, 4000)).rejects.toThrow(/could not be reached/);
  });

  it("records a sandbox refund under one id per order, with no money moving", async () => {
    expect(await new SandboxProvider(null).refund(paid, 4000)).toEqual({ refundId: "sbx_refund_NV-REFUND", amountCents: 4000 });
  });
});
