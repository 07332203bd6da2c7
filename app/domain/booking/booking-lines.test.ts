import { describe, expect, it } from "vitest";
import { bookingSummary, meetingPointOfLeg, travellerLegs } from "./booking-lines";
import { outboundLeg, points, returnLeg, roundTripDetails, row, UNREADABLE_DETAILS, withTerminals } from "./round-trip.fixture";
import { ENGLISH_MAIL } from "~/lib/test-support/booking-words";

describe("bookingSummary", () => {
  it("lists each leg's moment, both ends in full, the party and notes, the luggage and the postal address", () => {
    const summary = bookingSummary(row, ENGLISH_MAIL);
    expect(summary.legs.map((l) => [l.title, l.pickupAt, l.from, l.to, l.passengers])).toEqual([
      [
        "Outbound (leg 1)",
        "2026-07-01T05:45:00.000Z",
        "Charles de Gaulle Airport (CDG) (flight AF007 from New York, landing 07:45 (Paris time))",
        "Disneyland Paris (Hotel Cheyenne, Avenue de la Fosse des Pressoirs, 77700)",
        "2 adults, 1 child, 0 babies",
      ],
      [
        "Return (leg 2)",
        "2026-07-05T12:30:00.000Z",
        "Disneyland Paris (Hotel Cheyenne, Avenue de la Fosse des Pressoirs, 77700)",
        "Orly Airport (ORY) (flight AZ319 to Rome, takeoff 18:00 (Paris time))",
        "2 adults, 1 child, 1 baby",
      ],
    ]);
    expect(summary.legs[0]!.notes).toContain("Child seat please.");
    expect(summary.luggage).toBe("3 check-in, 2 cabin, 1 single stroller, 0 double strollers");
    expect(summary.luggageNote).toBe("One surfboard.");
    expect(summary.address).toBe("1 rue de Rivoli, 75001 Paris, France");
    expect(bookingSummary({ roundTrip: false, details: "nonsense" }, ENGLISH_MAIL)).toEqual({
      legs: [],
      luggage: null,
      luggageNote: "",
      childSeats: "",
      address: null,
    });
  });

  it.each(UNREADABLE_DETAILS)("gives no legs, luggage or address for details that are %s", (_what, details) => {
    expect(bookingSummary({ roundTrip: true, details }, ENGLISH_MAIL)).toEqual({
      legs: [],
      luggage: null,
      luggageNote: "",
      childSeats: "",
      address: null,
    });
    expect(travellerLegs({ kind: "private", roundTrip: true, details }, ENGLISH_MAIL)).toEqual([]);
  });
});

describe("the voucher's and calendar file's legs, and the meeting points", () => {
  it("reads the legs for the voucher and the calendar: when, where, flight, terminal, party, meeting point", () => {
    const legs = travellerLegs(withTerminals, ENGLISH_MAIL, points);
    expect(legs).toHaveLength(2);
    expect(legs[0]).toMatchObject({
      number: 1,
      title: "Outbound",
      when: "01/07/2026 at 07:45 (Paris time)",
      from: "Charles de Gaulle Airport (CDG), Terminal 2E",
      to: "Disneyland Paris",
      flight: "AF007 from New York, landing 07:45 (Paris time)",
      terminal: "Terminal 2E",
      passengers: "2 adults, 1 child, 0 babies",
      meetingPoint: "Terminal 2E, exit 8: your driver holds a sign with your name",
      pickupIsFlight: true,
    });
    expect(legs[0]!.pickupAt.toISOString()).toBe("2026-07-01T05:45:00.000Z");
    expect(legs[1]).toMatchObject({
      title: "Return",
      from: "Disneyland Paris",
      to: "Orly Airport (ORY)",
      flight: "AZ319 to Rome, takeoff 18:00 (Paris time)",
      terminal: null,
      meetingPoint: "Hotel lobby (private)",
      pickupIsFlight: false,
    });
    expect(travellerLegs({ kind: "private", roundTrip: false, details: "nonsense" }, ENGLISH_MAIL)).toEqual([]);
  });

  it("shows a drop-off's terminal when one is stored; the form asks only for the pickup's", () => {
    const dropTerminal = {
      ...withTerminals,
      details: { ...roundTripDetails, legs: [outboundLeg, { ...returnLeg, dropoff: { ...returnLeg.dropoff, terminal: "3" } }] },
    };
    expect(travellerLegs(dropTerminal, ENGLISH_MAIL, points)[1]!.to).toBe("Orly Airport (ORY), Terminal 3");
  });

  // One rule for every page and message that names a leg's meeting point.
  it.each([
    ["private", 1, "Terminal 2E, exit 8: your driver holds a sign with your name"],
    ["private", 2, "Hotel lobby (private)"],
    ["shuttle", 1, "CDG shuttle default"],
    ["shuttle", 2, "Hotel lobby (shuttle)"],
    // A kind that is no service gets none, rather than another service's.
    ["minibus", 1, ""],
    ["", 2, ""],
    // No such leg.
    ["private", 3, ""],
  ])("meetingPointOfLeg: a %j booking's leg %i meets at %j", (kind, leg, expected) => {
    expect(meetingPointOfLeg({ ...withTerminals, kind }, leg, points)).toBe(expected);
  });

  it("meetingPointOfLeg agrees with the voucher's legs, and gives none without the file or a pickup place", () => {
    for (const kind of ["private", "shuttle", "minibus"]) {
      const legs = travellerLegs({ ...withTerminals, kind }, ENGLISH_MAIL, points);
      expect(legs.map((l) => meetingPointOfLeg({ ...withTerminals, kind }, l.number, points))).toEqual(legs.map((l) => l.meetingPoint));
    }
    expect(meetingPointOfLeg(withTerminals, 1, undefined)).toBe("");
    expect(meetingPointOfLeg(withTerminals, 1, null)).toBe("");
    const noPlace = {
      ...withTerminals,
      details: { ...roundTripDetails, legs: [{ ...outboundLeg, pickup: { ...outboundLeg.pickup, place: "" } }] },
    };
    expect(meetingPointOfLeg(noPlace, 1, points)).toBe("");
    expect(meetingPointOfLeg({ kind: "private", details: "nonsense" }, 1, points)).toBe("");
  });
});
