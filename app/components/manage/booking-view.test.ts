import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseMeetingPoints } from "~/domain/meeting-points";
import { manageView, type ManagedRow } from "./booking-view";

const points = parseMeetingPoints(readFileSync("data/meeting-points.csv", "utf8")).points;
const pickupAt = new Date("2026-05-20T08:00:00.000Z"); // 10:00 in Paris
const HOUR = 3_600_000;

const row: ManagedRow = {
  orderId: "NV-7K3M9Q",
  test: false,
  kind: "private",
  roundTrip: true,
  depart: "Charles_de_Gaulle_Airport_(CDG)",
  arrive: "Disneyland_Paris",
  adults: 2,
  children: 1,
  babies: 0,
  priceCents: 12_000,
  currency: "EUR",
  paymentMode: "card",
  status: "paid",
  bookingStatus: "confirmed",
  refundedCents: 0,
  paidAmountCents: null,
  paidAt: new Date("2026-05-01T08:00:00Z"),
  firstPickupAt: pickupAt,
  details: {
    legs: [
      {
        leg: 1,
        date: "2026-05-20",
        pickupAt: pickupAt.toISOString(),
        passengers: { adults: 2, children: 1, babies: 0 },
        pickup: {
          place: "Charles_de_Gaulle_Airport_(CDG)",
          kind: "flight",
          flightNumber: "BA304",
          flightCity: "London",
          flightTime: "10:00",
          terminal: "2E",
        },
        dropoff: { place: "Disneyland_Paris", kind: "address", hotel: "Disneyland Hotel", address: "", zip: "77700" },
        info: "Child seat please",
      },
      {
        leg: 2,
        date: "2026-05-24",
        pickupAt: "2026-05-24T07:00:00.000Z",
        passengers: { adults: 2, children: 1, babies: 0 },
        pickup: { place: "Disneyland_Paris", kind: "address", hotel: "Disneyland Hotel", address: "", zip: "77700" },
        dropoff: {
          place: "Charles_de_Gaulle_Airport_(CDG)",
          kind: "flight",
          flightNumber: "BA305",
          flightCity: "London",
          flightTime: "13:00",
          terminal: "",
        },
        info: "",
      },
    ],
    luggage: { checkIn: 2, cabin: 1, strollerSingle: 0, strollerDouble: 0, info: "" },
  },
};

const input = { driver: null, refundableCents: 12_000, points, now: new Date(pickupAt.getTime() - 76 * HOUR) };

describe("manageView", () => {
  it("writes the booking in words: legs in Paris time with the terminal, the meeting points, passengers, luggage and the amount paid", () => {
    const view = manageView(row, input);
    expect(view).toMatchObject({
      orderId: "NV-7K3M9Q",
      service: "Private transfer",
      route: "Charles de Gaulle Airport (CDG) to Disneyland Paris (round trip)",
      passengers: "2 adults, 1 child, 0 babies",
      luggage: "2 check-in, 1 cabin, 0 single strollers, 0 double strollers",
      money: [{ label: "Amount paid", amount: "120,00\u00a0€" }],
      open: true,
      refund: "120,00\u00a0€",
    });
    expect(view.status.title).toBe("Confirmed");
    expect(view.legs).toHaveLength(2);
    expect(view.legs[0]).toMatchObject({
      title: "Outbound (leg 1)",
      when: "20/05/2026 10:00 (Paris time)",
      passengers: "2 adults, 1 child, 0 babies",
      notes: "Child seat please",
    });
    expect(view.legs[0]!.from).toContain("Terminal 2E");
    expect(view.legs[0]!.from).toContain("flight BA304 from London");
    expect(view.legs[0]!.meetingPoint).toMatch(/^Terminal 2E, arrivals hall/);
    expect(view.legs[1]).toMatchObject({ when: "24/05/2026 09:00 (Paris time)" });
    expect(view.legs[1]!.meetingPoint).toMatch(/^At the entrance of your hotel/);
  });

  it("gives the free-cancellation line and the time left before the deadline, and why not after it", () => {
    const early = manageView(row, input);
    expect(early.deadline).toEqual({
      text: "Free cancellation until 19/05/2026 10:00 (Paris time)",
      until: "2026-05-19T08:00:00.000Z",
      left: "2 days 4 hours",
    });
    expect(early.closedBecause).toBeNull();
    const late = manageView(row, { ...input, now: new Date(pickupAt.getTime() - 20 * HOUR) });
    expect(late.deadline).toBeNull();
    expect(late.closedBecause).toBe(
      "Free cancellation ended on 19/05/2026 10:00 (Paris time): bookings cannot be cancelled online within 24 hours of pickup.",
    );
  });

  it("shows no deadline on a cancelled or finished booking", () => {
    for (const bookingStatus of ["cancelled", "completed", "no_show"] as const) {
      const view = manageView({ ...row, bookingStatus }, input);
      expect(view).toMatchObject({ open: false, deadline: null, closedBecause: null });
    }
  });

  it.each<[string, Partial<ManagedRow>, { label: string; amount: string }[]]>([
    ["unpaid by card", { status: "pending_payment" }, [{ label: "To pay", amount: "120,00\u00a0€" }]],
    [
      "paid on board",
      { status: "pending_payment", paymentMode: "cash" },
      [{ label: "To pay the driver on board", amount: "120,00\u00a0€" }],
    ],
    [
      "refunded",
      { status: "refunded", bookingStatus: "cancelled", refundedCents: 12_000 },
      [
        { label: "Amount paid", amount: "120,00\u00a0€" },
        { label: "Refunded", amount: "120,00\u00a0€" },
      ],
    ],
    ["cancelled unpaid", { status: "pending_payment", bookingStatus: "cancelled" }, [{ label: "Amount paid", amount: "0,00\u00a0€" }]],
  ])("money of a booking %s", (_what, edits, money) => {
    expect(manageView({ ...row, ...edits }, input).money).toEqual(money);
  });

  it("shows no meeting point without the file, and reads a booking without legs", () => {
    expect(manageView(row, { ...input, points: undefined }).legs[0]!.meetingPoint).toBeNull();
    const bare = manageView({ ...row, details: {}, firstPickupAt: null }, input);
    expect(bare.legs).toEqual([]);
    expect(bare.deadline).toBeNull();
    expect(bare.closedBecause).toBe("This booking has no pickup time on record, so it cannot be cancelled online.");
  });
});
