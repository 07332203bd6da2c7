import { data } from "react-router";
import type { AppLoadContext } from "react-router";
import type { BookingRow } from "./bookings.server";
import { findByManageToken } from "./manage-links.server";

/**
 * The booking a traveller's page is about, from the token in its address
 * (docs/product.md, Managing a booking). Every page under /my-booking/<token> opens its booking
 * here, so they answer alike: a malformed, unknown or purged token gets the same 404, and a
 * visitor who has tried too many wrong tokens gets 429 for every token until the window ends.
 */

export const NOT_FOUND_SENTENCE = "This booking link does not exist. Check the link in your e-mail, or ask for it again.";

export async function managedBooking(context: AppLoadContext, token: string | undefined): Promise<BookingRow> {
  const tried = await tryManageToken(context, token);
  if (tried.outcome === "refused") {
    const sentence = "Too many wrong booking links from your connection. Please wait a few minutes and try again.";
    throw data(sentence, { status: 429, statusText: sentence, headers: { "Retry-After": String(tried.retryAfterSeconds) } });
  }
  if (tried.outcome === "found") return tried.row;
  throw data(NOT_FOUND_SENTENCE, { status: 404, statusText: NOT_FOUND_SENTENCE });
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
