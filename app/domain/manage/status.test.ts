import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES, PAYMENT_STATUSES } from "../back-office/statuses";
import type { ShownDriver } from "./leg-drivers";
import { travellerStatus, type TravellerStatusFacts } from "./status";
import { ENGLISH_MANAGE } from "~/lib/test-support/booking-words";

const base: TravellerStatusFacts = {
  bookingStatus: "new",
  paymentStatus: "pending_payment",
  paymentMode: "card",
  priceCents: 9_000,
  refundedCents: 0,
  paidAt: null,
  drivers: [],
};
const driver = { name: "Karim Benali", phone: "+33 6 98 76 54 32" };
/** Karim, the one driver of every leg of the booking. */
const drivers: ShownDriver[] = [{ ...driver, leg: null }];
const jean = { name: "Jean Dupont", phone: "+33 6 11 22 33 44" };
const marc = { name: "Marc Petit", phone: "+33 6 55 66 77 88" };
const paidAt = new Date("2026-05-10T08:00:00Z"); // 10:00 in Paris (summer time)

describe("travellerStatus", () => {
  it.each<[string, Partial<TravellerStatusFacts>, string, string, RegExp]>([
    ["a card booking not paid yet", {}, "waiting_payment", "Waiting for payment", /not paid yet: 90,00\u00a0€ to pay/],
    ["a card payment that failed", { paymentStatus: "payment_failed" }, "payment_failed", "Waiting for payment", /did not go through/],
    [
      "a paid booking not confirmed yet",
      { paymentStatus: "paid", paidAt },
      "paid_waiting_confirmation",
      "Paid, waiting for confirmation",
      /within 12 hours of payment \(by 10\/05\/2026 22:00, Paris time\)/,
    ],
    [
      "a cash booking not confirmed yet",
      { paymentMode: "cash" },
      "waiting_confirmation",
      "Waiting for confirmation",
      /pay the driver on board/,
    ],
    ["a confirmed booking", { bookingStatus: "confirmed", paymentStatus: "paid" }, "confirmed", "Confirmed", /is confirmed/],
    [
      "a card booking confirmed before it is paid",
      { bookingStatus: "confirmed" },
      "confirmed",
      "Confirmed",
      /is confirmed\. .* This booking is not paid yet: 90,00\u00a0€ to pay\.$/,
    ],
    [
      "a card booking confirmed whose payment failed",
      { bookingStatus: "confirmed", paymentStatus: "payment_failed" },
      "confirmed",
      "Confirmed",
      /is confirmed\. .* The payment did not go through, so this booking is not paid yet\. Call us to complete it\.$/,
    ],
    [
      "a card booking with its driver, not paid yet",
      { bookingStatus: "driver_assigned", drivers },
      "driver_assigned",
      "Driver assigned",
      /your driver is Karim Benali\. This booking is not paid yet: 90,00\u00a0€ to pay\.$/,
    ],
    [
      "a confirmed cash booking",
      { bookingStatus: "confirmed", paymentMode: "cash" },
      "confirmed",
      "Confirmed",
      /You pay the driver on board, in cash\. Amount: 90,00\u00a0€/,
    ],
    [
      "a booking with its driver",
      { bookingStatus: "driver_assigned", paymentStatus: "paid", drivers },
      "driver_assigned",
      "Driver assigned",
      /your driver is Karim Benali/,
    ],
    ["a cancelled unpaid booking", { bookingStatus: "cancelled" }, "cancelled", "Cancelled", /Nothing was paid/],
    [
      "a cancelled booking still holding its payment",
      { bookingStatus: "cancelled", paymentStatus: "paid" },
      "cancelled",
      "Cancelled",
      /still to be refunded/,
    ],
    [
      "a cancelled and refunded booking",
      { bookingStatus: "cancelled", paymentStatus: "refunded", refundedCents: 9_000 },
      "cancelled_refunded",
      "Cancelled and refunded",
      /90,00\u00a0€ was refunded to the card/,
    ],
    [
      "a cancelled booking refunded in part",
      { bookingStatus: "cancelled", paymentStatus: "partly_refunded", refundedCents: 4_000 },
      "cancelled_refunded",
      "Cancelled and refunded",
      /40,00\u00a0€ of your payment was refunded/,
    ],
    ["a completed booking", { bookingStatus: "completed", paymentStatus: "paid" }, "completed", "Completed", /has taken place/],
    ["a no-show", { bookingStatus: "no_show", paymentStatus: "paid" }, "no_show", "Closed: no-show", /did not find you/],
  ])("%s", (_what, facts, code, title, line) => {
    const status = travellerStatus({ ...base, ...facts }, ENGLISH_MANAGE, "en");
    expect(status.code).toBe(code);
    expect(status.title).toBe(title);
    expect(status.lines.join(" ")).toMatch(line);
  });

  it("gives the drivers' names and phones only while the booking is confirmed and still to take place", () => {
    for (const bookingStatus of ["confirmed", "driver_assigned"] as const) {
      expect(travellerStatus({ ...base, bookingStatus, paymentStatus: "paid", drivers }, ENGLISH_MANAGE, "en").drivers).toEqual(drivers);
    }
    for (const bookingStatus of ["new", "cancelled", "completed", "no_show"] as const) {
      expect(travellerStatus({ ...base, bookingStatus, paymentStatus: "paid", drivers }, ENGLISH_MANAGE, "en").drivers).toEqual([]);
    }
  });

  it("names each leg's driver of a round trip driven by two drivers", () => {
    const both: ShownDriver[] = [
      { ...jean, leg: "outbound" },
      { ...marc, leg: "return" },
    ];
    const status = travellerStatus(
      { ...base, bookingStatus: "driver_assigned", paymentStatus: "paid", drivers: both },
      ENGLISH_MANAGE,
      "en",
    );
    expect(status.lines).toEqual([
      "Your booking is confirmed and your drivers are Jean Dupont for the outbound and Marc Petit for the return.",
    ]);
    expect(status.drivers).toEqual(both);
  });

  it("names the outbound's driver of a round trip whose return has none yet, and says the return's comes later", () => {
    const outbound: ShownDriver[] = [{ ...jean, leg: "outbound" }];
    const status = travellerStatus({ ...base, bookingStatus: "confirmed", paymentStatus: "paid", drivers: outbound }, ENGLISH_MANAGE, "en");
    expect(status.title).toBe("Confirmed");
    expect(status.lines).toEqual([
      "Your booking is confirmed and your driver for the outbound is Jean Dupont.",
      "We tell you your driver for the return when one is assigned.",
    ]);
    expect(status.drivers).toEqual(outbound);
  });

  it("has a headline and at least one sentence for every pair of statuses, and never says cash to a paid booking", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOOKING_STATUSES),
        fc.constantFrom(...PAYMENT_STATUSES),
        fc.constantFrom("card" as const, "cash" as const),
        fc.integer({ min: 0, max: 9_000 }),
        (bookingStatus, paymentStatus, paymentMode, refundedCents) => {
          const status = travellerStatus({ ...base, bookingStatus, paymentStatus, paymentMode, refundedCents }, ENGLISH_MANAGE, "en");
          expect(status.title).not.toBe("");
          expect(status.lines.length).toBeGreaterThan(0);
          if (paymentStatus === "paid") expect(status.lines.join(" ")).not.toContain("on board");
          // An open card booking not paid yet always says so, whatever staff have done with it.
          const open = bookingStatus === "new" || bookingStatus === "confirmed" || bookingStatus === "driver_assigned";
          const unpaid = paymentStatus === "pending_payment" || paymentStatus === "payment_failed";
          if (open && unpaid && paymentMode === "card") expect(status.lines.join(" ")).toContain("not paid yet");
          if (paymentStatus === "paid" || paymentMode === "cash") expect(status.lines.join(" ")).not.toContain("not paid yet");
        },
      ),
    );
  });
});
