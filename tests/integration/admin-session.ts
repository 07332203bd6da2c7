import type { StaffServices } from "~/lib/auth.server";
import { FORM } from "./helpers";

/**
 * A staff session for tests that talk to the back office with fetch: the login form's post, as a
 * browser on the site sends it (Origin: the site), and the session cookie it sets.
 */
export interface StaffClient {
  /** The Cookie header of the session. */
  cookie: string;
  get(path: string): Promise<Response>;
  /** A url-encoded form post, from the site's own origin unless `origin` says otherwise. */
  post(path: string, fields: Record<string, string>, origin?: string | null): Promise<Response>;
}

/**
 * A sign-in post as the back office's login form sends it, answered as is (302, 401, 429…). With
 * `address`, it comes from that client address (X-Forwarded-For, trusted from loopback), so the
 * sign-in limits of one test do not count another's attempts.
 */
export function postLogin(base: string, email: string, password: string, address?: string): Promise<Response> {
  return fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": FORM,
      origin: base,
      "accept-encoding": "identity",
      ...(address ? { "x-forwarded-for": address } : {}),
    },
    body: new URLSearchParams({ email, password }),
  });
}

/** The cookies a successful sign-in's answer sets, as a Cookie header; throws when it sets no session. */
export function sessionCookie(answer: Response): string {
  const pairs = answer.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0]!)
    .filter((pair) => !pair.endsWith("="));
  if (!pairs.some((pair) => /^(__Host-)?navette\.session_token=/.test(pair))) {
    throw new Error(`No session cookie in the answer (${answer.status}).`);
  }
  return pairs.join("; ");
}

/** Signs in through the login form (from `address` when given) and returns a client with the session. */
export async function signInWithFetch(base: string, email: string, password: string, address?: string): Promise<StaffClient> {
  const response = await postLogin(base, email, password, address);
  if (response.status !== 302) throw new Error(`Signing in as ${email} answered ${response.status}.`);
  return staffClient(base, sessionCookie(response));
}

/** Adds a staff member through better-auth's admin API (as the staff page does) and signs them in. */
export async function addStaffMember(
  server: { url: string; staff: StaffServices },
  account: { email: string; password: string },
  role: "admin" | "dispatcher",
  name = role === "admin" ? "Administrator" : "Dispatcher",
): Promise<StaffClient> {
  await (await server.staff.auth()).api.createUser({ body: { ...account, name, role } });
  return signInWithFetch(server.url, account.email, account.password);
}

/** A client with this Cookie header ("" for a signed-out visitor). */
export function staffClient(base: string, cookie: string): StaffClient {
  const headers = (extra: Record<string, string> = {}) => (cookie ? { cookie, ...extra } : extra);
  return {
    cookie,
    get: (path) => fetch(`${base}${path}`, { redirect: "manual", headers: headers() }),
    post: (path, fields, origin = base) =>
      fetch(`${base}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: headers({ "content-type": FORM, ...(origin ? { origin } : {}) }),
        body: new URLSearchParams(fields),
      }),
  };
}
