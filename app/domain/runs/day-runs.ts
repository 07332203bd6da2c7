/**
 * A day's shared-shuttle runs as the dispatcher sees them (docs/decisions/0027-shuttle-runs-stored.md):
 * the day's shuttle pickups as parties, the stored runs measured against them, the pickups in no
 * run yet, and what a re-plan stores. Pure: the bookings, the stored runs and the day are arguments.
 */
import type { AdminWords } from "../back-office/admin-words";
import { isJob, pickupsOfDay, type PickupBooking, type PickupLine } from "../back-office/run-sheet";
import { legOf, type LegNumber } from "../booking/model";
import { parisClock, type ParisDate } from "../booking/paris-time";
import type { RecordedStep } from "../driver-day/steps";
import type { TransferKind } from "../site-paths";
import {
  checkRun,
  isDispatchable,
  partiesByLeg,
  type RunCapacity,
  type RunCheck,
  type RunDirection,
  type RunParty,
  type RunProblem,
} from "./run-check";
import { runPartyOf } from "./run-parties";
import { planRuns, SHUTTLE_CAPACITY, type PlannedRun } from "./run-plan";

/** What the runs read of a booking: the run sheet's reading, and its kind. */
export interface RunBooking extends PickupBooking {
  kind: TransferKind;
}

/** A run as stored: its legs by key ("NV-ABC123-1"). */
export interface StoredRun {
  id: number;
  airport: string;
  direction: RunDirection;
  locked: boolean;
  capacity: RunCapacity;
  vehicleId: number | null;
  driverId: number | null;
  dispatchedAt: Date | null;
  legKeys: string[];
}

/** A shuttle pickup of the day: the run sheet's line, and the leg as a party of a run. */
export interface ShuttleLeg {
  line: PickupLine;
  party: RunParty;
  /** The flight's number and HH:mm time (landing at a pickup, takeoff at a drop-off), "" when none. */
  flightNumber: string;
  flightTime: string;
  /** The route's duration: a run holds its vehicle and driver this long after it leaves. */
  durationMinutes: number;
}

/**
 * The day's shuttle legs that are jobs (paid, to pay on board, or handled by staff, as on the run
 * sheet), with their parties; `exitMinutes` is the time from landing to the meeting point. `words`
 * write each line's texts (its flight, passengers, luggage, status) in the member's language.
 */
export function shuttleLegsOfDay(bookings: readonly RunBooking[], day: ParisDate, exitMinutes: number, words: AdminWords): ShuttleLeg[] {
  const byOrder = new Map(bookings.map((b) => [b.orderId, b]));
  const legs: ShuttleLeg[] = [];
  for (const line of pickupsOfDay(bookings, day, words).lines) {
    const booking = byOrder.get(line.orderId);
    const leg = booking ? legOf(booking.details, line.leg) : null;
    if (!booking || !leg || !booking.details || !isJob(booking)) continue;
    const party = runPartyOf({ orderId: booking.orderId, kind: booking.kind, luggage: booking.details.luggage }, leg, exitMinutes);
    if (!party) continue;
    const flightEnd = leg.pickup.kind === "flight" ? leg.pickup : leg.dropoff;
    legs.push({
      line,
      party,
      flightNumber: flightEnd.flightNumber.trim(),
      flightTime: flightEnd.flightTime ?? "",
      durationMinutes: leg.durationMinutes,
    });
  }
  return legs;
}

/** A stored run measured against the day's legs. */
export interface BoardRun extends StoredRun, RunCheck {
  legs: ShuttleLeg[];
  dispatchable: boolean;
  /** The longest route of its legs: how long the run holds its vehicle and driver. */
  durationMinutes: number;
}

export interface DayBoard {
  runs: BoardRun[];
  /** Shuttle pickups of the day in no run: booked after the last plan, or taken out of a run. */
  unplanned: ShuttleLeg[];
}

function byTime(a: { departsAt: Date | null; id: number }, b: { departsAt: Date | null; id: number }): number {
  return (a.departsAt?.getTime() ?? Infinity) - (b.departsAt?.getTime() ?? Infinity) || a.id - b.id;
}

/** The board: every stored run with its time, load, waits and problems, and the legs in none. */
export function dayBoard(stored: readonly StoredRun[], legs: readonly ShuttleLeg[], maxWaitMinutes: number): DayBoard {
  const byKey = new Map(legs.map((l) => [l.line.key, l]));
  const parties = partiesByLeg(legs.map((l) => l.party));
  const carried = new Set(stored.flatMap((r) => r.legKeys));
  const runs = stored.map((run): BoardRun => {
    const check = checkRun(run, parties, maxWaitMinutes);
    const runLegs = run.legKeys.flatMap((key) => byKey.get(key) ?? []).sort((a, b) => a.party.at.getTime() - b.party.at.getTime());
    return {
      ...run,
      ...check,
      legs: runLegs,
      dispatchable: isDispatchable(check) && run.legKeys.length > 0,
      durationMinutes: Math.max(0, ...runLegs.map((l) => l.durationMinutes)),
    };
  });
  return { runs: runs.sort(byTime), unplanned: legs.filter((l) => !carried.has(l.line.key)) };
}

/**
 * A re-plan: the locked runs kept as they are, every other shuttle leg of the day planned anew.
 * Returns the new runs to store in place of the unlocked ones.
 */
export function replanDay(stored: readonly StoredRun[], legs: readonly ShuttleLeg[], maxWaitMinutes: number): PlannedRun[] {
  const locked = stored
    .filter((r) => r.locked)
    .map((r) => ({ id: String(r.id), airport: r.airport, direction: r.direction, legKeys: r.legKeys, capacity: r.capacity }));
  return planRuns(
    legs.map((l) => l.party),
    { capacity: SHUTTLE_CAPACITY, maxWaitMinutes, locked },
  ).filter((run) => !run.locked);
}

/** A leg key read back: the order id and the leg. */
export function legOfKey(key: string): { orderId: string; leg: LegNumber } | null {
  const match = /^(NV-[0-9A-Z]{6})-([12])$/.exec(key);
  if (!match) return null;
  return { orderId: match[1]!, leg: Number(match[2]) as LegNumber };
}

/** A run's problem in the dispatcher's words. */
export function runProblemText(problem: RunProblem, words: AdminWords): string {
  switch (problem.kind) {
    case "over-seats":
      return words("runs.problem.overSeats", { seats: problem.seats, capacity: problem.capacity });
    case "over-suitcases":
      return words("runs.problem.overSuitcases", {
        suitcases: suitcaseUnitsText(problem.suitcases, words),
        capacity: suitcaseUnitsText(problem.capacity, words),
      });
    case "over-wait":
      return words("runs.problem.overWait", { minutes: Math.round(problem.longestWaitMinutes), max: problem.maxWaitMinutes });
    case "other-trip":
      return words("runs.problem.otherTrip", { legs: problem.legKeys.join(", ") });
    case "unknown-legs":
      return words("runs.problem.unknownLegs", { legs: problem.legKeys.join(", ") });
    case "in-another-run":
      return words("runs.problem.inAnotherRun", { legs: problem.legKeys.join(", ") });
  }
}

/**
 * Suitcase units as the member writes a number: a cabin bag counts half, so "4.5" in English,
 * "4,5" in French.
 */
export function suitcaseUnitsText(units: number, words: AdminWords): string {
  if (units < 0 || !Number.isInteger(units * 2)) return String(units);
  const whole = Math.floor(units);
  return words("runs.units", { whole, half: units > whole ? "yes" : "no" });
}

/** A ride step a driver recorded, in the member's words: "On my way at 07:12 (Paris time)". */
export function runStepText(step: RecordedStep, words: AdminWords): string {
  return words("runs.step", { step: step.step, time: parisClock(step.at) });
}

/** The runs CSV's columns, in order, with their header names. */
export const RUNS_CSV_COLUMNS = [
  { key: "run", header: "Run" },
  { key: "airport", header: "Airport" },
  { key: "direction", header: "Direction" },
  { key: "departs", header: "Run departure time" },
  { key: "vehicle", header: "Vehicle" },
  { key: "driver", header: "Driver" },
  { key: "orderId", header: "Order id" },
  { key: "passengers", header: "Passengers" },
  { key: "suitcases", header: "Suitcases" },
  { key: "flight", header: "Flight" },
  { key: "flightTime", header: "Flight time" },
] as const;

export type RunsCsvRecord = Record<(typeof RUNS_CSV_COLUMNS)[number]["key"], string | number>;

/** One record per leg in a run, runs in board order; times HH:mm, Paris. */
export function runsCsvRecords(
  board: DayBoard,
  names: { vehicles: ReadonlyMap<number, string>; drivers: ReadonlyMap<number, string> },
  clock: (at: Date) => string,
): RunsCsvRecord[] {
  return board.runs.flatMap((run) =>
    run.legs.map((leg) => ({
      run: run.id,
      airport: run.airport,
      direction: run.direction,
      departs: run.departsAt ? clock(run.departsAt) : "",
      vehicle: run.vehicleId === null ? "" : (names.vehicles.get(run.vehicleId) ?? ""),
      driver: run.driverId === null ? "" : (names.drivers.get(run.driverId) ?? ""),
      orderId: leg.line.orderId,
      passengers: leg.party.seats,
      suitcases: leg.party.suitcases,
      flight: leg.flightNumber,
      flightTime: leg.flightTime,
    })),
  );
}
