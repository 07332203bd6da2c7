import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES } from "../back-office/statuses";
import { storedDetails } from "../booking/model";
import { parisInstant } from "../booking/paris-time";
import { checkedBooking } from "~/lib/test-support/booking-rows";
import { ENGLISH_MANAGE } from "~/lib/test-support/booking-words";
import { cancelFormSchema, deadlinePassedSentence, firstPickupOf, TRAVELLER_CANCELLABLE, travellerCancelCheck } from "./cancel";

const paris = (year: number, month: number, day: number, hour: number, minute = 0) => parisInstant({ year, month, day, hour, minute });
const MINUTE = 60_000;

describe("travellerCancelCheck across the clock changes", () => {
  it.each([
    // An ordinary day: until the same wall-clock time the day before.
    ["an ordinary day, a minute before", paris(2026, 5, 12, 7, 45), paris(2026, 5, 11, 7, 44), true],
    ["an ordinary day, on the minute (the deadline itself is still in time)", paris(2026, 5, 12, 7, 45), paris(2026, 5, 11, 7, 45), true],
    ["an ordinary day, a minute late", paris(2026, 5, 12, 7, 45), paris(2026, 5, 11, 7, 46), false],
    // Clocks go forward on 29 March 2026: 24 hours before 10:00 (summer) is 09:00 (winter) the day before.
    ["spring forward, 08:59 the day before", paris(2026, 3, 29, 10), paris(2026, 3, 28, 8, 59), true],
    ["spring forward, 09:00 the day before", paris(2026, 3, 29, 10), paris(2026, 3, 28, 9, 0), true],
    ["spring forward, 09:01 the day before", paris(2026, 3, 29, 10), paris(2026, 3, 28, 9, 1), false],
    ["spring forward, 09:30 the day before (wall clock 24 h 30 before)", paris(2026, 3, 29, 10), paris(2026, 3, 28, 9, 30), false],
    // Clocks go back on 25 October 2026: 24 hours before 10:00 (winter) is 11:00 (summer) the day before.
    ["fall back, 10:30 the day before (wall clock 23 h 30 before)", paris(2026, 10, 25, 10), paris(2026, 10, 24, 10, 30), true],
    ["fall back, 10:59 the day before", paris(2026, 10, 25, 10), paris(2026, 10, 24, 10, 59), true],
    ["fall back, 11:00 the day before", paris(2026, 10, 25, 10), paris(2026, 10, 24, 11, 0), true],
    ["fall back, 11:01 the day before", paris(2026, 10, 25, 10), paris(2026, 10, 24, 11, 1), false],
    // The night of the change: a pickup at 02:30 on 25 October (the second 02:30, winter time).
    ["fall back at night", new Date("2026-10-25T01:30:00Z"), new Date("2026-10-24T01:29:00Z"), true],
    ["fall back at night, too late", new Date("2026-10-25T01:30:00Z"), new Date("2026-10-24T01:31:00Z"), false],
    ["three days ahead", paris(2026, 7, 14, 10), paris(2026, 7, 11, 10), true],
    ["20 hours ahead", paris(2026, 7, 14, 10), paris(2026, 7, 13, 14), false],
    ["after the pickup", paris(2026, 7, 14, 10), paris(2026, 7, 14, 11), false],
  ])("%s", (_what, pickup, now, ok) => {
    expect(travellerCancelCheck({ bookingStatus: "confirmed", firstPickupAt: pickup }, now, ENGLISH_MANAGE).ok).toBe(ok);
  });

  it("says why after the deadline, with the deadline in Paris time", () => {
    const check = travellerCancelCheck(
      { bookingStatus: "confirmed", firstPickupAt: paris(2026, 10, 25, 10) },
      paris(2026, 10, 24, 18),
      ENGLISH_MANAGE,
    );
    expect(check).toEqual({
      ok: false,
      why: "deadline",
      message: "Free cancellation ended on 24/10/2026 11:00 (Paris time): bookings cannot be cancelled online within 24 hours of pickup.",
    });
    expect(deadlinePassedSentence(paris(2026, 3, 29, 10), ENGLISH_MANAGE)).toContain("ended on 28/03/2026 09:00 (Paris time)");
  });

  it.each([
    ["cancelled", "cancelled", "This booking is already cancelled."],
    ["completed", "finished", "This booking has taken place: it cannot be cancelled."],
    ["no_show", "finished", "This booking is closed: it cannot be cancelled."],
  ] as const)("refuses a %s booking, whatever the time", (bookingStatus, why, message) => {
    expect(travellerCancelCheck({ bookingStatus, firstPickupAt: paris(2030, 1, 1, 10) }, paris(2026, 1, 1, 10), ENGLISH_MANAGE)).toEqual({
      ok: false,
      why,
      message,
    });
  });

  it("refuses a booking with no pickup on record", () => {
    expect(travellerCancelCheck({ bookingStatus: "new", firstPickupAt: null }, new Date(), ENGLISH_MANAGE)).toMatchObject({
      ok: false,
      why: "no_pickup",
    });
    expect(travellerCancelCheck({ bookingStatus: "new", firstPickupAt: new Date(Number.NaN) }, new Date(), ENGLISH_MANAGE)).toMatchObject({
      ok: false,
      why: "no_pickup",
    });
  });

  it("allows exactly an open booking more than 24 elapsed hours before its first pickup", () => {
    const instant = fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2030, 0, 1) }).map((ms) => new Date(ms));
    fc.assert(
      fc.property(
        fc.constantFrom(...BOOKING_STATUSES),
        instant,
        fc.integer({ min: -3 * 24 * 60, max: 10 * 24 * 60 }),
        (status, pickup, minutesBefore) => {
          const now = new Date(pickup.getTime() - minutesBefore * MINUTE);
          const ok = travellerCancelCheck({ bookingStatus: status, firstPickupAt: pickup }, now, ENGLISH_MANAGE).ok;
          expect(ok).toBe(TRAVELLER_CANCELLABLE.includes(status) && minutesBefore > 24 * 60);
        },
      ),
    );
  });
});

describe("firstPickupOf", () => {
  it("reads the column, else the first leg's instant, else nothing", () => {
    const at = new Date("2026-05-20T08:00:00Z");
    // Claire Martin's flight lands at Orly at 10:00 on 20 May 2026 (Paris): 08:00Z.
    const stored = JSON.parse(JSON.stringify(storedDetails(checkedBooking("first-pickup")))) as { legs: object[] };
    expect(firstPickupOf({ firstPickupAt: at, details: {} })).toEqual(at);
    expect(firstPickupOf({ firstPickupAt: null, details: stored })).toEqual(at);
    expect(firstPickupOf({ firstPickupAt: null, details: { ...stored, legs: [{ ...stored.legs[0], pickupAt: "soon" }] } })).toBeNull();
    expect(firstPickupOf({ firstPickupAt: null, details: null })).toBeNull();
    expect(firstPickupOf({ firstPickupAt: null, details: { legs: "none" } })).toBeNull();
  });
});

describe("cancelFormSchema", () => {
  it("reads the two intents and nothing else", () => {
    expect(cancelFormSchema.parse({ intent: "cancel" })).toEqual({ intent: "cancel" });
    expect(cancelFormSchema.parse({ intent: "confirm-cancel", other: "x" })).toEqual({ intent: "confirm-cancel" });
    expect(cancelFormSchema.safeParse({ intent: "delete" }).success).toBe(false);
    expect(cancelFormSchema.safeParse({}).success).toBe(false);
  });
});
