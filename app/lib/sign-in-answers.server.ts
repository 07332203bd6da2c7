import { NO_STORE } from "./auth.server";
import type { LoginLimiter } from "./rate-limits.server";

/**
 * What the pages that check a password or a sign-in code share: counting the attempt against the
 * sign-in limits, and their answers' headers (no-store, better-auth's cookies, a refusal's
 * Retry-After).
 */

/** A refused attempt: the message for the form and its answer's status and headers. */
export interface SignInRefusal {
  problem: { field: null; message: string };
  init: { status: 429; headers: Record<string, string> };
}

/**
 * Counts one attempt for `email` from `clientAddress`. Past the limits it gives the refusal to
 * answer with (`tooMany` of the minutes to wait, 429, Retry-After); otherwise it holds the attempt
 * for the limiter's slow-down and gives null.
 */
export async function countSignInAttempt(
  login: LoginLimiter,
  email: string,
  clientAddress: string,
  tooMany: (minutes: number) => string = (minutes) => `Too many sign-in attempts. Try again in ${minutes} minutes.`,
): Promise<SignInRefusal | null> {
  const limit = await login.attempt(email, clientAddress);
  if (!limit.allowed) {
    return {
      problem: { field: null, message: tooMany(Math.ceil(limit.retryAfterSeconds / 60)) },
      init: { status: 429, headers: { ...NO_STORE, "Retry-After": String(limit.retryAfterSeconds) } },
    };
  }
  if (limit.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, limit.delayMs));
  return null;
}

/** No-store headers carrying the cookies better-auth set (a new session, a challenge), if any. */
export function noStoreWithCookies(cookies?: Headers): Headers {
  const out = new Headers(NO_STORE);
  for (const cookie of cookies?.getSetCookie() ?? []) out.append("Set-Cookie", cookie);
  return out;
}

/** A page's headers: no-store, and a refused post's Retry-After on the page that answers it (cookies pass on their own). */
export function noStoreWithRetryAfter(actionHeaders: Headers): Headers {
  const out = new Headers(NO_STORE);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) out.set("Retry-After", retryAfter);
  return out;
}
