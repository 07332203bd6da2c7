import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parisInstant } from "../booking/paris-time";
import { ENGLISH_MANAGE, manageWordsIn } from "~/lib/test-support/booking-words";
import { beforeDeadline, freeCancellationText, freeCancellationUntil, timeLeft, timeLeftParts } from "./deadline";

const paris = (year: number, month: number, day: number, hour: number, minute = 0) => parisInstant({ year, month, day, hour, minute });

describe("freeCancellationText", () => {
  it.each([
    // An ordinary day: the same wall-clock time the day before.
    [paris(2026, 5, 12, 7, 45), "Free cancellation until 11/05/2026 07:45 (Paris time)"],
    // Clocks go forward on 29 March 2026 at 02:00: 24 hours before 10:00 (summer) is 09:00 (winter) the day before.
    [paris(2026, 3, 29, 10, 0), "Free cancellation until 28/03/2026 09:00 (Paris time)"],
    // The day after the change: back to the same wall-clock time.
    [paris(2026, 3, 30, 10, 0), "Free cancellation until 29/03/2026 10:00 (Paris time)"],
    // Clocks go back on 25 October 2026 at 03:00: 24 hours before 10:00 (winter) is 11:00 (summer) the day before.
    [paris(2026, 10, 25, 10, 0), "Free cancellation until 24/10/2026 11:00 (Paris time)"],
    // 00:30 the night after the change: 24 hours earlier was still summer time, so 01:30.
    [paris(2026, 10, 26, 0, 30), "Free cancellation until 25/10/2026 01:30 (Paris time)"],
    // Around midnight on New Year's Day.
    [paris(2027, 1, 1, 0, 15), "Free cancellation until 31/12/2026 00:15 (Paris time)"],
  ])("a pickup at %s", (pickup, text) => {
    expect(freeCancellationText(pickup, ENGLISH_MANAGE)).toBe(text);
  });
});

describe("beforeDeadline", () => {
  const pickup = paris(2026, 10, 25, 10, 0);
  it.each([
    [paris(2026, 10, 24, 10, 59), true],
    [paris(2026, 10, 24, 11, 0), true],
    [new Date(paris(2026, 10, 24, 11, 0).getTime() + 1), false],
    [paris(2026, 10, 22, 12, 0), true],
    [pickup, false],
  ])("now %s → %s", (now, expected) => {
    expect(beforeDeadline(pickup, now)).toBe(expected);
  });

  it("holds exactly while more than 24 hours remain, whatever the instant", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: -72 * 60, max: 72 * 60 }),
        (pickupMs, minutesBefore) => {
          const pickup = new Date(pickupMs);
          const now = new Date(pickupMs - 24 * 3_600_000 - minutesBefore * 60_000);
          expect(beforeDeadline(pickup, now)).toBe(minutesBefore >= 0);
          expect(freeCancellationUntil(pickup).getTime()).toBe(pickupMs - 24 * 3_600_000);
        },
      ),
    );
  });
});

describe("timeLeft", () => {
  const until = new Date("2026-05-12T10:00:00Z");
  const before = (ms: number) => new Date(until.getTime() - ms);
  it.each([
    [before(3 * 86_400_000 + 4 * 3_600_000 + 59_000), "3 days 4 hours"],
    [before(86_400_000), "1 day"],
    [before(5 * 3_600_000 + 12 * 60_000 + 30_000), "5 hours 12 minutes"],
    [before(3_600_000), "1 hour"],
    [before(45 * 60_000), "45 minutes"],
    [before(60_000), "1 minute"],
    [before(30_000), "less than a minute"],
    [until, null],
    [before(-1000), null],
  ])("%s → %s", (now, text) => {
    expect(timeLeft(until, now, ENGLISH_MANAGE)).toBe(text);
  });

  it.each([
    ["fr", before(3 * 86_400_000 + 4 * 3_600_000), manageWordsIn("fr")("deadline.daysHours", { days: 3, hours: 4 })],
    ["de", before(86_400_000), manageWordsIn("de")("deadline.days", { days: 1 })],
    ["es", before(30_000), manageWordsIn("es")("deadline.underAMinute")],
  ] as const)("speaks the page's language (%s)", (locale, now, text) => {
    expect(timeLeft(until, now, manageWordsIn(locale))).toBe(text);
  });

  it("counts every whole minute left as days, hours and minutes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 * 86_400_000 }), (ms) => {
        const parts = timeLeftParts(until, before(ms));
        expect(parts).not.toBeNull();
        const { days, hours, minutes } = parts!;
        expect(days * 1440 + hours * 60 + minutes).toBe(Math.floor(ms / 60_000));
        expect(hours).toBeLessThan(24);
        expect(minutes).toBeLessThan(60);
      }),
    );
  });
});
