import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyDraft } from "./draft";
import { SUMMARY_MARK, appendLuggageSummary, luggageSummary, withoutSummary } from "./summary";

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

describe("luggage summary", () => {
  it("reads the counts with their plurals", () => {
    expect(luggageSummary(draft, 1)).toBe(
      "Passengers: 2 adults, 1 child, 0 babies.\nLuggage: 2 check-in, 1 cabin, 0 single strollers, 1 double stroller.\nLuggage info: One surfboard",
    );
    expect(luggageSummary({ ...draft, info_pax_luggage: " " }, 2)).toBe(
      "Passengers: 1 adult, 0 children, 1 baby.\nLuggage: 2 check-in, 1 cabin, 0 single strollers, 1 double stroller.",
    );
  });

  it("appends to info_t1 and info_t2", () => {
    const done = appendLuggageSummary(draft);
    expect(done.info_t1).toBe(`We land at terminal 2E.\n\n${SUMMARY_MARK}\n${luggageSummary(draft, 1)}`);
    expect(done.info_t2).toBe(`${SUMMARY_MARK}\n${luggageSummary(draft, 2)}`);
    expect(withoutSummary(done.info_t1!)).toBe("We land at terminal 2E.");
  });

  it("is idempotent, and a later submit replaces the summary", () => {
    const once = appendLuggageSummary(draft);
    expect(appendLuggageSummary(once)).toEqual(once);
    const edited = appendLuggageSummary({ ...once, check_in_luggage: "3" });
    expect(edited.info_t1!.split(SUMMARY_MARK)).toHaveLength(2);
    expect(edited.info_t1).toContain("3 check-in");
  });

  it("is idempotent for any note (property)", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (info1, info2) => {
        const once = appendLuggageSummary({ ...draft, info_t1: info1, info_t2: info2 });
        expect(appendLuggageSummary(once)).toEqual(once);
      }),
    );
  });
});
