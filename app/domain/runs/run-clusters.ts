import type { RunParty } from "./run-check";

/**
 * The day's parties cut into clusters that no run can join: one airport and direction each, in time
 * order, cut wherever two consecutive times are more than the wait promise apart (a run's parties
 * lie within the promise of each other, so a run never spans such a gap). Pure.
 */

export interface Cluster {
  airport: string;
  direction: RunParty["direction"];
  /** In time order; at one time, by leg key. */
  parties: RunParty[];
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** By airport, direction, time, then leg key: the order of the plan, independent of the input's. */
export function compareParties(a: RunParty, b: RunParty): number {
  return (
    compareText(a.airport, b.airport) ||
    compareText(a.direction, b.direction) ||
    a.at.getTime() - b.at.getTime() ||
    compareText(a.legKey, b.legKey)
  );
}

/** The clusters of these parties, in the order of compareParties. */
export function clustersOf(parties: readonly RunParty[], maxWaitMinutes: number): Cluster[] {
  const maxWaitMs = maxWaitMinutes * 60_000;
  const clusters: Cluster[] = [];
  let current: Cluster | null = null;
  for (const party of [...parties].sort(compareParties)) {
    const last = current?.parties.at(-1);
    const joins =
      current !== null &&
      last !== undefined &&
      current.airport === party.airport &&
      current.direction === party.direction &&
      party.at.getTime() - last.at.getTime() <= maxWaitMs;
    if (!joins) {
      current = { airport: party.airport, direction: party.direction, parties: [] };
      clusters.push(current);
    }
    current!.parties.push(party);
  }
  return clusters;
}
