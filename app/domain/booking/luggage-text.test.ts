import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bagsText, childSeatsText, luggageLines, luggageNote, luggageText, shortLuggageText } from "./luggage-text";
import { NO_CHILD_SEATS, readStoredDetails, type ChildSeats, type Luggage } from "./model";
import { roundTripDetails } from "./round-trip.fixture";
import { ENGLISH_MAIL } from "~/lib/test-support/booking-words";
import { adminWordsIn } from "~/lib/test-support/admin-words";

const en = adminWordsIn("en");

const details = readStoredDetails(roundTripDetails)!;
const luggage = (counts: Partial<Luggage>): Luggage => ({
  checkIn: 0,
  cabin: 0,
  strollerSingle: 0,
  strollerDouble: 0,
  info: "",
  ...counts,
});

describe("the luggage in words", () => {
  it("lists every bag and stroller for the e-mails and pages, a count of 0 included", () => {
    expect(bagsText(details.luggage, ENGLISH_MAIL)).toBe("3 check-in, 2 cabin, 1 single stroller, 0 double strollers");
    expect(bagsText(luggage({ strollerDouble: 2 }), ENGLISH_MAIL)).toBe("0 check-in, 0 cabin, 0 single strollers, 2 double strollers");
  });

  it("names each group's seats with its weight class, and none when none is asked", () => {
    expect(childSeatsText({ baby: 1, child: 0, booster: 2 }, ENGLISH_MAIL)).toBe("1 baby seat (group 0+), 2 booster seats (groups 2-3)");
    expect(childSeatsText({ baby: 0, child: 1, booster: 0 }, ENGLISH_MAIL)).toBe("1 child seat (group 1)");
    expect(childSeatsText(NO_CHILD_SEATS, ENGLISH_MAIL)).toBe("");
  });

  it("adds a 'Child seats' line under the luggage only when seats are asked", () => {
    expect(luggageLines(details, ENGLISH_MAIL)).toEqual(["Luggage: 3 check-in, 2 cabin, 1 single stroller, 0 double strollers"]);
    expect(luggageLines({ ...details, childSeats: { baby: 1, child: 0, booster: 1 } }, ENGLISH_MAIL)).toEqual([
      "Luggage: 3 check-in, 2 cabin, 1 single stroller, 0 double strollers",
      "Child seats: 1 baby seat (group 0+), 1 booster seat (groups 2-3)",
    ]);
    expect(luggageLines(null, ENGLISH_MAIL)).toEqual([]);
  });

  it("gives the voucher one line, the seats after the bags", () => {
    expect(luggageText(details, ENGLISH_MAIL)).toBe("3 check-in, 2 cabin, 1 single stroller, 0 double strollers");
    expect(luggageText({ ...details, childSeats: { baby: 0, child: 2, booster: 0 } }, ENGLISH_MAIL)).toBe(
      "3 check-in, 2 cabin, 1 single stroller, 0 double strollers; child seats: 2 child seats (group 1)",
    );
    expect(luggageText(null, ENGLISH_MAIL)).toBeNull();
  });

  it("writes the run sheet's and the CSV's short line from the same words, leaving out what there is none of", () => {
    expect(shortLuggageText(details, en)).toBe("3 check-in, 2 cabin, 1 single stroller");
    expect(shortLuggageText({ luggage: luggage({ cabin: 1, strollerDouble: 1 }), childSeats: { baby: 1, child: 0, booster: 0 } }, en)).toBe(
      "1 cabin, 1 double stroller, 1 baby seat (group 0+)",
    );
    expect(shortLuggageText({ luggage: luggage({}), childSeats: NO_CHILD_SEATS }, en)).toBe("None");
    expect(shortLuggageText(null, en)).toBe("Not known");
  });

  it("writes the short line in French for a French member", () => {
    const fr = adminWordsIn("fr");
    expect(shortLuggageText(details, fr)).toBe("3 bagages en soute, 2 bagages cabine, 1 poussette simple");
    expect(shortLuggageText({ luggage: luggage({}), childSeats: { baby: 0, child: 0, booster: 2 } }, fr)).toBe(
      "2 rehausseurs (groupes 2-3)",
    );
    expect(shortLuggageText(null, fr)).toBe("Inconnus");
  });

  it("says in the short line exactly the items the full texts count above 0", () => {
    const count = fc.integer({ min: 0, max: 4 });
    fc.assert(
      fc.property(
        fc.record({ checkIn: count, cabin: count, strollerSingle: count, strollerDouble: count }),
        fc.record({ baby: count, child: count, booster: count }),
        (bags, seats: ChildSeats) => {
          const full = [
            ...bagsText(luggage(bags), ENGLISH_MAIL).split(", "),
            ...(childSeatsText(seats, ENGLISH_MAIL) ? childSeatsText(seats, ENGLISH_MAIL).split(", ") : []),
          ];
          const short = shortLuggageText({ luggage: luggage(bags), childSeats: seats }, en);
          const counted = full.filter((item) => !item.startsWith("0 "));
          expect(short).toBe(counted.length > 0 ? counted.join(", ") : "None");
        },
      ),
    );
  });

  it("gives the traveller's note trimmed, and none when the details do not read", () => {
    expect(luggageNote(details)).toBe("One surfboard.");
    expect(luggageNote(null)).toBe("");
  });
});
