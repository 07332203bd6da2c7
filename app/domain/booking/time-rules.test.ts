import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FLIGHT_WINDOWS,
  clockMinutes,
  flightWindow,
  formatClock,
  formatDuration,
  inWindow,
  isOnQuarter,
  parseClock,
  roundToQuarter,
  type Clock,
} from "./time-rules";

const c = (hour: number, minute: number): Clock => ({ hour, minute });

describe("parseClock / formatClock", () => {
  it.each([
    ["00:00", c(0, 0)],
    ["07:53", c(7, 53)],
    ["7:05", c(7, 5)],
    [" 23:59 ", c(23, 59)],
    ["24:00", null],
    ["12:60", null],
    ["12:5", null],
    ["1205", null],
    ["", null],
    ["ab:cd", null],
  ])("parseClock(%j) = %o", (text, expected) => {
    expect(parseClock(text)).toEqual(expected);
  });

  it.each([
    [c(0, 0), "00:00"],
    [c(7, 5), "07:05"],
    [c(23, 45), "23:45"],
  ])("formatClock(%o) = %s", (clock, text) => {
    expect(formatClock(clock)).toBe(text);
  });
});

describe("roundToQuarter", () => {
  it.each([
    [c(7, 0), c(7, 0)],
    [c(7, 7), c(7, 0)],
    [c(7, 8), c(7, 15)],
    [c(7, 22), c(7, 15)],
    [c(7, 23), c(7, 30)],
    [c(7, 37), c(7, 30)],
    [c(7, 38), c(7, 45)],
    [c(7, 52), c(7, 45)],
    // 53…59 would round to 60: "60 becomes 45", the hour stays.
    [c(7, 53), c(7, 45)],
    [c(7, 59), c(7, 45)],
    [c(23, 59), c(23, 45)],
    [c(0, 1), c(0, 0)],
  ])("%o → %o", (input, expected) => {
    expect(roundToQuarter(input)).toEqual(expected);
  });

  const clock = fc.record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) });

  it("is always on a quarter, in the same hour, idempotent (property)", () => {
    fc.assert(
      fc.property(clock, (input) => {
        const r = roundToQuarter(input);
        expect(r.minute % 15).toBe(0);
        expect(isOnQuarter(r)).toBe(true);
        expect(r.hour).toBe(input.hour);
        expect(roundToQuarter(r)).toEqual(r);
      }),
    );
  });

  it("moves at most 7.5 minutes, except the 60→45 case (property)", () => {
    fc.assert(
      fc.property(clock, (input) => {
        const r = roundToQuarter(input);
        const moved = Math.abs(clockMinutes(r) - clockMinutes(input));
        if (input.minute >= 53) {
          expect(r.minute).toBe(45);
          expect(moved).toBe(input.minute - 45);
        } else {
          expect(moved).toBeLessThanOrEqual(7.5);
        }
      }),
    );
  });
});

describe("flight windows", () => {
  it.each([
    ["shuttle", "takeoff", "08:00", "23:45"],
    ["shuttle", "landing", "05:30", "21:30"],
    ["private", "takeoff", "08:00", "23:45"],
    ["private", "landing", "04:30", "23:00"],
  ] as const)("%s %s: %s–%s", (kind, direction, min, max) => {
    const w = flightWindow(kind, direction);
    expect(formatClock(w.min)).toBe(min);
    expect(formatClock(w.max)).toBe(max);
    expect(w).toEqual(FLIGHT_WINDOWS[kind][direction]);
  });

  it.each([
    ["shuttle", "landing", "05:15", false],
    ["shuttle", "landing", "05:30", true],
    ["shuttle", "landing", "21:30", true],
    ["shuttle", "landing", "21:45", false],
    ["private", "landing", "04:15", false],
    ["private", "landing", "04:30", true],
    ["private", "landing", "23:00", true],
    ["private", "landing", "23:15", false],
    ["shuttle", "takeoff", "07:45", false],
    ["shuttle", "takeoff", "08:00", true],
    ["shuttle", "takeoff", "23:45", true],
    ["private", "takeoff", "07:45", false],
    ["private", "takeoff", "23:45", true],
  ] as const)("%s %s at %s: %s", (kind, direction, time, inside) => {
    expect(inWindow(parseClock(time) as Clock, flightWindow(kind, direction))).toBe(inside);
  });

  it("hands out copies", () => {
    const w = flightWindow("shuttle", "landing");
    w.min.hour = 0;
    expect(FLIGHT_WINDOWS.shuttle.landing.min.hour).toBe(5);
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0h00"],
    [5, "0h05"],
    [45, "0h45"],
    [65, "1h05"],
    [230, "3h50"],
    [600, "10h00"],
    [-30, "-0h30"],
  ])("%i → %s", (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});
