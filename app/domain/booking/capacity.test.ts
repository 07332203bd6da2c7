import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { activeCapacities, FIRST_FLEET, type VehicleCapacity, type VehicleKind } from "../fleet";
import {
  capacityAnswer,
  capacityRefusal,
  suitcaseLoad,
  upsizeNotice,
  vehiclesPricedFor,
  withinShuttleAllowance,
  type PartyLoad,
} from "./capacity";
import { ENGLISH_WORDS } from "~/lib/test-support/booking-words";

const FLEET = activeCapacities(FIRST_FLEET);
const NO_LUGGAGE = { checkIn: 0, cabin: 0, strollerSingle: 0, strollerDouble: 0 };

function load(passengers: number, checkIn: number, extra: Partial<PartyLoad["luggage"]> & { childSeats?: number } = {}): PartyLoad {
  const { childSeats = 0, ...luggage } = extra;
  return { passengers, luggage: { ...NO_LUGGAGE, checkIn, ...luggage }, childSeats };
}

describe("suitcaseLoad", () => {
  it.each([
    [{ ...NO_LUGGAGE, checkIn: 2 }, 2],
    [{ ...NO_LUGGAGE, cabin: 3 }, 1.5],
    [{ ...NO_LUGGAGE, strollerSingle: 1, strollerDouble: 1 }, 2],
    [{ checkIn: 1, cabin: 1, strollerSingle: 1, strollerDouble: 0 }, 2.5],
  ])("counts %o as %d suitcases", (luggage, expected) => {
    expect(suitcaseLoad(luggage)).toBe(expected);
  });
});

describe("vehiclesPricedFor", () => {
  it.each([
    [1, ["saloon"]],
    [3, ["saloon"]],
    [4, ["suv"]],
    [6, ["suv"]],
    [7, ["van"]],
    [8, ["minibus"]],
    [11, ["minibus", "saloon"]],
    [16, ["minibus", "minibus"]],
  ])("prices %i passengers for %j", (seats, kinds) => {
    expect(vehiclesPricedFor(FLEET, seats)?.map((v) => v.kind)).toEqual(kinds);
  });

  it("takes the next size up when the smallest is inactive", () => {
    const noSaloons = FLEET.filter((v) => v.kind !== "saloon");
    expect(vehiclesPricedFor(noSaloons, 2)?.map((v) => v.kind)).toEqual(["suv"]);
  });

  it("has no vehicle for a party larger than every vehicle of a fleet without 8 seats", () => {
    expect(vehiclesPricedFor([{ kind: "saloon", seats: 3, suitcases: 3, childSeats: 2 }], 4)).toBeNull();
  });
});

describe("capacityAnswer for a private transfer", () => {
  it.each([
    ["2 passengers, 2 suitcases", 2, load(2, 2), null],
    ["2 passengers, 6 suitcases", 7, load(2, 6), "van"],
    ["2 passengers, 3 suitcases and 2 cabin bags", 7, load(2, 3, { cabin: 2 }), "van"],
    ["4 passengers, 4 suitcases", 7, load(4, 4), "van"],
    ["7 passengers, 8 suitcases", 8, load(7, 8), "minibus"],
    ["3 passengers, 3 child seats", 4, load(3, 0, { childSeats: 3 }), "suv"],
    ["9 passengers, 11 suitcases", 9, load(9, 11), null],
    ["9 passengers, 14 suitcases", 15, load(9, 14), "minibus"],
  ])("prices %s as %i seats", (_label, seats, party, kind) => {
    const answer = capacityAnswer("private", party, FLEET);
    expect(answer).toMatchObject({ ok: true, seatsPriced: seats });
    if (answer.ok) expect(answer.upsized?.kind ?? null).toBe(kind);
  });

  it("says the luggage, not the child seats, needs the larger vehicle", () => {
    expect(capacityAnswer("private", load(2, 6), FLEET)).toMatchObject({ upsized: { because: "luggage" } });
    expect(capacityAnswer("private", load(3, 0, { childSeats: 3 }), FLEET)).toMatchObject({ upsized: { because: "child-seats" } });
  });

  it("refuses 8 passengers with 10 suitcases: no one vehicle carries them", () => {
    expect(capacityAnswer("private", load(8, 10), FLEET)).toEqual({ ok: false, reason: "no-vehicle" });
  });

  it("refuses 2 passengers with 9 suitcases rather than sell a second car", () => {
    expect(capacityAnswer("private", load(2, 9), FLEET)).toEqual({ ok: false, reason: "no-vehicle" });
  });
});

describe("capacityAnswer for a shuttle", () => {
  it.each([
    ["a suitcase and a cabin bag each", true, load(2, 2, { cabin: 2 })],
    ["two cabin bags in place of a suitcase", true, load(2, 1, { cabin: 3 })],
    ["a stroller in place of a suitcase", true, load(2, 1, { strollerSingle: 1, cabin: 2 })],
    ["one suitcase more than passengers", false, load(2, 3)],
    ["one cabin bag more than the allowance", false, load(2, 2, { cabin: 3 })],
  ])("%s within the shuttle allowance: %s", (_label, ok, party) => {
    expect(withinShuttleAllowance(party)).toBe(ok);
    expect(capacityAnswer("shuttle", party, FLEET).ok).toBe(ok);
  });

  it("prices a shuttle as its own count, whatever the fleet", () => {
    expect(capacityAnswer("shuttle", load(3, 3), [])).toEqual({ ok: true, seatsPriced: 3, upsized: null });
  });
});

describe("the capacity rule's properties", () => {
  const vehicle = fc.record({
    kind: fc.constantFrom("saloon", "suv", "van", "minibus", "coach" as const),
    seats: fc.integer({ min: 1, max: 61 }),
    suitcases: fc.integer({ min: 0, max: 61 }),
    childSeats: fc.integer({ min: 0, max: 4 }),
  }) as fc.Arbitrary<VehicleCapacity>;
  const party = fc.record({
    passengers: fc.integer({ min: 1, max: 30 }),
    luggage: fc.record({
      checkIn: fc.integer({ min: 0, max: 10 }),
      cabin: fc.integer({ min: 0, max: 10 }),
      strollerSingle: fc.integer({ min: 0, max: 10 }),
      strollerDouble: fc.integer({ min: 0, max: 10 }),
    }),
    childSeats: fc.integer({ min: 0, max: 12 }),
  });

  it("prices a private party for vehicles that carry it, and never for fewer seats than it has", () => {
    fc.assert(
      fc.property(fc.array(vehicle, { maxLength: 8 }), party, (fleet, p) => {
        const answer = capacityAnswer("private", p, fleet);
        if (!answer.ok) return;
        expect(answer.seatsPriced).toBeGreaterThanOrEqual(p.passengers);
        const vehicles = vehiclesPricedFor(fleet, answer.seatsPriced)!;
        expect(vehicles.reduce((s, v) => s + v.suitcases, 0)).toBeGreaterThanOrEqual(suitcaseLoad(p.luggage));
        expect(vehicles.reduce((s, v) => s + v.childSeats, 0)).toBeGreaterThanOrEqual(p.childSeats);
        expect(answer.upsized === null).toBe(answer.seatsPriced === p.passengers);
      }),
    );
  });

  it("prices as the smallest count that carries the party", () => {
    fc.assert(
      fc.property(fc.array(vehicle, { maxLength: 8 }), party, (fleet, p) => {
        const answer = capacityAnswer("private", p, fleet);
        const upTo = answer.ok ? answer.seatsPriced : Math.max(p.passengers, Math.ceil(p.passengers / 8) * 8) + 1;
        for (let m = p.passengers; m < upTo; m++) {
          const vehicles = vehiclesPricedFor(fleet, m);
          const fits =
            vehicles !== null &&
            vehicles.reduce((s, v) => s + v.suitcases, 0) >= suitcaseLoad(p.luggage) &&
            vehicles.reduce((s, v) => s + v.childSeats, 0) >= p.childSeats;
          expect(fits).toBe(false);
        }
      }),
    );
  });

  it("never gives a party more luggage room by adding passengers to a shuttle", () => {
    fc.assert(
      fc.property(party, (p) => {
        const answer = capacityAnswer("shuttle", p, FLEET);
        expect(answer.ok ? answer.seatsPriced : p.passengers).toBe(p.passengers);
      }),
    );
  });
});

describe("the messages", () => {
  it("names the vehicle and the new price", () => {
    expect(upsizeNotice({ because: "luggage", kind: "van" }, "80,00 €", ENGLISH_WORDS)).toBe("Your luggage needs a van: 80,00 €");
    expect(upsizeNotice({ because: "child-seats", kind: "suv" }, "65,00 €", ENGLISH_WORDS)).toBe("Your child seats need an SUV: 65,00 €");
  });

  it.each<[VehicleKind, string]>([
    ["saloon", "a saloon"],
    ["suv", "an SUV"],
    ["van", "a van"],
    ["minibus", "a minibus"],
    ["coach", "a coach"],
  ])("names a %s with its article", (kind, noun) => {
    expect(upsizeNotice({ because: "luggage", kind }, "1,00 €", ENGLISH_WORDS)).toBe(`Your luggage needs ${noun}: 1,00 €`);
  });

  it("gives the phone number in a refusal", () => {
    expect(capacityRefusal("shuttle-allowance", "+33 1 23 45 67 89", ENGLISH_WORDS)).toContain("call us on +33 1 23 45 67 89");
    expect(capacityRefusal("no-vehicle", "+33 1 23 45 67 89", ENGLISH_WORDS)).toContain("call us on +33 1 23 45 67 89");
  });
});
