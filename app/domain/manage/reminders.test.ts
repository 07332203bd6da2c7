import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, parisInstant, parisParts } from "../booking/paris-time";
import {
  bookingLegs,
  dueReminders,
  reminderCutoff,
  reminderDueAt,
  reminderHorizon,
  reminderRefusal,
  reminderWindowOpen,
  remindable,
  staleReminders,
  type WrittenReminder,
} from "./reminders";

const paris = (year: number, month: number, day: number, hour: number, minute = 0) => parisInstant({ year, month, day, hour, minute });
const HOUR = 3_600_000;

describe("reminderDueAt", () => {
  it.each([
    ["an ordinary day", paris(2026, 5, 12, 7, 45), 18, "2026-05-11T16:00:00.000Z"],
    ["the pickup just after midnight", paris(2026, 5, 20, 0, 0), 18, "2026-05-19T16:00:00.000Z"],
    ["the pickup just before midnight", paris(2026, 5, 20, 23, 59), 18, "2026-05-19T16:00:00.000Z"],
    // Clocks go forward on 29 March 2026 at 02:00: 18:00 the day before is still winter time (UTC+1).
    ["a pickup on the day the clocks go forward", paris(2026, 3, 29, 10, 0), 18, "2026-03-28T17:00:00.000Z"],
    ["a pickup the day after they go forward", paris(2026, 3, 30, 10, 0), 18, "2026-03-29T16:00:00.000Z"],
    // Clocks go back on 25 October 2026 at 03:00: 18:00 the day before is summer time (UTC+2).
    ["a pickup on the day the clocks go back", paris(2026, 10, 25, 10, 0), 18, "2026-10-24T16:00:00.000Z"],
    ["a pickup at 00:30 the night after they go back", paris(2026, 10, 26, 0, 30), 18, "2026-10-25T17:00:00.000Z"],
    ["a pickup at 02:30 (summer time) the night they go back", new Date("2026-10-25T00:30:00Z"), 18, "2026-10-24T16:00:00.000Z"],
    ["a pickup at 02:30 (winter time) the night they go back", new Date("2026-10-25T01:30:00Z"), 18, "2026-10-24T16:00:00.000Z"],
    ["New Year's Day just after midnight", paris(2027, 1, 1, 0, 15), 18, "2026-12-31T17:00:00.000Z"],
    // 02:00 does not exist on 29 March 2026: the hour moves forward by the gap, to 03:00 (summer time).
    ["an hour in the spring gap", paris(2026, 3, 30, 9, 0), 2, "2026-03-29T01:00:00.000Z"],
    // 02:00 happens twice on 25 October 2026: the first, in summer time.
    ["an hour that happens twice", paris(2026, 10, 26, 9, 0), 2, "2026-10-25T00:00:00.000Z"],
    ["hour 0", paris(2026, 5, 20, 23, 59), 0, "2026-05-18T22:00:00.000Z"],
    // 23:00 the day before is only 1 h 30 before a pickup at 00:30: due 3 hours before it instead.
    ["a late hour and a pickup just after midnight", paris(2026, 5, 21, 0, 30), 23, "2026-05-20T19:30:00.000Z"],
    ["a late hour with more than 3 hours to go", paris(2026, 5, 21, 2, 30), 23, "2026-05-20T21:00:00.000Z"],
  ])("%s", (_what, pickup, hour, due) => {
    expect(reminderDueAt(pickup, hour).toISOString()).toBe(due);
  });
});

describe("reminderWindowOpen", () => {
  const pickup = paris(2026, 10, 25, 10, 0); // 09:00Z, winter time; due 24/10 18:00 summer time = 16:00Z
  it.each([
    ["one minute before the due moment", "2026-10-24T15:59:00Z", false],
    ["at the due moment", "2026-10-24T16:00:00Z", true],
    ["the morning of the pickup", "2026-10-25T06:00:00Z", true],
    ["2 h 01 before the pickup", "2026-10-25T06:59:00Z", true],
    ["exactly 2 hours before the pickup", "2026-10-25T07:00:00Z", false],
    ["after the pickup", "2026-10-25T10:00:00Z", false],
    ["two days before", "2026-10-23T16:00:00Z", false],
  ])("%s → %s", (_what, now, open) => {
    expect(reminderWindowOpen(pickup, new Date(now), 18)).toBe(open);
  });
});

describe("remindable and reminderRefusal", () => {
  it.each([
    ["new", "paid", "card", null],
    ["confirmed", "paid", "card", null],
    ["driver_assigned", "paid", "card", null],
    ["confirmed", "partly_refunded", "card", null],
    ["new", "pending_payment", "card", "booking not paid"],
    ["new", "payment_failed", "card", "booking not paid"],
    ["confirmed", "pending_payment", "card", "booking not paid"],
    ["confirmed", "refunded", "card", "booking refunded"],
    ["confirmed", "pending_payment", "cash", null],
    ["cancelled", "paid", "card", "booking cancelled"],
    ["cancelled", "pending_payment", "cash", "booking cancelled"],
    ["completed", "paid", "card", "booking completed"],
    ["no_show", "paid", "card", "booking closed as a no-show"],
  ])("booking %s, payment %s, %s → %s", (bookingStatus, status, paymentMode, reason) => {
    expect(reminderRefusal({ bookingStatus, status, paymentMode })).toBe(reason);
    expect(remindable({ bookingStatus, status, paymentMode })).toBe(reason === null);
  });
});

describe("reminderHorizon", () => {
  it.each([
    ["an ordinary evening", paris(2026, 5, 19, 18, 0), "2026-05-20T22:00:00.000Z"],
    ["just before midnight", paris(2026, 5, 19, 23, 59), "2026-05-20T22:00:00.000Z"],
    ["just after midnight", paris(2026, 5, 20, 0, 1), "2026-05-21T22:00:00.000Z"],
    // The day after tomorrow starts in summer time, tomorrow being the day the clocks go forward.
    ["the eve of the day the clocks go forward", paris(2026, 3, 28, 18, 0), "2026-03-29T22:00:00.000Z"],
    ["the eve of the day the clocks go back", paris(2026, 10, 24, 18, 0), "2026-10-25T23:00:00.000Z"],
  ])("%s", (_what, now, horizon) => {
    expect(reminderHorizon(now).toISOString()).toBe(horizon);
  });
});

describe("dueReminders", () => {
  const base = { bookingStatus: "confirmed", status: "paid", paymentMode: "card" };
  const out = paris(2026, 5, 20, 10, 0);
  const back = paris(2026, 5, 27, 15, 0);

  it("gives each leg of a round trip its own reminder, on its own day before", () => {
    const row = { ...base, roundTrip: true, firstPickupAt: out, returnPickupAt: back };
    expect(dueReminders(row, paris(2026, 5, 19, 18, 0), 18).map((l) => l.leg)).toEqual([1]);
    expect(dueReminders(row, paris(2026, 5, 22, 12, 0), 18)).toEqual([]);
    expect(dueReminders(row, paris(2026, 5, 26, 18, 5), 18).map((l) => l.leg)).toEqual([2]);
  });

  it("reads no return leg on a one-way booking, nor a leg without a pickup moment", () => {
    expect(bookingLegs({ roundTrip: false, firstPickupAt: out, returnPickupAt: back }).map((l) => l.leg)).toEqual([1]);
    expect(bookingLegs({ roundTrip: true, firstPickupAt: null, returnPickupAt: back }).map((l) => l.leg)).toEqual([2]);
  });

  it("sends nothing for a cancelled booking or an unpaid card booking, and sends for one paid on board", () => {
    const row = { roundTrip: false, firstPickupAt: out, returnPickupAt: null };
    const now = paris(2026, 5, 19, 19, 0);
    expect(dueReminders({ ...row, ...base, bookingStatus: "cancelled" }, now, 18)).toEqual([]);
    expect(dueReminders({ ...row, ...base, status: "pending_payment" }, now, 18)).toEqual([]);
    expect(dueReminders({ ...row, ...base, status: "pending_payment", paymentMode: "cash" }, now, 18)).toHaveLength(1);
  });
});

const instants = fc
  .integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2031, 0, 1) })
  .map((ms) => new Date(Math.floor(ms / 60_000) * 60_000));
const hours = fc.integer({ min: 0, max: 23 });

describe("the rule for any pickup and hour (fast-check)", () => {
  it("is due on the Paris day before at the hour (or 3 hours before the pickup), and never within 3 hours of it", () => {
    fc.assert(
      fc.property(instants, hours, (pickup, hour) => {
        const due = reminderDueAt(pickup, hour);
        const latest = pickup.getTime() - 3 * HOUR;
        expect(due.getTime()).toBeLessThanOrEqual(latest);
        expect(pickup.getTime() - due.getTime()).toBeLessThanOrEqual(49 * HOUR);
        if (due.getTime() === latest) return;
        const day = parisParts(pickup);
        const dueParts = parisParts(due);
        expect({ year: dueParts.year, month: dueParts.month, day: dueParts.day }).toEqual(addDays(day, -1));
        expect(dueParts.minute).toBe(0);
        // The hour itself, or (in the spring gap) the hour after it.
        expect([hour, hour + 1]).toContain(dueParts.hour);
        if (dueParts.hour !== hour) expect(parisInstant({ ...dueParts, hour })).toEqual(due);
      }),
    );
  });

  it("is open exactly from the due moment until 2 hours before the pickup, for at least an hour", () => {
    fc.assert(
      fc.property(instants, hours, fc.integer({ min: -60 * 60, max: 60 * 60 }), (pickup, hour, minutes) => {
        const due = reminderDueAt(pickup, hour);
        const cutoff = reminderCutoff(pickup);
        expect(cutoff.getTime() - due.getTime()).toBeGreaterThanOrEqual(HOUR);
        const now = new Date(pickup.getTime() - minutes * 60_000);
        expect(reminderWindowOpen(pickup, now, hour)).toBe(now >= due && now < cutoff);
        // What the worker's query narrows to holds every pickup whose reminder is due.
        if (now >= due) expect(pickup.getTime()).toBeLessThan(reminderHorizon(now).getTime());
      }),
    );
  });
});

describe("staleReminders", () => {
  const now = new Date("2026-05-19T16:30:00Z");
  const later = new Date(now.getTime() + 60_000);
  const earlier = new Date(now.getTime() - 60_000);
  const row = (id: number, leg: number | null, status: "pending" | "sent", more: Partial<WrittenReminder> = {}): WrittenReminder => ({
    id,
    leg,
    resentFrom: null,
    status,
    lockedUntil: null,
    ...more,
  });
  it.each<[string, WrittenReminder[], 1 | 2, { remove: number[]; correct: number | null }]>([
    ["none written (not due yet)", [], 1, { remove: [], correct: null }],
    ["one waiting", [row(1, 1, "pending")], 1, { remove: [1], correct: null }],
    [
      "one waiting after a failed try (its claim ran out)",
      [row(1, 1, "pending", { lockedUntil: earlier })],
      1,
      { remove: [1], correct: null },
    ],
    ["one being sent", [row(1, 1, "pending", { lockedUntil: later })], 1, { remove: [], correct: 1 }],
    ["one sent", [row(1, 1, "sent")], 1, { remove: [], correct: 1 }],
    ["the other leg's only", [row(1, 2, "sent"), row(2, 2, "pending")], 1, { remove: [], correct: null }],
    ["one sent and an update still waiting", [row(1, 1, "sent"), row(2, 1, "pending", { resentFrom: 1 })], 1, { remove: [2], correct: 1 }],
    ["one sent and its update sent", [row(1, 1, "sent"), row(2, 1, "sent", { resentFrom: 1 })], 1, { remove: [], correct: 2 }],
    [
      "staff's copy (no leg of its own) waiting",
      [row(1, 2, "sent"), row(2, null, "pending", { resentFrom: 1 })],
      2,
      { remove: [2], correct: 1 },
    ],
    ["staff's copy of another leg", [row(1, 2, "sent"), row(2, null, "pending", { resentFrom: 1 })], 1, { remove: [], correct: null }],
    ["a copy whose original is gone", [row(2, null, "pending", { resentFrom: 1 })], 1, { remove: [], correct: null }],
  ])("%s", (_what, rows, leg, expected) => {
    expect(staleReminders(rows, leg, now)).toEqual(expected);
  });
});
