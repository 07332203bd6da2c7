import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assignmentClashes, type AssignedRun } from "./run-assignments";

const NINE = new Date("2026-07-14T07:00:00Z").getTime();

function run(id: string, minutes: number, vehicleId: number | null, driverId: number | null, durationMinutes = 60): AssignedRun {
  return { id, departsAt: new Date(NINE + minutes * 60_000), durationMinutes, vehicleId, driverId };
}

describe("assignmentClashes", () => {
  it.each([
    ["one van on runs 30 minutes apart", [run("A", 0, 1, null), run("B", 30, 1, null)], [{ what: "vehicle", runs: ["A", "B"] }]],
    ["one driver on runs 30 minutes apart", [run("A", 0, null, 7), run("B", 30, null, 7)], [{ what: "driver", runs: ["A", "B"] }]],
    ["one van on a run that starts as the other ends", [run("A", 0, 1, 7), run("B", 60, 1, 7)], []],
    ["two vans and two drivers at once", [run("A", 0, 1, 7), run("B", 0, 2, 8)], []],
    ["no vehicle nor driver yet on both", [run("A", 0, null, null), run("B", 0, null, null)], []],
    [
      "the same van and driver at once",
      [run("A", 0, 1, 7), run("B", 10, 1, 7)],
      [
        { what: "vehicle", runs: ["A", "B"] },
        { what: "driver", runs: ["A", "B"] },
      ],
    ],
  ])("finds for %s: %j", (_label, runs, clashes) => {
    expect(assignmentClashes(runs)).toEqual(clashes);
  });

  it("finds a clash exactly when two runs of one vehicle share a moment", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -300, max: 300 }),
        fc.integer({ min: 1, max: 180 }),
        fc.integer({ min: 1, max: 180 }),
        (gap, first, second) => {
          const runs = [run("A", 0, 1, null, first), run("B", gap, 1, null, second)];
          const shareAMoment = gap < first && -gap < second;
          expect(assignmentClashes(runs).length > 0).toBe(shareAMoment);
        },
      ),
    );
  });
});
