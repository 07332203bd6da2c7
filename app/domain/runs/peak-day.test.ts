import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { peakDay, seededRandom } from "./peak-day";

const day = new Date("2026-07-13T22:00:00Z");

describe("seededRandom", () => {
  it("draws the same numbers from the same seed", () => {
    const [a, b] = [seededRandom(7), seededRandom(7)];
    expect(Array.from({ length: 5 }, a)).toEqual(Array.from({ length: 5 }, b));
  });

  it("draws numbers in [0, 1)", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const random = seededRandom(seed);
        for (let i = 0; i < 20; i++) expect(random()).toBeGreaterThanOrEqual(0);
        for (let i = 0; i < 20; i++) expect(random()).toBeLessThan(1);
      }),
    );
  });
});

describe("peakDay", () => {
  const legs = peakDay({ seed: 20260714, legs: 400, day });

  it("is the same day for the same seed", () => {
    expect(peakDay({ seed: 20260714, legs: 400, day })).toEqual(legs);
  });

  it("is another day for another seed", () => {
    expect(peakDay({ seed: 1, legs: 400, day })).not.toEqual(legs);
  });

  it("has as many legs as asked, each with its own key", () => {
    expect(new Set(legs.map((p) => p.legKey)).size).toBe(400);
  });

  it("has legs at the three airports in both directions", () => {
    expect(new Set(legs.map((p) => `${p.airport} ${p.direction}`))).toEqual(
      new Set(["CDG arrival", "CDG departure", "ORY arrival", "ORY departure", "BVA arrival", "BVA departure"]),
    );
  });

  it("keeps every time within the day, on the minute", () => {
    for (const { at } of legs) {
      expect(at.getTime() - day.getTime()).toBeGreaterThanOrEqual(0);
      expect(at.getTime() - day.getTime()).toBeLessThan(24 * 3_600_000);
      expect(at.getTime() % 60_000).toBe(0);
    }
  });

  it("has parties of 1 to 8, mostly up to 4", () => {
    expect(legs.every((p) => Number.isInteger(p.seats) && p.seats >= 1 && p.seats <= 8)).toBe(true);
    expect(legs.filter((p) => p.seats <= 4).length).toBeGreaterThan(0.8 * legs.length);
  });

  it("keeps luggage in half units within the allowance of 1.5 a passenger", () => {
    for (const p of legs) {
      expect(Number.isInteger(p.suitcases * 2)).toBe(true);
      expect(p.suitcases).toBeLessThanOrEqual(1.5 * p.seats);
    }
  });
});
