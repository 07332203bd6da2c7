import { describe, expect, it } from "vitest";
import { activeCapacities, FIRST_FLEET, VEHICLE_PICTURES } from "./fleet";

// The first fleet's capacities (seats, suitcases, child seats), written out rather than taken from the app.
const CAPACITIES: ReadonlyArray<[string, string, number, number, number]> = [
  ["caravelle", "Caravelle", 8, 8, 3],
  ["trafic", "Trafic", 8, 8, 3],
  ["class-v", "Class V", 7, 7, 3],
  ["class-s", "Class S", 3, 3, 2],
  ["class-e", "Class E", 3, 3, 2],
  ["peugeot-508", "Peugeot 508", 3, 3, 2],
  ["peugeot-5008", "Peugeot 5008", 6, 3, 3],
  ["bus-50", "50", 50, 50, 0],
  ["bus-61", "61", 61, 61, 0],
];

describe("the first fleet", () => {
  it("is the nine vehicles of the cars page, one picture each", () => {
    expect(FIRST_FLEET.map((v) => v.picture)).toEqual(CAPACITIES.map(([picture]) => picture));
    expect(new Set(FIRST_FLEET.map((v) => v.picture))).toEqual(new Set(VEHICLE_PICTURES));
  });

  it.each(CAPACITIES)(
    "%s (%s) seats %i, carries %i suitcases and fits %i child seats",
    (picture, nameFragment, seats, suitcases, childSeats) => {
      const vehicle = FIRST_FLEET.find((v) => v.picture === picture);
      expect(vehicle?.name).toContain(nameFragment);
      expect(vehicle).toMatchObject({ seats, suitcases, childSeats, active: true });
    },
  );

  it.each(FIRST_FLEET.map((v) => [v.name, v] as const))("%s has real texts", (_name, vehicle) => {
    expect(vehicle.pictureAlt.length).toBeGreaterThan(10);
    expect(vehicle.description.length).toBeGreaterThan(80);
    expect(vehicle.luggage.length).toBeGreaterThan(10);
  });
});

describe("activeCapacities", () => {
  it("leaves out inactive vehicles and keeps only what the rule reads", () => {
    const fleet = [
      { ...FIRST_FLEET[0]!, active: false },
      { ...FIRST_FLEET[3]!, active: true },
    ];
    expect(activeCapacities(fleet)).toEqual([{ kind: "saloon", seats: 3, suitcases: 3, childSeats: 2 }]);
  });
});
