import { makeSignature } from "better-auth/crypto";
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staffSessions } from "../../db/schema";
import { hashSessionToken } from "./staff-session-tokens.server";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import { AUTH_SECRET, newMember, signIn, testAuth, withCookie } from "./test-support/staff-auth";

// A staff session's row holds the SHA-256 of its token, never the token: the cookie still opens
// the session, a cookie made from the stored value opens nothing.

const database = useEmbeddedDatabase();
const COOKIE = "__Host-navette.session_token";
const MIGRATION = readFileSync(new URL("../../db/migrations/0006_staff_tokens_hashed_codes_once.sql", import.meta.url), "utf8");

/** The session cookie a browser would send for `token`, signed with the auth secret as better-auth signs it. */
async function cookieFor(token: string): Promise<string> {
  return `${COOKIE}=${encodeURIComponent(`${token}.${await makeSignature(token, AUTH_SECRET)}`)}`;
}

function tokenOf(cookie: string): string {
  const value = cookie
    .split("; ")
    .find((pair) => pair.startsWith(`${COOKIE}=`))!
    .slice(COOKIE.length + 1);
  const signed = decodeURIComponent(value);
  return signed.slice(0, signed.lastIndexOf("."));
}

describe("a staff session's token", () => {
  it("is stored as its SHA-256: the stored value is not the cookie's token and opens nothing", async () => {
    const auth = testAuth(database.db);
    const member = await newMember(auth);
    const cookie = await signIn(auth, member);
    const [row] = await database.db.select().from(staffSessions).where(eq(staffSessions.userId, member.id));
    const token = tokenOf(cookie);
    expect(row!.token).not.toBe(token);
    expect(row!.token).toBe(hashSessionToken(token));

    const session = await auth.api.getSession({ headers: withCookie(cookie) });
    expect(session?.user.id).toBe(member.id);
    expect(session?.session.token).toBe(token);
    expect(await auth.api.getSession({ headers: withCookie(await cookieFor(row!.token)) })).toBeNull();
  });

  it("signs out, slides and ends by its hash", async () => {
    const auth = testAuth(database.db);
    const member = await newMember(auth);
    const cookie = await signIn(auth, member);
    // The sliding expiry updates the row found by the hash.
    await database.db
      .update(staffSessions)
      .set({ updatedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(staffSessions.userId, member.id));
    expect((await auth.api.getSession({ headers: withCookie(cookie) }))?.user.id).toBe(member.id);
    await auth.api.signOut({ headers: withCookie(cookie) });
    expect(await database.db.select().from(staffSessions).where(eq(staffSessions.userId, member.id))).toEqual([]);
    expect(await auth.api.getSession({ headers: withCookie(cookie) })).toBeNull();
  });

  it("stored raw before migration 0006 is hashed by it: the member stays signed in", async () => {
    const auth = testAuth(database.db);
    const member = await newMember(auth);
    await database.db.delete(staffSessions);
    const token = "a raw token of thirty-two letters";
    const expiresAt = new Date(Date.now() + 3600_000);
    await database.db.insert(staffSessions).values({ id: "before-0006", token, userId: member.id, expiresAt, updatedAt: new Date() });
    await database.db.execute(sql.raw(MIGRATION.split("--> statement-breakpoint").at(-1)!));
    const [row] = await database.db.select().from(staffSessions);
    expect(row!.token).toBe(hashSessionToken(token));
    expect((await auth.api.getSession({ headers: withCookie(await cookieFor(token)) }))?.user.id).toBe(member.id);
  });
});
