import type { Route } from "./+types/api-payment-sandbox";
import type { PaymentOutcome } from "~/lib/bookings.server";
import { acceptPayment } from "~/lib/payment-notices.server";
import { SANDBOX_SIGNATURE_HEADER, SandboxProvider } from "~/lib/payments.server";
import { BodyTooLargeError, readBodyLimited } from "~/lib/request-guards.server";

/** Outcomes that mean the notification was taken: the sandbox sends no other notice than "paid". */
const TAKEN = new Set<PaymentOutcome>(["paid", "paid-with-issue", "already-handled"]);

export function loader() {
  return new Response("Notifications are posted.", { status: 405, headers: { Allow: "POST" } });
}

/** The sandbox provider's server-to-server notification endpoint. */
export async function action({ request, context }: Route.ActionArgs) {
  let body: string;
  try {
    body = await readBodyLimited(request, 8 * 1024);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return new Response("Too large.", { status: 413, headers: { Connection: "close" } });
    throw error;
  }
  const payments = context.booking.payments;
  const notice = payments instanceof SandboxProvider ? payments.verify(body, request.headers.get(SANDBOX_SIGNATURE_HEADER)) : null;
  if (!notice) return new Response("Signature refused.", { status: 400 });
  const outcome = await acceptPayment(context.booking, context.settings, notice);
  return Response.json({ outcome }, { status: TAKEN.has(outcome) ? 200 : 422 });
}
