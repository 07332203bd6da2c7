import type { Route } from "./+types/api-payment-stripe";
import { acceptPayment } from "~/lib/payment-notices.server";
import { StripeProvider } from "~/lib/payments.server";
import { BodyTooLargeError, readBodyLimited } from "~/lib/request-guards.server";

export function loader() {
  return new Response("Webhooks are posted.", { status: 405, headers: { Allow: "POST" } });
}

/**
 * Stripe's webhook: the signature is checked on the raw body; a completed Checkout session whose
 * amount, currency and order match the stored booking marks it paid; an event seen before is
 * acknowledged and changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const payments = context.booking.payments;
  if (!(payments instanceof StripeProvider)) return new Response("Stripe is not configured.", { status: 404 });
  let raw: string;
  try {
    raw = await readBodyLimited(request, 256 * 1024);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return new Response("Too large.", { status: 413 });
    throw error;
  }
  const notice = await payments.verify(raw, request.headers.get("stripe-signature"));
  if (notice === null) return new Response("Signature refused.", { status: 400 });
  if (notice === "ignored") return Response.json({ received: true });
  const outcome = await acceptPayment(context.booking, context.settings, notice);
  return Response.json({ received: true, outcome });
}
