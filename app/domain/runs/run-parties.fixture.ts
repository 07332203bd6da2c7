import fc from "fast-check";
import type { RunDirection, RunParty } from "./run-check";
import type { LockedRun } from "./run-plan";

// The tests' parties: one by hand, and random days of them with locked runs among them.

export const VAN = { seats: 8, suitcases: 8 };
const MORNING = new Date("2026-07-14T08:00:00Z").getTime();

/** A party `minutes` after 08:00 UTC on 14 July 2026. */
export function party(
  legKey: string,
  minutes: number,
  seats = 2,
  suitcases = 2,
  direction: RunDirection = "arrival",
  airport = "CDG",
): RunParty {
  return { legKey, airport, direction, at: new Date(MORNING + minutes * 60_000), seats, suitcases };
}

/** Parties at two airports in both directions over four hours, a few over the van alone, each with its own leg key. */
export const randomParties: fc.Arbitrary<RunParty[]> = fc
  .array(
    fc.record({
      airport: fc.constantFrom("CDG", "ORY"),
      direction: fc.constantFrom<RunDirection>("arrival", "departure"),
      minutes: fc.integer({ min: 0, max: 240 }),
      seats: fc.integer({ min: 1, max: 9 }),
      halfSuitcases: fc.integer({ min: 0, max: 18 }),
    }),
    { maxLength: 40 },
  )
  .map((drawn) => drawn.map((d, i) => party(`L${i}`, d.minutes, d.seats, d.halfSuitcases / 2, d.direction, d.airport)));

/** A day of parties and locked runs: each party in at most one of up to three locked runs, each with a van's or a coach's capacity. */
export const partiesWithLocks: fc.Arbitrary<{ parties: RunParty[]; locked: LockedRun[] }> = randomParties.chain((parties) =>
  fc
    .record({
      lockOf: fc.array(fc.integer({ min: -4, max: 2 }), { minLength: parties.length, maxLength: parties.length }),
      coach: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
    })
    .map(({ lockOf, coach }) => {
      const locked: LockedRun[] = [];
      for (let k = 0; k < 3; k++) {
        const members = parties.filter((_, i) => lockOf[i] === k);
        if (members.length === 0) continue;
        const capacity = coach[k] ? { seats: 50, suitcases: 50 } : VAN;
        locked.push({
          id: `run-${k}`,
          airport: members[0]!.airport,
          direction: members[0]!.direction,
          legKeys: members.map((p) => p.legKey),
          capacity,
        });
      }
      return { parties, locked };
    }),
);
