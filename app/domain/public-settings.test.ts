import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatReleaseDate } from "./public-settings";

describe("formatReleaseDate", () => {
  it.each([
    ["2026-11-22", "22 November 2026"],
    ["2027-01-01", "1 January 2027"],
    ["2028-02-29", "29 February 2028"],
    ["2027-02-29", "2027-02-29"],
    ["22/11/2026", "22/11/2026"],
    ["", ""],
  ])("%s reads %s in English", (iso, text) => {
    expect(formatReleaseDate(iso, "en")).toBe(text);
  });

  it.each([
    ["fr", "2026-11-22", "22/11/2026"],
    ["nl", "2027-01-01", "01/01/2027"],
    ["de", "2027-02-29", "2027-02-29"],
  ] as const)("in %s, %s reads %s", (locale, iso, text) => {
    expect(formatReleaseDate(iso, locale)).toBe(text);
  });

  it("reads exactly as Intl's British long date", () => {
    const intl = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1000-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true }),
        (date) => {
          expect(formatReleaseDate(date.toISOString().slice(0, 10), "en")).toBe(intl.format(date));
        },
      ),
    );
  });
});
