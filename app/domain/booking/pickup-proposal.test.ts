import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parisInstant, parisParts, type ParisDateTime } from "./paris-time";
import {
  MAX_EARLIER_MINUTES,
  earliestPickup,
  marginText,
  pickupAtClock,
  pickupProblem,
  pickupText,
  proposalNote,
  proposedPickup,
} from "./pickup-proposal";
import { ENGLISH_WORDS } from "~/lib/test-support/booking-words";
import { say } from "./messages";

// The departure's proposed pick-up (docs/product.md, Time rules), on instants: the clock changes
// of 29/03/2026, 25/10/2026, 28/03/2027 and 31/10/2027 (all at 01:00 UTC), and midnight.

const paris = (year: number, month: number, day: number, hour: number, minute: number) => parisInstant({ year, month, day, hour, minute });
const wall = (at: Date) => {
  const p = parisParts(at);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")} ${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
};

describe("proposedPickup: takeoff − (delay + journey), rounded down to the quarter hour", () => {
  it.each<[string, ParisDateTime, number, number, string, string]>([
    ["an ordinary day", { year: 2026, month: 5, day: 20, hour: 14, minute: 30 }, 120, 75, "2026-05-20T09:15:00.000Z", "2026-05-20 11:15"],
    [
      "rounded down, 08:25 → 08:15",
      { year: 2026, month: 5, day: 20, hour: 12, minute: 0 },
      150,
      65,
      "2026-05-20T06:15:00.000Z",
      "2026-05-20 08:15",
    ],
    [
      "just under a quarter, 08:29 → 08:15",
      { year: 2026, month: 5, day: 20, hour: 12, minute: 0 },
      150,
      61,
      "2026-05-20T06:15:00.000Z",
      "2026-05-20 08:15",
    ],
    // Spring forward, 29 March 2026: 04:00 CEST is 02:00 UTC; 2 h 15 earlier is 00:45 CET, not the wall clock's 01:45.
    [
      "29/03/2026, a 04:00 flight, 2 h 15",
      { year: 2026, month: 3, day: 29, hour: 4, minute: 0 },
      90,
      45,
      "2026-03-28T23:45:00.000Z",
      "2026-03-29 00:45",
    ],
    [
      "29/03/2026, a 04:00 flight, 3 h 05: the evening before",
      { year: 2026, month: 3, day: 29, hour: 4, minute: 0 },
      135,
      50,
      "2026-03-28T22:45:00.000Z",
      "2026-03-28 23:45",
    ],
    [
      "29/03/2026, a 08:00 flight, 3 h",
      { year: 2026, month: 3, day: 29, hour: 8, minute: 0 },
      135,
      45,
      "2026-03-29T03:00:00.000Z",
      "2026-03-29 05:00",
    ],
    // Fall back, 25 October 2026: 04:00 CET is 03:00 UTC; 2 h 15 earlier is 02:45 CEST (the first 02:45), not 01:45.
    [
      "25/10/2026, a 04:00 flight, 2 h 15",
      { year: 2026, month: 10, day: 25, hour: 4, minute: 0 },
      90,
      45,
      "2026-10-25T00:45:00.000Z",
      "2026-10-25 02:45",
    ],
    [
      "25/10/2026, a 05:00 flight, 2 h 15: the second 02:45",
      { year: 2026, month: 10, day: 25, hour: 5, minute: 0 },
      90,
      45,
      "2026-10-25T01:45:00.000Z",
      "2026-10-25 02:45",
    ],
    // 28 March 2027: 03:30 CEST is 01:30 UTC; 1 h 40 earlier is 00:50 CET, rounded down to 00:45.
    [
      "28/03/2027, a 03:30 flight, 1 h 40",
      { year: 2027, month: 3, day: 28, hour: 3, minute: 30 },
      60,
      40,
      "2027-03-27T23:45:00.000Z",
      "2027-03-28 00:45",
    ],
    // 31 October 2027: 03:10 CET is 02:10 UTC; 3 h earlier is 01:10 CEST, rounded down to 01:00.
    [
      "31/10/2027, a 03:10 flight, 3 h",
      { year: 2027, month: 10, day: 31, hour: 3, minute: 10 },
      135,
      45,
      "2027-10-30T23:00:00.000Z",
      "2027-10-31 01:00",
    ],
    // Midnight: a 01:00 flight's pick-up is the evening before.
    ["a 01:00 flight, 3 h", { year: 2026, month: 5, day: 15, hour: 1, minute: 0 }, 135, 45, "2026-05-14T20:00:00.000Z", "2026-05-14 22:00"],
    [
      "a 00:15 flight, 2 h 16",
      { year: 2027, month: 1, day: 1, hour: 0, minute: 15 },
      90,
      46,
      "2026-12-31T20:45:00.000Z",
      "2026-12-31 21:45",
    ],
  ])("%s", (_label, takeoff, delay, duration, iso, shown) => {
    const proposal = proposedPickup(parisInstant(takeoff), delay, duration);
    expect(proposal.toISOString()).toBe(iso);
    expect(wall(proposal)).toBe(shown);
  });

  const takeoffs = fc
    .integer({ min: Date.UTC(2026, 0, 1) / 60_000, max: Date.UTC(2029, 0, 1) / 60_000 })
    .map((minutes) => new Date(minutes * 60_000));

  it("is never after takeoff − (delay + journey), less than 15 minutes before it, and on a Paris quarter hour", () => {
    fc.assert(
      fc.property(takeoffs, fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 600 }), (takeoff, delay, duration) => {
        const exact = takeoff.getTime() - (delay + duration) * 60_000;
        const proposal = proposedPickup(takeoff, delay, duration);
        expect(proposal.getTime()).toBeLessThanOrEqual(exact);
        expect(exact - proposal.getTime()).toBeLessThan(15 * 60_000);
        expect(parisParts(proposal).minute % 15).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it("measures elapsed time: the wall clock moves an hour more or less across a change", () => {
    // 29/03/2026 08:00 CEST less 8 hours is 23:00 CET the evening before (9 hours on the wall).
    expect(wall(proposedPickup(paris(2026, 3, 29, 8, 0), 300, 180))).toBe("2026-03-28 23:00");
    // 25/10/2026 08:00 CET less 8 hours is 01:00 CEST (7 hours on the wall).
    expect(wall(proposedPickup(paris(2026, 10, 25, 8, 0), 300, 180))).toBe("2026-10-25 01:00");
  });
});

describe("pickupAtClock: the instant of a Paris clock nearest the proposal", () => {
  it.each<[string, Date, { hour: number; minute: number }, string]>([
    ["the same day, earlier", paris(2026, 5, 20, 11, 15), { hour: 10, minute: 0 }, "2026-05-20 10:00"],
    ["the proposal itself", paris(2026, 5, 20, 11, 15), { hour: 11, minute: 15 }, "2026-05-20 11:15"],
    ["later the same day", paris(2026, 5, 20, 11, 15), { hour: 11, minute: 30 }, "2026-05-20 11:30"],
    ["the evening before a proposal after midnight", paris(2026, 3, 29, 0, 45), { hour: 23, minute: 30 }, "2026-03-28 23:30"],
    ["after midnight for a proposal the evening before", paris(2026, 5, 14, 22, 0), { hour: 0, minute: 15 }, "2026-05-15 00:15"],
    ["a later clock after midnight", paris(2026, 3, 29, 0, 45), { hour: 1, minute: 0 }, "2026-03-29 01:00"],
  ])("%s", (_label, proposal, clock, expected) => {
    expect(wall(pickupAtClock(proposal, clock))).toBe(expected);
  });

  it("reads the autumn clock that happens twice as the occurrence nearest the proposal", () => {
    const secondTwoFortyFive = new Date("2026-10-25T01:45:00.000Z"); // 02:45 CET
    expect(pickupAtClock(secondTwoFortyFive, { hour: 2, minute: 45 }).toISOString()).toBe("2026-10-25T01:45:00.000Z");
    expect(pickupAtClock(secondTwoFortyFive, { hour: 2, minute: 30 }).toISOString()).toBe("2026-10-25T01:30:00.000Z");
    const firstTwoFortyFive = new Date("2026-10-25T00:45:00.000Z"); // 02:45 CEST
    expect(pickupAtClock(firstTwoFortyFive, { hour: 2, minute: 45 }).toISOString()).toBe("2026-10-25T00:45:00.000Z");
    expect(pickupAtClock(firstTwoFortyFive, { hour: 2, minute: 15 }).toISOString()).toBe("2026-10-25T00:15:00.000Z");
  });

  it("reads a clock of the spring gap one hour later, as every Paris time is read", () => {
    // 02:30 does not exist on 29/03/2026: it is read as 03:30 CEST, after a 03:15 proposal.
    expect(pickupAtClock(paris(2026, 3, 29, 3, 15), { hour: 2, minute: 30 }).toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });

  const quarters = fc
    .integer({ min: Date.UTC(2026, 0, 1) / 900_000, max: Date.UTC(2029, 0, 1) / 900_000 })
    .map((n) => new Date(n * 900_000));

  it("gives back any earlier quarter hour up to 3 hours before the proposal, whose clock happens once", () => {
    fc.assert(
      fc.property(quarters, fc.integer({ min: 0, max: MAX_EARLIER_MINUTES / 15 }), (proposal, steps) => {
        const chosen = new Date(proposal.getTime() - steps * 900_000);
        const p = parisParts(chosen);
        const twice = parisParts(new Date(parisInstant(p).getTime() + 3_600_000));
        fc.pre(!(twice.hour === p.hour && twice.minute === p.minute));
        const read = pickupAtClock(proposal, { hour: p.hour, minute: p.minute });
        expect(read.toISOString()).toBe(chosen.toISOString());
        expect(pickupProblem(read, proposal)).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });

  it("gives back the proposal from its own clock, whatever the day", () => {
    fc.assert(
      fc.property(quarters, (proposal) => {
        const p = parisParts(proposal);
        expect(pickupAtClock(proposal, { hour: p.hour, minute: p.minute }).toISOString()).toBe(proposal.toISOString());
      }),
      { numRuns: 1000 },
    );
  });
});

describe("pickupProblem: on a quarter hour, not after the proposal, at most 3 hours (elapsed) before it", () => {
  const proposal = paris(2026, 5, 20, 11, 15);
  const minutes = (n: number) => new Date(proposal.getTime() + n * 60_000);

  it.each([
    [0, null],
    [-15, null],
    [-180, null],
    [-195, "too-early"],
    [15, "too-late"],
    [-10, "off-quarter"],
    [5, "off-quarter"],
  ])("%d minutes from the proposal → %s", (offset, problem) => {
    expect(pickupProblem(minutes(offset), proposal)).toBe(problem);
  });

  it("counts the 3 hours as elapsed time across the spring change", () => {
    // A 04:00 CEST proposal on 29/03/2026: 3 hours earlier is 00:00 CET (4 hours on the wall).
    const spring = paris(2026, 3, 29, 4, 0);
    expect(wall(earliestPickup(spring))).toBe("2026-03-29 00:00");
    expect(pickupProblem(pickupAtClock(spring, { hour: 0, minute: 0 }), spring)).toBeNull();
    expect(pickupProblem(pickupAtClock(spring, { hour: 23, minute: 45 }), spring)).toBe("too-early");
  });

  it("and across the autumn change", () => {
    // A 04:00 CET proposal on 25/10/2026: 3 hours earlier is 02:00 CEST (2 hours on the wall).
    const autumn = paris(2026, 10, 25, 4, 0);
    expect(earliestPickup(autumn).toISOString()).toBe("2026-10-25T00:00:00.000Z");
    expect(wall(earliestPickup(autumn))).toBe("2026-10-25 02:00");
  });
});

describe("what the form and the messages say", () => {
  it("the note, word for word", () => {
    const takeoff = paris(2026, 5, 20, 14, 30);
    const proposal = proposedPickup(takeoff, 120, 75);
    expect(say(ENGLISH_WORDS, proposalNote({ takeoff, proposal, durationMinutes: 75, legDate: { year: 2026, month: 5, day: 20 } }))).toBe(
      "Proposed from your 14:30 flight: leaving at 11:15 gets you to the airport 2 h before takeoff. You can change it.",
    );
  });

  it("says the margin left after rounding down, and the date of a pick-up the evening before", () => {
    const takeoff = paris(2026, 5, 15, 1, 0);
    const proposal = proposedPickup(takeoff, 135, 50); // 21:55 → 21:45
    expect(say(ENGLISH_WORDS, proposalNote({ takeoff, proposal, durationMinutes: 50, legDate: { year: 2026, month: 5, day: 15 } }))).toBe(
      "Proposed from your 01:00 flight: leaving at 21:45 on 14/05/2026 gets you to the airport 2 h 25 min before takeoff. You can change it.",
    );
  });

  it.each([
    [120, "2 h"],
    [135, "2 h 15 min"],
    [45, "45 min"],
    [0, "0 min"],
  ])("marginText(%d) = %s", (n, text) => {
    expect(say(ENGLISH_WORDS, marginText(n))).toBe(text);
  });

  it("pickupText gives the date only off the leg's date", () => {
    const legDate = { year: 2026, month: 3, day: 29 };
    expect(pickupText(paris(2026, 3, 29, 0, 45), legDate)).toBe("00:45");
    expect(pickupText(paris(2026, 3, 28, 23, 45), legDate)).toEqual({ key: "time.onDay", values: { time: "23:45", date: "28/03/2026" } });
    expect(say(ENGLISH_WORDS, { key: "time.onDay", values: { time: "23:45", date: "28/03/2026" } })).toBe("23:45 on 28/03/2026");
  });
});
