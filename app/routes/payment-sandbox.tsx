import { data, Form, isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/payment-sandbox";
import { pageMeta } from "~/components/site";
import { ORDER_ID_PATTERN } from "~/domain/booking/order-id";
import { formatEuros } from "~/domain/money";
import { findByOrderId } from "~/lib/bookings.server";
import { SandboxProvider } from "~/lib/payments.server";
import { acceptPayment } from "~/lib/payment-notices.server";
import { readFormBody } from "~/lib/request-guards.server";

/** The largest payment form read: it carries one field (`intent`), far under this. */
const MAX_PAYMENT_FORM_BODY = 8 * 1024;

async function bookingFor(context: Route.LoaderArgs["context"], orderId: string) {
  if (!(context.booking.payments instanceof SandboxProvider) || !ORDER_ID_PATTERN.test(orderId)) return null;
  return (await findByOrderId(await context.booking.db(), orderId)) ?? null;
}

/** A refusal in one sentence: the ErrorBoundary shows it, and its headers go out with it. */
function refusal(status: number, sentence: string, headers?: HeadersInit) {
  return data(sentence, { status, statusText: sentence, headers });
}

/**
 * Both the page (GET) and its form (POST) are counted against one limit per visitor, before the
 * order is looked up: neither answer (404 or the page) can be used to try order ids in bulk.
 */
async function countVisit(context: Route.LoaderArgs["context"]) {
  const limit = await context.booking.paymentPageLimiter.consume(context.clientAddress);
  if (!limit.allowed) {
    throw refusal(429, "Too many payment pages from your connection in a minute. Please wait a minute and try again.", {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }
}

/** The form's `intent`, read from a url-encoded body of at most MAX_PAYMENT_FORM_BODY bytes. */
async function readIntent(request: Request): Promise<string | null> {
  const body = await readFormBody(request, MAX_PAYMENT_FORM_BODY);
  if (body.ok) return body.fields.get("intent");
  if (body.status === 415) throw refusal(415, "The payment arrived in a form we do not read. Please use the payment page's buttons.");
  throw refusal(413, "The payment form is too large to be read.", { Connection: "close" });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  await countVisit(context);
  const row = await bookingFor(context, params.orderId);
  if (!row) throw data("Error: this payment does not exist.", { status: 404, statusText: "This payment does not exist." });
  return {
    orderId: row.orderId,
    amount: row.priceCents,
    route: `${row.depart} → ${row.arrive}`,
    kind: row.kind === "private" ? "Private transfer" : "Shared shuttle",
    paid: row.status === "paid",
    cancelled: row.bookingStatus === "cancelled",
  };
}

/**
 * The built-in sandbox provider's payment page (docs/product.md, Payment and e-mails). Pay sends the
 * provider's signed server-to-server notification, exactly as a real provider would, and only
 * that marks the booking paid; then the visitor returns to the result page.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  await countVisit(context);
  const intent = await readIntent(request);
  const row = await bookingFor(context, params.orderId);
  const payments = context.booking.payments;
  if (!row || !(payments instanceof SandboxProvider))
    throw data("Error: this payment does not exist.", { status: 404, statusText: "This payment does not exist." });
  const back = (okKo: "ok" | "ko") => `/response_bank_ok_ko?ok_ko=${okKo}&order_id=${encodeURIComponent(row.orderId)}`;
  // A booking cancelled meanwhile (by the traveller or by staff) takes no payment here.
  if (intent !== "pay" || row.bookingStatus === "cancelled") return redirect(back("ko"), 303);
  // The provider's notification, signed and then verified like any other that arrives.
  const { body, signature } = payments.sign(row);
  const notice = payments.verify(body, signature);
  const outcome = notice ? await acceptPayment(context.booking, context.settings, notice) : null;
  // Paid with an issue is paid (the booking changed while its page was open, say): the booking is
  // marked paid and flagged for the staff, and the traveller must not be told to pay again.
  const paid = outcome === "paid" || outcome === "paid-with-issue" || outcome === "already-handled";
  return redirect(back(paid ? "ok" : "ko"), 303);
}

// A refusal's own headers (Retry-After) go out with it.
export function headers({ errorHeaders, loaderHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

/** A refused or unknown payment page: the reason in one sentence. Its own, so its headers reach the response. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const detail = isRouteErrorResponse(error) && error.statusText ? error.statusText : "This payment page could not be shown.";
  return (
    <div className="container page">
      <h1>Payment</h1>
      <p>{detail}</p>
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Payment", description: "Pay for your transfer.", keywords: [], noindex: true });

export default function SandboxPaymentPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container page">
      <h1>Payment</h1>
      <p className="notice">Test payment page: no card is charged.</p>
      <dl className="summary">
        <div>
          <dt>Order</dt>
          <dd>{loaderData.orderId}</dd>
        </div>
        <div>
          <dt>Transfer</dt>
          <dd>
            {loaderData.kind}, {loaderData.route}
          </dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{formatEuros(loaderData.amount)}</dd>
        </div>
      </dl>
      <p>
        Order {loaderData.orderId}: {formatEuros(loaderData.amount)}
      </p>
      {loaderData.paid ? (
        <p>This order is already paid.</p>
      ) : loaderData.cancelled ? (
        <p>This booking is cancelled: it cannot be paid.</p>
      ) : (
        <Form method="post" className="actions" reloadDocument>
          <button className="button" type="submit" name="intent" value="pay">
            Pay {formatEuros(loaderData.amount)}
          </button>
          <button className="button button--secondary" type="submit" name="intent" value="cancel">
            Cancel
          </button>
        </Form>
      )}
    </div>
  );
}
