import { createOTP } from "@better-auth/utils/otp";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { staffTotpUses } from "../../db/schema";
import type { Db } from "./db.server";

/**
 * An authenticator code is accepted once (RFC 6238, section 5.2). better-auth's twoFactor plugin
 * accepts a code for the current 30-second step and the one on each side, and again as many times
 * as it is posted in that window; so a before-hook on its verify endpoint finds the step the code
 * was drawn for and claims (account, step) in staff_totp_uses, whose primary key lets one claim
 * win on every instance, even two posts at the same instant. A code already claimed is refused as
 * a wrong code, before better-auth checks it. A code that matches no step is left to better-auth,
 * which counts it as a failure.
 */

export const VERIFY_TOTP_PATH = "/two-factor/verify-totp";

/** The twoFactor plugin's defaults, which createAuth keeps: 30-second steps, 6 digits, one step either side. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW = 1;

/** The step within the window whose code `code` is, or null; every step is computed, so the time says nothing. */
export async function matchedStep(key: Buffer, code: string, now: number): Promise<number | null> {
  // The same generator as better-auth's own check, so a step matches exactly when better-auth would accept its code.
  const otp = createOTP(key, { digits: DIGITS, period: PERIOD_SECONDS });
  const current = Math.floor(now / 1000 / PERIOD_SECONDS);
  let found: number | null = null;
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    if ((await otp.hotp(step)) === code && found === null) found = step;
  }
  return found;
}

/** Claims (account, step); false when it was claimed already. */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const claimed = await db.insert(staffTotpUses).values({ userId, step }).onConflictDoNothing().returning({ step: staffTotpUses.step });
  return claimed.length === 1;
}

/** The secret as better-auth stores it: encrypted with the auth secret; `base32:` marks one imported from elsewhere. */
async function secretKey(secretConfig: Parameters<typeof symmetricDecrypt>[0]["key"], stored: string): Promise<Buffer | null> {
  const secret = await symmetricDecrypt({ key: secretConfig, data: stored });
  // Secrets drawn by better-auth never hold ":"; an imported one is not expected here, so it is left to better-auth.
  if (secret.startsWith("base32:")) return null;
  return Buffer.from(secret, "utf8");
}

/**
 * The before-hook: on the verify endpoint, the account is the signed-in member's (turning the
 * second factor on) or the sign-in challenge's (its signed two_factor cookie); anything else is
 * left to better-auth, which refuses it.
 */
export function totpOnce(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== VERIFY_TOTP_PATH) return;
    const code: unknown = (ctx.body as { code?: unknown } | undefined)?.code;
    if (typeof code !== "string") return;
    const userId = await accountOf(ctx);
    if (!userId) return;
    const row = await ctx.context.adapter.findOne<{ secret: string }>({
      model: "twoFactor",
      where: [{ field: "userId", value: userId }],
    });
    if (!row) return;
    const key = await secretKey(ctx.context.secretConfig, row.secret);
    if (!key) return;
    const step = await matchedStep(key, code, Date.now());
    if (step === null) return;
    if (!(await claimTotpStep(db, userId, step))) {
      throw APIError.from("UNAUTHORIZED", { code: "INVALID_CODE", message: "Invalid code" });
    }
  });
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

async function accountOf(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!challenge || new Date(challenge.expiresAt).getTime() < Date.now()) return null;
  return challenge.value;
}
