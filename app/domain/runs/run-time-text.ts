import { parisClock } from "../booking/paris-time";
import type { MailWords } from "../booking/mail-words";
import type { RunDirection } from "./run-check";

/**
 * The shared shuttle's time as its traveller reads it, once the dispatcher has planned the run
 * (docs/product.md, Shared shuttle runs): an arriving party is told when the shuttle leaves the
 * airport's meeting point, a departing one when it is picked up. Pure.
 */

/** A leg's run as the traveller's pages read it. */
export interface LegRunTime {
  direction: RunDirection;
  departsAt: Date;
}

export function runTimeText(run: LegRunTime, w: MailWords): string {
  return w.t(run.direction === "arrival" ? "run.arrival" : "run.departure", { time: parisClock(run.departsAt) });
}
