import type { RunCapacity, RunDirection } from "./run-check";

/**
 * Packing one cluster of parties into runs: the fewest runs, then the least total wait. A cluster is
 * one airport and direction's parties whose sorted times have no gap over the wait promise, none of
 * them over the capacity alone (run-clusters.ts).
 *
 * Three sweeps build a packing each (earliest party first, filling in time order; earliest first,
 * filling the fullest subset of its window; latest party first, filling back in time). Each is then
 * improved by emptying runs (moving their parties into others, one party evicted onward at most)
 * and by moves and swaps of parties that lower the total wait. The best of the three is kept: on a
 * tie, the first, so the answer depends only on the input.
 */

/** A party as the packing sees it: its time in ms, seats and suitcase units. */
export interface PackItem {
  t: number;
  seats: number;
  suitcases: number;
}

interface Bin {
  members: number[];
  seats: number;
  suitcases: number;
}

/** The candidates a fullest-subset search looks at beyond the anchor: 2^12 subsets at most. */
const FULLEST_CANDIDATES = 12;
/** Passes of the wait improvement; each pass that improves nothing ends it sooner. */
const WAIT_PASSES = 8;

class Packing {
  bins: Bin[] = [];

  constructor(
    readonly items: readonly PackItem[],
    readonly capacity: RunCapacity,
    readonly maxWaitMs: number,
    readonly direction: RunDirection,
  ) {}

  /** Whether `item` joins `bin` (without `leaving`, one of its members) within capacity and the wait promise. */
  fits(bin: Bin, item: number, leaving = -1): boolean {
    const it = this.items[item]!;
    const out = leaving >= 0 ? this.items[leaving]! : null;
    if (bin.seats + it.seats - (out?.seats ?? 0) > this.capacity.seats) return false;
    if (bin.suitcases + it.suitcases - (out?.suitcases ?? 0) > this.capacity.suitcases) return false;
    let low = it.t;
    let high = it.t;
    for (const m of bin.members) {
      if (m === leaving) continue;
      const t = this.items[m]!.t;
      if (t < low) low = t;
      if (t > high) high = t;
    }
    return high - low <= this.maxWaitMs;
  }

  add(bin: Bin, item: number): void {
    const it = this.items[item]!;
    bin.members.push(item);
    bin.seats += it.seats;
    bin.suitcases += it.suitcases;
  }

  remove(bin: Bin, item: number): void {
    const it = this.items[item]!;
    bin.members.splice(bin.members.indexOf(item), 1);
    bin.seats -= it.seats;
    bin.suitcases -= it.suitcases;
  }

  /** The bin's total wait in ms, with `extra` added and `without` taken out when given. */
  wait(members: readonly number[], extra = -1, without = -1): number {
    let count = 0;
    let sum = 0;
    let edge = this.direction === "arrival" ? -Infinity : Infinity;
    const take = (m: number) => {
      const t = this.items[m]!.t;
      count += 1;
      sum += t;
      edge = this.direction === "arrival" ? Math.max(edge, t) : Math.min(edge, t);
    };
    for (const m of members) if (m !== without) take(m);
    if (extra >= 0) take(extra);
    if (count === 0) return 0;
    return this.direction === "arrival" ? count * edge - sum : sum - count * edge;
  }

  totalWait(): number {
    return this.bins.reduce((sum, b) => sum + this.wait(b.members), 0);
  }

  dropEmpty(): void {
    this.bins = this.bins.filter((b) => b.members.length > 0);
  }
}

// ---------------------------------------------------------------------------------------------
// Building a first packing

/** Each unplaced party in `order` opens a run and takes, in that order, every later party that fits. */
function sweep(p: Packing, order: readonly number[]): void {
  const placed = new Array<boolean>(p.items.length).fill(false);
  for (let i = 0; i < order.length; i++) {
    const anchor = order[i]!;
    if (placed[anchor]) continue;
    const bin: Bin = { members: [], seats: 0, suitcases: 0 };
    p.add(bin, anchor);
    placed[anchor] = true;
    for (let j = i + 1; j < order.length; j++) {
      const next = order[j]!;
      if (Math.abs(p.items[next]!.t - p.items[anchor]!.t) > p.maxWaitMs) break;
      if (!placed[next] && p.fits(bin, next)) {
        p.add(bin, next);
        placed[next] = true;
      }
    }
    p.bins.push(bin);
  }
}

/** Each unplaced party, earliest first, opens a run filled with the fullest subset of the parties in its window. */
function fullestSweep(p: Packing): void {
  const n = p.items.length;
  const placed = new Array<boolean>(n).fill(false);
  const { seats: cs, suitcases: cu } = p.capacity;
  for (let anchor = 0; anchor < n; anchor++) {
    if (placed[anchor]) continue;
    const candidates: number[] = [];
    for (let j = anchor + 1; j < n && p.items[j]!.t - p.items[anchor]!.t <= p.maxWaitMs; j++) {
      if (!placed[j]) candidates.push(j);
      if (candidates.length === FULLEST_CANDIDATES) break;
    }
    const a = p.items[anchor]!;
    let best: number[] = [];
    let bestFill = -1;
    const chosen: number[] = [];
    // Depth first over the candidates in time order: the first subset found of a given fill is the earliest.
    const search = (from: number, seats: number, suitcases: number) => {
      const fill = seats / cs + suitcases / cu;
      if (fill > bestFill + 1e-9) {
        bestFill = fill;
        best = [...chosen];
      }
      for (let k = from; k < candidates.length; k++) {
        const c = p.items[candidates[k]!]!;
        if (seats + c.seats > cs || suitcases + c.suitcases > cu) continue;
        chosen.push(candidates[k]!);
        search(k + 1, seats + c.seats, suitcases + c.suitcases);
        chosen.pop();
      }
    };
    search(0, a.seats, a.suitcases);
    const bin: Bin = { members: [], seats: 0, suitcases: 0 };
    for (const m of [anchor, ...best]) {
      p.add(bin, m);
      placed[m] = true;
    }
    p.bins.push(bin);
  }
}

// ---------------------------------------------------------------------------------------------
// Fewer runs

/** Whether some party of `bin` is within the wait promise of `item`: a run it could join, one party evicted at most. */
function near(p: Packing, bin: Bin, item: number): boolean {
  const t = p.items[item]!.t;
  return bin.members.some((m) => Math.abs(p.items[m]!.t - t) <= p.maxWaitMs);
}

/** One step of a relocation, to undo it. */
type Step = { bin: Bin; item: number; added: boolean };

/**
 * Places `item` in a bin other than `emptying`, directly (where it adds the least wait) or by
 * evicting one party onward into a third; false when it cannot. The steps taken are journalled.
 */
function relocate(p: Packing, item: number, emptying: Bin, journal: Step[]): boolean {
  const candidates = p.bins.filter((bin) => bin !== emptying && near(p, bin, item));
  let best: Bin | null = null;
  let bestCost = Infinity;
  for (const bin of candidates) {
    if (!p.fits(bin, item)) continue;
    const cost = p.wait(bin.members, item) - p.wait(bin.members);
    if (cost < bestCost) [best, bestCost] = [bin, cost];
  }
  if (best) {
    p.add(best, item);
    journal.push({ bin: best, item, added: true });
    return true;
  }
  for (const bin of candidates) {
    for (const evicted of bin.members) {
      if (!p.fits(bin, item, evicted)) continue;
      const onward = p.bins.find((other) => other !== bin && other !== emptying && p.fits(other, evicted));
      if (!onward) continue;
      p.remove(bin, evicted);
      p.add(bin, item);
      p.add(onward, evicted);
      journal.push({ bin, item: evicted, added: false }, { bin, item, added: true }, { bin: onward, item: evicted, added: true });
      return true;
    }
  }
  return false;
}

/** Empties runs, the lightest first, while the parties of one fit in the others; rounds until one empties none. */
function emptyRuns(p: Packing): void {
  for (let emptied = true; emptied;) {
    emptied = false;
    const lightestFirst = [...p.bins].sort((a, b) => load(p, a) - load(p, b) || p.bins.indexOf(a) - p.bins.indexOf(b));
    for (const bin of lightestFirst) {
      const journal: Step[] = [];
      const members = [...bin.members];
      if (members.every((m) => relocate(p, m, bin, journal))) {
        p.bins.splice(p.bins.indexOf(bin), 1);
        emptied = true;
        continue;
      }
      for (const step of journal.reverse()) {
        if (step.added) p.remove(step.bin, step.item);
        else p.add(step.bin, step.item);
      }
    }
  }
}

function load(p: Packing, bin: Bin): number {
  return bin.seats / p.capacity.seats + bin.suitcases / p.capacity.suitcases;
}

// ---------------------------------------------------------------------------------------------
// Less waiting

/** Moves and swaps of single parties between runs while one lowers the total wait. */
function lessWaiting(p: Packing): void {
  for (let pass = 0; pass < WAIT_PASSES; pass++) {
    let improved = false;
    for (const from of p.bins) {
      for (const item of [...from.members]) {
        const before = p.wait(from.members);
        const after = p.wait(from.members, -1, item);
        for (const to of p.bins) {
          if (to === from || !near(p, to, item)) continue;
          // A move.
          if (p.fits(to, item)) {
            const gain = before - after - (p.wait(to.members, item) - p.wait(to.members));
            if (gain > 0) {
              p.remove(from, item);
              p.add(to, item);
              improved = true;
              break;
            }
          }
          // A swap with each party of the other run.
          for (const other of to.members) {
            if (!p.fits(to, item, other) || !p.fits(from, other, item)) continue;
            const old = before + p.wait(to.members);
            const swapped = p.wait(from.members, other, item) + p.wait(to.members, item, other);
            if (swapped < old) {
              p.remove(from, item);
              p.remove(to, other);
              p.add(from, other);
              p.add(to, item);
              improved = true;
              break;
            }
          }
          if (!from.members.includes(item)) break;
        }
      }
    }
    p.dropEmpty();
    if (!improved) return;
  }
}

// ---------------------------------------------------------------------------------------------

/**
 * The runs of one cluster, as lists of indices into `items`, each in ascending order. `items` are
 * sorted by time, each within the capacity alone.
 */
export function packCluster(items: readonly PackItem[], capacity: RunCapacity, maxWaitMs: number, direction: RunDirection): number[][] {
  const ascending = [...items.keys()];
  const builders: ((p: Packing) => void)[] = [
    (p) => sweep(p, ascending),
    (p) => fullestSweep(p),
    (p) => sweep(p, [...ascending].reverse()),
  ];
  let best: Packing | null = null;
  let bestWait = Infinity;
  for (const build of builders) {
    const p = new Packing(items, capacity, maxWaitMs, direction);
    build(p);
    emptyRuns(p);
    lessWaiting(p);
    const wait = p.totalWait();
    if (!best || p.bins.length < best.bins.length || (p.bins.length === best.bins.length && wait < bestWait)) {
      [best, bestWait] = [p, wait];
    }
  }
  return (best?.bins ?? []).map((b) => [...b.members].sort((x, y) => x - y));
}
