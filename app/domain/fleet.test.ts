import { describe, expect, it } from "vitest";
import { FLEET, type VehicleId } from "./fleet";

// The capacities of the nine vehicles (passengers, suitcases), written out rather than taken from the app.
const CAPACITIES: ReadonlyArray<[VehicleId, string, number, number]> = [
  ["caravelle", "Caravelle", 8, 8],
  ["trafic", "Trafic", 8, 8],
  ["class-v", "Class V", 7, 7],
  ["class-s", "Class S", 3, 3],
  ["class-e", "Class E", 3, 3],
  ["peugeot-508", "Peugeot 508", 3, 3],
  ["peugeot-5008", "Peugeot 5008", 6, 3],
  ["bus-50", "50", 50, 50],
  ["bus-61", "61", 61, 61],
];

describe("fleet", () => {
  it("has exactly nine vehicles, each listed once", () => {
    expect(FLEET).toHaveLength(9);
    expect(new Set(FLEET.map((v) => v.id)).size).toBe(9);
    expect(FLEET.map((v) => v.id)).toEqual(CAPACITIES.map(([id]) => id));
  });

  it.each(CAPACITIES)("%s (%s) carries %i passengers and %i suitcases", (id, nameFragment, passengers, suitcases) => {
    const vehicle = FLEET.find((v) => v.id === id);
    expect(vehicle).toBeDefined();
    expect(vehicle?.name).toContain(nameFragment);
    expect(vehicle?.passengers).toBe(passengers);
    expect(vehicle?.suitcases).toBe(suitcases);
  });

  it.each(FLEET.map((v) => [v.id, v] as const))("%s has its picture and real texts", (id, vehicle) => {
    expect(vehicle.image).toBe(`/images/cars/${id}.svg`);
    expect(vehicle.imageAlt.length).toBeGreaterThan(10);
    expect(vehicle.description.length).toBeGreaterThan(80);
    expect(vehicle.luggage.length).toBeGreaterThan(10);
  });
});
