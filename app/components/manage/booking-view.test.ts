import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseMeetingPoints } from "~/domain/meeting-points";
import { manageView, type ManagedRow, type ManageViewInput } from "./booking-view";
import { englishManageWords, englishMailWords } from "../catalogue-for-tests";

const points = parseMeetingPoints(readFileSync("data/meeting-points.csv", "utf8")).points;
const pickupAt = new Date("2026-05-20T08:00:00.000Z"); // 10:00 in Paris
const HOUR = 3_600_000;

/** Charles de Gaulle at `terminal`, with the flight `flightNumber` from or to London at `flightTime`. */
const airport = (flightNumber: string, flightTime: string, terminal: string) => ({
  place: "Charles_de_Gaulle_Airport_(CDG)",
  kind: "flight",
  flightTime,
  flightCity: "London",
  flightNumber,
  hotel: "",
  hotelId: null,
  address: "",
  zip: "",
  terminal,
});
const HOTEL = {
  place: "Disneyland_Paris",
  kind: "address",
  flightTime: null,
  flightCity: "",
  flightNumber: "",
  hotel: "Disneyland Hotel",
  hotelId: null,
  address: "",
  zip: "77700",
};
/** What both legs hold besides their day, moment, ends and notes. */
const LEG = {
  pickupTime: null,
  passengers: { adults: 2, children: 1, babies: 0 },
  durationMinutes: 45,
  delayDepartMinutes: 30,
  delayArriveMinutes: 120,
};

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
    customer: { lastname: "Martin", firstname: "Claire", email: "claire@example.com", phoneMobile: "+33612345678" },
    legs: [
      {
        ...LEG,
        leg: 1,
        date: "2026-05-20",
        pickupAt: pickupAt.toISOString(),
        pickup: airport("BA304", "10:00", "2E"),
        dropoff: HOTEL,
        info: "Child seat please",
      },
      {
        ...LEG,
        leg: 2,
        date: "2026-05-24",
        pickupAt: "2026-05-24T07:00:00.000Z",
        pickup: HOTEL,
        dropoff: airport("BA305", "13:00", ""),
        info: "",
      },
    ],
    luggage: { checkIn: 2, cabin: 1, strollerSingle: 0, strollerDouble: 0, info: "" },
  },
};

const input: ManageViewInput = {
  drivers: new Map(),
  refundableCents: 12_000,
  points,
  words: englishMailWords(),
  manage: englishManageWords(),
  now: new Date(pickupAt.getTime() - 76 * HOUR),
};
const jean = { name: "Jean Dupont", phone: "+33 6 11 22 33 44" };
const marc = { name: "Marc Petit", phone: "+33 6 55 66 77 88" };

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

  it("names each leg's driver of a round trip driven by two drivers", () => {
    const drivers = new Map([
      [1, jean],
      [2, marc],
    ] as const);
    const view = manageView({ ...row, bookingStatus: "driver_assigned" }, { ...input, drivers });
    expect(view.status.lines[0]).toBe(
      "Your booking is confirmed and your drivers are Jean Dupont for the outbound and Marc Petit for the return.",
    );
    expect(view.status.drivers).toEqual([
      { ...jean, leg: "outbound", title: "Your driver for the outbound" },
      { ...marc, leg: "return", title: "Your driver for the return" },
    ]);
  });

  it("names one driver of both legs as the booking's driver, as a one-way trip's", () => {
    const drivers = new Map([
      [1, jean],
      [2, jean],
    ] as const);
    const view = manageView({ ...row, bookingStatus: "driver_assigned" }, { ...input, drivers });
    expect(view.status.lines[0]).toBe("Your booking is confirmed and your driver is Jean Dupont.");
    expect(view.status.drivers).toEqual([{ ...jean, leg: null, title: "Your driver" }]);
  });

  it("shows the outbound's driver only while the return has none", () => {
    const view = manageView(row, { ...input, drivers: new Map([[1, jean]] as const) });
    expect(view.status.drivers).toEqual([{ ...jean, leg: "outbound", title: "Your driver for the outbound" }]);
    expect(view.status.lines).toContain("We tell you your driver for the return when one is assigned.");
  });

  it("shows no meeting point without the file", () => {
    expect(manageView(row, { ...input, points: undefined }).legs[0]!.meetingPoint).toBeNull();
  });

  it("reads a booking whose details do not read from its columns: no legs, no luggage, no deadline without the pickup's column", () => {
    const bare = manageView({ ...row, details: {}, firstPickupAt: null }, input);
    expect(bare).toMatchObject({
      route: "Charles de Gaulle Airport (CDG) to Disneyland Paris (round trip)",
      passengers: "2 adults, 1 child, 0 babies",
      legs: [],
      luggage: null,
      deadline: null,
    });
    expect(bare.closedBecause).toBe("This booking has no pickup time on record, so it cannot be cancelled online.");
    // The pickup's column still gives the deadline.
    expect(manageView({ ...row, details: {} }, input).deadline?.text).toBe("Free cancellation until 19/05/2026 10:00 (Paris time)");
  });
});
