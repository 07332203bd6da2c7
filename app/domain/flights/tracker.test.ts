import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normaliseFlightNumber, parseFlightNumber, trackerUrl } from "./tracker";

describe("normaliseFlightNumber", () => {
  it.each<[string, string | null]>([
    ["af 1234", "AF1234"],
    ["AF1234", "AF1234"],
    ["  Ba 304 ", "BA304"],
    ["ba-0304", "BA304"],
    ["U2 4012", "U24012"],
    ["3u 8888", "3U8888"],
    ["afr 12", "AFR12"],
    ["af 0", "AF0"],
    ["AF 1234A", "AF1234A"],
    ["", null],
    ["   ", null],
    ["1234", null],
    ["12 345", null],
    ["AF", null],
    ["AF 12345", null],
    ["A", null],
    ["AF 12 34 5", null],
    ["AF#12", null],
    ["AFRA 12", null],
  ])("%j → %j", (typed, normalised) => {
    expect(normaliseFlightNumber(typed)).toBe(normalised);
  });

  it("writes a designator the same way whatever its spacing and case", () => {
    const airline = fc.constantFrom("AF", "BA", "U2", "3U", "AFR", "EZY");
    const digits = fc.integer({ min: 1, max: 9999 });
    const spacing = fc.constantFrom("", " ", "  ", "-", " - ");
    fc.assert(
      fc.property(airline, digits, spacing, fc.boolean(), (code, n, gap, lower) => {
        const typed = `${code}${gap}${n}`;
        expect(normaliseFlightNumber(lower ? typed.toLowerCase() : typed)).toBe(`${code}${n}`);
      }),
    );
  });

  it("parses the airline and the number apart", () => {
    expect(parseFlightNumber("af 1234")).toEqual({ airline: "AF", number: "1234" });
    expect(parseFlightNumber("AFR 0012")).toEqual({ airline: "AFR", number: "12" });
  });
});

describe("trackerUrl", () => {
  it("links to the flight on the leg's day", () => {
    expect(trackerUrl("af 1234", "2026-05-20")).toBe("https://www.flightstats.com/v2/flight-tracker/AF/1234?year=2026&month=5&date=20");
  });

  it("links to the flight alone when the day does not read", () => {
    expect(trackerUrl("BA304", "20/05/2026")).toBe("https://www.flightstats.com/v2/flight-tracker/BA/304");
  });

  it.each(["", "   ", "hello", "1234", "AF 12345"])("gives no link for %j", (typed) => {
    expect(trackerUrl(typed, "2026-05-20")).toBeNull();
  });

  it("never lets typed text out of the tracker's own address", () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const url = trackerUrl(typed, "2026-05-20");
        if (url !== null) expect(new URL(url).origin).toBe("https://www.flightstats.com");
      }),
    );
  });
});
