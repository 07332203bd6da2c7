import { lt } from "drizzle-orm";
import { staffTotpUses } from "../../db/schema";
import type { Db } from "./db.server";

/**
 * The authenticator steps claimed by app/lib/totp-once.server.ts, as the retention purge sees
 * them: apart from the claim itself, so that the purge, which runs on every server, does not load
 * better-auth (decision 0031).
 */

/** How long a claimed step is kept: well past the 90 seconds in which its code is accepted. */
export const TOTP_USE_RETENTION_MS = 5 * 60 * 1000;

/** Deletes the claims older than their window, as of `now` (the retention purge). */
export async function purgeTotpUses(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(staffTotpUses)
    .where(lt(staffTotpUses.usedAt, new Date(now.getTime() - TOTP_USE_RETENTION_MS)))
    .returning({ step: staffTotpUses.step });
  return gone.length;
}
