/**
 * A shared-shuttle run and what makes one unfit to dispatch (docs/decisions/0025-shuttle-run-planner.md).
 *
 * A run carries parties of one airport in one direction. Each party has one time, `at`:
 * - an arrival's `at` is when the party is ready to leave the airport (landing plus the time to
 *   get out); the run leaves when its last party is ready, the latest `at`;
 * - a departure's `at` is the latest moment the party could be picked up alone and still reach the
 *   airport the route's delay before its flight; the run picks up at the earliest `at`.
 * A party's wait is the distance from its `at` to the run's time, and no party waits more than
 * `maxWaitMinutes`: so a run's parties lie within `maxWaitMinutes` of each other.
 *
 * checkRun measures any run, planned or edited by hand; a run with a problem is not dispatched.
 * Pure: the parties and the promise are arguments.
 */

export type RunDirection = "arrival" | "departure";

/** One leg to be carried: its party's seats and suitcase units (a check-in suitcase or a stroller 1, a cabin bag 0.5). */
export interface RunParty {
  legKey: string;
  airport: string;
  direction: RunDirection;
  at: Date;
  seats: number;
  suitcases: number;
}

export interface RunCapacity {
  seats: number;
  suitcases: number;
}

/** What a run is made of: the rest (times, loads, waits) is measured from its parties. */
export interface RunShape {
  airport: string;
  direction: RunDirection;
  legKeys: readonly string[];
  capacity: RunCapacity;
}

export type RunProblem =
  | { kind: "over-seats"; seats: number; capacity: number }
  | { kind: "over-suitcases"; suitcases: number; capacity: number }
  | { kind: "over-wait"; longestWaitMinutes: number; maxWaitMinutes: number }
  /** Legs of another airport or direction than the run's. */
  | { kind: "other-trip"; legKeys: string[] }
  /** Legs that are not among the day's parties (a cancelled booking, a moved pickup). */
  | { kind: "unknown-legs"; legKeys: string[] }
  /** Legs already carried by another run of the day. */
  | { kind: "in-another-run"; legKeys: string[] };

export interface RunCheck {
  /** When the run leaves the airport (arrivals) or picks up its first party (departures); null when none of its legs is known. */
  departsAt: Date | null;
  seats: number;
  suitcases: number;
  longestWaitMinutes: number;
  totalWaitMinutes: number;
  problems: RunProblem[];
}

const MINUTE_MS = 60_000;

/** The run's time from its parties' times: the latest for arrivals, the earliest for departures. */
export function runTime(direction: RunDirection, times: readonly number[]): number {
  return direction === "arrival" ? Math.max(...times) : Math.min(...times);
}

/** Whether a party needs more than a vehicle of this capacity even alone. */
export function exceedsAlone(party: Pick<RunParty, "seats" | "suitcases">, capacity: RunCapacity): boolean {
  return party.seats > capacity.seats || party.suitcases > capacity.suitcases;
}

/**
 * A run's time, load, waits and problems. `parties` are the day's parties by leg key; a leg of the
 * run that is not among them is a problem, and the rest is measured without it.
 */
export function checkRun(run: RunShape, parties: ReadonlyMap<string, RunParty>, maxWaitMinutes: number): RunCheck {
  const known: RunParty[] = [];
  const unknown: string[] = [];
  const otherTrip: string[] = [];
  for (const key of run.legKeys) {
    const party = parties.get(key);
    if (!party) unknown.push(key);
    else {
      known.push(party);
      if (party.airport !== run.airport || party.direction !== run.direction) otherTrip.push(key);
    }
  }
  const seats = known.reduce((sum, p) => sum + p.seats, 0);
  const suitcases = known.reduce((sum, p) => sum + p.suitcases, 0);
  const times = known.map((p) => p.at.getTime());
  const departs = times.length > 0 ? runTime(run.direction, times) : null;
  const waits = departs === null ? [] : times.map((t) => Math.abs(departs - t) / MINUTE_MS);
  const longestWaitMinutes = Math.max(0, ...waits);
  const totalWaitMinutes = waits.reduce((sum, w) => sum + w, 0);

  const problems: RunProblem[] = [];
  if (seats > run.capacity.seats) problems.push({ kind: "over-seats", seats, capacity: run.capacity.seats });
  if (suitcases > run.capacity.suitcases) problems.push({ kind: "over-suitcases", suitcases, capacity: run.capacity.suitcases });
  if (longestWaitMinutes > maxWaitMinutes) problems.push({ kind: "over-wait", longestWaitMinutes, maxWaitMinutes });
  if (otherTrip.length > 0) problems.push({ kind: "other-trip", legKeys: otherTrip });
  if (unknown.length > 0) problems.push({ kind: "unknown-legs", legKeys: unknown });
  return { departsAt: departs === null ? null : new Date(departs), seats, suitcases, longestWaitMinutes, totalWaitMinutes, problems };
}

/** Whether a checked run may be dispatched: one with any problem may not. */
export function isDispatchable(run: Pick<RunCheck, "problems">): boolean {
  return run.problems.length === 0;
}

/** The day's parties by leg key; of two parties with one key, the first. */
export function partiesByLeg(parties: readonly RunParty[]): Map<string, RunParty> {
  const byLeg = new Map<string, RunParty>();
  for (const party of parties) if (!byLeg.has(party.legKey)) byLeg.set(party.legKey, party);
  return byLeg;
}
