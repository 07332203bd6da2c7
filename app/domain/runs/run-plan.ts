import { checkRun, exceedsAlone, partiesByLeg, type RunCapacity, type RunCheck, type RunDirection, type RunParty } from "./run-check";
import { clustersOf, compareParties } from "./run-clusters";
import { packCluster } from "./run-packing";

/**
 * The shared shuttle's runs of a day (docs/decisions/0025-shuttle-run-planner.md): each day's
 * pickups grouped into runs of one airport and direction, within the vehicle's seats and suitcases
 * and the wait promise (run-check.ts says what a party's time and wait are). The fewest runs,
 * then the least total wait.
 *
 *   planRuns(parties, { capacity, maxWaitMinutes, locked }) → PlannedRun[]
 *
 * - Locked runs (the dispatcher's, with their own capacity, such as a coach's) are kept exactly
 *   as given; only the parties in none of them are planned. A leg in a locked run and among the
 *   parties is carried by the locked run alone.
 * - A party is never split: one over the capacity alone has a run of its own, which its problems
 *   flag until staff put a bigger vehicle on it (lock it with that capacity).
 * - Every party is in exactly one run; two parties with one leg key are one party, the first.
 * - The runs come by airport, direction and time; the same input gives the same runs in the same
 *   order, whatever the order of `parties`.
 * Pure: the parties and their times are arguments.
 */

/** A run the dispatcher has fixed: its legs and its vehicle's capacity. */
export interface LockedRun {
  id: string;
  airport: string;
  direction: RunDirection;
  legKeys: readonly string[];
  capacity: RunCapacity;
}

export interface PlannedRun extends RunCheck {
  /** The locked run's id; null for a run the planner made. */
  id: string | null;
  airport: string;
  direction: RunDirection;
  /** A planned run's legs in time order; a locked run's as given. */
  legKeys: string[];
  locked: boolean;
  capacity: RunCapacity;
}

export interface PlanOptions {
  /** The planned runs' vehicle: the fleet's 8-seat shuttle vans, 8 seats and 8 suitcases. */
  capacity: RunCapacity;
  /** The longest a party waits for its run: 30 minutes. */
  maxWaitMinutes: number;
  locked?: readonly LockedRun[];
}

/** The shuttle vans' capacity, the default of a planned run. */
export const SHUTTLE_CAPACITY: RunCapacity = { seats: 8, suitcases: 8 };
/** The waiting promise of the shared shuttle, in minutes. */
export const SHUTTLE_MAX_WAIT_MINUTES = 30;

function compareRuns(a: PlannedRun, b: PlannedRun): number {
  const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  const time = (r: PlannedRun) => r.departsAt?.getTime() ?? Infinity;
  return (
    text(a.airport, b.airport) ||
    text(a.direction, b.direction) ||
    time(a) - time(b) ||
    text(a.legKeys[0] ?? "", b.legKeys[0] ?? "") ||
    text(a.id ?? "", b.id ?? "")
  );
}

/** The day's runs: the locked ones as given, and new runs for every other party. */
export function planRuns(parties: readonly RunParty[], options: PlanOptions): PlannedRun[] {
  const { capacity, maxWaitMinutes } = options;
  const byLeg = partiesByLeg(parties);
  const runs: PlannedRun[] = [];

  const carried = new Set<string>();
  for (const lock of options.locked ?? []) {
    const check = checkRun(lock, byLeg, maxWaitMinutes);
    const twice = lock.legKeys.filter((key, i) => carried.has(key) || lock.legKeys.indexOf(key) !== i);
    if (twice.length > 0) check.problems.push({ kind: "in-another-run", legKeys: [...new Set(twice)] });
    for (const key of lock.legKeys) carried.add(key);
    runs.push({
      id: lock.id,
      airport: lock.airport,
      direction: lock.direction,
      legKeys: [...lock.legKeys],
      locked: true,
      capacity: { ...lock.capacity },
      ...check,
    });
  }

  const newRun = (members: readonly RunParty[]): PlannedRun => {
    const shape = {
      airport: members[0]!.airport,
      direction: members[0]!.direction,
      legKeys: members.map((p) => p.legKey),
      capacity: { ...capacity },
    };
    return { id: null, ...shape, locked: false, ...checkRun(shape, byLeg, maxWaitMinutes) };
  };

  const open = [...byLeg.values()].filter((p) => !carried.has(p.legKey));
  for (const party of open) if (exceedsAlone(party, capacity)) runs.push(newRun([party]));
  const shared = open.filter((p) => !exceedsAlone(p, capacity)).sort(compareParties);
  for (const cluster of clustersOf(shared, maxWaitMinutes)) {
    const items = cluster.parties.map((p) => ({ t: p.at.getTime(), seats: p.seats, suitcases: p.suitcases }));
    for (const members of packCluster(items, capacity, maxWaitMinutes * 60_000, cluster.direction)) {
      runs.push(newRun(members.map((i) => cluster.parties[i]!)));
    }
  }
  return runs.sort(compareRuns);
}
