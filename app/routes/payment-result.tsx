import { useEffect, useState, useSyncExternalStore } from "react";
import { data, Link, useRevalidator } from "react-router";
import { forgetBookedTrip, storedDraftLink } from "~/components/booking/post-draft";
import type { Route } from "./+types/payment-result";
import { pageMeta, useSite, type PageHandle } from "~/components/site";
import { ORDER_ID_PATTERN } from "~/domain/booking/order-id";
import {
  CHECK_EVERY_SECONDS,
  MAX_CHECKS,
  nextCheckHref,
  readChecks,
  resultCookieToken,
  resultState,
  type ResultState,
} from "~/domain/payment-result";
import { telHref } from "~/domain/phone";
import { findByOrderId, type BookingRow } from "~/lib/bookings.server";
import { MANAGE_PATH } from "~/lib/manage-links.server";
import { tryManageToken } from "~/lib/manage.server";

/** Never kept by a cache, a browser's or the server's page cache: the page reads the order's state and a cookie. */
const NO_STORE = { "Cache-Control": "no-store" };

/** Rendered afresh for every visitor (server/page-cache.ts keeps only `shared` pages). */
export const handle: PageHandle = { shared: false };

/** An order id as the site writes it; anything else in the URL is not shown back. */
function safeOrderId(value: string | null): string | null {
  return value && /^[A-Za-z0-9_-]{1,40}$/.test(value) ? value : null;
}

/**
 * The order's own row, for an order id of the site's shape; null for any other (an outside
 * BOOKING_ENDPOINT's) and for one it does not know. Look-ups count against the visitor's limit of
 * the payment pages, so the page cannot be used to try order ids in bulk: past it, the page
 * answers as for an order it does not know.
 */
async function ownBooking(context: Route.LoaderArgs["context"], orderId: string | null): Promise<BookingRow | null> {
  if (!orderId || !ORDER_ID_PATTERN.test(orderId)) return null;
  const limit = await context.booking.paymentPageLimiter.consume(context.clientAddress);
  if (!limit.allowed) return null;
  return (await findByOrderId(await context.booking.db(), orderId)) ?? null;
}

/**
 * The booking's page, when the browser's result cookie holds a token that opens this very booking.
 * The cookie's token is tried as a booking link is (tryManageToken): one that does not open this
 * booking counts as a wrong token against the visitor's limit, and a visitor past the limit gets
 * no link, the page otherwise as without the cookie.
 */
async function manageHref(context: Route.LoaderArgs["context"], request: Request, row: BookingRow): Promise<string | null> {
  const secure = context.settings.siteUrl.startsWith("https://");
  const token = resultCookieToken(request.headers.get("Cookie"), row.orderId, secure);
  if (!token) return null;
  const tried = await tryManageToken(context, token, (opened) => opened.orderId === row.orderId);
  return tried.outcome === "found" ? `${MANAGE_PATH}/${token}` : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const ok = url.searchParams.get("ok_ko") === "ok";
  const orderId = safeOrderId(url.searchParams.get("order_id"));
  const checks = readChecks(url.searchParams.get("check"));
  const row = await ownBooking(context, orderId);
  const state = resultState(row, ok, checks);
  // Only the browser that made the booking (its result cookie opens this very order) learns more
  // than the order id: its booking's link, or while unpaid the way back to the booking form, which
  // names the route. Anyone else who knows the order id reads its state, not its route: unpaid, the
  // page offers 'Book Now' as for an order it does not know.
  const opened = row ? await manageHref(context, request, row) : null;
  const own = {
    manageHref: state === "not-paid" ? null : opened,
    backHref:
      row && opened && state === "not-paid" ? `/reservation?${new URLSearchParams({ depart: row.depart, arrive: row.arrive })}` : null,
  };
  return data({ ok, orderId, state, checks, lostLinkHref: MANAGE_PATH, ...own }, { headers: NO_STORE });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders.get("Cache-Control") ? loaderHeaders : new Headers(NO_STORE);
}

/** The state the page says: its loader's, until the checks in the browser run out. */
function shownState(state: ResultState, checksDone: number): ResultState {
  return state === "waiting" && checksDone >= MAX_CHECKS ? "confirming" : state;
}

function titleOf(state: ResultState, ok: boolean): string {
  if (state === "outside") return ok ? "Thank you for your booking" : "Payment not completed";
  if (state === "not-paid") return "Payment not completed";
  if (state === "cancelled") return "Booking cancelled";
  return "Thank you for your booking";
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data ? titleOf(args.data.state, args.data.ok) : "Payment result",
    description: "The result of your transfer payment.",
    keywords: ["booking confirmation"],
    noindex: true,
  });

/**
 * The browser's checks while the provider's notification is awaited: a revalidation every
 * CHECK_EVERY_SECONDS, MAX_CHECKS times at most, counted from the checks the address already made.
 * Without JavaScript, the page's <noscript> refresh does the same through the address's counter.
 */
function useChecks(waiting: boolean, fromAddress: number): number {
  const revalidator = useRevalidator();
  const [done, setDone] = useState(fromAddress);
  useEffect(() => {
    if (!waiting || done >= MAX_CHECKS || revalidator.state !== "idle") return;
    const timer = setTimeout(() => {
      setDone((n) => n + 1);
      void revalidator.revalidate();
    }, CHECK_EVERY_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [waiting, done, revalidator]);
  return done;
}

/**
 * The way back to the booking form: the route's form, and in the browser the very link the stored
 * draft came from, which brings it back whole, its one-time token included, so that paying from
 * there is the same order (app/domain/booking/restore.ts).
 */
function useBackToForm(routeForm: string | null): string | null {
  const link = useSyncExternalStore(noChanges, storedDraftLink, () => null);
  if (!routeForm) return null;
  return link !== null && (link === "" || link.startsWith("?")) ? `/reservation${link}` : routeForm;
}

/** The stored draft's link changes only on the booking form's page, never while this one is open. */
function noChanges(): () => void {
  return () => undefined;
}

function OrderLine({ orderId }: { orderId: string }) {
  return (
    <p>
      Order: <strong>{orderId}</strong>
    </p>
  );
}

/** The way to the booking's own page: the link itself for the browser that made it, else the e-mail and 'Lost your link?'. */
function BookingLink({ href, lostLinkHref, emailSent }: { href: string | null; lostLinkHref: string; emailSent: boolean }) {
  if (href) {
    return (
      <p>
        See your booking, change or cancel it, and print your voucher:{" "}
        <Link to={href} reloadDocument>
          Open your booking
        </Link>
      </p>
    );
  }
  return (
    <p>
      {emailSent
        ? "Your confirmation e-mail has the link to your booking."
        : "Your confirmation e-mail will have the link to your booking."}{" "}
      <Link to={lostLinkHref} reloadDocument>
        Lost your link?
      </Link>
    </p>
  );
}

/**
 * The payment result (docs/product.md, Payment result page). A visit here never marks a booking
 * paid; only the provider's notification does. For an order of the site's own, the page says the
 * order's real state; for any other, the booking rules' texts by `ok_ko` alone.
 */
export default function PaymentResultPage({ loaderData }: Route.ComponentProps) {
  const { ok, orderId, checks, manageHref, backHref, lostLinkHref } = loaderData;
  const site = useSite();
  const checksDone = useChecks(loaderData.state === "waiting", checks);
  const state = shownState(loaderData.state, checksDone);
  const booked = state === "paid" || state === "waiting" || state === "confirming" || (state === "outside" && ok);
  useEffect(() => {
    if (booked) forgetBookedTrip();
  }, [booked]);
  const back = useBackToForm(state === "not-paid" ? backHref : null);

  if (state === "outside" && ok) {
    return (
      <div className="container page result">
        <h1>Thank you for your booking!</h1>
        <p>Your reservation will be confirmed within 12 hours.</p>
        {orderId ? <OrderLine orderId={orderId} /> : null}
        <p className="actions">
          <Link className="button" to="/">
            Home
          </Link>
        </p>
      </div>
    );
  }
  if (state === "outside" || state === "not-paid") {
    return (
      <div className="container page result">
        <h1>You did not complete your payment</h1>
        <p>
          Order: <strong>{orderId ?? "none"}</strong>
        </p>
        <p>Please try again or go back to the homepage.</p>
        {state === "not-paid" && backHref ? (
          <p>Your details are kept in this browser: the booking form opens again with everything you typed.</p>
        ) : null}
        <p className="actions">
          {back ? (
            <Link className="button" to={back}>
              Back to your booking
            </Link>
          ) : null}
          <Link className="button button--secondary" to="/">
            Home
          </Link>
          <Link className="button" to="/rates" reloadDocument>
            Book Now
          </Link>
        </p>
      </div>
    );
  }
  if (state === "cancelled") {
    return (
      <div className="container page result">
        <h1>This booking is cancelled</h1>
        <OrderLine orderId={orderId!} />
        <p>
          If you paid for it, we refund the payment in full; for any question, call us on <a href={telHref(site.phone)}>{site.phone}</a>.
        </p>
        <BookingLink href={manageHref} lostLinkHref={lostLinkHref} emailSent />
        <p className="actions">
          <Link className="button button--secondary" to="/">
            Home
          </Link>
          <Link className="button" to="/rates" reloadDocument>
            Book Now
          </Link>
        </p>
      </div>
    );
  }
  // paid, waiting or confirming: the traveller has paid, as far as the provider told them.
  return (
    <div className="container page result">
      {state === "waiting" ? (
        <noscript>
          <meta httpEquiv="refresh" content={`${CHECK_EVERY_SECONDS};url=${nextCheckHref(orderId!, checks)}`} />
        </noscript>
      ) : null}
      <h1>Thank you for your booking!</h1>
      <p role="status">
        {state === "paid"
          ? "Your reservation will be confirmed within 12 hours."
          : state === "waiting"
            ? "We are waiting for the payment provider's confirmation…"
            : "Your payment is being confirmed: the confirmation e-mail will follow."}
      </p>
      <OrderLine orderId={orderId!} />
      <BookingLink href={manageHref} lostLinkHref={lostLinkHref} emailSent={state === "paid"} />
      <p className="actions">
        <Link className="button" to="/">
          Home
        </Link>
      </p>
    </div>
  );
}
