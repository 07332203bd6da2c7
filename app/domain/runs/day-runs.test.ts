import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PickupLine } from "../back-office/run-sheet";
import { dayBoard, legOfKey, replanDay, runProblemText, runsCsvRecords, type ShuttleLeg, type StoredRun } from "./day-runs";
import type { RunParty } from "./run-check";
import { party, partiesWithLocks, VAN } from "./run-parties.fixture";
import { runsFormSchema } from "./runs-form";

function shuttleLeg(p: RunParty): ShuttleLeg {
  const [orderId, leg] = [p.legKey.slice(0, 9), Number(p.legKey.slice(10)) as 1 | 2];
  const line = { key: p.legKey, orderId, leg, roundTrip: false, flight: "BA304 from London, lands 10:00" } as PickupLine;
  return { line, party: p, flightNumber: "BA304", flightTime: "10:00", durationMinutes: 60 };
}

function stored(id: number, legKeys: string[], edits: Partial<StoredRun> = {}): StoredRun {
  return {
    id,
    airport: "CDG",
    direction: "arrival",
    locked: false,
    capacity: VAN,
    vehicleId: null,
    driverId: null,
    dispatchedAt: null,
    legKeys,
    ...edits,
  };
}

const legs = [party("NV-AAA222-1", 0), party("NV-BBB222-1", 10), party("NV-CCC222-1", 20)].map(shuttleLeg);

describe("dayBoard", () => {
  it("lists the day's legs in no stored run as unplanned", () => {
    const board = dayBoard([stored(1, ["NV-AAA222-1"])], legs, 30);
    expect(board.unplanned.map((l) => l.line.key)).toEqual(["NV-BBB222-1", "NV-CCC222-1"]);
  });

  it("flags a stored leg that is no longer a shuttle pickup of the day and keeps the run from dispatch", () => {
    const [run] = dayBoard([stored(1, ["NV-AAA222-1", "NV-GONE22-1"])], legs, 30).runs;
    expect(run!.problems.map((p) => p.kind)).toEqual(["unknown-legs"]);
    expect(run!.dispatchable).toBe(false);
  });

  it("holds a run's vehicle and driver for its longest route", () => {
    const long = { ...legs[1]!, durationMinutes: 95 };
    const [run] = dayBoard([stored(1, ["NV-AAA222-1", "NV-BBB222-1"])], [legs[0]!, long], 30).runs;
    expect(run!.durationMinutes).toBe(95);
  });
});

describe("replanDay", () => {
  it("plans every leg outside the locked runs, and none inside them", () => {
    fc.assert(
      fc.property(partiesWithLocks, ({ parties, locked }) => {
        const keyed = parties.map((p, i) => ({ ...p, legKey: `NV-P${String(i).padStart(5, "2")}-1` }));
        const rename = (key: string) => keyed[parties.findIndex((p) => p.legKey === key)]!.legKey;
        const runs = locked.map((l, i) =>
          stored(i + 1, l.legKeys.map(rename), { locked: true, airport: l.airport, direction: l.direction, capacity: l.capacity }),
        );
        const planned = replanDay(runs, keyed.map(shuttleLeg), 30);
        const inLocked = new Set(runs.flatMap((r) => r.legKeys));
        const plannedKeys = planned.flatMap((r) => r.legKeys);
        expect(new Set(plannedKeys).size).toBe(plannedKeys.length);
        expect(plannedKeys.sort()).toEqual(
          keyed
            .map((p) => p.legKey)
            .filter((k) => !inLocked.has(k))
            .sort(),
        );
      }),
    );
  });
});

describe("runsCsvRecords", () => {
  it("gives one record per leg in a run with the run's time and its vehicle and driver by name", () => {
    const board = dayBoard([stored(7, ["NV-AAA222-1", "NV-BBB222-1"], { vehicleId: 1, driverId: 3 })], legs, 30);
    const names = { vehicles: new Map([[1, "VW Caravelle"]]), drivers: new Map([[3, "Karim Haddad"]]) };
    const records = runsCsvRecords(board, names, (at) => at.toISOString().slice(11, 16));
    expect(records).toEqual([
      expect.objectContaining({ run: 7, departs: "08:10", vehicle: "VW Caravelle", driver: "Karim Haddad", orderId: "NV-AAA222" }),
      expect.objectContaining({ run: 7, departs: "08:10", orderId: "NV-BBB222", flight: "BA304", flightTime: "10:00" }),
    ]);
  });
});

describe("legOfKey", () => {
  it.each([
    ["NV-ABC234-1", { orderId: "NV-ABC234", leg: 1 }],
    ["NV-ABC234-2", { orderId: "NV-ABC234", leg: 2 }],
    ["NV-ABC234-3", null],
    ["NV-ABC234", null],
    ["x", null],
  ])("reads %s", (key, expected) => {
    expect(legOfKey(key)).toEqual(expected);
  });
});

describe("runProblemText", () => {
  it("says how many passengers a run has for its seats", () => {
    expect(runProblemText({ kind: "over-seats", seats: 10, capacity: 8 })).toBe("10 passengers for 8 seats.");
  });
});

describe("runsFormSchema", () => {
  it.each([
    [{ intent: "move", day: "2026-12-10", leg: "NV-ABC234-1", from: "none", to: "new" }, true],
    [{ intent: "move", day: "2026-12-10", leg: "NV-ABC234-1", from: "3", to: "4" }, true],
    [{ intent: "move", day: "2026-12-10", leg: "drop table", from: "3", to: "4" }, false],
    [{ intent: "move", day: "10/12/2026", leg: "NV-ABC234-1", from: "3", to: "4" }, false],
    [{ intent: "assign", day: "2026-12-10", run: "3", vehicleId: "", driverId: "2" }, true],
    [{ intent: "assign", day: "2026-12-10", run: "3", vehicleId: "-1", driverId: "2" }, false],
    [{ intent: "dispatch", day: "2026-12-10", run: "0" }, false],
    [{ intent: "explode", day: "2026-12-10" }, false],
  ])("reads %o: %s", (fields, ok) => {
    expect(runsFormSchema.safeParse(fields).success).toBe(ok);
  });

  it("reads an empty vehicle as none", () => {
    const parsed = runsFormSchema.parse({ intent: "assign", day: "2026-12-10", run: "3", vehicleId: "", driverId: "" });
    expect(parsed).toMatchObject({ vehicleId: null, driverId: null });
  });
});
