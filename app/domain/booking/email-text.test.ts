import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bookingPassengers,
  greeting,
  oneLine,
  passengersText,
  placeText,
  plural,
  routeText,
  serviceName,
  travellerContactLines,
  travellerName,
} from "./email-text";
import { ENGLISH_MAIL } from "~/lib/test-support/booking-words";
import { adminWordsIn } from "~/lib/test-support/admin-words";

describe("the booking's words", () => {
  it.each([
    ["shuttle", "Shared shuttle"],
    ["private", "Private transfer"],
    ["  van\nhire ", "van hire"],
    ["", "Transfer"],
  ])("serviceName(%j, ENGLISH_MAIL) is %j", (kind, expected) => {
    expect(serviceName(kind, ENGLISH_MAIL)).toBe(expected);
  });

  it.each([
    ["Charles_de_Gaulle_Airport_(CDG)", "Charles de Gaulle Airport (CDG)"],
    ["  Disneyland_Paris\n", "Disneyland Paris"],
  ])("placeText(%j) is %j", (value, expected) => {
    expect(placeText(value)).toBe(expected);
  });

  it.each([
    [{ adults: 1, children: 0, babies: 1 }, "1 adult, 0 children, 1 baby"],
    [{ adults: 2, children: 1, babies: 0 }, "2 adults, 1 child, 0 babies"],
  ])("passengersText(%j, ENGLISH_MAIL) is %j", (party, expected) => {
    expect(passengersText(party, ENGLISH_MAIL)).toBe(expected);
    expect(bookingPassengers(party, ENGLISH_MAIL)).toBe(expected);
  });

  it("reads a count that is not a whole number of people as 0", () => {
    expect(bookingPassengers({ adults: 2, children: -1, babies: Number.NaN }, ENGLISH_MAIL)).toBe("2 adults, 0 children, 0 babies");
  });

  it("writes the route one way or round trip, and the traveller's name or 'traveller'", () => {
    const row = { depart: "Orly_Airport_(ORY)", arrive: "Disneyland_Paris", roundTrip: true };
    expect(routeText(row, ENGLISH_MAIL)).toBe("Orly Airport (ORY) to Disneyland Paris (round trip)");
    expect(routeText({ ...row, roundTrip: false }, ENGLISH_MAIL)).toBe("Orly Airport (ORY) to Disneyland Paris (one way)");
    expect(greeting({ firstname: " Alice\n", lastname: "Martin " }, ENGLISH_MAIL)).toBe("Hello Alice Martin,");
    expect(greeting({ firstname: " ", lastname: "" }, ENGLISH_MAIL)).toBe("Hello traveller,");
    expect(travellerName({ firstname: "Alice", lastname: "" })).toBe("Alice");
    expect(
      travellerContactLines(
        { firstname: "Alice", lastname: "Martin", email: " alice@example.com\n", phone: "+33 6 12 34 56 78" },
        adminWordsIn("en"),
      ),
    ).toEqual(["Name: Alice Martin", "E-mail: alice@example.com", "Phone: +33 6 12 34 56 78"]);
  });

  it("never lets a value break a line: every text is one line, trimmed", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        for (const text of [
          oneLine(a),
          placeText(a),
          serviceName(a, ENGLISH_MAIL),
          greeting({ firstname: a, lastname: b }, ENGLISH_MAIL),
        ]) {
          expect(text).not.toMatch(/[\r\n]/);
          expect(text).toBe(text.trim());
        }
      }),
    );
  });

  it("plural reads as written", () => {
    fc.assert(
      fc.property(fc.nat(1000), (n) => {
        expect(plural(n, "bag", "bags")).toBe(n === 1 ? "1 bag" : `${n} bags`);
      }),
    );
  });
});
