import type { Route } from "./+types/api-payment-stripe";
import { acceptPayment } from "~/lib/payment-notices.server";
import { StripeProvider } from "~/lib/payments.server";
import { BodyTooLargeError, readBodyLimited } from "~/lib/request-guards.server";

export function loader() {
  return new Response("Webhooks are posted.", { status: 405, headers: { Allow: "POST" } });
}

/**
 * Stripe's webhook (docs/product.md, Payment states): the signature is checked on the raw body;
 * a paid Checkout session (completed and paid, or a delayed payment that succeeded) marks its
 * booking paid, a delayed payment that failed marks it `payment_failed`, and a session completed
 * but not yet paid changes nothing. An event seen before is acknowledged and changes nothing.
 * Every verified event is answered 200, so Stripe does not retry one the site has recorded.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const payments = context.booking.payments;
  if (!(payments instanceof StripeProvider)) return new Response("Stripe is not configured.", { status: 404 });
  let raw: string;
  try {
    raw = await readBodyLimited(request, 256 * 1024);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return new Response("Too large.", { status: 413, headers: { Connection: "close" } });
    throw error;
  }
  const notice = await payments.verify(raw, request.headers.get("stripe-signature"));
  if (notice === null) return new Response("Signature refused.", { status: 400 });
  if (notice === "ignored") return Response.json({ received: true });
  const outcome = await acceptPayment(context.booking, context.settings, notice);
  return Response.json({ received: true, outcome });
}
