import { data } from "react-router";
import type { AppLoadContext } from "react-router";
import type { BookingRow } from "./bookings.server";
import { type Locale, localizedPath } from "~/domain/locales";
import { manageWordsIn } from "./i18n.server";
import { findByManageToken, MANAGE_PATH } from "./manage-links.server";

/**
 * The booking a traveller's page is about, from the token in its address
 * (docs/product.md, Managing a booking). Every page under /my-booking/<token> opens its booking
 * here, so they answer alike: a malformed, unknown or purged token gets the same 404, and a
 * visitor who has tried too many wrong tokens gets 429 for every token until the window ends.
 */

/**
 * What a traveller's page answers when it cannot open its booking, in the page's language: the
 * heading and sentence its error page shows (BookingErrorPage), and the way to 'Lost your link?'.
 */
export interface BookingRefusal {
  heading: string;
  sentence: string;
  lostLink: { text: string; href: string };
}

/** Each refusal's status text, in English: the status line takes no other. */
const STATUS_TEXT = {
  400: "Bad Request",
  404: "Not Found",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
};

/** A refusal of the traveller's pages in `locale`, as thrown data, for the page's error boundary (BookingErrorPage). */
export function bookingRefusal(locale: Locale, status: 404 | 429 | 400 | 413 | 415, headers?: HeadersInit) {
  const words = manageWordsIn(locale);
  const [heading, sentence] =
    status === 404
      ? [words("error.notFound"), words("error.notFoundText")]
      : status === 429
        ? [words("error.tooMany"), words("error.tooManyText")]
        : [words("error.other"), words("error.unreadableText")];
  const refusal: BookingRefusal = {
    heading,
    sentence,
    lostLink: { text: words("error.lostLink"), href: localizedPath(locale, MANAGE_PATH) },
  };
  return data(refusal, { status, statusText: STATUS_TEXT[status], headers });
}

/** The booking a token opens, or the refusal thrown: 404 for a token that opens none, 429 past the visitor's limit. */
export async function managedBooking(context: AppLoadContext, token: string | undefined, locale: Locale): Promise<BookingRow> {
  const tried = await tryManageToken(context, token);
  if (tried.outcome === "refused") throw bookingRefusal(locale, 429, { "Retry-After": String(tried.retryAfterSeconds) });
  if (tried.outcome === "found") return tried.row;
  throw bookingRefusal(locale, 404);
}

export type TokenTry = { outcome: "found"; row: BookingRow } | { outcome: "miss" } | { outcome: "refused"; retryAfterSeconds: number };

/**
 * A token tried by a visitor, on the visitor's wrong-token limit: refused past the limit; else
 * `found` when it opens a booking that `fits` (any, by default), and otherwise a miss, counted.
 * The try is counted before the look-up and given back when found, so parallel wrong tokens are
 * counted together: a burst gets no more look-ups than the limit.
 */
export async function tryManageToken(
  context: AppLoadContext,
  token: string | undefined,
  fits: (row: BookingRow) => boolean = () => true,
): Promise<TokenTry> {
  const { booking, clientAddress } = context;
  const limit = await booking.manageMisses.attempt(clientAddress);
  if (!limit.allowed) return { outcome: "refused", retryAfterSeconds: limit.retryAfterSeconds };
  let row: BookingRow | undefined;
  try {
    row = token ? await findByManageToken(await booking.db(), token) : undefined;
  } catch (error) {
    // A look-up that failed judged nothing: not a miss.
    await booking.manageMisses.hit(clientAddress);
    throw error;
  }
  if (!row || !fits(row)) return { outcome: "miss" };
  await booking.manageMisses.hit(clientAddress);
  return { outcome: "found", row };
}
