import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { placeText } from "~/domain/booking/email-text";
import { localizedPath } from "~/domain/locales";
import { resultHref } from "~/domain/payment-result";
import type { BookingRow, PaymentNotice } from "./bookings.server";
import { mailWordsIn } from "./i18n.server";
import type { Settings } from "./settings.server";
import type Stripe from "stripe";

/**
 * The payment provider behind the booking endpoint: the built-in sandbox by default,
 * Stripe Checkout when its keys are set. A booking becomes paid only through a verified
 * notification (`verify…`), never through the visitor's return to /response_bank_ok_ko.
 */
export interface PaymentProvider {
  name: "sandbox" | "stripe";
  /**
   * Where to send the visitor to pay this booking. `fresh` asks for a new link rather than the one
   * a retry of the same request gets back (a payment link sent again, after the first expired).
   */
  checkoutUrl(row: BookingRow, fresh?: string): Promise<string>;
  /**
   * Refunds `amountCents` of the booking's payment, once per order whatever the retries; throws
   * RefundRefused, with a sentence for the staff, when the provider refuses or cannot be reached.
   */
  refund(row: BookingRow, amountCents: number): Promise<RefundResult>;
}

/**
 * What the provider refunded: its own id of the refund and the amount, in cents. `alreadyRefunded`:
 * the provider answered that the payment was refunded before (outside the site, in its dashboard),
 * so nothing moved now and the amount asked is what stands refunded.
 */
export interface RefundResult {
  refundId: string;
  amountCents: number;
  alreadyRefunded?: true;
}

/** A refund the provider did not make; the message is for the staff (it names no traveller). */
export class RefundRefused extends Error {
  override name = "RefundRefused";
}

export const SANDBOX_SIGNATURE_HEADER = "x-sandbox-signature";

/** The sandbox's notification, as it travels: JSON, signed with HMAC-SHA256. */
export interface SandboxNotification {
  eventId: string;
  orderId: string;
  amountCents: number;
  currency: string;
  /** Unix seconds; a notification older than 5 minutes is refused. */
  issuedAt: number;
}

const MAX_AGE_SECONDS = 300;

export class SandboxProvider implements PaymentProvider {
  readonly name = "sandbox";
  private readonly secret: string;

  constructor(secret: string | null) {
    // Unset: a random secret for this process; the sandbox only ever notifies itself.
    this.secret = secret ?? randomBytes(32).toString("base64url");
  }

  async checkoutUrl(row: BookingRow): Promise<string> {
    return localizedPath(row.locale, `/payment/${encodeURIComponent(row.orderId)}`);
  }

  /**
   * No money moved, so none moves back: the refund is recorded under an id of its own, one per
   * order (the caller stores it in payment_events, whose key refuses a second one).
   */
  async refund(row: BookingRow, amountCents: number): Promise<RefundResult> {
    return { refundId: `sbx_refund_${row.orderId}`, amountCents };
  }

  /** What the sandbox's Pay button sends: the server's amount, signed. */
  sign(row: Pick<BookingRow, "orderId" | "priceCents" | "currency">, now = Date.now()): { body: string; signature: string } {
    const notification: SandboxNotification = {
      eventId: `sbx_${randomUUID()}`,
      orderId: row.orderId,
      amountCents: row.priceCents,
      currency: row.currency,
      issuedAt: Math.floor(now / 1000),
    };
    const body = JSON.stringify(notification);
    return { body, signature: this.signatureOf(body) };
  }

  /** Checks a notification's signature and age; null when it is forged, unsigned, stale or malformed. */
  verify(body: string, signature: string | null, now = Date.now()): PaymentNotice | null {
    if (!signature) return null;
    const expected = Buffer.from(this.signatureOf(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      return null;
    }
    const n = data as Partial<SandboxNotification>;
    if (
      typeof n.eventId !== "string" ||
      typeof n.orderId !== "string" ||
      typeof n.currency !== "string" ||
      !Number.isSafeInteger(n.amountCents) ||
      !Number.isSafeInteger(n.issuedAt) ||
      Math.abs(now / 1000 - (n.issuedAt as number)) > MAX_AGE_SECONDS
    ) {
      return null;
    }
    return {
      provider: "sandbox",
      result: "paid",
      eventId: n.eventId,
      orderId: n.orderId,
      amountCents: n.amountCents as number,
      currency: n.currency,
    };
  }

  private signatureOf(body: string): string {
    return createHmac("sha256", this.secret).update(body).digest("hex");
  }
}

/** The Checkout events that say how a payment went (docs/product.md, Payment and e-mails). */
const CHECKOUT_RESULTS = {
  // Paid at once (card); a delayed method (bank debit) completes the session unpaid and settles later.
  "checkout.session.completed": null,
  "checkout.session.async_payment_succeeded": "paid",
  "checkout.session.async_payment_failed": "failed",
} as const satisfies Record<string, PaymentNotice["result"] | null>;

export class StripeProvider implements PaymentProvider {
  readonly name = "stripe";

  constructor(
    private readonly keys: { secretKey: string; webhookSecret: string; apiBase: string },
    private readonly siteUrl: string,
  ) {}

  private async client() {
    const { default: Stripe } = await import("stripe");
    // Stripe's own API unless STRIPE_API_BASE points tests at a server answering in its place.
    const api = new URL(this.keys.apiBase);
    return new Stripe(this.keys.secretKey, {
      host: api.hostname,
      port: api.port || (api.protocol === "https:" ? 443 : 80),
      protocol: api.protocol === "https:" ? "https" : "http",
    });
  }

  async checkoutUrl(row: BookingRow, fresh?: string): Promise<string> {
    const stripe = await this.client();
    const back = (okKo: "ok" | "ko") => `${this.siteUrl}${resultHref(row.locale, okKo, row.orderId)}`;
    const params = {
      mode: "payment" as const,
      // Stripe's page in the booking's language, which Checkout speaks.
      locale: row.locale,
      client_reference_id: row.orderId,
      metadata: { order_id: row.orderId },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: row.currency.toLowerCase(),
            unit_amount: row.priceCents,
            // What Checkout and the receipt call it, in the booking's language.
            product_data: {
              name: mailWordsIn(row.locale).t("checkout.item", {
                orderId: row.orderId,
                from: placeText(row.depart),
                to: placeText(row.arrive),
              }),
            },
          },
        },
      ],
      success_url: back("ok"),
      cancel_url: back("ko"),
    };
    // Stripe's own idempotency: a retried request for this order makes no second session. The key
    // covers what is asked, because Stripe refuses a key reused with other parameters (a booking
    // repriced before it is paid asks for a new session). A Checkout session expires after 24 hours
    // and Stripe keeps a key at least that long, so a link sent again asks under a key of its own.
    const asked = createHash("sha256").update(JSON.stringify(params)).digest("base64url").slice(0, 22);
    const again = fresh ? `-${fresh}` : "";
    const session = await stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${row.orderId}-${asked}${again}` });
    if (!session.url) throw new Error(`Stripe returned no Checkout URL for ${row.orderId}`);
    return session.url;
  }

  /**
   * Refunds the booking's PaymentIntent through POST /v1/refunds, under one idempotency key per
   * order: a retry after a lost answer, or a second cancel, gets the same refund back from Stripe
   * instead of a second one. A refund Stripe reports failed or cancelled is a refusal; Stripe's
   * answer that the charge is already refunded (charge_already_refunded: someone refunded it from
   * Stripe's dashboard) is the refund done, not a refusal.
   */
  async refund(row: BookingRow, amountCents: number): Promise<RefundResult> {
    const intent = row.paymentRef;
    if (!intent || !intent.startsWith("pi_")) {
      throw new RefundRefused("This booking has no Stripe payment to refund here: refund it from Stripe's dashboard, then cancel it.");
    }
    const stripe = await this.client();
    let refund: Stripe.Refund;
    try {
      refund = await stripe.refunds.create(
        { payment_intent: intent, amount: amountCents, metadata: { order_id: row.orderId } },
        { idempotencyKey: `refund-${row.orderId}`, timeout: 15_000, maxNetworkRetries: 1 },
      );
    } catch (error) {
      const e = error as { type?: unknown; code?: unknown; message?: unknown };
      // Refunded in full already (from Stripe's dashboard): the refund asked for is done.
      if (e.code === "charge_already_refunded") {
        return { refundId: `stripe_already_refunded_${row.orderId}`, amountCents, alreadyRefunded: true };
      }
      if (
        typeof e.type === "string" &&
        e.type.startsWith("Stripe") &&
        e.type !== "StripeConnectionError" &&
        typeof e.message === "string"
      ) {
        throw new RefundRefused(`Stripe refused the refund: ${e.message}`);
      }
      throw new RefundRefused("Stripe could not be reached to refund the payment. Nothing was changed: try again in a minute.");
    }
    if (refund.status === "failed" || refund.status === "canceled") {
      throw new RefundRefused(`Stripe did not make the refund (refund ${refund.id} is ${refund.status}).`);
    }
    return { refundId: refund.id, amountCents: refund.amount };
  }

  /**
   * Verifies the webhook signature on the raw body (null when it fails). A Checkout session's
   * outcome becomes a notice: paid (completed and paid, or a delayed payment that succeeded),
   * pending (completed, but a delayed method has not settled yet) or failed (a delayed payment
   * that did not go through). Other events are "ignored".
   */
  async verify(rawBody: string, signature: string | null): Promise<PaymentNotice | null | "ignored"> {
    if (!signature) return null;
    const stripe = await this.client();
    let event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, this.keys.webhookSecret);
    } catch {
      return null;
    }
    if (!(event.type in CHECKOUT_RESULTS)) return "ignored";
    const type = event.type as keyof typeof CHECKOUT_RESULTS;
    const session = (event as Stripe.CheckoutSessionCompletedEvent).data.object;
    const orderId = session.metadata?.order_id ?? session.client_reference_id;
    if (!orderId || session.amount_total == null || !session.currency) return "ignored";
    const result = CHECKOUT_RESULTS[type] ?? (session.payment_status === "paid" ? "paid" : "pending");
    return {
      provider: "stripe",
      result,
      eventId: event.id,
      orderId,
      amountCents: session.amount_total,
      currency: session.currency,
      paymentRef: typeof session.payment_intent === "string" ? session.payment_intent : session.id,
    };
  }
}

/**
 * `sharedSandboxSecret` is the sandbox's signing secret that every instance reads from the
 * database (app_secrets) when PAYMENT_SANDBOX_SECRET is unset, so that each instance verifies the
 * others' notifications; the setting wins over it.
 */
export function createPaymentProvider(settings: Settings, sharedSandboxSecret?: string): SandboxProvider | StripeProvider {
  return settings.stripe
    ? new StripeProvider(settings.stripe, settings.siteUrl)
    : new SandboxProvider(settings.sandboxSecret ?? sharedSandboxSecret ?? null);
}
