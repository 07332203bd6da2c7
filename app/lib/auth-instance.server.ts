import { hash, verify } from "@node-rs/argon2";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, twoFactor } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements } from "better-auth/plugins/admin/access";
import * as schema from "../../db/schema";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/domain/back-office/staff-accounts";
import { CLIENT_IP_HEADER } from "./auth.server";
import type { Db } from "./db.server";
import { hashedSessionTokens } from "./staff-session-tokens.server";
import { totpOnce } from "./totp-once.server";

/**
 * better-auth as the staff side uses it (docs/decisions/0015-staff-authentication.md). This module
 * and the libraries it brings (better-auth, argon2: 20–35 MB resident) are imported at the staff
 * side's first use, never by a public page (`openStaff` in auth.server.ts, decision 0031).
 */

/** OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane); @node-rs/argon2's default algorithm is argon2id. */
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Administrators may call every account endpoint of better-auth's admin plugin; dispatchers none. */
const ac = createAccessControl(defaultStatements);
const roles = {
  admin: ac.newRole({ ...adminAc.statements }),
  dispatcher: ac.newRole({ user: [], session: [] }),
};

/** How long a staff session lasts without use, and how often its expiry slides forward. */
const SESSION_SECONDS = 12 * 3600;

export function createAuth(db: Db, options: { siteUrl: string; secret: string }) {
  const https = new URL(options.siteUrl).protocol === "https:";
  // better-auth names a secure cookie "__Secure-…" itself; a "__Host-" name (Secure, Path=/, no
  // Domain) is given here instead, and its own prefixing is turned off.
  const cookie = (name: string) => ({ name: `${https ? "__Host-" : ""}navette.${name}` });
  return betterAuth({
    appName: "Navette",
    baseURL: options.siteUrl,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: [new URL(options.siteUrl).origin],
    telemetry: { enabled: false },
    // Its warnings name each refused sign-in's reason; the audit log keeps those instead.
    logger: { level: "error" },
    // Session tokens are stored as their SHA-256 (docs/decisions/0023-staff-session-tokens.md).
    database: hashedSessionTokens(
      drizzleAdapter(db, {
        provider: "pg",
        schema: {
          staff_users: schema.staffUsers,
          staff_sessions: schema.staffSessions,
          staff_accounts: schema.staffAccounts,
          staff_verifications: schema.staffVerifications,
          staff_two_factors: schema.staffTwoFactors,
        },
      }),
    ),
    // An authenticator code is accepted once, on every instance (app/lib/totp-once.server.ts).
    hooks: { before: totpOnce(db) },
    user: {
      modelName: "staff_users",
      // The back office's language, changed on My account only (never by better-auth's own endpoints).
      additionalFields: { locale: { type: "string", required: false, defaultValue: "en", input: false } },
    },
    // No cookie cache: every request reads the session row, so a revoked session ends at once.
    session: { modelName: "staff_sessions", expiresIn: SESSION_SECONDS, updateAge: 3600 },
    account: { modelName: "staff_accounts" },
    verification: { modelName: "staff_verifications" },
    emailAndPassword: {
      enabled: true,
      // Accounts come from ADMIN_EMAIL at start, `npm run staff` and /admin/staff only.
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: (password) => hash(password, ARGON2),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
    },
    // Its limiter only sees requests through a mounted handler; our login limiter counts ours
    // (createLoginLimiter in rate-limits.server.ts).
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: false,
      defaultCookieAttributes: { secure: https, httpOnly: true, sameSite: "lax", path: "/" },
      cookies: {
        session_token: cookie("session_token"),
        session_data: cookie("session_data"),
        dont_remember: cookie("dont_remember"),
        account_data: cookie("account_data"),
        two_factor: cookie("two_factor"),
        trust_device: cookie("trust_device"),
      },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      admin({ ac, roles, defaultRole: "dispatcher", adminRoles: ["admin"] }),
      twoFactor({ issuer: "Navette", schema: { twoFactor: { modelName: "staff_two_factors" } } }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
