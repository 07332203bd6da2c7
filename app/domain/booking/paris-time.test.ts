import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  compareDates,
  dateBounds,
  formatFrenchDate,
  formatParisDateTime,
  isoDate,
  longDate,
  longDay,
  parisClock,
  parisDateTime,
  parisDayOf,
  parisDayRange,
  parisInstant,
  parisParts,
  parisToday,
  parseFrenchDate,
  parseIsoDate,
  type ParisDate,
} from "./paris-time";

const d = (year: number, month: number, day: number): ParisDate => ({ year, month, day });

describe("parisParts", () => {
  it.each([
    ["2026-01-15T12:00:00Z", { year: 2026, month: 1, day: 15, hour: 13, minute: 0 }],
    ["2026-07-15T12:00:00Z", { year: 2026, month: 7, day: 15, hour: 14, minute: 0 }],
    ["2026-03-29T00:59:00Z", { year: 2026, month: 3, day: 29, hour: 1, minute: 59 }],
    ["2026-03-29T01:00:00Z", { year: 2026, month: 3, day: 29, hour: 3, minute: 0 }],
    ["2026-10-25T00:30:00Z", { year: 2026, month: 10, day: 25, hour: 2, minute: 30 }],
    ["2026-10-25T01:30:00Z", { year: 2026, month: 10, day: 25, hour: 2, minute: 30 }],
    ["2026-12-31T23:30:00Z", { year: 2027, month: 1, day: 1, hour: 0, minute: 30 }],
    ["2026-06-30T22:00:00Z", { year: 2026, month: 7, day: 1, hour: 0, minute: 0 }],
  ])("%s is %o in Paris", (iso, parts) => {
    expect(parisParts(new Date(iso))).toEqual(parts);
  });
});

describe("parisInstant", () => {
  it.each([
    [{ year: 2026, month: 1, day: 15, hour: 13, minute: 0 }, "2026-01-15T12:00:00.000Z"],
    [{ year: 2026, month: 7, day: 15, hour: 14, minute: 0 }, "2026-07-15T12:00:00.000Z"],
    [{ year: 2027, month: 1, day: 1, hour: 0, minute: 30 }, "2026-12-31T23:30:00.000Z"],
    // Spring forward, 29 March 2026 and 28 March 2027: 02:00–02:59 does not exist.
    [{ year: 2026, month: 3, day: 29, hour: 1, minute: 59 }, "2026-03-29T00:59:00.000Z"],
    [{ year: 2026, month: 3, day: 29, hour: 2, minute: 0 }, "2026-03-29T01:00:00.000Z"],
    [{ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, "2026-03-29T01:30:00.000Z"],
    [{ year: 2026, month: 3, day: 29, hour: 3, minute: 0 }, "2026-03-29T01:00:00.000Z"],
    [{ year: 2027, month: 3, day: 28, hour: 2, minute: 15 }, "2027-03-28T01:15:00.000Z"],
    // Fall back, 25 October 2026 and 31 October 2027: 02:00–02:59 happens twice, the first counts.
    [{ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, "2026-10-25T00:30:00.000Z"],
    [{ year: 2026, month: 10, day: 25, hour: 3, minute: 0 }, "2026-10-25T02:00:00.000Z"],
    [{ year: 2026, month: 10, day: 25, hour: 1, minute: 59 }, "2026-10-24T23:59:00.000Z"],
    [{ year: 2027, month: 10, day: 31, hour: 2, minute: 45 }, "2027-10-31T00:45:00.000Z"],
  ])("%o is %s", (local, iso) => {
    expect(parisInstant(local).toISOString()).toBe(iso);
  });

  it("gap times land forward by the gap", () => {
    expect(parisParts(parisInstant({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }))).toEqual({
      year: 2026,
      month: 3,
      day: 29,
      hour: 3,
      minute: 30,
    });
  });

  it("round-trips every wall time outside the spring gap (property)", () => {
    const wall = fc
      .record({
        year: fc.integer({ min: 1980, max: 2100 }),
        month: fc.integer({ min: 1, max: 12 }),
        day: fc.integer({ min: 1, max: 28 }),
        hour: fc.integer({ min: 0, max: 23 }),
        minute: fc.integer({ min: 0, max: 59 }),
      })
      // Only gap times fail to round-trip: they move forward, which the table above checks.
      .filter((l) => {
        const back = parisParts(parisInstant(l));
        return !(back.hour !== l.hour && l.hour === 2 && l.month === 3);
      });
    fc.assert(
      fc.property(wall, (local) => {
        expect(parisParts(parisInstant(local))).toEqual(local);
      }),
    );
  });

  it("round-trips every instant to the minute (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800 / 60 }), (minutes) => {
        const instant = new Date(minutes * 60_000);
        const back = parisInstant(parisParts(instant));
        // An autumn repeated hour maps to its first occurrence, one hour earlier.
        expect([0, 3_600_000]).toContain(instant.getTime() - back.getTime());
        expect(parisParts(back)).toEqual(parisParts(instant));
      }),
    );
  });
});

describe("calendar helpers", () => {
  it("parisToday is the Paris date, not the machine's", () => {
    // 23:30 UTC on 31 December is already 1 January in Paris.
    expect(parisToday(new Date("2026-12-31T23:30:00Z"))).toEqual(d(2027, 1, 1));
    // 22:30 UTC on 30 June is already 1 July in Paris (summer time).
    expect(parisToday(new Date("2026-06-30T22:30:00Z"))).toEqual(d(2026, 7, 1));
    expect(parisToday(new Date("2026-06-30T21:59:00Z"))).toEqual(d(2026, 6, 30));
  });

  it.each([
    [d(2026, 1, 31), 1, d(2026, 2, 1)],
    [d(2026, 2, 28), 1, d(2026, 3, 1)],
    [d(2028, 2, 28), 1, d(2028, 2, 29)],
    [d(2026, 12, 31), 1, d(2027, 1, 1)],
    [d(2026, 3, 28), 1, d(2026, 3, 29)],
    [d(2026, 3, 1), -1, d(2026, 2, 28)],
    [d(2026, 10, 24), 2, d(2026, 10, 26)],
  ])("addDays(%o, %i) = %o", (from, n, to) => {
    expect(addDays(from, n)).toEqual(to);
  });

  it.each([
    [d(2026, 1, 31), 1, d(2026, 2, 28)],
    [d(2028, 1, 31), 1, d(2028, 2, 29)],
    [d(2026, 11, 30), 3, d(2027, 2, 28)],
    [d(2026, 12, 15), 2, d(2027, 2, 15)],
    [d(2026, 5, 31), 1, d(2026, 6, 30)],
    [d(2026, 3, 31), -1, d(2026, 2, 28)],
    [d(2026, 1, 15), -1, d(2025, 12, 15)],
  ])("addMonths(%o, %i) = %o", (from, n, to) => {
    expect(addMonths(from, n)).toEqual(to);
  });

  it("compareDates orders by year, month, day", () => {
    expect(compareDates(d(2026, 1, 2), d(2026, 1, 1))).toBeGreaterThan(0);
    expect(compareDates(d(2026, 1, 2), d(2026, 2, 1))).toBeLessThan(0);
    expect(compareDates(d(2025, 12, 31), d(2026, 1, 1))).toBeLessThan(0);
    expect(compareDates(d(2026, 5, 5), d(2026, 5, 5))).toBe(0);
  });
});

describe("date text", () => {
  it("formats", () => {
    expect(isoDate(d(2026, 3, 9))).toBe("2026-03-09");
    expect(formatFrenchDate(d(2026, 3, 9))).toBe("09/03/2026");
  });

  it.each([
    ["09/03/2026", d(2026, 3, 9)],
    ["  29/02/2028 ", d(2028, 2, 29)],
    ["31/12/2026", d(2026, 12, 31)],
    ["29/02/2026", null],
    ["31/04/2026", null],
    ["00/01/2026", null],
    ["01/13/2026", null],
    ["9/3/2026", null],
    ["03/09/26", null],
    ["2026-03-09", null],
    ["09-03-2026", null],
    ["09/03/2026x", null],
    ["", null],
    ["abc", null],
  ])("parseFrenchDate(%j) = %o", (text, expected) => {
    expect(parseFrenchDate(text)).toEqual(expected);
  });

  it.each([
    ["2026-03-09", d(2026, 3, 9)],
    ["2026-02-29", null],
    ["2026-3-9", null],
    ["09/03/2026", null],
  ])("parseIsoDate(%j) = %o", (text, expected) => {
    expect(parseIsoDate(text)).toEqual(expected);
  });

  const anyDate = fc
    .record({ year: fc.integer({ min: 1000, max: 9990 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) })
    .map((x) => addDays({ ...x, day: 1 }, x.day - 1))
    .filter((x) => x.year <= 9999);

  it("format and parse round-trip (property)", () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        expect(parseFrenchDate(formatFrenchDate(date))).toEqual(date);
        expect(parseIsoDate(isoDate(date))).toEqual(date);
        expect(formatFrenchDate(parseFrenchDate(formatFrenchDate(date)) as ParisDate)).toBe(formatFrenchDate(date));
      }),
    );
  });

  it("addMonths never leaves the target month (property)", () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: -24, max: 24 }), (date, n) => {
        const moved = addMonths(date, n);
        expect(parseIsoDate(isoDate(moved))).toEqual(moved);
        expect(moved.year * 12 + moved.month - (date.year * 12 + date.month)).toBe(n);
      }),
    );
  });
});

describe("dateBounds", () => {
  it.each([
    // 10:00 Paris on 15 January 2026.
    ["2026-01-15T09:00:00Z", 1, d(2026, 1, 16), d(2026, 4, 15)],
    ["2026-01-15T09:00:00Z", 2, d(2026, 1, 16), d(2026, 3, 15)],
    // 00:30 Paris on 1 January 2027, still 31 December in UTC and further west.
    ["2026-12-31T23:30:00Z", 1, d(2027, 1, 2), d(2027, 4, 1)],
    ["2026-12-31T23:30:00Z", 2, d(2027, 1, 2), d(2027, 3, 1)],
    // Clamped to month end: 30 November + 3 months.
    ["2026-11-30T12:00:00Z", 1, d(2026, 12, 1), d(2027, 2, 28)],
    ["2026-12-31T12:00:00Z", 2, d(2027, 1, 1), d(2027, 2, 28)],
  ] as const)("now %s, leg %i: %o … %o", (now, leg, min, max) => {
    expect(dateBounds(leg, new Date(now))).toEqual({ min, max });
  });
});

describe("Paris days and clocks in words", () => {
  it.each([
    // A usual day, the spring change (23 hours) and the autumn change (25 hours).
    ["2026-11-24", "2026-11-23T23:00:00.000Z", "2026-11-24T23:00:00.000Z"],
    ["2026-03-29", "2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z"],
    ["2026-10-25", "2026-10-24T22:00:00.000Z", "2026-10-25T23:00:00.000Z"],
  ])("%s spans [%s, %s)", (day, start, end) => {
    const range = parisDayRange(parseIsoDate(day)!);
    expect(range.start.toISOString()).toBe(start);
    expect(range.end.toISOString()).toBe(end);
  });

  it("writes instants as dd/MM/yyyy HH:mm in Paris time, summer and winter", () => {
    expect(formatParisDateTime(new Date("2026-07-01T05:45:00Z"))).toBe("01/07/2026 07:45");
    expect(formatParisDateTime(new Date("2026-12-31T23:30:00Z"))).toBe("01/01/2027 00:30");
  });

  it("names the day in words, and the Paris clock of an instant", () => {
    expect(longDay(d(2026, 3, 29))).toBe("Sunday 29 March 2026");
    expect(longDay(d(2026, 10, 25))).toBe("Sunday 25 October 2026");
    expect(longDate(d(2027, 1, 1))).toBe("1 January 2027");
    expect(parisClock(new Date("2026-10-25T00:30:00Z"))).toBe("02:30");
    expect(parisClock(new Date("2026-10-25T01:30:00Z"))).toBe("02:30");
    expect(parisClock(new Date("2026-03-29T01:00:00Z"))).toBe("03:00");
    expect(parisDateTime(new Date("2026-07-01T05:45:00Z"))).toEqual({ date: "01/07/2026", time: "07:45" });
    expect(parisDayOf(new Date("2026-03-28T23:30:00Z"))).toBe("2026-03-29");
  });
});
