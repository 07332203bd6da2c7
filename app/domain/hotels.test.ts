import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HOTELS, hotelBySlug, hotelsForPostcodes, resortHotels, type Hotel } from "./hotels";

const POSTCODES = ["95200", "77700", "77144", "77600"] as const;

function isSortedByName(list: readonly Hotel[]): boolean {
  return list.every((h, i) => i === 0 || list[i - 1]!.name.localeCompare(h.name, "en", { sensitivity: "base" }) <= 0);
}

describe("built-in hotels", () => {
  it("has twenty hotels with ids 1 to 20", () => {
    expect(HOTELS).toHaveLength(20);
    expect(HOTELS.map((h) => h.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("uses unique kebab-case ASCII slugs and unique names", () => {
    expect(new Set(HOTELS.map((h) => h.slug)).size).toBe(HOTELS.length);
    expect(new Set(HOTELS.map((h) => h.name)).size).toBe(HOTELS.length);
    for (const h of HOTELS) {
      expect(h.slug, h.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it("uses only the four postal codes, each at least once, mostly 77", () => {
    for (const h of HOTELS) {
      expect(POSTCODES, h.name).toContain(h.zip);
    }
    for (const code of POSTCODES) {
      expect(
        HOTELS.some((h) => h.zip === code),
        code,
      ).toBe(true);
    }
    expect(HOTELS.filter((h) => h.zip.startsWith("77")).length).toBeGreaterThan(HOTELS.length / 2);
  });

  it("gives every hotel an address, a city and the shared image", () => {
    for (const h of HOTELS) {
      expect(h.address.trim(), h.name).not.toBe("");
      expect(h.city.trim(), h.name).not.toBe("");
      expect(h.image, h.name).toBe("/images/hotels/hotel.svg");
    }
  });

  it("never invents a street number in an unconfirmed address", () => {
    // Addresses with numbers are the ones a source confirmed (docs/hotels-sources.md).
    const numbered = HOTELS.filter((h) => /^\d/.test(h.address)).map((h) => h.slug);
    expect(numbered.sort()).toEqual(
      [
        "aparthotel-adagio-serris-val-d-europe",
        "aparthotel-adagio-val-d-europe",
        "campanile-val-de-france",
        "grand-magic-hotel",
        "residhome-val-d-europe",
      ].sort(),
    );
  });
});

describe("resortHotels", () => {
  const resort = resortHotels();

  it("keeps exactly the hotels whose postcode starts with 77", () => {
    expect(resort).toHaveLength(HOTELS.filter((h) => h.zip.startsWith("77")).length);
    expect(resort.every((h) => h.zip.startsWith("77"))).toBe(true);
    expect(resort.some((h) => h.zip === "95200")).toBe(false);
  });

  it("sorts by name", () => {
    expect(isSortedByName(resort)).toBe(true);
    expect(resort[0]?.name).toBe("Aparthotel Adagio Serris Val d'Europe");
  });

  it("returns a new array each time", () => {
    expect(resortHotels()).not.toBe(resortHotels());
  });
});

describe("hotelsForPostcodes", () => {
  const cases: { entries: string[]; zips: string[]; count: number }[] = [
    {
      entries: ["77700 Chessy"],
      zips: ["77700"],
      count: HOTELS.filter((h) => h.zip === "77700").length,
    },
    {
      entries: ["77144 Montévrain", "77600 Bussy-Saint-Georges"],
      zips: ["77144", "77600"],
      count: 2,
    },
    { entries: ["95200"], zips: ["95200"], count: 1 },
    { entries: ["  77144   Montévrain "], zips: ["77144"], count: 1 },
    { entries: ["75001 Paris"], zips: [], count: 0 },
    { entries: [], zips: [], count: 0 },
    { entries: ["", "   "], zips: [], count: 0 },
    { entries: ["Chessy 77700"], zips: [], count: 0 },
  ];

  it.each(cases)("$entries gives $count hotels", ({ entries, zips, count }) => {
    const found = hotelsForPostcodes(entries);
    expect(found).toHaveLength(count);
    expect(found.every((h) => zips.includes(h.zip))).toBe(true);
    expect(isSortedByName(found)).toBe(true);
  });

  it("lists every hotel for all four codes", () => {
    expect(hotelsForPostcodes([...POSTCODES])).toHaveLength(HOTELS.length);
  });

  it("is always sorted and only holds hotels whose zip is in the list", () => {
    const entry = fc.tuple(fc.constantFrom(...POSTCODES, "75001", "93000"), fc.constantFrom("", " Chessy", " Serris", "  x y"));
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), (parts) => {
        const entries = parts.map(([code, rest]) => code + rest);
        const codes: string[] = parts.map(([code]) => code);
        const found = hotelsForPostcodes(entries);
        expect(isSortedByName(found)).toBe(true);
        expect(found.every((h) => codes.includes(h.zip))).toBe(true);
        expect(found).toHaveLength(HOTELS.filter((h) => codes.includes(h.zip)).length);
      }),
    );
  });
});

describe("hotelBySlug", () => {
  it.each([
    ["disneyland-hotel", 1],
    ["DISNEYLAND-HOTEL", 1],
    ["Residhome-Val-D-Europe", 18],
    ["campanile-sarcelles", 20],
  ])("finds %s", (slug, id) => {
    expect(hotelBySlug(slug)?.id).toBe(id);
  });

  it.each(["", "unknown-hotel", "disneyland hotel"])("returns undefined for %j", (slug) => {
    expect(hotelBySlug(slug)).toBeUndefined();
  });

  it("finds every hotel by its own slug", () => {
    for (const h of HOTELS) {
      expect(hotelBySlug(h.slug)).toBe(h);
    }
  });
});
