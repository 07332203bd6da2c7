import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { storedDetails, type BookingEnd, type BookingLeg, type LegNumber, type StoredDetails, NO_CHILD_SEATS } from "../booking/model";
import { isJob, neighbourDays, pickupsOfDay, runSheetDay, type PickupBooking } from "./run-sheet";
import { adminWordsIn } from "~/lib/test-support/admin-words";

const en = adminWordsIn("en");

const flightEnd = (place: string, number: string, city: string, time: string): BookingEnd => ({
  place,
  kind: "flight",
  flightTime: time,
  flightCity: city,
  flightNumber: number,
  hotel: "",
  hotelId: null,
  address: "",
  zip: "",
  terminal: "",
});
const hotelEnd = (place: string, hotel: string): BookingEnd => ({
  place,
  kind: "address",
  flightTime: null,
  flightCity: "",
  flightNumber: "",
  hotel,
  hotelId: null,
  address: "1 Rue X",
  zip: "77700",
  terminal: "",
});

function leg(n: LegNumber, pickupAt: string, party: [number, number, number], pickup: BookingEnd, dropoff: BookingEnd): BookingLeg {
  const [adults, children, babies] = party;
  return {
    leg: n,
    date: pickupAt.slice(0, 10),
    pickupAt: new Date(pickupAt),
    pickupTime: null,
    passengers: { adults, children, babies, total: adults + children + babies },
    durationMinutes: 60,
    delayDepartMinutes: 0,
    delayArriveMinutes: 0,
    pickup,
    dropoff,
    info: "",
  };
}

const details = (legs: BookingLeg[]): StoredDetails =>
  storedDetails({
    customer: {
      lastname: "Martin",
      firstname: "Claire",
      email: "claire@example.com",
      phoneMobile: "+33612345678",
      address: "",
      postcode: "",
      city: "",
      country: "",
      phoneCountryCode: "",
    },
    legs,
    luggage: { checkIn: 2, cabin: 1, strollerSingle: 1, strollerDouble: 0, info: "" },
    childSeats: NO_CHILD_SEATS,
  });

function booking(orderId: string, first: string, ret: string | null = null, edits: Partial<PickupBooking> = {}): PickupBooking {
  return {
    orderId,
    test: false,
    bookingStatus: "confirmed",
    paymentStatus: "paid",
    paymentMode: "card",
    source: "web",
    depart: "Orly Airport (ORY)",
    arrive: "Disneyland Paris",
    adults: 2,
    children: 1,
    babies: 0,
    firstPickupAt: new Date(first),
    returnPickupAt: ret ? new Date(ret) : null,
    firstDriverName: null,
    returnDriverName: null,
    details: details([
      leg(
        1,
        first,
        [2, 1, 0],
        flightEnd("Orly Airport (ORY)", "BA304", "London", "10:00"),
        hotelEnd("Disneyland Paris", "Disneyland Hotel"),
      ),
      leg(
        2,
        ret ?? first,
        [2, 0, 1],
        hotelEnd("Disneyland Paris", "Disneyland Hotel"),
        flightEnd("Orly Airport (ORY)", "BA305", "London", "18:00"),
      ),
    ]),
    ...edits,
  };
}

const day = (iso: string) => {
  const r = runSheetDay(iso, new Date(), en);
  if (!r.ok) throw new Error(iso);
  return r.day;
};
const sheet = (bookings: PickupBooking[], iso: string) => pickupsOfDay(bookings, day(iso), en);
const summary = (bookings: PickupBooking[], iso: string) => sheet(bookings, iso).lines.map((l) => `${l.time} ${l.orderId}/${l.leg}`);

describe("pickupsOfDay", () => {
  it("gives each leg of the day one line, in time order, both legs of a same-day round trip apart", () => {
    const bookings = [
      booking("NV-BBBBBB", "2026-06-10T12:00:00Z"),
      booking("NV-AAAAAA", "2026-06-10T06:00:00Z", "2026-06-10T15:30:00Z"),
      booking("NV-CCCCCC", "2026-06-11T06:00:00Z", "2026-06-10T08:00:00Z"),
      booking("NV-DDDDDD", "2026-06-09T21:59:00Z"), // 23:59 on the 9th in Paris
      booking("NV-EEEEEE", "2026-06-10T22:00:00Z"), // midnight on the 11th in Paris
    ];
    expect(summary(bookings, "2026-06-10")).toEqual(["08:00 NV-AAAAAA/1", "10:00 NV-CCCCCC/2", "14:00 NV-BBBBBB/1", "17:30 NV-AAAAAA/2"]);
  });

  it("writes what a driver needs: flight, places with the hotel, the leg's party, the luggage, driver and status", () => {
    const [outbound, back] = sheet(
      [booking("NV-AAAAAA", "2026-06-10T08:00:00Z", "2026-06-10T14:00:00Z", { firstDriverName: "Jean", returnDriverName: "Jean" })],
      "2026-06-10",
    ).lines;
    expect(outbound).toMatchObject({
      time: "10:00",
      flight: "BA304 from London, lands 10:00",
      from: "Orly Airport (ORY)",
      to: "Disneyland Paris, Disneyland Hotel",
      passengers: "2 adults, 1 child",
      luggage: "2 check-in, 1 cabin, 1 single stroller",
      driver: "Jean",
      status: "Confirmed",
      roundTrip: true,
    });
    expect(back).toMatchObject({
      time: "16:00",
      flight: "BA305 to London, takes off 18:00",
      from: "Disneyland Paris, Disneyland Hotel",
      to: "Orly Airport (ORY)",
      passengers: "2 adults, 1 baby",
    });
  });

  it("writes a French member's lines in French", () => {
    const booked = [booking("NV-AAAAAA", "2026-06-10T08:00:00Z", "2026-06-10T14:00:00Z", { firstDriverName: "Jean" })];
    const [outbound, back] = pickupsOfDay(booked, day("2026-06-10"), adminWordsIn("fr")).lines;
    expect(outbound).toMatchObject({
      flight: "BA304 en provenance de London, atterrit à 10:00",
      passengers: "2 adultes, 1 enfant",
      luggage: "2 bagages en soute, 1 bagage cabine, 1 poussette simple",
      status: "Confirmée",
    });
    expect(back).toMatchObject({ flight: "BA305 à destination de London, décolle à 18:00", passengers: "2 adultes, 1 bébé" });
  });

  it("shows each leg's own driver: the return's may be another, or none yet", () => {
    const [outbound, back] = sheet(
      [booking("NV-AAAAAA", "2026-06-10T08:00:00Z", "2026-06-10T14:00:00Z", { firstDriverName: "Jean", returnDriverName: "Marc" })],
      "2026-06-10",
    ).lines;
    expect([outbound!.driver, back!.driver]).toEqual(["Jean", "Marc"]);
    const [, unassigned] = sheet(
      [booking("NV-AAAAAA", "2026-06-10T08:00:00Z", "2026-06-10T14:00:00Z", { firstDriverName: "Jean" })],
      "2026-06-10",
    ).lines;
    expect(unassigned!.driver).toBeNull();
  });

  it("gives a booking whose details could not be read its own columns, saying its legs could not be read", () => {
    const [line] = sheet([booking("NV-AAAAAA", "2026-06-10T08:00:00Z", null, { details: null })], "2026-06-10").lines;
    expect(line).toMatchObject({
      time: "10:00",
      flight: "",
      from: "Orly Airport (ORY)",
      to: "Disneyland Paris",
      passengers: "2 adults, 1 child",
      luggage: "Not known",
      unread: true,
    });
  });

  it("gives a leg missing from the stored details the booking's columns, the other leg its own", () => {
    const oneLeg = details([
      leg(
        1,
        "2026-06-10T08:00:00Z",
        [2, 1, 0],
        flightEnd("Orly Airport (ORY)", "BA304", "London", "10:00"),
        hotelEnd("Disneyland Paris", ""),
      ),
    ]);
    const [outbound, back] = sheet(
      [booking("NV-AAAAAA", "2026-06-10T08:00:00Z", "2026-06-10T14:00:00Z", { details: oneLeg })],
      "2026-06-10",
    ).lines;
    expect(outbound).toMatchObject({ flight: "BA304 from London, lands 10:00", unread: false });
    expect(back).toMatchObject({
      from: "Disneyland Paris",
      to: "Orly Airport (ORY)",
      luggage: "2 check-in, 1 cabin, 1 single stroller",
      unread: true,
    });
  });

  it("leaves out cancelled bookings, counting them, and unpaid web bookings still new", () => {
    const bookings = [
      booking("NV-AAAAAA", "2026-06-10T08:00:00Z", "2026-06-10T14:00:00Z", { bookingStatus: "cancelled", paymentStatus: "refunded" }),
      booking("NV-BBBBBB", "2026-06-10T09:00:00Z", null, { bookingStatus: "new", paymentStatus: "pending_payment" }),
      booking("NV-CCCCCC", "2026-06-10T10:00:00Z", null, { bookingStatus: "new", paymentStatus: "paid" }),
      booking("NV-DDDDDD", "2026-06-12T10:00:00Z", null, { bookingStatus: "cancelled" }),
    ];
    const result = sheet(bookings, "2026-06-10");
    expect(result.lines.map((l) => l.orderId)).toEqual(["NV-CCCCCC"]);
    expect(result.cancelled).toBe(1);
  });

  // The clocks change at 02:00 → 03:00 on 29 March 2026 (a day of 23 hours) and 03:00 → 02:00 on
  // 25 October 2026 (25 hours): the day's bounds and the wall-clock times follow Paris.
  it.each<[string, string, string[], string[]]>([
    [
      "spring forward",
      "2026-03-29",
      [
        "2026-03-28T22:59:00Z",
        "2026-03-28T23:00:00Z",
        "2026-03-29T00:59:00Z",
        "2026-03-29T01:00:00Z",
        "2026-03-29T21:59:00Z",
        "2026-03-29T22:00:00Z",
      ],
      ["00:00 NV-2", "01:59 NV-3", "03:00 NV-4", "23:59 NV-5"],
    ],
    [
      "fall back",
      "2026-10-25",
      [
        "2026-10-24T21:59:00Z",
        "2026-10-24T22:00:00Z",
        "2026-10-25T00:30:00Z",
        "2026-10-25T01:30:00Z",
        "2026-10-25T22:59:00Z",
        "2026-10-25T23:00:00Z",
      ],
      ["00:00 NV-2", "02:30 NV-3", "02:30 NV-4", "23:59 NV-5"],
    ],
    [
      "an ordinary winter day",
      "2026-01-15",
      [
        "2026-01-14T22:59:00Z",
        "2026-01-14T23:00:00Z",
        "2026-01-15T06:15:00Z",
        "2026-01-15T06:15:00Z",
        "2026-01-15T22:59:00Z",
        "2026-01-15T23:00:00Z",
      ],
      ["00:00 NV-2", "07:15 NV-3", "07:15 NV-4", "23:59 NV-5"],
    ],
  ])("%s (%s): the day's own hours, in instant order", (_, iso, instants, expected) => {
    const bookings = instants.map((at, i) => booking(`NV-${i + 1}`, at)).reverse();
    expect(summary(bookings, iso).map((s) => s.replace("/1", ""))).toEqual(expected);
  });

  it("lists any set of legs in time order, each leg of the day exactly once", () => {
    const start = Date.parse("2026-10-24T00:00:00Z");
    const instant = fc.integer({ min: 0, max: 3 * 86_400_000 }).map((ms) => new Date(start + ms).toISOString());
    fc.assert(
      fc.property(fc.array(fc.tuple(instant, fc.option(instant)), { maxLength: 30 }), (legs) => {
        const bookings = legs.map(([first, ret], i) => booking(`NV-${String(i).padStart(3, "0")}`, first, ret));
        const { lines } = sheet(bookings, "2026-10-25");
        for (let i = 1; i < lines.length; i++)
          expect(lines[i]!.pickupAt.getTime()).toBeGreaterThanOrEqual(lines[i - 1]!.pickupAt.getTime());
        const from = Date.parse("2026-10-24T22:00:00Z");
        const to = Date.parse("2026-10-25T23:00:00Z");
        const expected = bookings.flatMap((b) =>
          [b.firstPickupAt, b.returnPickupAt].filter((at) => at !== null && at.getTime() >= from && at.getTime() < to),
        );
        expect(lines).toHaveLength(expected.length);
        expect(new Set(lines.map((l) => l.key)).size).toBe(lines.length);
      }),
    );
  });
});

describe("isJob", () => {
  it.each<[PickupBooking["bookingStatus"], PickupBooking["paymentStatus"], "card" | "cash", "web" | "phone", boolean]>([
    ["new", "paid", "card", "web", true],
    ["new", "partly_refunded", "card", "web", true],
    ["new", "pending_payment", "card", "web", false],
    ["new", "payment_failed", "card", "web", false],
    ["new", "pending_payment", "cash", "web", true],
    ["new", "pending_payment", "card", "phone", true],
    ["confirmed", "pending_payment", "cash", "phone", true],
    ["driver_assigned", "paid", "card", "web", true],
    ["completed", "paid", "card", "web", true],
    ["no_show", "paid", "card", "web", true],
    ["cancelled", "paid", "card", "web", false],
  ])("%s, %s, %s, %s → %s", (bookingStatus, paymentStatus, paymentMode, source, expected) => {
    expect(isJob({ bookingStatus, paymentStatus, paymentMode, source })).toBe(expected);
  });
});

describe("the run sheet's day", () => {
  const now = new Date("2026-03-28T23:30:00Z"); // already 29 March in Paris
  it.each<[string | null, string | null]>([
    [null, "2026-03-29"],
    ["", "2026-03-29"],
    ["2026-10-25", "2026-10-25"],
    [" 2026-02-28 ", "2026-02-28"],
    ["2028-02-29", "2028-02-29"],
    ["2026-02-29", null],
    ["2026-13-01", null],
    ["29/03/2026", null],
    ["2026-3-29", null],
    ["1999-12-31", null],
    ["tomorrow", null],
  ])("%s → %s", (param, expected) => {
    const result = runSheetDay(param, now, en);
    expect(result.ok ? result.iso : null).toBe(expected);
    if (!result.ok) expect(result.message).toMatch(/yyyy-mm-dd/);
  });

  it("links the days around it, across months, years and the clock changes", () => {
    expect(neighbourDays(day("2026-03-29"))).toEqual({ previous: "2026-03-28", next: "2026-03-30" });
    expect(neighbourDays(day("2026-10-25"))).toEqual({ previous: "2026-10-24", next: "2026-10-26" });
    expect(neighbourDays(day("2027-01-01"))).toEqual({ previous: "2026-12-31", next: "2027-01-02" });
    expect(neighbourDays(day("2028-02-28"))).toEqual({ previous: "2028-02-27", next: "2028-02-29" });
  });
});
