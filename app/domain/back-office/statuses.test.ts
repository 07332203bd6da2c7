import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  availableActions,
  BOOKING_STATUSES,
  canRefund,
  confirmationDue,
  nextStatus,
  PAYMENT_STATUSES,
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

  it("follows the booking's life: nothing after a finished booking, nothing back to new, a card booking confirmed only once paid", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOOKING_STATUSES),
        fc.constantFrom(...PAYMENT_STATUSES),
        fc.constantFrom<"card" | "cash">("card", "cash"),
        fc.constantFrom<StatusAction>("confirm", "assign_driver", "complete", "no_show", "cancel"),
        (bookingStatus, paymentStatus, paymentMode, action) => {
          const facts = { bookingStatus, paymentStatus, paymentMode };
          const result = nextStatus(facts, action);
          const finished = ["completed", "cancelled", "no_show"].includes(bookingStatus);
          if (finished) expect(result.ok).toBe(false);
          if (result.ok) {
            expect(result.to).not.toBe("new");
            // Each action has one destination, wherever it starts.
            const to = {
              confirm: "confirmed",
              assign_driver: "driver_assigned",
              complete: "completed",
              no_show: "no_show",
              cancel: "cancelled",
            };
            expect(result.to).toBe(to[action]);
          }
          if (action === "confirm") expect(result.ok).toBe(bookingStatus === "new" && (paymentMode === "cash" || paymentStatus === "paid"));
          if (action === "assign_driver" || action === "complete" || action === "no_show") {
            expect(result.ok).toBe(bookingStatus === "confirmed" || bookingStatus === "driver_assigned");
          }
          if (action === "cancel") expect(result.ok).toBe(!finished);
          expect(availableActions(facts).includes(action)).toBe(result.ok);
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
    expect(timeLeftText(due, new Date("2026-03-29T12:30:10Z"))).toBe("overdue by 0 h 00 min");
    expect(timeLeftText(due, due)).toBe("0 h 00 min left");
  });
});
