import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PickupLine } from "../back-office/run-sheet";
import { adminWordsIn } from "~/lib/test-support/admin-words";
import {
  dayBoard,
  legOfKey,
  replanDay,
  runProblemText,
  runsCsvRecords,
  runStepText,
  suitcaseUnitsText,
  type ShuttleLeg,
  type StoredRun,
} from "./day-runs";
import type { RunParty, RunProblem } from "./run-check";
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

const [EN, FR] = [adminWordsIn("en"), adminWordsIn("fr")];

describe("runProblemText", () => {
  it("says how many passengers a run has for its seats", () => {
    expect(runProblemText({ kind: "over-seats", seats: 10, capacity: 8 }, EN)).toBe("10 passengers for 8 seats.");
  });

  it("says it in French to a member who reads French", () => {
    expect(runProblemText({ kind: "over-seats", seats: 10, capacity: 8 }, FR)).toBe("10 passagers pour 8 places.");
  });

  it("writes half suitcase units the member's way", () => {
    const problem = { kind: "over-suitcases", suitcases: 8.5, capacity: 8 } as const;
    expect(runProblemText(problem, EN)).toBe("8.5 suitcases for room for 8.");
    expect(runProblemText(problem, FR)).toBe("8,5 valises pour une capacité de 8.");
  });

  it("rounds a party's wait to the minute", () => {
    const problem = { kind: "over-wait", longestWaitMinutes: 41.6, maxWaitMinutes: 30 } as const;
    expect(runProblemText(problem, EN)).toBe("A party waits 42 minutes: the promise is 30 at most.");
    expect(runProblemText(problem, FR)).toBe("Un groupe attend 42 minutes\u00a0: la promesse est de 30 au plus.");
  });

  it("names the legs a run should not carry", () => {
    const problem: RunProblem = { kind: "unknown-legs", legKeys: ["NV-AAA222-1", "NV-BBB222-2"] };
    expect(runProblemText(problem, EN)).toBe(
      "NV-AAA222-1, NV-BBB222-2: no longer a shuttle pickup of this day (cancelled or moved); take it out of the run.",
    );
  });
});

describe("suitcaseUnitsText", () => {
  it.each([
    [8, "8", "8"],
    [4.5, "4.5", "4,5"],
    [0.5, "0.5", "0,5"],
    [0, "0", "0"],
  ])("writes %s units as %s in English and %s in French", (units, english, french) => {
    expect(suitcaseUnitsText(units, EN)).toBe(english);
    expect(suitcaseUnitsText(units, FR)).toBe(french);
  });

  it("writes any other number as it is", () => {
    expect(suitcaseUnitsText(1.25, EN)).toBe("1.25");
  });
});

describe("runStepText", () => {
  const step = { step: "on_my_way", at: new Date("2026-12-10T06:12:00Z") } as const;

  it("gives a recorded step with its Paris time", () => {
    expect(runStepText(step, EN)).toBe("On my way at 07:12 (Paris time)");
  });

  it("gives it in French to a member who reads French", () => {
    expect(runStepText(step, FR)).toBe("En route à 07:12 (heure de Paris)");
  });

  it("names a no-show as the booking status does", () => {
    expect(runStepText({ ...step, step: "no_show" }, EN)).toBe("No-show at 07:12 (Paris time)");
    expect(runStepText({ ...step, step: "no_show" }, FR)).toBe("Client absent à 07:12 (heure de Paris)");
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
