import type { AdminWords } from "~/domain/back-office/admin-words";
import type { EmailSite } from "~/domain/booking/email-frame";
import type { AuditActor } from "./booking-tx.server";
import type { Db } from "./db.server";
import { changeLandingTime, type LandingOutcome, type LandingTimeChange } from "./flight-delays.server";
import { replanAfterChange, type RunRules } from "./shuttle-runs.server";

/**
 * A flight's new landing time as staff enter it, on the booking's page or the runs page: the leg's
 * pickup moves and the traveller and the driver are e-mailed (flight-delays.server.ts), then, once
 * that has committed, each day whose pickups moved has its shuttle runs planned again (decision 0027:
 * never a booking's lock and then a day's in one transaction). A refusal is in the member's words.
 */
export async function enterLandingTime(
  db: Db,
  change: LandingTimeChange,
  context: { actor: AuditActor; site: EmailSite; rules: RunRules; words: AdminWords },
  now: Date = new Date(),
): Promise<LandingOutcome> {
  const outcome = await changeLandingTime(db, change, context.actor, now, context.site, context.words);
  if (outcome.ok && outcome.done === "changed") {
    for (const day of outcome.days) await replanAfterChange(db, day, context);
  }
  return outcome;
}
