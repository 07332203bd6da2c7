import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adminWordsIn } from "~/lib/test-support/admin-words";
import { driverDayWindow, planDriverDay, runHeading, type DayLegInput, type DayRun } from "./day-plan";

const EN = adminWordsIn("en");
const FR = adminWordsIn("fr");

// 14:00 Paris on Friday 27 November 2026 (winter time, UTC+1).
const NOW = new Date("2026-11-27T13:00:00Z");
const at = (iso: string) => new Date(iso);
const RUN: DayRun = { id: 7, departsAt: at("2026-11-27T15:30:00Z"), airport: "CDG", direction: "arrival" };

function leg(orderId: string, pickupAt: string, run: DayRun | null = null, n: 1 | 2 = 1): DayLegInput {
  return { orderId, leg: n, pickupAt: at(pickupAt), run };
}

/** Each section's items as short words: "A-1" for a leg, "run 7: A-1 B-1" for a run. */
function shape(legs: DayLegInput[], now = NOW): string[][] {
  return planDriverDay(legs, now, EN).map((s) =>
    s.items.map((i) =>
      i.kind === "leg" ? `${i.leg.orderId}-${i.leg.leg}` : `run ${i.run.id}: ${i.legs.map((l) => `${l.orderId}-${l.leg}`).join(" ")}`,
    ),
  );
}

describe("planDriverDay", () => {
  it("titles today and tomorrow with their Paris days", () => {
    expect(planDriverDay([], NOW, EN).map((s) => [s.iso, s.title])).toEqual([
      ["2026-11-27", "Today, Friday 27 November 2026"],
      ["2026-11-28", "Tomorrow, Saturday 28 November 2026"],
    ]);
  });

  it("titles today and tomorrow in French", () => {
    expect(planDriverDay([], NOW, FR).map((s) => s.title)).toEqual([
      "Aujourd’hui, vendredi 27 novembre 2026",
      "Demain, samedi 28 novembre 2026",
    ]);
  });

  it.each<[string, DayLegInput[], string[][]]>([
    ["no leg", [], [[], []]],
    [
      "legs in time order, whatever the order given",
      [leg("B", "2026-11-27T18:00:00Z"), leg("A", "2026-11-27T07:00:00Z")],
      [["A-1", "B-1"], []],
    ],
    [
      "a leg at 23:30 Paris is today's; at 00:30 tomorrow's",
      [leg("A", "2026-11-27T22:30:00Z"), leg("B", "2026-11-27T23:30:00Z")],
      [["A-1"], ["B-1"]],
    ],
    [
      "yesterday's and the day after tomorrow's are left out",
      [leg("A", "2026-11-26T22:59:00Z"), leg("B", "2026-11-28T23:00:00Z")],
      [[], []],
    ],
    [
      "a run's legs under it, at the run's time",
      [leg("A", "2026-11-27T15:00:00Z", RUN), leg("C", "2026-11-27T15:20:00Z"), leg("B", "2026-11-27T15:10:00Z", RUN)],
      [["C-1", "run 7: A-1 B-1"], []],
    ],
    [
      "a run with no time yet at its first leg's",
      [leg("A", "2026-11-27T15:00:00Z", { ...RUN, departsAt: null }), leg("C", "2026-11-27T15:20:00Z")],
      [["run 7: A-1", "C-1"], []],
    ],
    [
      "at one moment, by order id, then outbound before return",
      [leg("B", "2026-11-28T08:00:00Z"), leg("A", "2026-11-28T08:00:00Z", null, 2), leg("A", "2026-11-28T08:00:00Z")],
      [[], ["A-1", "A-2", "B-1"]],
    ],
  ])("%s", (_name, legs, expected) => {
    expect(shape(legs)).toEqual(expected);
  });

  it("lists every leg of the two days exactly once, and no other, each day in time order", () => {
    const { start, end } = driverDayWindow(NOW);
    const instant = fc.integer({ min: -86_400_000, max: 3 * 86_400_000 }).map((ms) => new Date(start.getTime() + ms));
    const run = fc.option(fc.constantFrom<DayRun>(RUN, { id: 8, departsAt: null, airport: "ORY", direction: "departure" }));
    const legs = fc
      .array(fc.tuple(instant, run), { maxLength: 25 })
      .map((xs) => xs.map(([t, r], i) => ({ orderId: `O${i}`, leg: 1 as const, pickupAt: t, run: r })));
    fc.assert(
      fc.property(legs, (given) => {
        const sections = planDriverDay(given, NOW, EN);
        const listed = sections.flatMap((s) => s.items.flatMap((i) => (i.kind === "leg" ? [i.leg] : i.legs)));
        const within = given.filter((l) => l.pickupAt >= start && l.pickupAt < end);
        expect(listed.map((l) => l.orderId).sort()).toEqual(within.map((l) => l.orderId).sort());
        for (const s of sections) {
          const times = s.items.map((i) => i.at.getTime());
          expect(times).toEqual([...times].sort((a, b) => a - b));
          for (const i of s.items) if (i.kind === "run") expect(i.legs.every((l) => l.run?.id === i.run.id)).toBe(true);
        }
      }),
    );
  });
});

describe("runHeading", () => {
  it.each<[DayRun, string]>([
    [RUN, "Shuttle run from CDG, leaves the airport at 16:30 (Paris time)"],
    [{ ...RUN, direction: "departure", airport: "ORY" }, "Shuttle run to ORY, first pickup at 16:30 (Paris time)"],
    [{ ...RUN, departsAt: null }, "Shuttle run from CDG, time not planned yet"],
  ])("%o → %s", (run, words) => {
    expect(runHeading(run, EN)).toBe(words);
  });

  it.each<[DayRun, string]>([
    [RUN, "Tournée navette depuis CDG, départ de l’aéroport à 16:30 (heure de Paris)"],
    [{ ...RUN, direction: "departure", airport: "ORY" }, "Tournée navette vers ORY, première prise en charge à 16:30 (heure de Paris)"],
    [{ ...RUN, departsAt: null }, "Tournée navette depuis CDG, horaire pas encore planifié"],
  ])("in French: %o → %s", (run, words) => {
    expect(runHeading(run, FR)).toBe(words);
  });
});
