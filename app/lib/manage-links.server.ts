import { createHash, randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { bookings, manageLinks } from "../../db/schema";
import { type Locale, localizedPath } from "~/domain/locales";
import { bookingColumns } from "./booking-store.server";
import type { BookingRow } from "./bookings.server";
import type { Db } from "./db.server";

/**
 * The traveller's links to their booking's page (docs/product.md, Managing a booking). A token is
 * 32 random bytes (256 bits) in base64url, 43 characters; the database keeps only its SHA-256, so
 * neither a copy of the database nor the outbox holds a working link. A booking has as many
 * tokens as links were handed out (one per e-mail sent, one for the payment result page), and any
 * of them opens its page.
 */

/** Where a booking's page lives, below the site's address. */
export const MANAGE_PATH = "/my-booking";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashManageToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether a string has the shape of a token; anything else is not looked up at all. */
export function isManageTokenShape(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

type Writer = Pick<Db, "insert">;

/** A new token and the hash that stores it. */
export function drawManageToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashManageToken(token) };
}

/** Draws a new token for the booking, stores its hash, and returns the token itself (never stored). */
export async function mintManageToken(db: Writer, orderId: string): Promise<string> {
  const { token, hash } = drawManageToken();
  await db.insert(manageLinks).values({ orderId, tokenHash: hash });
  return token;
}

/** The page's address for a token in `locale`: SITE_URL/my-booking/<token>, or under the language's prefix (SITE_URL/es/my-booking/<token>). */
export function manageUrl(siteUrl: string, token: string, locale: Locale): string {
  return new URL(localizedPath(locale, `${MANAGE_PATH}/${token}`), siteUrl).toString();
}

/** The booking a token opens, with its legs (bookingColumns), or undefined for a malformed, unknown or purged one (all alike). */
export async function findByManageToken(db: Db, token: string): Promise<BookingRow | undefined> {
  if (!isManageTokenShape(token)) return undefined;
  const rows = await db
    .select(bookingColumns)
    .from(manageLinks)
    .innerJoin(bookings, eq(bookings.orderId, manageLinks.orderId))
    .where(eq(manageLinks.tokenHash, hashManageToken(token)))
    .limit(1);
  return rows[0];
}

/**
 * A marker for an outbox message's body, standing where the manage link goes until the message is
 * sent (mail.server.ts draws the token then). Random, so no text a traveller typed can hold it.
 */
export function newLinkMarker(): string {
  return `[manage-link:${randomUUID()}]`;
}
