import { count, eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import * as schema from "../../db/schema";
import type { Auth } from "./auth-instance.server";
export type { Auth } from "./auth-instance.server";
import { type BackOfficeLocale, isBackOfficeLocale } from "~/domain/locales";
import { recordAudit } from "./audit.server";
import { adminWordsIn } from "./i18n.server";
import type { Db } from "./db.server";
import { createLoginLimiter, type LoginLimiter } from "./rate-limits.server";
import { createSearchTokens, type SearchTokens } from "./search-tokens.server";
import type { Settings } from "./settings.server";
import { sharedSecret } from "./shared-secrets.server";

/**
 * Staff accounts, sessions and second factors, through better-auth called on the server only
 * (docs/decisions/0015-staff-authentication.md): no JSON endpoint is mounted, every sign-in and
 * staff change goes through a route's action, which checks the role, the Origin and the rate
 * limits itself.
 */

const ROLES = ["admin", "dispatcher"] as const;
export type Role = (typeof ROLES)[number];

/** The name the auth secret is kept under in app_secrets when AUTH_SECRET is unset. */
const AUTH_SECRET_NAME = "staff-auth";

/** The header the client address reaches better-auth in; set by authHeaders from Express's req.ip. */
export const CLIENT_IP_HEADER = "x-navette-client-ip";

/** The request's headers for a better-auth call, with the address the server believes. */
export function authHeaders(request: Request, clientAddress: string): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, clientAddress);
  return headers;
}

/** The staff side's services, opened once at start and handed to routes in the load context. */
export interface StaffServices {
  /**
   * better-auth, set up at its first call: a server that only answers the public site never
   * loads it (docs/decisions/0031-server-memory.md).
   */
  auth: () => Promise<Auth>;
  login: LoginLimiter;
  /** The bookings list's search text, sealed for its URL under a key derived from the auth secret. */
  search: SearchTokens;
}

/**
 * Opens the staff side on an open database: the auth secret (AUTH_SECRET, or one drawn once and
 * shared through the database), the login limits, the first administrator, and better-auth when
 * something first needs it.
 */
export async function openStaff(
  db: Db,
  settings: Pick<Settings, "siteUrl" | "authSecret" | "firstAdmin">,
  log: Pick<Console, "log" | "warn">,
) {
  const secret = settings.authSecret ?? (await sharedSecret(db, AUTH_SECRET_NAME));
  let created: Promise<Auth> | null = null;
  const auth = () =>
    (created ??= import("./auth-instance.server").then(
      ({ createAuth }) => createAuth(db, { siteUrl: settings.siteUrl, secret }),
      (error: unknown) => {
        // The next request tries again rather than failing until a restart.
        created = null;
        throw error;
      },
    ));
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
  auth: () => Promise<Auth>,
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
    const created = await (
      await auth()
    ).api.createUser({
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
  /** The language the back office speaks to them. */
  locale: BackOfficeLocale;
}

/**
 * A refusal from better-auth (its APIError: a wrong password, a disabled account, a bad code),
 * recognised by its name so that checking one does not load better-auth.
 */
export interface AuthRefusal extends Error {
  /** Its status name, as "FORBIDDEN" or "UNAUTHORIZED" (or a number). */
  status: string | number;
  statusCode: number;
  body?: { code?: string; message?: string };
}

export function isAuthRefusal(error: unknown): error is AuthRefusal {
  return error instanceof Error && error.name === "APIError" && typeof (error as Partial<AuthRefusal>).statusCode === "number";
}

/** Every answer of the back office: never kept by a browser or a shared cache. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** The signed-in staff member of this request, or null. A disabled account has no session. */
export async function currentStaff(staff: StaffServices, request: Request): Promise<Staff | null> {
  const session = await (await staff.auth()).api.getSession({ headers: request.headers });
  if (!session) return null;
  const role: Role = session.user.role === "admin" ? "admin" : "dispatcher";
  return {
    id: session.user.id,
    email: session.user.email,
    name: session.user.name,
    role,
    twoFactorEnabled: Boolean(session.user.twoFactorEnabled),
    locale: isBackOfficeLocale(session.user.locale) ? session.user.locale : "en",
  };
}

/** A member's choice of the back office's language (My account); their next page speaks it. */
export async function setStaffLocale(db: Db, id: string, locale: BackOfficeLocale): Promise<void> {
  await db.update(schema.staffUsers).set({ locale }).where(eq(schema.staffUsers.id, id));
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
    throw data(adminWordsIn(member.locale)("error.adminsOnly"), { status: 403, headers: NO_STORE });
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
