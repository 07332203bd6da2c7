import { FORM } from "./helpers";

/** A sign-in post as the back office's login form sends it, from `address` (X-Forwarded-For, trusted from loopback). */
export function postLogin(base: string, email: string, password: string, address: string): Promise<Response> {
  return fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": FORM, origin: base, "x-forwarded-for": address, "accept-encoding": "identity" },
    body: new URLSearchParams({ email, password }).toString(),
  });
}

/** The session cookie of a successful sign-in's answer, as a Cookie header. */
export function sessionCookie(answer: Response): string {
  const cookie = answer.headers.getSetCookie().find((c) => /^(__Host-)?navette\.session_token=/.test(c));
  if (!cookie) throw new Error(`No session cookie in the answer (${answer.status}).`);
  return cookie.split(";")[0]!;
}
