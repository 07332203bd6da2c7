import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/api-booking";
import { pageMeta } from "~/components/site";
import type { BookingDraft } from "~/domain/booking/fields";
import { priceRequestOf } from "~/domain/booking/price-request";
import { bookingFormSchema, stripMarkup } from "~/domain/booking/validation";
import { quote } from "~/domain/pricing/pricing";
import { saveBooking } from "~/lib/bookings.server";
import { BodyTooLargeError, readBodyLimited } from "~/lib/request-guards.server";

/** The largest booking form accepted: every field filled to the brim is well under this. */
export const MAX_BOOKING_BODY = 64 * 1024;

// A visit (GET) gets the explanation page with 405; after a refused post, the action's status stands.
export function loader({ request }: Route.LoaderArgs) {
  return request.method === "GET" ? data(null, { status: 405, headers: { Allow: "POST" } }) : null;
}

// Refusals carry their own headers (Allow, Retry-After, Connection) to the response.
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return [...actionHeaders].length > 0 ? actionHeaders : loaderHeaders;
}

function refuse(status: number, problem: string, headers?: HeadersInit) {
  return data({ problems: [problem], back: "/rates" }, { status, headers });
}

/**
 * The booking form's endpoint (docs/product.md, Payment and e-mails). A post from another site never
 * gets here (server/app.ts refuses it with 403). It checks every field with the
 * form's own schema, prices the trip from the price file (a posted price is ignored), stores the
 * booking before answering, and sends the visitor on to payment.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { settings, booking: services } = context;
  if (request.method !== "POST") return refuse(405, "Bookings are sent with the booking form.", { Allow: "POST" });
  const limit = await services.limiter.consume(context.clientAddress);
  if (!limit.allowed) {
    return refuse(429, "Too many bookings from your connection in a minute. Please wait a minute and try again.", {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return refuse(415, "The booking arrived in a form we do not read.");

  let body: string;
  try {
    body = await readBodyLimited(request, MAX_BOOKING_BODY);
  } catch (error) {
    // The rest of the body is left unread: close the connection after answering.
    if (error instanceof BodyTooLargeError) return refuse(413, "The booking is too large to be read.", { Connection: "close" });
    throw error;
  }
  const fields: BookingDraft = {};
  for (const [name, value] of new URLSearchParams(body)) if (!(name in fields)) fields[name] = value;
  const back = `/reservation?${new URLSearchParams({ depart: fields.depart ?? "", arrive: fields.arrive ?? "" })}`;

  const parsed = bookingFormSchema({ now: new Date() }).safeParse(fields);
  if (!parsed.success) {
    const problems = [...new Set(parsed.error.issues.map((i) => stripMarkup(i.message)))];
    return data({ problems, back }, { status: 400 });
  }
  const booking = parsed.data;
  if (!booking.submissionToken)
    return data({ problems: ["The booking form was incomplete. Please open it again."], back }, { status: 400 });

  let priceCents = 0;
  try {
    const prices = await context.prices.get();
    priceCents = quote(prices.rows, priceRequestOf(fields)).cb;
  } catch {
    // The price store has logged why.
  }
  if (priceCents <= 0) {
    return data(
      { problems: [`We have no online price for this trip. Please call us on ${settings.phone} and we will book it for you.`], back },
      { status: 400 },
    );
  }

  const { row, created } = await saveBooking(await services.db(), { booking, priceCents });
  if (created && booking.postedPrices.cb !== priceCents) {
    // Order id only: no personal data in logs.
    console.warn(`Booking ${row.orderId}: posted card price ${booking.postedPrices.cb} ignored, server price ${priceCents}.`);
  }
  if (row.status === "paid") return redirect(`/response_bank_ok_ko?ok_ko=ok&order_id=${row.orderId}`, 303);
  let checkout: string;
  try {
    checkout = await services.payments.checkoutUrl(row);
  } catch (error) {
    // The booking is kept; posting the same form again retries the payment for the same order.
    console.error(`Booking ${row.orderId}: the payment provider could not be reached (${(error as Error).name}).`);
    return data(
      {
        problems: [
          `Your booking ${row.orderId} is saved, but the payment service did not answer. Please try again in a minute, or call us on ${settings.phone}.`,
        ],
        back,
      },
      { status: 502 },
    );
  }
  return redirect(checkout, 303);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Your booking could not be sent",
    description: "What to correct in your booking.",
    keywords: [],
    noindex: true,
  });

export default function BookingProblems({ actionData }: Route.ComponentProps) {
  const problems = actionData?.problems ?? ["Bookings are sent with the booking form."];
  return (
    <div className="container page">
      <h1>Your booking could not be sent</h1>
      <div className="error-summary" role="alert" aria-labelledby="problems-title">
        <h2 id="problems-title">{problems.length === 1 ? "Please correct this:" : "Please correct these:"}</h2>
        <ul>
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </div>
      <p>Your details are kept in this browser: the form opens again with everything you typed.</p>
      <p className="actions">
        <Link className="button" to={actionData?.back ?? "/rates"}>
          Back to the booking form
        </Link>
      </p>
    </div>
  );
}
