import { describe, expect, it } from "vitest";
import type { BookingEnd, BookingLeg } from "../booking/model";
import { runPartyOf } from "./run-parties";

const AT = new Date("2026-07-14T08:00:00Z");
const LUGGAGE = { checkIn: 2, cabin: 1, strollerSingle: 1, strollerDouble: 0 };

function end(place: string, kind: "flight" | "address"): BookingEnd {
  return {
    place,
    kind,
    flightTime: kind === "flight" ? "10:00" : null,
    flightCity: "",
    flightNumber: "",
    hotel: "",
    hotelId: null,
    address: "",
    zip: "",
  };
}

function leg(pickup: BookingEnd, dropoff: BookingEnd, number: 1 | 2 = 1): BookingLeg {
  return {
    leg: number,
    date: "2026-07-14",
    pickupAt: AT,
    pickupTime: null,
    passengers: { adults: 2, children: 1, babies: 0, total: 3 },
    durationMinutes: 60,
    delayDepartMinutes: 30,
    delayArriveMinutes: 135,
    pickup,
    dropoff,
    info: "",
  };
}

const shuttle = { orderId: "NV-ABC123", kind: "shuttle" as const, luggage: LUGGAGE };

describe("runPartyOf", () => {
  it("makes a landing at CDG an arrival ready after the time to leave the airport", () => {
    expect(runPartyOf(shuttle, leg(end("Charles de Gaulle Airport (CDG)", "flight"), end("Disneyland Paris", "address")), 30)).toEqual({
      legKey: "NV-ABC123-1",
      airport: "CDG",
      direction: "arrival",
      at: new Date("2026-07-14T08:30:00Z"),
      seats: 3,
      suitcases: 3.5,
    });
  });

  it("makes a return to Orly a departure at its own pickup moment", () => {
    const party = runPartyOf(shuttle, leg(end("Disneyland Paris", "address"), end("Orly_Airport_(ORY)", "flight"), 2));
    expect(party).toMatchObject({ legKey: "NV-ABC123-2", airport: "ORY", direction: "departure", at: AT });
  });

  it("pools no private transfer", () => {
    expect(
      runPartyOf({ ...shuttle, kind: "private" }, leg(end("Beauvais Airport (BVA)", "flight"), end("Disneyland Paris", "address"))),
    ).toBeNull();
  });

  it("pools no leg without an airport", () => {
    expect(runPartyOf(shuttle, leg(end("Paris", "address"), end("Disneyland Paris", "address")))).toBeNull();
  });
});
