import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exceedsAlone, type RunParty } from "./run-check";
import { runsLowerBound } from "./run-lower-bound";
import { party, randomParties, VAN } from "./run-parties.fixture";
import { planRuns, type LockedRun } from "./run-plan";

const options = { capacity: VAN, maxWaitMinutes: 30 };

/** Up to seven parties of one airport and direction within 70 minutes: days on which runs are hard to plan. */
const smallDays = fc
  .tuple(
    fc.constantFrom("arrival" as const, "departure" as const),
    fc.array(fc.tuple(fc.integer({ min: 0, max: 70 }), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 18 })), { maxLength: 7 }),
  )
  .map(([direction, drawn]) => drawn.map(([minutes, seats, half], i) => party(`L${i}`, minutes, seats, half / 2, direction)));

/** The fewest runs by trying every partition of the parties: small days only. */
function fewestRuns(parties: readonly RunParty[]): number {
  const fits = (run: readonly RunParty[]) => {
    if (run.length === 1) return true;
    const times = run.map((p) => p.at.getTime());
    return (
      run.every((p) => p.airport === run[0]!.airport && p.direction === run[0]!.direction) &&
      Math.max(...times) - Math.min(...times) <= options.maxWaitMinutes * 60_000 &&
      run.reduce((s, p) => s + p.seats, 0) <= VAN.seats &&
      run.reduce((s, p) => s + p.suitcases, 0) <= VAN.suitcases
    );
  };
  let best = Infinity;
  const place = (i: number, runs: RunParty[][]) => {
    if (runs.length >= best) return;
    if (i === parties.length) {
      best = runs.length;
      return;
    }
    const p = parties[i]!;
    for (const run of runs) {
      if (!exceedsAlone(p, VAN) && !exceedsAlone(run[0]!, VAN) && fits([...run, p])) {
        run.push(p);
        place(i + 1, runs);
        run.pop();
      }
    }
    place(i + 1, [...runs, [p]]);
  };
  place(0, []);
  return best;
}

describe("runsLowerBound", () => {
  it.each([
    ["no party", [], 0],
    ["the seats of parties at one time", [party("A", 0, 4, 1), party("B", 0, 4, 1), party("C", 0, 2, 1)], 2],
    ["the suitcases of parties at one time", [party("A", 0, 1, 3), party("B", 5, 1, 3), party("C", 10, 1, 3)], 2],
    ["parties each more than the promise from the others", [party("A", 0, 1, 1), party("B", 31, 1, 1), party("C", 62, 1, 1)], 3],
    ["parties of which no two share a van", [party("A", 0, 3, 3.5), party("B", 23, 4, 5.5), party("C", 32, 3, 4.5)], 3],
    ["a party over the van alone", [party("A", 0, 10, 2), party("B", 0, 1, 1)], 2],
    ["the two directions apart", [party("A", 0, 1, 1, "arrival"), party("B", 0, 1, 1, "departure")], 2],
    ["the two airports apart", [party("A", 0, 1, 1, "arrival", "CDG"), party("B", 0, 1, 1, "arrival", "ORY")], 2],
  ])("counts %s", (_, parties, expected) => {
    expect(runsLowerBound(parties, options)).toBe(expected);
  });

  it("counts each locked run once and its parties no more", () => {
    const parties = [party("A", 0, 1, 1), party("B", 0, 1, 1), party("C", 60, 1, 1)];
    const locked: LockedRun[] = [{ id: "run-1", airport: "CDG", direction: "arrival", legKeys: ["A", "B"], capacity: VAN }];
    expect(runsLowerBound(parties, { ...options, locked })).toBe(2);
  });

  it("is never above the fewest runs of a small day", () => {
    fc.assert(
      fc.property(smallDays, (parties) => {
        expect(runsLowerBound(parties, options)).toBeLessThanOrEqual(fewestRuns(parties));
      }),
      { numRuns: 300 },
    );
  });

  it("plans the fewest runs on a small day", () => {
    fc.assert(
      fc.property(smallDays, (parties) => {
        expect(planRuns(parties, options).length).toBe(fewestRuns(parties));
      }),
      { numRuns: 300 },
    );
  });

  it("is never above the runs planned", () => {
    fc.assert(
      fc.property(randomParties, (parties) => {
        expect(runsLowerBound(parties, options)).toBeLessThanOrEqual(planRuns(parties, options).length);
      }),
    );
  });
});
