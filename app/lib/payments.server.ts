import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { BookingRow, PaymentNotice } from "./bookings.server";
import type { Settings } from "./settings.server";

/**
 * The payment provider behind the booking endpoint: the built-in sandbox by default,
 * Stripe Checkout when its keys are set. A booking becomes paid only through a verified
 * notification (`verify…`), never through the visitor's return to /response_bank_ok_ko.
 */
export interface PaymentProvider {
  name: "sandbox" | "stripe";
  /** Where to send the visitor to pay this booking. */
  checkoutUrl(row: BookingRow): Promise<string>;
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
    return `/payment/${encodeURIComponent(row.orderId)}`;
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
    return { provider: "sandbox", eventId: n.eventId, orderId: n.orderId, amountCents: n.amountCents as number, currency: n.currency };
  }

  private signatureOf(body: string): string {
    return createHmac("sha256", this.secret).update(body).digest("hex");
  }
}

export class StripeProvider implements PaymentProvider {
  readonly name = "stripe";

  constructor(
    private readonly keys: { secretKey: string; webhookSecret: string },
    private readonly siteUrl: string,
  ) {}

  private async client() {
    const { default: Stripe } = await import("stripe");
    return new Stripe(this.keys.secretKey);
  }

  async checkoutUrl(row: BookingRow): Promise<string> {
    const stripe = await this.client();
    const back = (okKo: "ok" | "ko") => `${this.siteUrl}/response_bank_ok_ko?ok_ko=${okKo}&order_id=${encodeURIComponent(row.orderId)}`;
    const session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        client_reference_id: row.orderId,
        metadata: { order_id: row.orderId },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: row.currency.toLowerCase(),
              unit_amount: row.priceCents,
              product_data: { name: `Transfer ${row.orderId}: ${row.depart} to ${row.arrive}` },
            },
          },
        ],
        success_url: back("ok"),
        cancel_url: back("ko"),
      },
      // Stripe's own idempotency: a retried request for this order makes no second session.
      { idempotencyKey: `checkout-${row.orderId}` },
    );
    if (!session.url) throw new Error(`Stripe returned no Checkout URL for ${row.orderId}`);
    return session.url;
  }

  /** Verifies the webhook signature on the raw body; the notice when it is a completed payment. */
  async verify(rawBody: string, signature: string | null): Promise<PaymentNotice | null | "ignored"> {
    if (!signature) return null;
    const stripe = await this.client();
    let event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, this.keys.webhookSecret);
    } catch {
      return null;
    }
    if (event.type !== "checkout.session.completed") return "ignored";
    const session = event.data.object;
    const orderId = session.metadata?.order_id ?? session.client_reference_id;
    if (!orderId || session.payment_status !== "paid" || session.amount_total == null || !session.currency) return "ignored";
    return {
      provider: "stripe",
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
