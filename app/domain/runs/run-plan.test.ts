import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exceedsAlone, isDispatchable } from "./run-check";
import { runsLowerBound } from "./run-lower-bound";
import { party, partiesWithLocks, randomParties, VAN } from "./run-parties.fixture";
import { planRuns, type LockedRun, type PlannedRun } from "./run-plan";

const options = { capacity: VAN, maxWaitMinutes: 30 };
const groups = (runs: readonly PlannedRun[]) => runs.map((r) => r.legKeys);

describe("planRuns", () => {
  it("puts six parties landing within 40 minutes at CDG in two runs within the van and the promise", () => {
    const parties = [party("A", 0, 2), party("B", 10, 3), party("C", 15, 1), party("D", 25, 4), party("E", 30, 2), party("F", 40, 2)];
    const runs = planRuns(parties, options);
    expect(runs).toHaveLength(2);
    for (const run of runs) {
      expect(run.seats).toBeLessThanOrEqual(8);
      expect(run.longestWaitMinutes).toBeLessThanOrEqual(30);
      expect(isDispatchable(run)).toBe(true);
    }
  });

  it.each([
    ["arrivals", "arrival"],
    ["departures", "departure"],
  ] as const)("never puts two %s 31 minutes apart in one run", (_, direction) => {
    const runs = planRuns([party("A", 0, 1, 1, direction), party("B", 31, 1, 1, direction)], options);
    expect(groups(runs)).toEqual([["A"], ["B"]]);
  });

  it("shares a run between two parties 30 minutes apart", () => {
    expect(groups(planRuns([party("A", 0, 1, 1), party("B", 30, 1, 1)], options))).toEqual([["A", "B"]]);
  });

  it("gives a party of ten a flagged run of its own", () => {
    const runs = planRuns([party("A", 0, 1, 1), party("BIG", 5, 10, 10), party("C", 10, 1, 1)], options);
    const big = runs.find((r) => r.legKeys.includes("BIG"));
    expect(big?.legKeys).toEqual(["BIG"]);
    expect(big?.problems.map((p) => p.kind)).toEqual(["over-seats", "over-suitcases"]);
    expect(groups(runs.filter((r) => r !== big))).toEqual([["A", "C"]]);
  });

  it("picks up a departure run at its earliest party's latest pickup", () => {
    const runs = planRuns([party("A", 20, 2, 2, "departure"), party("B", 0, 2, 2, "departure")], options);
    expect(runs).toMatchObject([{ legKeys: ["B", "A"], departsAt: new Date("2026-07-14T08:00:00Z"), longestWaitMinutes: 20 }]);
  });

  it("leaves an arrival run when its last party is ready", () => {
    const runs = planRuns([party("A", 20, 2, 2), party("B", 0, 2, 2)], options);
    expect(runs).toMatchObject([{ legKeys: ["B", "A"], departsAt: new Date("2026-07-14T08:20:00Z"), totalWaitMinutes: 20 }]);
  });

  it("keeps a locked run as given and plans only the other parties", () => {
    const parties = [party("A", 0, 1, 1), party("B", 10, 1, 1), party("C", 5, 1, 1)];
    const locked: LockedRun[] = [{ id: "run-7", airport: "CDG", direction: "arrival", legKeys: ["B", "A"], capacity: VAN }];
    expect(planRuns(parties, { ...options, locked })).toMatchObject([
      { id: null, locked: false, legKeys: ["C"] },
      { id: "run-7", locked: true, legKeys: ["B", "A"] },
    ]);
  });

  it("lets a locked coach of 50 seats carry 20 passengers without a problem", () => {
    const parties = [0, 5, 10, 15, 20].map((m, i) => party(`P${i}`, m, 4, 4));
    const coach = { seats: 50, suitcases: 50 };
    const locked: LockedRun[] = [
      { id: "coach", airport: "CDG", direction: "arrival", legKeys: parties.map((p) => p.legKey), capacity: coach },
    ];
    expect(planRuns(parties, { ...options, locked })).toMatchObject([{ id: "coach", seats: 20, capacity: coach, problems: [] }]);
  });

  it("flags a locked run's leg that is not among the day's parties", () => {
    const locked: LockedRun[] = [{ id: "run-1", airport: "CDG", direction: "arrival", legKeys: ["A", "GONE"], capacity: VAN }];
    expect(planRuns([party("A", 0)], { ...options, locked })[0]?.problems).toEqual([{ kind: "unknown-legs", legKeys: ["GONE"] }]);
  });

  it("flags the second locked run of a leg in two", () => {
    const locked: LockedRun[] = [
      { id: "run-1", airport: "CDG", direction: "arrival", legKeys: ["A"], capacity: VAN },
      { id: "run-2", airport: "CDG", direction: "arrival", legKeys: ["A", "B"], capacity: VAN },
    ];
    const runs = planRuns([party("A", 0), party("B", 5)], { ...options, locked });
    expect(runs.map((r) => [r.id, r.problems])).toEqual([
      ["run-1", []],
      ["run-2", [{ kind: "in-another-run", legKeys: ["A"] }]],
    ]);
  });

  it("orders runs by airport, direction, then time", () => {
    const parties = [party("O", 0, 8, 8, "arrival", "ORY"), party("D", 0, 8, 8, "departure"), party("L", 60, 8, 8), party("E", 0, 8, 8)];
    expect(groups(planRuns(parties, options))).toEqual([["E"], ["L"], ["D"], ["O"]]);
  });

  it("plans one party once when its leg key comes twice", () => {
    expect(groups(planRuns([party("A", 0), party("A", 90)], options))).toEqual([["A"]]);
  });
});

describe("planRuns on random days", () => {
  const legCounts = (runs: readonly PlannedRun[]) => {
    const counts = new Map<string, number>();
    for (const key of runs.flatMap((r) => r.legKeys)) counts.set(key, (counts.get(key) ?? 0) + 1);
    return counts;
  };

  it("puts every leg in exactly one run", () => {
    fc.assert(
      fc.property(partiesWithLocks, ({ parties, locked }) => {
        const counts = legCounts(planRuns(parties, { ...options, locked }));
        expect([...counts.keys()].sort()).toEqual(parties.map((p) => p.legKey).sort());
        expect([...counts.values()].every((n) => n === 1)).toBe(true);
      }),
    );
  });

  it("plans no run over the van unless its one party is over it alone", () => {
    fc.assert(
      fc.property(partiesWithLocks, ({ parties, locked }) => {
        for (const run of planRuns(parties, { ...options, locked }).filter((r) => !r.locked)) {
          const overAlone =
            run.legKeys.length === 1 &&
            exceedsAlone(
              parties.find((p) => p.legKey === run.legKeys[0])!,
              VAN,
            );
          if (!overAlone) expect(run.problems).toEqual([]);
        }
      }),
    );
  });

  it("never makes a party wait more than the promise in a planned run", () => {
    fc.assert(
      fc.property(randomParties, fc.integer({ min: 0, max: 60 }), (parties, maxWaitMinutes) => {
        for (const run of planRuns(parties, { capacity: VAN, maxWaitMinutes }))
          expect(run.longestWaitMinutes).toBeLessThanOrEqual(maxWaitMinutes);
      }),
    );
  });

  it("keeps every locked run verbatim", () => {
    fc.assert(
      fc.property(partiesWithLocks, ({ parties, locked }) => {
        const runs = planRuns(parties, { ...options, locked });
        for (const lock of locked) {
          expect(runs.find((r) => r.id === lock.id)).toMatchObject({ ...lock, legKeys: [...lock.legKeys], locked: true });
        }
        expect(runs.filter((r) => r.locked)).toHaveLength(locked.length);
      }),
    );
  });

  it("gives the same runs in the same order whatever the order of the parties", () => {
    fc.assert(
      fc.property(
        partiesWithLocks.chain((day) =>
          fc.shuffledSubarray(day.parties, { minLength: day.parties.length }).map((shuffled) => ({ ...day, shuffled })),
        ),
        ({ parties, shuffled, locked }) => {
          expect(planRuns(shuffled, { ...options, locked })).toEqual(planRuns(parties, { ...options, locked }));
        },
      ),
    );
  });

  it("never plans fewer runs than the lower bound", () => {
    fc.assert(
      fc.property(partiesWithLocks, ({ parties, locked }) => {
        expect(planRuns(parties, { ...options, locked }).length).toBeGreaterThanOrEqual(runsLowerBound(parties, { ...options, locked }));
      }),
    );
  });
});
