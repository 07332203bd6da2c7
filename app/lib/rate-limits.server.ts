import { lt } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { rateLimits } from "../../db/schema";
import type { Db } from "./db.server";
import { rateLimitKey } from "~/domain/client-address";

/**
 * The rate limits, counted in the database (rate-limiter-flexible's Drizzle store, table
 * rate_limits) so that every instance of the server counts the same visitor together
 * (docs/decisions/0014-several-instances.md). A visitor is an IPv4 address or an IPv6 /64
 * (rateLimitKey). When the database cannot be reached, each instance counts on its own in memory
 * (the store's insurance limiter) rather than refusing everyone or letting everyone through.
 */

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request of this client address; says whether it may go on. */
  consume(address: string): Promise<LimitDecision>;
}

export interface RateLimits {
  /** Booking posts: 30 a minute per visitor. */
  booking: RateLimiter;
  /** Sandbox payment pages looked up: 60 a minute per visitor, so order ids cannot be tried in bulk. */
  paymentPage: RateLimiter;
  /** Wrong tokens tried on the traveller's booking pages, per visitor (docs/product.md, Managing a booking). */
  manageMisses: MissLimiter;
  /** 'Lost your link?' requests: per visitor. */
  lostLink: RateLimiter;
  /** 'Lost your link?' requests that match a booking: per booking, so its traveller is not flooded. */
  lostLinkBooking: RateLimiter;
  /** Stops the sweep of expired counters (at shutdown). */
  stop(): void;
}

/**
 * Counts failures only: a visitor who has made `points` of them within the window is refused
 * everything, right answers included, until it ends. Each try is counted before it is judged and
 * given back when it turns out right, so that tries made at once are counted together: of a burst
 * of parallel wrong tries, no more than `points` are judged.
 */
export interface MissLimiter {
  /** Counts one try of this visitor, before it is judged; says whether it may go on. */
  attempt(address: string): Promise<LimitDecision>;
  /** Gives back the try of a visitor whose answer was right (or could not be judged). */
  hit(address: string): Promise<void>;
}

export const RATE_LIMITS = {
  booking: { points: 30, durationSeconds: 60 },
  paymentPage: { points: 60, durationSeconds: 60 },
  /** Staff sign-in attempts on one account, from anywhere: 10 per 15 minutes. */
  loginAccount: { points: 10, durationSeconds: 15 * 60 },
  /** Staff sign-in attempts from one address, on any account: 30 per 15 minutes. */
  loginAddress: { points: 30, durationSeconds: 15 * 60 },
  /** Attempts on an account before each further one waits, longer each time, before its answer. */
  loginFreeAttempts: 3,
  /** Wrong booking-page tokens per visitor: 20 per 15 minutes, then every token is refused. */
  manageMisses: { points: 20, durationSeconds: 15 * 60 },
  /** 'Lost your link?' posts per visitor: 5 per 15 minutes. */
  lostLink: { points: 5, durationSeconds: 15 * 60 },
  /** Links re-sent for one booking: 3 per hour. */
  lostLinkBooking: { points: 3, durationSeconds: 60 * 60 },
  /** How often the counters that ended over an hour ago are deleted. */
  sweepIntervalMs: 5 * 60_000,
} as const;

/** A counter of `points` per `durationSeconds` in the rate_limits table, under `keyPrefix`. */
function drizzleStore(db: Db, keyPrefix: string, limit: { points: number; durationSeconds: number }): RateLimiterDrizzle {
  return new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix,
    points: limit.points,
    duration: limit.durationSeconds,
    // The sweep below replaces the store's own timer, which nothing could stop at shutdown.
    clearExpiredByTimeout: false,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points: limit.points, duration: limit.durationSeconds }),
  });
}

/**
 * One limit, `points` requests per `durationSeconds` per visitor, counted under `keyPrefix`. With
 * `keyOf`, counted per that key instead of per address (a booking's order id, say).
 */
export function createRateLimiter(
  db: Db,
  keyPrefix: string,
  limit: { points: number; durationSeconds: number },
  keyOf: (key: string) => string = rateLimitKey,
): RateLimiter {
  const store = drizzleStore(db, keyPrefix, limit);
  return { consume: (address) => countOne(store, keyPrefix, keyOf(address)) };
}

/**
 * Counts one request under `key`: allowed, or refused with the time left once the limit is
 * reached. The store rejects with a RateLimiterRes when the limit is reached (the request is
 * counted all the same); anything else is an error of both the store and its insurance, which
 * must not refuse the visitor.
 */
async function countOne(store: RateLimiterDrizzle, keyPrefix: string, key: string): Promise<LimitDecision> {
  try {
    await store.consume(key);
    return { allowed: true };
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) {
      console.error(`Rate limit ${keyPrefix} could not be counted (${(refusal as Error).name}); the request goes on.`);
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
  }
}

function createMissLimiter(db: Db, keyPrefix: string, limit: { points: number; durationSeconds: number }): MissLimiter {
  const store = drizzleStore(db, keyPrefix, limit);
  return {
    attempt: (address) => countOne(store, keyPrefix, rateLimitKey(address)),
    async hit(address) {
      await store.reward(rateLimitKey(address)).catch((error: unknown) => {
        console.error(`Rate limit ${keyPrefix} could not be given back (${(error as Error).name}).`);
      });
    },
  };
}

/** The site's rate limits on this database, with the sweep of expired counters started. */
export function createRateLimits(db: Db, options: { sweepIntervalMs?: number } = {}): RateLimits {
  const sweep = setInterval(() => {
    db.delete(rateLimits)
      .where(lt(rateLimits.expire, new Date(Date.now() - 3_600_000)))
      .catch((error: unknown) => console.warn(`Expired rate-limit counters could not be deleted (${(error as Error).name}).`));
  }, options.sweepIntervalMs ?? RATE_LIMITS.sweepIntervalMs);
  sweep.unref();
  return {
    booking: createRateLimiter(db, "booking", RATE_LIMITS.booking),
    paymentPage: createRateLimiter(db, "payment-page", RATE_LIMITS.paymentPage),
    manageMisses: createMissLimiter(db, "manage-miss", RATE_LIMITS.manageMisses),
    lostLink: createRateLimiter(db, "lost-link", RATE_LIMITS.lostLink),
    lostLinkBooking: createRateLimiter(db, "lost-link-booking", RATE_LIMITS.lostLinkBooking, (orderId) => orderId),
    stop: () => clearInterval(sweep),
  };
}

/**
 * Staff sign-in attempts, per account and per address: the first few are answered at once, then
 * each waits longer (0.5 s, 1 s, 2 s… up to 4 s) before its answer, then past either limit they
 * are refused (429) until the window ends. A successful sign-in clears its account's count.
 */
export interface LoginLimiter {
  /** Counts one attempt; says whether it may go on and how long to hold its answer first. */
  attempt(
    email: string,
    address: string,
  ): Promise<(LimitDecision & { allowed: true; delayMs: number }) | Exclude<LimitDecision, { allowed: true }>>;
  /** Forgets the account's failed attempts after a successful sign-in. */
  succeeded(email: string): Promise<void>;
}

export function createLoginLimiter(db: Db): LoginLimiter {
  const account = drizzleStore(db, "login-account", RATE_LIMITS.loginAccount);
  const address = drizzleStore(db, "login-address", RATE_LIMITS.loginAddress);
  const accountKey = (email: string) => email.trim().toLowerCase();
  return {
    async attempt(email, clientAddress) {
      let consumed = 0;
      try {
        await address.consume(rateLimitKey(clientAddress));
        consumed = (await account.consume(accountKey(email))).consumedPoints;
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) {
          console.error(`The sign-in limit could not be counted (${(refusal as Error).name}); the attempt goes on.`);
          return { allowed: true, delayMs: 0 };
        }
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      }
      const over = consumed - RATE_LIMITS.loginFreeAttempts;
      return { allowed: true, delayMs: over > 0 ? Math.min(4000, 250 * 2 ** over) : 0 };
    },
    async succeeded(email) {
      await account.delete(accountKey(email)).catch(() => undefined);
    },
  };
}
