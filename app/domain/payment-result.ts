import { ORDER_ID_PATTERN } from "./booking/order-id";
import { type Locale, localizedPath } from "./locales";

/**
 * What the payment result page (/response_bank_ok_ko, docs/product.md, Payment result page) says
 * of an order, from the order's real state rather than from the provider's `ok_ko` alone, and the
 * cookie that lets the browser which made a booking open its page from there. Pure.
 */

/**
 * - `outside`: an order the site does not know (an outside BOOKING_ENDPOINT's, or none): the
 *   booking rules' texts, by `ok_ko` alone;
 * - `paid`: paid (or paid on board, for a booking taken by phone);
 * - `waiting`: back with ok_ko=ok, and the provider's notification not here yet: the page checks again;
 * - `confirming`: still not here after the checks: the confirmation e-mail will follow;
 * - `not-paid`: the payment failed, or the traveller came back without paying;
 * - `cancelled`: the booking is cancelled.
 */
export type ResultState = "outside" | "paid" | "waiting" | "confirming" | "not-paid" | "cancelled";

/** How many times the page checks again for a payment that is not confirmed yet, and how far apart. */
export const MAX_CHECKS = 5;
export const CHECK_EVERY_SECONDS = 2;

/** What the page reads of a booking of its own (structurally a bookings row). */
export interface ResultFacts {
  /** The payment status. */
  status: string;
  bookingStatus: string;
  paymentMode: string;
}

const PAID: ReadonlySet<string> = new Set(["paid", "partly_refunded", "refunded"]);

/** The state to show: `booking` is the order's row, or null for an order the site does not know. */
export function resultState(booking: ResultFacts | null, ok: boolean, checks: number): ResultState {
  if (!booking) return "outside";
  if (booking.bookingStatus === "cancelled") return "cancelled";
  if (PAID.has(booking.status) || booking.paymentMode === "cash") return "paid";
  if (booking.status === "pending_payment" && ok) return checks < MAX_CHECKS ? "waiting" : "confirming";
  return "not-paid";
}

/** The `check` counter of the page's address: 0 to MAX_CHECKS; anything unreadable is 0, anything larger MAX_CHECKS. */
export function readChecks(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 0;
  return Math.min(MAX_CHECKS, Number(value));
}

/** The result page in the booking's language: where the payment returns the traveller. */
export function resultPath(locale: Locale): string {
  return localizedPath(locale, "/response_bank_ok_ko");
}

/** The result page's address for an order, as the payment returns to it: `ok` paid, `ko` not. */
export function resultHref(locale: Locale, okKo: "ok" | "ko", orderId: string): string {
  return `${resultPath(locale)}?${new URLSearchParams({ ok_ko: okKo, order_id: orderId })}`;
}

/** The page's address with the next check's counter: what the no-JavaScript refresh goes to. */
export function nextCheckHref(locale: Locale, orderId: string, checks: number): string {
  return `${resultHref(locale, "ok", orderId)}&check=${Math.min(MAX_CHECKS, checks + 1)}`;
}

// ---------------------------------------------------------------------------------------------
// The result cookie: `<order id>.<manage token>`, set by the booking endpoint when it saves a
// booking, read only by the result page in the booking's language (its Path), for a day.
const RESULT_COOKIE_MAX_AGE = 24 * 60 * 60;

/** The cookie's name: with the __Secure- prefix, which browsers keep for Secure cookies, on an https site. */
export function resultCookieName(secure: boolean): string {
  return secure ? "__Secure-navette_result" : "navette_result";
}

/** The Set-Cookie header for a booking's order id and a fresh manage token, for the result page in `locale`. */
export function resultCookie(orderId: string, token: string, secure: boolean, locale: Locale): string {
  const attributes = [
    `${resultCookieName(secure)}=${orderId}.${token}`,
    `Max-Age=${RESULT_COOKIE_MAX_AGE}`,
    `Path=${resultPath(locale)}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ];
  return attributes.join("; ");
}

const VALUE = /^(NV-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6})\.([A-Za-z0-9_-]{43})$/;

/**
 * The manage token the cookie holds for `orderId`, or null: no cookie, another order's, or a value
 * of another shape. The caller still checks that the token opens that very booking.
 */
export function resultCookieToken(cookieHeader: string | null, orderId: string, secure: boolean): string | null {
  if (!cookieHeader || !ORDER_ID_PATTERN.test(orderId)) return null;
  const name = resultCookieName(secure);
  for (const part of cookieHeader.split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const match = VALUE.exec(part.slice(at + 1).trim());
    if (match && match[1] === orderId) return match[2]!;
  }
  return null;
}
