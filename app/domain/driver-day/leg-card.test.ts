import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { parseMeetingPoints } from "../meeting-points";
import { storedDetails, type BookingEnd } from "../booking/model";
import { driverLegCard, type DriverLegSource } from "./leg-card";
import { adminWordsIn } from "~/lib/test-support/admin-words";
import { ENGLISH_MAIL, mailWordsIn } from "~/lib/test-support/booking-words";

const EN = adminWordsIn("en");
const FR = adminWordsIn("fr");

const PICKUP = new Date("2026-05-20T08:00:00Z"); // 10:00 Paris
const END: BookingEnd = {
  place: "",
  kind: "address",
  flightTime: null,
  flightCity: "",
  flightNumber: "",
  hotel: "",
  hotelId: null,
  address: "",
  zip: "",
};
const CDG: BookingEnd = {
  ...END,
  place: "Charles de Gaulle Airport (CDG)",
  kind: "flight",
  flightTime: "10:00",
  flightCity: "London",
  flightNumber: "BA304",
  terminal: "2E",
};
const HOTEL: BookingEnd = { ...END, place: "Disneyland Paris", hotel: "Hotel Cheyenne", zip: "77700" };
const POINTS = parseMeetingPoints(readFileSync("data/meeting-points.csv", "utf8")).points;

const details = storedDetails({
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
  legs: [
    {
      leg: 1,
      date: "2026-05-20",
      pickupAt: PICKUP,
      pickupTime: null,
      passengers: { adults: 2, children: 1, babies: 0, total: 3 },
      durationMinutes: 60,
      delayDepartMinutes: 30,
      delayArriveMinutes: 150,
      pickup: CDG,
      dropoff: HOTEL,
      info: "Gate B\n\n-- Passengers and luggage --\nPassengers: 2 adults, 1 child, 0 babies.",
    },
  ],
  luggage: { checkIn: 2, cabin: 1, strollerSingle: 0, strollerDouble: 0, info: "One big ski bag" },
  childSeats: { baby: 0, child: 1, booster: 0 },
});

const source = (edits: Partial<DriverLegSource> = {}): DriverLegSource => ({
  orderId: "NV-ABC234",
  leg: 1,
  pickupAt: PICKUP,
  kind: "private",
  roundTrip: false,
  lastname: "Martin",
  firstname: "Claire",
  phone: "+33612345678",
  details,
  rideStatus: "scheduled",
  steps: [],
  ...edits,
});

describe("driverLegCard", () => {
  it("gives the driver the time, meeting point, route, flight and party", () => {
    const card = driverLegCard(source(), POINTS, ENGLISH_MAIL, EN);
    expect(card).toMatchObject({
      key: "NV-ABC234-1",
      time: "10:00",
      meetingPoint: "Terminal 2E, arrivals hall, level 2, at exit 8, by the Relay shop: your driver holds a sign with your name.",
      flight: "BA304 from London, landing 10:00 (Paris time)",
      name: "Claire Martin",
      passengers: "2 adults, 1 child, 0 babies",
      luggage: "2 check-in, 1 cabin, 0 single strollers, 0 double strollers",
      childSeats: "1 child seat (group 1)",
      phone: "+33 6 12 34 56 78",
      phoneHref: "tel:+33612345678",
      notes: ["Gate B", "One big ski bag"],
      noShowFrom: "11:00",
      unread: false,
    });
    expect(card.from).toMatch(/^Charles de Gaulle Airport \(CDG\)/);
    expect(card.to).toMatch(/^Disneyland Paris/);
  });

  it("links the flight to a public tracker when asked, and not otherwise", () => {
    expect(driverLegCard(source(), POINTS, ENGLISH_MAIL, EN, { trackers: true }).tracker).toMatch(
      /^https:\/\/www\.flightstats\.com\/v2\/flight-tracker\/BA\/304\?/,
    );
    expect(driverLegCard(source(), POINTS, ENGLISH_MAIL, EN).tracker).toBeNull();
  });

  it("lists the recorded steps in the ride's order and marks their buttons", () => {
    const card = driverLegCard(
      source({
        steps: [
          { step: "at_pickup", at: new Date("2026-05-20T07:55:00Z") },
          { step: "on_my_way", at: new Date("2026-05-20T07:10:00Z") },
        ],
      }),
      POINTS,
      ENGLISH_MAIL,
      EN,
    );
    expect(card.recorded.map((s) => s.text)).toEqual(["On my way at 09:10 (Paris time)", "At pickup at 09:55 (Paris time)"]);
    expect(card.buttons.map((b) => [b.label, b.done])).toEqual([
      ["On my way", true],
      ["At pickup", true],
      ["Picked up", false],
      ["No-show", false],
    ]);
  });

  it("says so when the details cannot be read, and keeps the booking's columns", () => {
    const card = driverLegCard(source({ details: { nonsense: true } }), POINTS, ENGLISH_MAIL, EN);
    expect(card).toMatchObject({
      unread: true,
      name: "Claire Martin",
      phoneHref: "tel:+33612345678",
      luggage: "Not known",
      noShowFrom: "10:15",
    });
  });

  it("speaks French when the staff do: the party, the steps and the buttons", () => {
    const card = driverLegCard(
      source({ steps: [{ step: "on_my_way", at: new Date("2026-05-20T07:10:00Z") }] }),
      POINTS,
      mailWordsIn("fr"),
      FR,
    );
    expect(card).toMatchObject({
      passengers: "2 adultes, 1 enfant, 0 bébé",
      childSeats: "1 siège enfant (groupe 1)",
      noShowFrom: "11:00",
    });
    expect(card.recorded.map((s) => s.text)).toEqual(["En route à 09:10 (heure de Paris)"]);
    expect(card.buttons.map((b) => b.label)).toEqual(["En route", "Au point de prise en charge", "Passagers à bord", "Client absent"]);
  });

  it("says in French what it cannot read", () => {
    const card = driverLegCard(source({ details: { nonsense: true } }), POINTS, mailWordsIn("fr"), FR);
    expect(card).toMatchObject({ title: "NV-ABC234, Trajet 1", luggage: "Non renseigné", childSeats: "Non renseigné", unread: true });
  });
});
