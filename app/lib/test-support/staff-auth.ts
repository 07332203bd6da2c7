import { symmetricDecrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { staffTotpUses, staffTwoFactors } from "../../../db/schema";
import { createAuth, type Auth } from "../auth-instance.server";
import type { Db } from "../db.server";
import { createOTP } from "@better-auth/utils/otp";

// What the tests of staff sign-ins share: better-auth on the test's database, members signed in
// through its API, their cookies as a browser sends them back, and their authenticator's codes.

export const SITE_URL = "https://navette.example";
export const AUTH_SECRET = "a test secret of at least thirty-two characters";

export function testAuth(db: Db): Auth {
  return createAuth(db, { siteUrl: SITE_URL, secret: AUTH_SECRET });
}

/** The Cookie header a browser sends after `headers`' Set-Cookie lines, over `previous`. */
export function cookieAfter(headers: Headers, previous = ""): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split(";").map((p) => p.trim())) {
    const eq = pair.indexOf("=");
    if (eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  for (const line of headers.getSetCookie()) {
    const pair = line.split(";", 1)[0]!;
    const eq = pair.indexOf("=");
    const value = pair.slice(eq + 1);
    const expired = /max-age=0\b/i.test(line) || value === "";
    if (expired) jar.delete(pair.slice(0, eq));
    else jar.set(pair.slice(0, eq), value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** Request headers carrying `cookie`, from the site itself. */
export function withCookie(cookie: string): Headers {
  return new Headers({ cookie, origin: SITE_URL });
}

let serial = 0;

/** A new dispatcher and the password they sign in with. */
export async function newMember(auth: Auth): Promise<{ id: string; email: string; password: string }> {
  const email = `member-${++serial}-${Date.now()}@navette.example`;
  const password = "a member password 1";
  const { user } = await auth.api.createUser({ body: { email, password, name: "Member", role: "dispatcher" } });
  return { id: user.id, email, password };
}

/** Signs in with the password: the cookie of a session, or of the challenge that waits for a code. */
export async function signIn(auth: Auth, member: { email: string; password: string }): Promise<string> {
  const { headers } = await auth.api.signInEmail({
    body: { email: member.email, password: member.password, rememberMe: true },
    headers: new Headers({ origin: SITE_URL }),
    returnHeaders: true,
  });
  return cookieAfter(headers);
}

/** The member's authenticator key, as better-auth stores it (encrypted with the auth secret). */
export async function authenticatorKey(db: Db, userId: string): Promise<Buffer> {
  const [row] = await db.select().from(staffTwoFactors).where(eq(staffTwoFactors.userId, userId));
  return Buffer.from(await symmetricDecrypt({ key: AUTH_SECRET, data: row!.secret }), "utf8");
}

/** The code the member's app shows now. */
export function codeNow(key: Buffer): Promise<string> {
  return createOTP(key, { digits: 6, period: 30 }).totp();
}

/**
 * Turns the member's second factor on through better-auth (password, then a code), and forgets
 * the code it was turned on with, so a test's own codes start afresh. Gives the new session's cookie.
 */
export async function turnOnSecondFactor(db: Db, auth: Auth, member: { id: string; password: string }, cookie: string): Promise<string> {
  await auth.api.enableTwoFactor({ body: { password: member.password }, headers: withCookie(cookie) });
  const key = await authenticatorKey(db, member.id);
  const { headers } = await auth.api.verifyTOTP({ body: { code: await codeNow(key) }, headers: withCookie(cookie), returnHeaders: true });
  await db.delete(staffTotpUses).where(eq(staffTotpUses.userId, member.id));
  return cookieAfter(headers, cookie);
}
