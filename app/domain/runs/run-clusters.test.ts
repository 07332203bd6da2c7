import { describe, expect, it } from "vitest";
import { clustersOf } from "./run-clusters";
import { party } from "./run-parties.fixture";

const shape = (clusters: ReturnType<typeof clustersOf>) => clusters.map((c) => [c.airport, c.direction, c.parties.map((p) => p.legKey)]);

describe("clustersOf", () => {
  it("keeps parties within the promise of the one before together", () => {
    expect(shape(clustersOf([party("C", 60), party("A", 0), party("B", 30)], 30))).toEqual([["CDG", "arrival", ["A", "B", "C"]]]);
  });

  it("cuts where two times are more than the promise apart", () => {
    expect(shape(clustersOf([party("A", 0), party("B", 31)], 30))).toEqual([
      ["CDG", "arrival", ["A"]],
      ["CDG", "arrival", ["B"]],
    ]);
  });

  it("keeps airports and directions apart, in that order", () => {
    const parties = [party("O", 0, 1, 1, "arrival", "ORY"), party("D", 0, 1, 1, "departure"), party("A", 0)];
    expect(shape(clustersOf(parties, 30))).toEqual([
      ["CDG", "arrival", ["A"]],
      ["CDG", "departure", ["D"]],
      ["ORY", "arrival", ["O"]],
    ]);
  });

  it("orders parties at one time by leg key", () => {
    expect(shape(clustersOf([party("B", 0), party("A", 0)], 30))).toEqual([["CDG", "arrival", ["A", "B"]]]);
  });
});
