import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyDraft } from "./draft";
import { SUMMARY_MARK, appendLuggageSummary, luggageSummary, withoutSummary, type SummarySource } from "./summary";

const draft = {
  ...emptyDraft(),
  pax_adult_t1: "2",
  pax_child_t1: "1",
  pax_baby_t1: "0",
  pax_adult_t2: "1",
  pax_child_t2: "0",
  pax_baby_t2: "1",
  check_in_luggage: "2",
  cabin_bag: "1",
  stroller_single: "0",
  stroller_double: "1",
  info_pax_luggage: "One surfboard",
  info_t1: "We land at terminal 2E.",
};

/** The checked booking of that draft, as far as the summary reads it. */
const booking: SummarySource = {
  passengers: { adults: 2, children: 1, babies: 0, total: 3 },
  legs: [{ passengers: { adults: 2, children: 1, babies: 0, total: 3 } }, { passengers: { adults: 1, children: 0, babies: 1, total: 2 } }],
  luggage: { checkIn: 2, cabin: 1, strollerSingle: 0, strollerDouble: 1, info: "One surfboard" },
};

describe("luggage summary", () => {
  it("reads the counts with their plurals", () => {
    expect(luggageSummary(booking, 1)).toBe(
      "Passengers: 2 adults, 1 child, 0 babies.\nLuggage: 2 check-in, 1 cabin, 0 single strollers, 1 double stroller.\nLuggage info: One surfboard",
    );
    expect(luggageSummary({ ...booking, luggage: { ...booking.luggage, info: " " } }, 2)).toBe(
      "Passengers: 1 adult, 0 children, 1 baby.\nLuggage: 2 check-in, 1 cabin, 0 single strollers, 1 double stroller.",
    );
    // One way: the return's notes state the party booked.
    expect(luggageSummary({ ...booking, legs: booking.legs.slice(0, 1) }, 2)).toMatch(/^Passengers: 2 adults, 1 child, 0 babies\./);
  });

  it("appends to info_t1 and info_t2", () => {
    const done = appendLuggageSummary(draft, booking);
    expect(done.info_t1).toBe(`We land at terminal 2E.\n\n${SUMMARY_MARK}\n${luggageSummary(booking, 1)}`);
    expect(done.info_t2).toBe(`${SUMMARY_MARK}\n${luggageSummary(booking, 2)}`);
    expect(withoutSummary(done.info_t1!)).toBe("We land at terminal 2E.");
  });

  it("is idempotent, and a later submit replaces the summary", () => {
    const once = appendLuggageSummary(draft, booking);
    expect(appendLuggageSummary(once, booking)).toEqual(once);
    const edited = appendLuggageSummary(once, { ...booking, luggage: { ...booking.luggage, checkIn: 3 } });
    expect(edited.info_t1!.split(SUMMARY_MARK)).toHaveLength(2);
    expect(edited.info_t1).toContain("3 check-in");
  });

  it("is idempotent for any note (property)", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (info1, info2) => {
        const once = appendLuggageSummary({ ...draft, info_t1: info1, info_t2: info2 }, booking);
        expect(appendLuggageSummary(once, booking)).toEqual(once);
      }),
    );
  });
});
