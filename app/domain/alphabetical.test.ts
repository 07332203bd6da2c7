import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { alphabeticalKey, compareAlphabetical, sortAlphabetical } from "./alphabetical";

describe("compareAlphabetical", () => {
  it.each([
    ["Albania", "Åland Islands", 1],
    ["Curaçao", "Cuba", 1],
    ["Côte d’Ivoire", "Croatia", -1],
    ["réunion", "Réunion", 1],
    ["Réunion", "Romania", -1],
    ["Zambia", "zambia", -1],
    ["Same", "Same", 0],
  ])("%s against %s is %i", (a, b, sign) => {
    expect(Math.sign(compareAlphabetical(a, b))).toBe(sign);
  });

  const name = fc.string({ unit: fc.constantFrom(..."aAbBeéÉèzZ çÇ-’.()0"), maxLength: 8 });

  it("is a total order: antisymmetric, transitive, zero only for equal names", () => {
    fc.assert(
      fc.property(name, name, name, (a, b, c) => {
        expect(Math.sign(compareAlphabetical(a, b))).toBe(-Math.sign(compareAlphabetical(b, a)) || 0);
        expect(compareAlphabetical(a, b) === 0).toBe(a === b);
        if (compareAlphabetical(a, b) <= 0 && compareAlphabetical(b, c) <= 0) expect(compareAlphabetical(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it("puts names in the order of their letters, whatever the accents and case", () => {
    fc.assert(
      fc.property(name, name, (a, b) => {
        if (alphabeticalKey(a) < alphabeticalKey(b)) expect(compareAlphabetical(a, b)).toBeLessThan(0);
      }),
    );
  });
});

describe("sortAlphabetical", () => {
  it("sorts as compareAlphabetical does, each item kept", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 })), (names) => {
        const items = names.map((n, i) => ({ n, i }));
        const sorted = sortAlphabetical(items, (x) => x.n);
        expect(sorted.map((x) => x.n)).toEqual([...names].sort(compareAlphabetical));
        expect(sorted.map((x) => x.i).sort((p, q) => p - q)).toEqual(items.map((x) => x.i));
      }),
    );
  });
});
