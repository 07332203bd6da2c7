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

export async function signInWithFetch(base: string, email: string, password: string): Promise<StaffClient> {
  const response = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ email, password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
  if (response.status !== 302 || !cookie) throw new Error(`Signing in as ${email} answered ${response.status}.`);
  return staffClient(base, cookie);
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
        headers: headers({ "content-type": "application/x-www-form-urlencoded", ...(origin ? { origin } : {}) }),
        body: new URLSearchParams(fields),
      }),
  };
}
