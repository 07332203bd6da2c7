import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/api-booking";
import { useLocale, useT } from "~/components/i18n";
import { pageMeta } from "~/components/site";
import { bookingLoad, capacityAnswer, capacityRefusal } from "~/domain/booking/capacity";
import type { BookingDraft } from "~/domain/booking/fields";
import { activeCapacities } from "~/domain/fleet";
import { localeOfPath, localizedPath } from "~/domain/locales";
import { bookingFormSchema, bookingPriceRequest, bookingProblems, stripMarkup } from "~/domain/booking/validation";
import type { PriceRow } from "~/domain/pricing/csv";
import { quote } from "~/domain/pricing/pricing";
import { resultCookie, resultHref } from "~/domain/payment-result";
import { saveBooking } from "~/lib/bookings.server";
import { bookingWordsIn, messagesOf, pickMessages } from "~/lib/i18n.server";
import { drawManageToken } from "~/lib/manage-links.server";
import { readFormBody } from "~/lib/request-guards.server";

/** The largest booking form accepted: every field filled to the brim is well under this. */
const MAX_BOOKING_BODY = 64 * 1024;

/** The endpoint's page words: its own messages, in the language of the form that posted (the path's prefix). */
function pageWords(request: Request) {
  return { messages: pickMessages(messagesOf(localeOfPath(new URL(request.url).pathname), "booking"), "booking.post.") };
}

// A visit (GET) gets the explanation page with 405; after a refused post, the action's status stands.
export function loader({ request }: Route.LoaderArgs) {
  return request.method === "GET" ? data(pageWords(request), { status: 405, headers: { Allow: "POST" } }) : pageWords(request);
}

// Refusals carry their own headers (Allow, Retry-After, Connection) to the response.
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return [...actionHeaders].length > 0 ? actionHeaders : loaderHeaders;
}

/**
 * The booking form's endpoint (docs/product.md, Payment and e-mails). A post from another site never
 * gets here (server/app.ts refuses it with 403). It parses the post once, with the form's own
 * schema, into a typed booking (a post the form could not have sent is refused with every problem
 * named), prices that booking from the price file (a posted price is ignored), stores it before
 * answering, and sends the visitor on to payment. Reposting with the same submission token
 * updates an unpaid booking and never changes a paid one (docs/decisions/0013-trust-boundary.md).
 * The form posts to the endpoint under its own language's prefix (/fr/api/booking), and every
 * refusal is in that language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { settings, booking: services } = context;
  const locale = localeOfPath(new URL(request.url).pathname);
  const words = bookingWordsIn(locale);
  const refuse = (status: number, problem: string, headers?: HeadersInit) =>
    data({ problems: [problem], back: localizedPath(locale, "/rates") }, { status, headers });
  if (request.method !== "POST") return refuse(405, words("post.formOnly"), { Allow: "POST" });
  const limit = await services.limiter.consume(context.clientAddress);
  if (!limit.allowed) return refuse(429, words("post.tooMany"), { "Retry-After": String(limit.retryAfterSeconds) });
  const body = await readFormBody(request, MAX_BOOKING_BODY);
  if (!body.ok) {
    return body.status === 415 ? refuse(415, words("post.unreadable")) : refuse(413, words("post.tooLarge"), { Connection: "close" });
  }
  const fields: BookingDraft = {};
  for (const [name, value] of body.fields) if (!(name in fields)) fields[name] = value;
  const back = localizedPath(locale, `/reservation?${new URLSearchParams({ depart: fields.depart ?? "", arrive: fields.arrive ?? "" })}`);

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
    const problems = [...new Set(bookingProblems(parsed.error, words).map((p) => stripMarkup(p.message)))];
    return data({ problems, back }, { status: 400 });
  }
  const booking = parsed.data;
  if (!booking.submissionToken) return data({ problems: [words("post.incomplete")], back }, { status: 400 });

  // The party and its luggage must fit what it books: a private transfer is priced as the count
  // whose vehicle carries them, and a party no vehicle carries, or a shuttle party over its
  // allowance, is refused (docs/product.md, Luggage capacity).
  const capacity = capacityAnswer(booking.kind, bookingLoad(booking), activeCapacities((await services.fleet.get()).vehicles));
  if (!capacity.ok) return data({ problems: [capacityRefusal(capacity.reason, settings.phone, words)], back }, { status: 400 });

  // Priced from the checked booking: its route, kind, trip type, party and luggage; a posted price is ignored.
  const priceCents = quote(rows, bookingPriceRequest(booking, capacity.seatsPriced)).cb;
  if (priceCents <= 0) {
    return data({ problems: [words("post.noPrice", { phone: settings.phone })], back }, { status: 400 });
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
    locale,
  });
  const { row } = saved;
  if (saved.outcome === "paid-differs") {
    return data({ problems: [words("post.paid", { orderId: row.orderId, phone: settings.phone })], back }, { status: 409 });
  }
  if ((saved.outcome === "created" || saved.outcome === "updated") && booking.postedPrices.cb !== priceCents) {
    // Order id only: no personal data in logs.
    console.warn(`Booking ${row.orderId}: posted card price ${booking.postedPrices.cb} ignored, server price ${priceCents}.`);
  }
  const withCookie = { "Set-Cookie": resultCookie(row.orderId, link.token, settings.siteUrl.startsWith("https://"), row.locale) };
  if (row.status === "paid") return redirect(resultHref(row.locale, "ok", row.orderId), { status: 303, headers: withCookie });
  let checkout: string;
  try {
    checkout = await services.payments.checkoutUrl(row);
  } catch (error) {
    // The booking is kept; posting the same form again retries the payment for the same order.
    console.error(`Booking ${row.orderId}: the payment provider could not be reached (${(error as Error).name}).`);
    return data({ problems: [words("post.paymentDown", { orderId: row.orderId, phone: settings.phone })], back }, { status: 502 });
  }
  return redirect(checkout, { status: 303, headers: withCookie });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("booking.post.title"), description: t("booking.post.description"), keywords: [], noindex: true }));

export default function BookingProblems({ actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const problems = actionData?.problems ?? [t("booking.post.formOnly")];
  return (
    <div className="container page">
      <h1>{t("booking.post.title")}</h1>
      <div className="error-summary" role="alert" aria-labelledby="problems-title">
        <h2 id="problems-title">{problems.length === 1 ? t("booking.post.correctOne") : t("booking.post.correctMany")}</h2>
        <ul>
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </div>
      <p>{t("booking.post.kept")}</p>
      <p className="actions">
        <Link className="button" to={actionData?.back ?? localizedPath(locale, "/rates")}>
          {t("booking.post.back")}
        </Link>
      </p>
    </div>
  );
}
