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
  const { booking, clientAddress } = context;
  const limit = await booking.manageMisses.check(clientAddress);
  if (!limit.allowed) {
    const sentence = "Too many wrong booking links from your connection. Please wait a few minutes and try again.";
    throw data(sentence, { status: 429, statusText: sentence, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  }
  const row = token ? await findByManageToken(await booking.db(), token) : undefined;
  if (row) return row;
  await booking.manageMisses.miss(clientAddress);
  throw data(NOT_FOUND_SENTENCE, { status: 404, statusText: NOT_FOUND_SENTENCE });
}
