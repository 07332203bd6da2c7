import { describe, expect, it } from "vitest";
import { FLEET, type VehicleId } from "./fleet";

// The passenger capacities of the nine vehicles, written out rather than taken from the app.
const CAPACITIES: ReadonlyArray<[VehicleId, string, number]> = [
  ["caravelle", "Caravelle", 8],
  ["trafic", "Trafic", 8],
  ["class-v", "Class V", 7],
  ["class-s", "Class S", 3],
  ["class-e", "Class E", 3],
  ["peugeot-508", "Peugeot 508", 3],
  ["peugeot-5008", "Peugeot 5008", 6],
  ["bus-50", "50", 50],
  ["bus-61", "61", 61],
];

describe("fleet", () => {
  it("has exactly nine vehicles, each listed once", () => {
    expect(FLEET).toHaveLength(9);
    expect(new Set(FLEET.map((v) => v.id)).size).toBe(9);
    expect(FLEET.map((v) => v.id)).toEqual(CAPACITIES.map(([id]) => id));
  });

  it.each(CAPACITIES)("%s (%s) carries %i passengers", (id, nameFragment, passengers) => {
    const vehicle = FLEET.find((v) => v.id === id);
    expect(vehicle).toBeDefined();
    expect(vehicle?.name).toContain(nameFragment);
    expect(vehicle?.passengers).toBe(passengers);
  });

  it.each(FLEET.map((v) => [v.id, v] as const))("%s has its picture and real texts", (id, vehicle) => {
    expect(vehicle.image).toBe(`/images/cars/${id}.svg`);
    expect(vehicle.imageAlt.length).toBeGreaterThan(10);
    expect(vehicle.description.length).toBeGreaterThan(80);
    expect(vehicle.luggage.length).toBeGreaterThan(10);
  });
});
