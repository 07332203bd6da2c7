import { useEffect, useState, useSyncExternalStore } from "react";
import { data, Link, useRevalidator } from "react-router";
import { forgetBookedTrip, storedDraftLink } from "~/components/booking/post-draft";
import type { Route } from "./+types/payment-result";
import { MessageAnchor, T, useLocale, useT } from "~/components/i18n";
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
import { type Locale, localeOfPath, localizedPath } from "~/domain/locales";
import type { MessageId } from "~/locales/catalogues";
import { telHref } from "~/domain/phone";
import { findByOrderId, type BookingRow } from "~/lib/bookings.server";
import { messagesOf, pickMessages } from "~/lib/i18n.server";
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
async function manageHref(context: Route.LoaderArgs["context"], request: Request, row: BookingRow, locale: Locale): Promise<string | null> {
  const secure = context.settings.siteUrl.startsWith("https://");
  const token = resultCookieToken(request.headers.get("Cookie"), row.orderId, secure);
  if (!token) return null;
  const tried = await tryManageToken(context, token, (opened) => opened.orderId === row.orderId);
  return tried.outcome === "found" ? localizedPath(locale, `${MANAGE_PATH}/${token}`) : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname);
  const ok = url.searchParams.get("ok_ko") === "ok";
  const orderId = safeOrderId(url.searchParams.get("order_id"));
  const checks = readChecks(url.searchParams.get("check"));
  const row = await ownBooking(context, orderId);
  const state = resultState(row, ok, checks);
  // Only the browser that made the booking (its result cookie opens this very order) learns more
  // than the order id: its booking's link, or while unpaid the way back to the booking form, which
  // names the route. Anyone else who knows the order id reads its state, not its route: unpaid, the
  // page offers 'Book Now' as for an order it does not know.
  const opened = row ? await manageHref(context, request, row, locale) : null;
  const own = {
    manageHref: state === "not-paid" ? null : opened,
    backHref:
      row && opened && state === "not-paid"
        ? localizedPath(locale, `/reservation?${new URLSearchParams({ depart: row.depart, arrive: row.arrive })}`)
        : null,
  };
  const messages = pickMessages(messagesOf(locale, "payment"), "payment.result.");
  return data({ messages, ok, orderId, state, checks, lostLinkHref: localizedPath(locale, MANAGE_PATH), ...own }, { headers: NO_STORE });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders.get("Cache-Control") ? loaderHeaders : new Headers(NO_STORE);
}

/** The state the page says: its loader's, until the checks in the browser run out. */
function shownState(state: ResultState, checksDone: number): ResultState {
  return state === "waiting" && checksDone >= MAX_CHECKS ? "confirming" : state;
}

function titleOf(state: ResultState, ok: boolean): MessageId {
  if (state === "outside") return ok ? "payment.result.meta.titleThanks" : "payment.result.meta.titleNotPaid";
  if (state === "not-paid") return "payment.result.meta.titleNotPaid";
  if (state === "cancelled") return "payment.result.meta.titleCancelled";
  return "payment.result.meta.titleThanks";
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({
    title: t(args.data ? titleOf(args.data.state, args.data.ok) : "payment.result.meta.title"),
    description: t("payment.result.meta.description"),
    keywords: [t("payment.result.meta.keywords")],
    noindex: true,
  }));

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
  const locale = useLocale();
  const link = useSyncExternalStore(noChanges, storedDraftLink, () => null);
  if (!routeForm) return null;
  return link !== null && (link === "" || link.startsWith("?")) ? localizedPath(locale, `/reservation${link}`) : routeForm;
}

/** The stored draft's link changes only on the booking form's page, never while this one is open. */
function noChanges(): () => void {
  return () => undefined;
}

function OrderLine({ orderId }: { orderId: string }) {
  return (
    <p>
      <T id="payment.result.order" values={{ orderId }} components={{ 0: <strong /> }} />
    </p>
  );
}

/** The way to the booking's own page: the link itself for the browser that made it, else the e-mail and 'Lost your link?'. */
function BookingLink({ href, lostLinkHref, emailSent }: { href: string | null; lostLinkHref: string; emailSent: boolean }) {
  const t = useT();
  if (href) {
    return (
      <p>
        <T id="payment.result.openBooking" components={{ 0: <Link to={href} reloadDocument /> }} />
      </p>
    );
  }
  return (
    <p>
      {t(emailSent ? "payment.result.linkSent" : "payment.result.linkToCome")}{" "}
      <Link to={lostLinkHref} reloadDocument>
        {t("payment.result.lostLink")}
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
  const t = useT();
  const locale = useLocale();
  const checksDone = useChecks(loaderData.state === "waiting", checks);
  const state = shownState(loaderData.state, checksDone);
  const booked = state === "paid" || state === "waiting" || state === "confirming" || (state === "outside" && ok);
  useEffect(() => {
    if (booked) forgetBookedTrip();
  }, [booked]);
  const back = useBackToForm(state === "not-paid" ? backHref : null);
  const home = localizedPath(locale, "/");
  const rates = localizedPath(locale, "/rates");

  if (state === "outside" && ok) {
    return (
      <div className="container page result">
        <h1>{t("payment.result.thanks")}</h1>
        <p>{t("payment.result.confirmedWithin")}</p>
        {orderId ? <OrderLine orderId={orderId} /> : null}
        <p className="actions">
          <Link className="button" to={home}>
            {t("payment.result.home")}
          </Link>
        </p>
      </div>
    );
  }
  if (state === "outside" || state === "not-paid") {
    return (
      <div className="container page result">
        <h1>{t("payment.result.notPaid")}</h1>
        <OrderLine orderId={orderId ?? t("payment.result.noOrder")} />
        <p>{t("payment.result.tryAgain")}</p>
        {state === "not-paid" && backHref ? <p>{t("payment.result.detailsKept")}</p> : null}
        <p className="actions">
          {back ? (
            <Link className="button" to={back}>
              {t("payment.result.backToBooking")}
            </Link>
          ) : null}
          <Link className="button button--secondary" to={home}>
            {t("payment.result.home")}
          </Link>
          <Link className="button" to={rates} reloadDocument>
            {t("payment.result.bookNow")}
          </Link>
        </p>
      </div>
    );
  }
  if (state === "cancelled") {
    return (
      <div className="container page result">
        <h1>{t("payment.result.cancelled")}</h1>
        <OrderLine orderId={orderId!} />
        <p>
          <T
            id="payment.result.refundCall"
            values={{ phone: site.phone }}
            components={{ 0: <MessageAnchor href={telHref(site.phone)} /> }}
          />
        </p>
        <BookingLink href={manageHref} lostLinkHref={lostLinkHref} emailSent />
        <p className="actions">
          <Link className="button button--secondary" to={home}>
            {t("payment.result.home")}
          </Link>
          <Link className="button" to={rates} reloadDocument>
            {t("payment.result.bookNow")}
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
          <meta httpEquiv="refresh" content={`${CHECK_EVERY_SECONDS};url=${nextCheckHref(locale, orderId!, checks)}`} />
        </noscript>
      ) : null}
      <h1>{t("payment.result.thanks")}</h1>
      <p role="status">
        {t(
          state === "paid"
            ? "payment.result.confirmedWithin"
            : state === "waiting"
              ? "payment.result.waiting"
              : "payment.result.confirming",
        )}
      </p>
      <OrderLine orderId={orderId!} />
      <BookingLink href={manageHref} lostLinkHref={lostLinkHref} emailSent={state === "paid"} />
      <p className="actions">
        <Link className="button" to={home}>
          {t("payment.result.home")}
        </Link>
      </p>
    </div>
  );
}
