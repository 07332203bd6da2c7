/**
 * A vehicle or a driver can drive one run at a time: a run takes them from its time for the
 * route's duration, and two runs given the same vehicle or the same driver may not overlap. The
 * dispatcher's assignment is refused when it would (docs/product.md, Shared shuttle runs). Pure.
 */

export interface AssignedRun {
  id: string;
  /** When the run leaves (arrivals) or picks up its first party (departures). */
  departsAt: Date;
  /** The route's duration: the run holds its vehicle and driver until departsAt plus this. */
  durationMinutes: number;
  vehicleId: number | null;
  driverId: number | null;
}

export interface AssignmentClash {
  /** What two runs share. */
  what: "vehicle" | "driver";
  runs: [string, string];
}

function endOf(run: AssignedRun): number {
  return run.departsAt.getTime() + run.durationMinutes * 60_000;
}

function overlap(a: AssignedRun, b: AssignedRun): boolean {
  return a.departsAt.getTime() < endOf(b) && b.departsAt.getTime() < endOf(a);
}

/** Every pair of runs that share a vehicle or a driver and overlap in time, in the order the runs are given. */
export function assignmentClashes(runs: readonly AssignedRun[]): AssignmentClash[] {
  const clashes: AssignmentClash[] = [];
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      const [a, b] = [runs[i]!, runs[j]!];
      if (!overlap(a, b)) continue;
      if (a.vehicleId !== null && a.vehicleId === b.vehicleId) clashes.push({ what: "vehicle", runs: [a.id, b.id] });
      if (a.driverId !== null && a.driverId === b.driverId) clashes.push({ what: "driver", runs: [a.id, b.id] });
    }
  }
  return clashes;
}
