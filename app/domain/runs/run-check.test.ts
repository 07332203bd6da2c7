import { describe, expect, it } from "vitest";
import { checkRun, isDispatchable, partiesByLeg, runTime, type RunDirection, type RunParty } from "./run-check";

const at = (hhmm: string) => new Date(`2026-07-14T${hhmm}:00Z`);
const party = (legKey: string, time: string, seats = 2, suitcases = 2, direction: RunDirection = "arrival", airport = "CDG"): RunParty => ({
  legKey,
  airport,
  direction,
  at: at(time),
  seats,
  suitcases,
});
const VAN = { seats: 8, suitcases: 8 };

describe("runTime", () => {
  it.each([
    ["an arrival leaves when its last party is ready", "arrival", [600, 300, 900], 900],
    ["a departure picks up at its earliest latest pickup", "departure", [600, 300, 900], 300],
  ] as const)("%s", (_, direction, times, expected) => {
    expect(runTime(direction, times)).toBe(expected);
  });
});

describe("checkRun", () => {
  const parties = partiesByLeg([
    party("A", "10:00", 3, 2),
    party("B", "10:20", 2, 2.5),
    party("C", "10:35", 4, 4),
    party("D", "07:00", 2, 2, "departure"),
    party("E", "07:25", 1, 1.5, "departure"),
    party("F", "10:05", 1, 1, "arrival", "ORY"),
  ]);
  const arrival = (legKeys: string[], capacity = VAN) => ({ airport: "CDG", direction: "arrival" as const, legKeys, capacity });

  it("measures an arrival run from its last party's time", () => {
    expect(checkRun(arrival(["A", "B"]), parties, 30)).toEqual({
      departsAt: at("10:20"),
      seats: 5,
      suitcases: 4.5,
      longestWaitMinutes: 20,
      totalWaitMinutes: 20,
      problems: [],
    });
  });

  it("measures a departure run from its first party's time", () => {
    const run = { airport: "CDG", direction: "departure" as const, legKeys: ["D", "E"], capacity: VAN };
    expect(checkRun(run, parties, 30)).toMatchObject({
      departsAt: at("07:00"),
      longestWaitMinutes: 25,
      totalWaitMinutes: 25,
      problems: [],
    });
  });

  it.each([
    ["too many seats", arrival(["A", "B", "C"], { seats: 8, suitcases: 10 }), 40, [{ kind: "over-seats", seats: 9, capacity: 8 }]],
    [
      "too many suitcases",
      arrival(["A", "B", "C"], { seats: 10, suitcases: 8 }),
      40,
      [{ kind: "over-suitcases", suitcases: 8.5, capacity: 8 }],
    ],
    ["a wait over the promise", arrival(["A", "C"]), 30, [{ kind: "over-wait", longestWaitMinutes: 35, maxWaitMinutes: 30 }]],
    ["a leg of another direction", arrival(["B", "D"]), 1000, [{ kind: "other-trip", legKeys: ["D"] }]],
    ["a leg of another airport", arrival(["A", "F"]), 30, [{ kind: "other-trip", legKeys: ["F"] }]],
    ["a leg that is not among the day's", arrival(["A", "Z"]), 30, [{ kind: "unknown-legs", legKeys: ["Z"] }]],
  ])("flags %s", (_, run, maxWaitMinutes, problems) => {
    expect(checkRun(run, parties, maxWaitMinutes).problems).toEqual(problems);
  });

  it("measures a run without its unknown legs", () => {
    expect(checkRun(arrival(["Z", "B"]), parties, 30)).toMatchObject({ departsAt: at("10:20"), seats: 2, suitcases: 2.5 });
  });

  it("has no time when none of its legs is known", () => {
    expect(checkRun(arrival(["Y", "Z"]), parties, 30)).toMatchObject({ departsAt: null, seats: 0, longestWaitMinutes: 0 });
  });

  it("lets a run with a bigger capacity carry more", () => {
    expect(checkRun(arrival(["A", "B", "C"], { seats: 50, suitcases: 50 }), parties, 40).problems).toEqual([]);
  });
});

describe("isDispatchable", () => {
  it.each([
    ["a run without problems", [], true],
    ["a flagged run", [{ kind: "over-seats" as const, seats: 10, capacity: 8 }], false],
  ])("says %s", (_, problems, expected) => {
    expect(isDispatchable({ problems })).toBe(expected);
  });
});

describe("partiesByLeg", () => {
  it("keeps the first of two parties with one leg key", () => {
    const first = party("A", "10:00", 2);
    expect(partiesByLeg([first, party("A", "11:00", 5)]).get("A")).toBe(first);
  });
});
