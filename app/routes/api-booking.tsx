import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/api-booking";
import { pageMeta } from "~/components/site";
import { bookingLoad, capacityAnswer, capacityRefusal } from "~/domain/booking/capacity";
import type { BookingDraft } from "~/domain/booking/fields";
import { activeCapacities } from "~/domain/fleet";
import { bookingFormSchema, bookingPriceRequest, stripMarkup } from "~/domain/booking/validation";
import type { PriceRow } from "~/domain/pricing/csv";
import { quote } from "~/domain/pricing/pricing";
import { resultCookie } from "~/domain/payment-result";
import { saveBooking } from "~/lib/bookings.server";
import { drawManageToken } from "~/lib/manage-links.server";
import { readFormBody } from "~/lib/request-guards.server";

/** The largest booking form accepted: every field filled to the brim is well under this. */
const MAX_BOOKING_BODY = 64 * 1024;

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

/** A Content-Type's media type: before any parameter (`;`), trimmed, in lower case (media types ignore case). */
/**
 * The booking form's endpoint (docs/product.md, Payment and e-mails). A post from another site never
 * gets here (server/app.ts refuses it with 403). It parses the post once, with the form's own
 * schema, into a typed booking (a post the form could not have sent is refused with every problem
 * named), prices that booking from the price file (a posted price is ignored), stores it before
 * answering, and sends the visitor on to payment. Reposting with the same submission token
 * updates an unpaid booking and never changes a paid one (docs/decisions/0013-trust-boundary.md).
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
  const body = await readFormBody(request, MAX_BOOKING_BODY);
  if (!body.ok) {
    return body.status === 415
      ? refuse(415, "The booking arrived in a form we do not read.")
      : refuse(413, "The booking is too large to be read.", { Connection: "close" });
  }
  const fields: BookingDraft = {};
  for (const [name, value] of body.fields) if (!(name in fields)) fields[name] = value;
  const back = `/reservation?${new URLSearchParams({ depart: fields.depart ?? "", arrive: fields.arrive ?? "" })}`;

  // The price file's rows: the rules take the route's durations, delays and hotel zones from them,
  // and the price. A file never read leaves none, and the booking is refused below for want of a price.
  let rows: readonly PriceRow[] = [];
  try {
    rows = (await context.prices.get()).rows;
  } catch {
    // The price store has logged why.
  }

  const parsed = bookingFormSchema({ now: new Date(), rows }).safeParse(fields);
  if (!parsed.success) {
    const problems = [...new Set(parsed.error.issues.map((i) => stripMarkup(i.message)))];
    return data({ problems, back }, { status: 400 });
  }
  const booking = parsed.data;
  if (!booking.submissionToken)
    return data({ problems: ["The booking form was incomplete. Please open it again."], back }, { status: 400 });

  // The party and its luggage must fit what it books: a private transfer is priced as the count
  // whose vehicle carries them, and a party no vehicle carries, or a shuttle party over its
  // allowance, is refused (docs/product.md, Luggage capacity).
  const capacity = capacityAnswer(booking.kind, bookingLoad(booking), activeCapacities((await services.fleet.get()).vehicles));
  if (!capacity.ok) return data({ problems: [capacityRefusal(capacity.reason, settings.phone)], back }, { status: 400 });

  // Priced from the checked booking: its route, kind, trip type, party and luggage; a posted price is ignored.
  const priceCents = quote(rows, bookingPriceRequest(booking, capacity.seatsPriced)).cb;
  if (priceCents <= 0) {
    return data(
      { problems: [`We have no online price for this trip. Please call us on ${settings.phone} and we will book it for you.`], back },
      { status: 400 },
    );
  }

  // The browser that makes the booking may open its page from the payment result page: a manage
  // token of its own, stored with the booking, in a cookie only that page reads (never a link for
  // whoever knows an order id). A booking made while the sandbox stands in for a payment provider
  // is a test booking.
  const link = drawManageToken();
  const saved = await saveBooking(await services.db(), {
    booking,
    priceCents,
    test: services.payments.name === "sandbox",
    manageTokenHash: link.hash,
  });
  const { row } = saved;
  if (saved.outcome === "paid-differs") {
    return data(
      {
        problems: [
          `Your booking ${row.orderId} is already paid, so it cannot be changed here. To change it, call us on ${settings.phone}; to book another transfer, open the booking form again.`,
        ],
        back,
      },
      { status: 409 },
    );
  }
  if ((saved.outcome === "created" || saved.outcome === "updated") && booking.postedPrices.cb !== priceCents) {
    // Order id only: no personal data in logs.
    console.warn(`Booking ${row.orderId}: posted card price ${booking.postedPrices.cb} ignored, server price ${priceCents}.`);
  }
  const withCookie = { "Set-Cookie": resultCookie(row.orderId, link.token, settings.siteUrl.startsWith("https://")) };
  if (row.status === "paid") return redirect(`/response_bank_ok_ko?ok_ko=ok&order_id=${row.orderId}`, { status: 303, headers: withCookie });
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
  return redirect(checkout, { status: 303, headers: withCookie });
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
