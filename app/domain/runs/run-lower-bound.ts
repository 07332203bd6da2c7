import { exceedsAlone, type RunCapacity, type RunParty } from "./run-check";
import { clustersOf } from "./run-clusters";
import type { LockedRun } from "./run-plan";

/**
 * A lower bound on the number of runs any plan of these parties needs, to judge a plan by
 * (`npm run bench:runs`). Pure.
 *
 * Why it holds: take sets of parties, each a stretch of consecutive times, such that any two
 * parties of different sets are more than the wait promise apart. No run holds parties of two
 * sets, so a plan has at least the sum, over the sets, of the runs each set needs. A set needs at
 * least its seats over the capacity's (rounded up), the same for suitcases, one run for each of its
 * parties over half the seats or half the suitcases, and one run for each party of a clique: parties
 * of which no two can share a run (too far apart in time, or too many seats or suitcases together).
 * A party over the capacity alone has a run of its own, and a locked run is one run. The best
 * choice of sets is found by dynamic programming over each cluster's parties in time order; the
 * cliques are found greedily, which can only make the bound lower, never wrong.
 */

export interface LowerBoundOptions {
  capacity: RunCapacity;
  maxWaitMinutes: number;
  locked?: readonly LockedRun[];
}

/** Stretches of up to this many parties are searched for a clique: enough for a wave, and quadratic in a cluster's size. */
const CLIQUE_STRETCH = 24;

/** What a set of parties holds: its seats, its suitcases, and its parties over half either capacity. */
interface SetLoad {
  seats: number;
  suitcases: number;
  largeBySeats: number;
  largeBySuitcases: number;
}

function addToSet(set: SetLoad, party: RunParty, capacity: RunCapacity): void {
  set.seats += party.seats;
  set.suitcases += party.suitcases;
  if (party.seats * 2 > capacity.seats) set.largeBySeats += 1;
  if (party.suitcases * 2 > capacity.suitcases) set.largeBySuitcases += 1;
}

/** The runs a set needs at least by its load. */
function loadBound(set: SetLoad, capacity: RunCapacity): number {
  return Math.max(
    Math.ceil(set.seats / capacity.seats),
    Math.ceil(set.suitcases / capacity.suitcases),
    set.largeBySeats,
    set.largeBySuitcases,
  );
}

/** The parties of one cluster, sorted by time, with which pairs can never share a run. */
class Conflicts {
  private readonly apart: boolean[][];
  /** Party indices, the fullest first: the order in which a clique takes them. */
  readonly fullestFirst: number[];

  constructor(parties: readonly RunParty[], capacity: RunCapacity, maxWaitMs: number) {
    this.apart = parties.map((a) =>
      parties.map(
        (b) =>
          Math.abs(a.at.getTime() - b.at.getTime()) > maxWaitMs ||
          a.seats + b.seats > capacity.seats ||
          a.suitcases + b.suitcases > capacity.suitcases,
      ),
    );
    const fullness = parties.map((p) => Math.max(p.seats / capacity.seats, p.suitcases / capacity.suitcases));
    this.fullestFirst = [...parties.keys()].sort((a, b) => fullness[b]! - fullness[a]! || a - b);
  }

  /** A clique among parties first..last, taking them in `order` when they conflict with all taken before. */
  clique(first: number, last: number, order: Iterable<number>): number {
    const taken: number[] = [];
    for (const i of order) {
      if (i < first || i > last) continue;
      if (taken.every((j) => this.apart[i]![j])) taken.push(i);
    }
    return taken.length;
  }
}

function* range(first: number, last: number): Generator<number> {
  for (let i = first; i <= last; i++) yield i;
}

/** The best sum of set bounds over stretches of `parties` (sorted by time) more than `maxWaitMs` apart. */
function clusterBound(parties: readonly RunParty[], capacity: RunCapacity, maxWaitMs: number): number {
  const n = parties.length;
  const t = parties.map((p) => p.at.getTime());
  const conflicts = new Conflicts(parties, capacity, maxWaitMs);
  // bestUpTo[r]: the best sum with every set ending at or before party r.
  const bestUpTo = new Array<number>(n).fill(0);
  for (let r = 0; r < n; r++) {
    let best = r > 0 ? bestUpTo[r - 1]! : 0;
    // The last set is parties l..r; the sets before it end at the latest party more than maxWaitMs before l.
    const set: SetLoad = { seats: 0, suitcases: 0, largeBySeats: 0, largeBySuitcases: 0 };
    let before = r;
    for (let l = r; l >= 0; l--) {
      addToSet(set, parties[l]!, capacity);
      while (before >= 0 && t[l]! - t[before]! <= maxWaitMs) before -= 1;
      const earlier = before >= 0 ? bestUpTo[before]! : 0;
      let needs = loadBound(set, capacity);
      if (r - l < CLIQUE_STRETCH) {
        needs = Math.max(needs, conflicts.clique(l, r, conflicts.fullestFirst), conflicts.clique(l, r, range(l, r)));
      }
      best = Math.max(best, earlier + needs);
    }
    bestUpTo[r] = best;
  }
  return n > 0 ? bestUpTo[n - 1]! : 0;
}

/** At least this many runs carry these parties, the locked runs included. */
export function runsLowerBound(parties: readonly RunParty[], options: LowerBoundOptions): number {
  const locked = options.locked ?? [];
  const lockedLegs = new Set(locked.flatMap((run) => run.legKeys));
  const seen = new Set<string>();
  const open: RunParty[] = [];
  let alone = 0;
  for (const party of parties) {
    if (lockedLegs.has(party.legKey) || seen.has(party.legKey)) continue;
    seen.add(party.legKey);
    if (exceedsAlone(party, options.capacity)) alone += 1;
    else open.push(party);
  }
  const maxWaitMs = options.maxWaitMinutes * 60_000;
  const clusters = clustersOf(open, options.maxWaitMinutes);
  return locked.length + alone + clusters.reduce((sum, c) => sum + clusterBound(c.parties, options.capacity, maxWaitMs), 0);
}
