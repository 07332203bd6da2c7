import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staffTotpUses } from "../../db/schema";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import { authenticatorKey, codeNow, newMember, signIn, testAuth, turnOnSecondFactor, withCookie } from "./test-support/staff-auth";
import { matchedStep } from "./totp-once.server";
import { purgeTotpUses, TOTP_USE_RETENTION_MS } from "./totp-uses.server";
import { createOTP } from "@better-auth/utils/otp";

// An authenticator code signs in once: the same code posted again, after the first or at the same
// instant, from two sign-ins with the password, is refused (RFC 6238, section 5.2).

const database = useEmbeddedDatabase();

async function memberWithSecondFactor() {
  const auth = testAuth(database.db);
  const member = await newMember(auth);
  await turnOnSecondFactor(database.db, auth, member, await signIn(auth, member));
  return { auth, member, key: await authenticatorKey(database.db, member.id) };
}

const refusedCode = (reason: unknown) => reason instanceof APIError && (reason.body as { code?: string }).code === "INVALID_CODE";

describe("an authenticator code", () => {
  it("matches the code better-auth draws now to a step of the window", async () => {
    const auth = testAuth(database.db);
    const secret = "a secret of the kind better-auth draws";
    const now = Date.now();
    const { code } = await auth.api.generateTOTP({ body: { secret } });
    expect(await matchedStep(Buffer.from(secret, "utf8"), code, now)).not.toBeNull();
  });

  it("matches the step it was drawn for, one either side of now, and no other", async () => {
    const key = Buffer.from("key");
    const otp = createOTP(key, { digits: 6, period: 30 });
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 30_000);
    for (const drawn of [step - 1, step, step + 1]) expect(await matchedStep(key, await otp.hotp(drawn), now)).toBe(drawn);
    expect(await matchedStep(key, await otp.hotp(step - 2), now)).toBeNull();
  });

  it("signs in once: the same code on a second sign-in is refused", async () => {
    const { auth, member, key } = await memberWithSecondFactor();
    const first = await signIn(auth, member);
    const second = await signIn(auth, member);
    const code = await codeNow(key);
    const signedIn = await auth.api.verifyTOTP({ body: { code }, headers: withCookie(first) });
    expect(signedIn.user.id).toBe(member.id);
    await expect(auth.api.verifyTOTP({ body: { code }, headers: withCookie(second) })).rejects.toSatisfy(refusedCode);
  });

  it("leaves the sign-in open after a used code, so the app's next code completes it", async () => {
    const { auth, member, key } = await memberWithSecondFactor();
    const used = await codeNow(key);
    await auth.api.verifyTOTP({ body: { code: used }, headers: withCookie(await signIn(auth, member)) });
    const challenge = await signIn(auth, member);
    await expect(auth.api.verifyTOTP({ body: { code: used }, headers: withCookie(challenge) })).rejects.toSatisfy(refusedCode);
    const next = await createOTP(key, { digits: 6, period: 30 }).hotp(Math.floor(Date.now() / 30_000) + 1);
    const signedIn = await auth.api.verifyTOTP({ body: { code: next }, headers: withCookie(challenge) });
    expect(signedIn.user.id).toBe(member.id);
  });

  it("signs in once when posted to two sign-ins at the same instant", async () => {
    const { auth, member, key } = await memberWithSecondFactor();
    const [first, second] = [await signIn(auth, member), await signIn(auth, member)];
    const code = await codeNow(key);
    const outcomes = await Promise.allSettled([
      auth.api.verifyTOTP({ body: { code }, headers: withCookie(first) }),
      auth.api.verifyTOTP({ body: { code }, headers: withCookie(second) }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(refused).toHaveLength(1);
    expect(refusedCode(refused[0]!.reason)).toBe(true);
  });

  it("is kept as its account and step until the purge, a few minutes on", async () => {
    const { auth, member, key } = await memberWithSecondFactor();
    await auth.api.verifyTOTP({ body: { code: await codeNow(key) }, headers: withCookie(await signIn(auth, member)) });
    const rows = await database.db.select().from(staffTotpUses).where(eq(staffTotpUses.userId, member.id));
    expect(rows).toHaveLength(1);
    expect(Math.abs(rows[0]!.step - Math.floor(Date.now() / 30_000))).toBeLessThanOrEqual(1);
    expect(await purgeTotpUses(database.db, new Date())).toBe(0);
    expect(await purgeTotpUses(database.db, new Date(Date.now() + TOTP_USE_RETENTION_MS + 1_000))).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(staffTotpUses).where(eq(staffTotpUses.userId, member.id))).toEqual([]);
  });

  it("a wrong code is left to better-auth, which refuses it and claims nothing", async () => {
    const { auth, member, key } = await memberWithSecondFactor();
    const wrong = (await codeNow(key)) === "000000" ? "000001" : "000000";
    await expect(auth.api.verifyTOTP({ body: { code: wrong }, headers: withCookie(await signIn(auth, member)) })).rejects.toSatisfy(
      refusedCode,
    );
    expect(await database.db.select().from(staffTotpUses).where(eq(staffTotpUses.userId, member.id))).toEqual([]);
  });
});
