import { hash, verify } from "@node-rs/argon2";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, twoFactor } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements } from "better-auth/plugins/admin/access";
import { count } from "drizzle-orm";
import { data, redirect } from "react-router";
import * as schema from "../../db/schema";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/domain/back-office/staff-forms";
import { recordAudit } from "./audit.server";
import type { Db } from "./db.server";
import { createLoginLimiter, type LoginLimiter } from "./rate-limits.server";
import { createSearchTokens, type SearchTokens } from "./search-tokens.server";
import type { Settings } from "./settings.server";
import { sharedSecret } from "./shared-secrets.server";
import { hashedSessionTokens } from "./staff-session-tokens.server";
import { totpOnce } from "./totp-once.server";

/**
 * Staff accounts, sessions and second factors, through better-auth called on the server only
 * (docs/decisions/0015-staff-authentication.md): no JSON endpoint is mounted, every sign-in and
 * staff change goes through a route's action, which checks the role, the Origin and the rate
 * limits itself.
 */

/** OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane); @node-rs/argon2's default algorithm is argon2id. */
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

const ROLES = ["admin", "dispatcher"] as const;
export type Role = (typeof ROLES)[number];

/** Administrators may call every account endpoint of better-auth's admin plugin; dispatchers none. */
const ac = createAccessControl(defaultStatements);
const roles = {
  admin: ac.newRole({ ...adminAc.statements }),
  dispatcher: ac.newRole({ user: [], session: [] }),
};

/** How long a staff session lasts without use, and how often its expiry slides forward. */
const SESSION_SECONDS = 12 * 3600;

/** The name the auth secret is kept under in app_secrets when AUTH_SECRET is unset. */
const AUTH_SECRET_NAME = "staff-auth";

/** The header the client address reaches better-auth in; set by authHeaders from Express's req.ip. */
const CLIENT_IP_HEADER = "x-navette-client-ip";

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
    user: { modelName: "staff_users" },
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
    // Its limiter only sees requests through a mounted handler; the login limiter below counts ours.
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

/** The request's headers for a better-auth call, with the address the server believes. */
export function authHeaders(request: Request, clientAddress: string): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, clientAddress);
  return headers;
}

/** The staff side's services, opened once at start and handed to routes in the load context. */
export interface StaffServices {
  auth: Auth;
  login: LoginLimiter;
  /** The bookings list's search text, sealed for its URL under a key derived from the auth secret. */
  search: SearchTokens;
}

/**
 * Opens the staff side on an open database: the auth secret (AUTH_SECRET, or one drawn once and
 * shared through the database), better-auth, the login limits, and the first administrator.
 */
export async function openStaff(
  db: Db,
  settings: Pick<Settings, "siteUrl" | "authSecret" | "firstAdmin">,
  log: Pick<Console, "log" | "warn">,
) {
  const secret = settings.authSecret ?? (await sharedSecret(db, AUTH_SECRET_NAME));
  const auth = createAuth(db, { siteUrl: settings.siteUrl, secret });
  await createFirstAdmin(db, auth, settings.firstAdmin, log);
  return { auth, login: createLoginLimiter(db), search: createSearchTokens(secret) } satisfies StaffServices;
}

/**
 * With no staff account at all, ADMIN_EMAIL and ADMIN_PASSWORD make the first administrator.
 * Several instances starting together may all try: the e-mail is unique, so one wins and the
 * others find it there.
 */
export async function createFirstAdmin(
  db: Db,
  auth: Auth,
  firstAdmin: Settings["firstAdmin"],
  log: Pick<Console, "log" | "warn">,
): Promise<"created" | "exists" | "none"> {
  const [row] = await db.select({ n: count() }).from(schema.staffUsers);
  if ((row?.n ?? 0) > 0) return "exists";
  if (!firstAdmin) {
    log.warn("No staff account exists: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first administrator at start.");
    return "none";
  }
  try {
    const created = await auth.api.createUser({
      body: { email: firstAdmin.email, password: firstAdmin.password, name: firstAdmin.email.split("@")[0]!, role: "admin" },
    });
    await recordAudit(db, {
      actor: "system",
      action: "staff_added",
      detail: `First administrator ${created.user.email} created from ADMIN_EMAIL.`,
    });
    // Named by its account id: logs carry no personal data.
    log.log(`Created the first administrator (account ${created.user.id}) from ADMIN_EMAIL.`);
    return "created";
  } catch (error) {
    const [again] = await db.select({ n: count() }).from(schema.staffUsers);
    if ((again?.n ?? 0) > 0) return "exists";
    throw error;
  }
}

/** A signed-in staff member, as routes see one. */
export interface Staff {
  id: string;
  email: string;
  name: string;
  role: Role;
  twoFactorEnabled: boolean;
}

/** Every answer of the back office: never kept by a browser or a shared cache. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** The signed-in staff member of this request, or null. A disabled account has no session. */
export async function currentStaff(staff: StaffServices, request: Request): Promise<Staff | null> {
  const session = await staff.auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const role: Role = session.user.role === "admin" ? "admin" : "dispatcher";
  return {
    id: session.user.id,
    email: session.user.email,
    name: session.user.name,
    role,
    twoFactorEnabled: Boolean(session.user.twoFactorEnabled),
  };
}

/**
 * The staff member a back-office loader or action runs for. Signed out: a redirect to the login
 * page, which comes back here after. Signed in without one of `roles`: 403. Every action calls it
 * itself: a layout's loader does not run before an action.
 */
export async function requireStaff(staff: StaffServices, request: Request, allowed: readonly Role[] = ROLES): Promise<Staff> {
  // Every back-office change is a browser's form post from the site itself; the server checks this
  // by path first, and here again by the route that answers, however its address was spelled.
  if (request.method !== "GET" && request.method !== "HEAD" && !isOwnFormPost(request)) {
    throw data("This request did not come from our site.", { status: 403, headers: NO_STORE });
  }
  const member = await currentStaff(staff, request);
  if (!member) {
    const url = new URL(request.url);
    // A search's text never travels in an address (it is sealed in `s`); an old link's `q` is not carried on.
    url.searchParams.delete("q");
    const next = url.pathname.replace(/\.data$/, "") + url.search;
    throw redirect(`/admin/login?next=${encodeURIComponent(next)}`, { headers: NO_STORE });
  }
  if (!allowed.includes(member.role)) {
    throw data("This page is for administrators only.", { status: 403, headers: NO_STORE });
  }
  return member;
}

/**
 * A post whose Origin names the host it was sent to, or, with no Origin, says Sec-Fetch-Site:
 * same-origin. Hosts, not origins, are compared: behind a proxy that ends TLS the request's own
 * scheme may read http (the server's Origin check holds the scheme against SITE_URL).
 */
export function isOwnFormPost(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return request.headers.get("sec-fetch-site") === "same-origin";
  try {
    return new URL(origin).host === new URL(request.url).host;
  } catch {
    return false; // "null", or not a URL
  }
}

/**
 * A path of the back office to go to after signing in; anything else (another site, a path that
 * resolves outside /admin through dot segments or doubled slashes) gives /admin. The check is made
 * on the parsed path, which is what the browser will follow.
 */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith("/") || next.includes("\\")) return "/admin";
  try {
    const url = new URL(next, "http://x");
    const inside = url.origin === "http://x" && (url.pathname === "/admin" || url.pathname.startsWith("/admin/"));
    return inside && !url.pathname.startsWith("//") && !url.pathname.includes("//") ? url.pathname + url.search : "/admin";
  } catch {
    return "/admin";
  }
}
