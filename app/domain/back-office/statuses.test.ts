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
import { adminWordsIn } from "~/lib/test-support/admin-words";

const en = adminWordsIn("en");
const fr = adminWordsIn("fr");

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
    if (!result.ok) expect(en(result.reason)).toMatch(/\.$/);
  });

  it.each<[string, "card" | "cash", string, StatusAction, string]>([
    ["completed", "card", "paid", "cancel", "The booking is already completed."],
    ["cancelled", "card", "refunded", "confirm", "The booking is already cancelled."],
    ["no_show", "card", "paid", "complete", "The booking is already no-show."],
    ["confirmed", "card", "paid", "confirm", "The booking is already confirmed."],
    ["new", "card", "pending_payment", "confirm", "A card booking is confirmed once it is paid."],
    ["new", "cash", "pending_payment", "assign_driver", "Confirm the booking before assigning a driver."],
    ["new", "card", "paid", "no_show", "Confirm the booking first."],
  ])("refuses %s (%s, %s) + %s with its reason: %s", (from, mode, payment, action, reason) => {
    const result = nextStatus({ bookingStatus: from as never, paymentMode: mode, paymentStatus: payment as never }, action);
    expect(result.ok ? null : en(result.reason)).toBe(reason);
  });

  it("gives its reasons in French", () => {
    const reason = (from: string, action: StatusAction) => {
      const result = nextStatus({ bookingStatus: from as never, paymentMode: "card", paymentStatus: "pending_payment" }, action);
      return result.ok ? null : fr(result.reason);
    };
    expect(reason("cancelled", "cancel")).toBe("La réservation est déjà annulée.");
    expect(reason("no_show", "complete")).toBe("La réservation est déjà marquée client absent.");
    expect(reason("new", "confirm")).toBe("Une réservation par carte n’est confirmée qu’une fois payée.");
    expect(reason("new", "assign_driver")).toBe("Confirmez la réservation avant d’attribuer un chauffeur.");
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
    if (!result.ok) expect(en(result.reason)).toMatch(/\.$/);
  });

  it("says why, in English and in French", () => {
    const why = (bookingStatus: string, refundableCents: number) => {
      const result = canRefund({ bookingStatus: bookingStatus as never, refundableCents });
      return result.ok ? null : [en(result.reason), fr(result.reason)];
    };
    expect(why("confirmed", 6_500)).toEqual([
      "Only a cancelled booking is refunded on its own: cancel the booking to refund it.",
      "Seule une réservation annulée se rembourse à part\u00a0: annulez la réservation pour la rembourser.",
    ]);
    expect(why("cancelled", 0)).toEqual([
      "Nothing is left to refund on this booking.",
      "Il ne reste rien à rembourser sur cette réservation.",
    ]);
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
    expect(timeLeftText(due, new Date("2026-03-29T08:25:00Z"), en)).toBe("4 h 05 min left");
    expect(timeLeftText(due, new Date("2026-03-29T13:40:00Z"), en)).toBe("overdue by 1 h 10 min");
    expect(timeLeftText(due, new Date("2026-03-29T12:30:10Z"), en)).toBe("overdue by 0 h 00 min");
    expect(timeLeftText(due, due, en)).toBe("0 h 00 min left");
  });

  it("says the time left and the delay in French", () => {
    const due = new Date("2026-03-29T12:30:00Z");
    expect(timeLeftText(due, new Date("2026-03-29T08:25:00Z"), fr)).toBe("encore 4 h 05 min");
    expect(timeLeftText(due, new Date("2026-03-29T13:40:00Z"), fr)).toBe("en retard de 1 h 10 min");
  });
});
