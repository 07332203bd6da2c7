import { describe, expect, it } from "vitest";
import { MEETING_POINTS_HEADER, parseMeetingPoints } from "../meeting-points";
import { voucherView, type VoucherBooking } from "./voucher";
import { ENGLISH_MAIL, ENGLISH_MANAGE } from "~/lib/test-support/booking-words";

const { points } = parseMeetingPoints(
  [
    MEETING_POINTS_HEADER,
    "CDG,,shuttle,Shuttle desk of your terminal",
    "CDG,,private,Arrivals hall of your terminal",
    'CDG,2E,private,"Terminal 2E, exit 8"',
    "ORY,,private,ORY private default",
    "BVA,,shuttle,BVA shuttle default",
    "BVA,,private,BVA private default",
    "*,,shuttle,Hotel lobby (shuttle)",
    "*,,private,Hotel lobby (private)",
  ].join("\n"),
);

const arrival = {
  leg: 1,
  date: "2026-07-01",
  pickupAt: "2026-07-01T08:00:00.000Z",
  pickupTime: null,
  passengers: { adults: 2, children: 0, babies: 0, total: 2 },
  durationMinutes: 45,
  delayDepartMinutes: 30,
  delayArriveMinutes: 120,
  pickup: {
    place: "Charles_de_Gaulle_Airport_(CDG)",
    kind: "flight",
    flightTime: "10:00",
    flightCity: "London",
    flightNumber: "BA304",
    hotel: "",
    hotelId: null,
    address: "",
    zip: "",
    terminal: "2E",
  },
  dropoff: {
    place: "Disneyland_Paris",
    kind: "address",
    flightTime: null,
    flightCity: "",
    flightNumber: "",
    hotel: "Hotel Cheyenne",
    hotelId: 12,
    address: "Avenue de la Fosse des Pressoirs",
    zip: "77700",
  },
  info: "",
};
const departure = {
  ...arrival,
  leg: 2,
  date: "2026-07-05",
  pickupAt: "2026-07-05T12:30:00.000Z",
  pickup: arrival.dropoff,
  dropoff: { ...arrival.pickup, flightTime: "18:00", flightNumber: "BA305", flightCity: "London", terminal: "" },
};

/** A booking's details holding `legs`. */
const withLegs = (legs: unknown[]) => ({
  customer: { lastname: "Martin", firstname: "Alice", email: "alice@example.com", phoneMobile: "+33612345678" },
  legs,
  luggage: { checkIn: 2, cabin: 1, strollerSingle: 0, strollerDouble: 0, info: "" },
});

const row: VoucherBooking = {
  orderId: "NV-ABC123",
  kind: "private",
  roundTrip: true,
  depart: "Charles_de_Gaulle_Airport_(CDG)",
  arrive: "Disneyland_Paris",
  firstname: "Alice",
  lastname: "Martin",
  adults: 2,
  children: 1,
  babies: 0,
  details: withLegs([arrival, departure]),
  bookingStatus: "confirmed",
  status: "paid",
  paymentMode: "card",
};

const PHONE = "+33 1 99 00 12 34";

describe("voucherView", () => {
  it("gives a leg's planned shuttle run and none for a leg without one", () => {
    const departsAt = new Date("2026-05-12T09:10:00Z");
    const v = voucherView(row, {
      words: ENGLISH_MAIL,
      manage: ENGLISH_MANAGE,
      phone: PHONE,
      points,
      runs: new Map([[1, { direction: "arrival", departsAt }]]),
    });
    expect(v.legs.map((l) => l.shuttleRun)).toEqual(["The shared shuttle leaves the meeting point at 11:10 (Paris time).", null]);
  });

  it("gives the order, the party, each leg in Paris time with its flight, terminal and meeting point", () => {
    const v = voucherView(row, { words: ENGLISH_MAIL, manage: ENGLISH_MANAGE, phone: PHONE, points });
    expect(v).toMatchObject({
      orderId: "NV-ABC123",
      service: "Private transfer",
      route: "Charles de Gaulle Airport (CDG) to Disneyland Paris (round trip)",
      name: "Alice Martin",
      party: "2 adults, 1 child, 0 babies",
      luggage: "2 check-in, 1 cabin, 0 single strollers, 0 double strollers",
      warning: null,
      test: false,
      drivers: [],
    });
    expect(v.legs.map((l) => [l.title, l.when, l.from, l.to, l.flight, l.meetingPoint])).toEqual([
      [
        "Outbound",
        "01/07/2026 at 10:00 (Paris time)",
        "Charles de Gaulle Airport (CDG), Terminal 2E",
        "Disneyland Paris",
        "BA304 from London, landing 10:00 (Paris time)",
        "Terminal 2E, exit 8",
      ],
      [
        "Return",
        "05/07/2026 at 14:30 (Paris time)",
        "Disneyland Paris",
        "Charles de Gaulle Airport (CDG)",
        "BA305 to London, takeoff 18:00 (Paris time)",
        "Hotel lobby (private)",
      ],
    ]);
  });

  it("says what to do if the driver cannot be found: stay, call the business with the order id, leave with no one else", () => {
    const v = voucherView(row, { words: ENGLISH_MAIL, manage: ENGLISH_MANAGE, phone: PHONE, points });
    expect(v.driverNotFound).toEqual([
      "Stay at the meeting point: the driver looks for you there.",
      "Call us on +33 1 99 00 12 34, quoting your order number NV-ABC123.",
      "Do not leave with another driver or a taxi driver who offers to take you: your driver knows your name and this order number.",
    ]);
    const karim = { name: "Karim Benali", phone: "+33 6 98 76 54 32" };
    const withDriver = voucherView(row, {
      words: ENGLISH_MAIL,
      manage: ENGLISH_MANAGE,
      phone: PHONE,
      points,
      drivers: new Map([
        [1, karim],
        [2, karim],
      ]),
    });
    expect(withDriver.driverNotFound[1]).toBe("Call your driver, Karim Benali, on +33 6 98 76 54 32.");
  });

  it("gives a one-way trip's driver as the booking's driver", () => {
    const karim = { name: "Karim Benali", phone: "+33 6 98 76 54 32" };
    const v = voucherView(
      { ...row, roundTrip: false, details: withLegs([arrival]) },
      { words: ENGLISH_MAIL, manage: ENGLISH_MANAGE, phone: PHONE, drivers: new Map([[1, karim]]) },
    );
    expect(v.drivers).toEqual([{ ...karim, leg: null, title: "Your driver" }]);
    expect(v.driverNotFound[1]).toBe("Call your driver, Karim Benali, on +33 6 98 76 54 32.");
  });

  it("gives each leg's driver of a round trip driven by two drivers, with their leg", () => {
    const jean = { name: "Jean Dupont", phone: "+33 6 11 22 33 44" };
    const marc = { name: "Marc Petit", phone: "+33 6 55 66 77 88" };
    const v = voucherView(row, {
      words: ENGLISH_MAIL,
      manage: ENGLISH_MANAGE,
      phone: PHONE,
      points,
      drivers: new Map([
        [1, jean],
        [2, marc],
      ]),
    });
    expect(v.drivers).toEqual([
      { ...jean, leg: "outbound", title: "Your driver for the outbound" },
      { ...marc, leg: "return", title: "Your driver for the return" },
    ]);
    expect(v.driverNotFound[1]).toBe(
      "Call your driver: for the outbound, Jean Dupont, on +33 6 11 22 33 44; for the return, Marc Petit, on +33 6 55 66 77 88.",
    );
  });

  it("gives the outbound's driver only while the return has none", () => {
    const jean = { name: "Jean Dupont", phone: "+33 6 11 22 33 44" };
    const v = voucherView(row, { words: ENGLISH_MAIL, manage: ENGLISH_MANAGE, phone: PHONE, points, drivers: new Map([[1, jean]]) });
    expect(v.drivers).toEqual([{ ...jean, leg: "outbound", title: "Your driver for the outbound" }]);
    expect(v.driverNotFound[1]).toBe("Call your driver: for the outbound, Jean Dupont, on +33 6 11 22 33 44.");
  });

  it.each([
    [
      "private",
      "arrival and departure",
      [arrival, departure],
      [
        "even if it is early or late. Your driver waits free of charge until 60 minutes after the landing.",
        "a few minutes before the pick-up time, with your luggage and travel documents. The driver waits 15 minutes after the pick-up time",
        "Keep your phone on",
      ],
    ],
    ["shuttle", "arrival only", [arrival], ["15 to 30 minutes", "Keep your phone on"]],
    // A one-way departure is the booking's leg 1.
    [
      "shuttle",
      "departure only",
      [{ ...departure, leg: 1 }],
      [
        "10 minutes before the pick-up time, with your luggage. The driver waits 15 minutes after the pick-up time, no longer.",
        "Keep your phone on",
      ],
    ],
  ])("tells a %s traveller what happens on the day (%s)", (kind, _what, legs, words) => {
    const v = voucherView({ ...row, kind, details: withLegs(legs) }, { words: ENGLISH_MAIL, manage: ENGLISH_MANAGE, phone: PHONE, points });
    expect(v.onTheDay).toHaveLength(words.length);
    words.forEach((w, i) => expect(v.onTheDay[i]).toContain(w));
  });

  it.each([
    [{ bookingStatus: "cancelled" }, "This booking is cancelled: this voucher is no longer valid."],
    [{ bookingStatus: "completed" }, "This booking's transfers have taken place."],
    [{ status: "pending_payment" }, "This booking is not paid yet: the voucher is valid once it is paid."],
    [{ status: "pending_payment", paymentMode: "cash" }, null],
    [{ bookingStatus: "driver_assigned" }, null],
  ])("warns when the voucher cannot be used as it stands (%j)", (change, warning) => {
    expect(voucherView({ ...row, ...change }, { words: ENGLISH_MAIL, manage: ENGLISH_MANAGE, phone: PHONE }).warning).toBe(warning);
  });

  it.each([
    ["not an object", "nonsense"],
    ["without their luggage", { legs: [arrival, departure] }],
    ["with legs out of order", withLegs([departure, arrival])],
  ])("never throws on details %s: no legs or luggage, the route, name and party from the booking", (_what, details) => {
    const v = voucherView(
      { ...row, details, adults: 1, children: 0, babies: 0 },
      { words: ENGLISH_MAIL, manage: ENGLISH_MANAGE, phone: PHONE, points },
    );
    expect(v.legs).toEqual([]);
    expect(v.luggage).toBeNull();
    expect(v.party).toBe("1 adult, 0 children, 0 babies");
    expect(v.route).toBe("Charles de Gaulle Airport (CDG) to Disneyland Paris (round trip)");
    expect(v.name).toBe("Alice Martin");
  });
});
