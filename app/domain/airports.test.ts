import { describe, expect, it } from "vitest";
import { AIRPORTS, airportByCode, transferKindsFrom } from "./airports";

describe("airports", () => {
  it.each([
    ["CDG", "Charles de Gaulle Airport (CDG)", ["shuttle", "private"]],
    ["ory", "Orly Airport (ORY)", ["private"]],
    ["BVA", "Beauvais Airport (BVA)", ["shuttle", "private"]],
  ] as const)("%s is %s, served by %j", (code, place, kinds) => {
    const airport = airportByCode(code)!;
    expect(airport.place).toBe(place);
    expect(transferKindsFrom(airport.code)).toEqual(kinds);
  });

  it("knows no other code", () => {
    expect(airportByCode("LHR")).toBeUndefined();
    expect(AIRPORTS).toHaveLength(3);
  });
});
