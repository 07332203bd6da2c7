import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  availableActions,
  BOOKING_STATUSES,
  canRefund,
  confirmationDue,
  formatParisDateTime,
  nextStatus,
  PAYMENT_STATUSES,
  parisDayRange,
  timeLeftText,
  type StatusAction,
} from "./statuses";

describe("nextStatus", () => {
  it.each<[string, "card" | "cash", string, StatusAction, string | null]>([
    ["new", "card", "paid", "confirm", "confirmed"],
    ["new", "card", "pending_payment", "confirm", null],
    ["new", "cash", "pending_payment", "confirm", "confirmed"],
    ["confirmed", "card", "paid", "confirm", null],
    ["new", "card", "paid", "assign_driver", null],
    ["confirmed", "card", "paid", "assign_driver", "driver_assigned"],
    ["driver_assigned", "card", "paid", "assign_driver", "driver_assigned"],
    ["driver_assigned", "card", "paid", "complete", "completed"],
    ["confirmed", "card", "paid", "no_show", "no_show"],
    ["new", "card", "paid", "complete", null],
    ["new", "card", "paid", "cancel", "cancelled"],
    ["driver_assigned", "card", "paid", "cancel", "cancelled"],
    ["cancelled", "card", "refunded", "cancel", null],
    ["completed", "card", "paid", "cancel", null],
    ["no_show", "card", "paid", "complete", null],
  ])("%s (%s, %s) + %s → %s", (from, mode, payment, action, to) => {
    const result = nextStatus({ bookingStatus: from as never, paymentMode: mode, paymentStatus: payment as never }, action);
    expect(result.ok ? result.to : null).toBe(to);
    if (!result.ok) expect(result.reason).toMatch(/\.$/);
  });

  it("never leads out of a finished booking, and availableActions lists exactly the allowed ones", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOOKING_STATUSES),
        fc.constantFrom(...PAYMENT_STATUSES),
        fc.constantFrom<"card" | "cash">("card", "cash"),
        (bookingStatus, paymentStatus, paymentMode) => {
          const facts = { bookingStatus, paymentStatus, paymentMode };
          const actions = availableActions(facts);
          if (["completed", "cancelled", "no_show"].includes(bookingStatus)) expect(actions).toEqual([]);
          for (const action of ["confirm", "assign_driver", "complete", "no_show", "cancel"] as const) {
            expect(actions.includes(action)).toBe(nextStatus(facts, action).ok);
          }
        },
      ),
    );
  });
});

describe("canRefund", () => {
  it.each<[string, number, boolean]>([
    ["cancelled", 6_500, true],
    ["cancelled", 1, true],
    ["cancelled", 0, false],
    ["new", 6_500, false],
    ["confirmed", 6_500, false],
    ["driver_assigned", 6_500, false],
    ["completed", 6_500, false],
    ["no_show", 6_500, false],
  ])("%s with %i cents left to refund → %s", (bookingStatus, refundableCents, ok) => {
    const result = canRefund({ bookingStatus: bookingStatus as never, refundableCents });
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.reason).toMatch(/\.$/);
  });

  it("allows a refund exactly when the booking is cancelled and money is left", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BOOKING_STATUSES), fc.integer({ min: -10, max: 1_000_000 }), (bookingStatus, refundableCents) => {
        expect(canRefund({ bookingStatus, refundableCents }).ok).toBe(bookingStatus === "cancelled" && refundableCents > 0);
      }),
    );
  });
});

describe("the 12-hour promise", () => {
  it("is due 12 hours after payment and counts down in words", () => {
    const paid = new Date("2026-03-29T00:30:00Z");
    const due = confirmationDue(paid);
    expect(due.toISOString()).toBe("2026-03-29T12:30:00.000Z");
    expect(timeLeftText(due, new Date("2026-03-29T08:25:00Z"))).toBe("4 h 05 min left");
    expect(timeLeftText(due, new Date("2026-03-29T13:40:00Z"))).toBe("overdue by 1 h 10 min");
  });
});

describe("Paris days", () => {
  it.each([
    // A usual day, the spring change (23 hours) and the autumn change (25 hours).
    ["2026-11-24", "2026-11-23T23:00:00.000Z", "2026-11-24T23:00:00.000Z"],
    ["2026-03-29", "2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z"],
    ["2026-10-25", "2026-10-24T22:00:00.000Z", "2026-10-25T23:00:00.000Z"],
  ])("%s spans [%s, %s)", (day, start, end) => {
    const [year, month, d] = day.split("-").map(Number) as [number, number, number];
    const range = parisDayRange({ year, month, day: d });
    expect(range.start.toISOString()).toBe(start);
    expect(range.end.toISOString()).toBe(end);
  });

  it("writes instants as dd/MM/yyyy HH:mm in Paris time, summer and winter", () => {
    expect(formatParisDateTime(new Date("2026-07-01T05:45:00Z"))).toBe("01/07/2026 07:45");
    expect(formatParisDateTime(new Date("2026-12-31T23:30:00Z"))).toBe("01/01/2027 00:30");
  });
});
