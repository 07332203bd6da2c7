import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reservationHref, underscored } from "./booking-link";
import { parsePriceFile } from "./pricing/csv";
import { ratesView } from "./rates-view";
import { RATE_PRESETS } from "./site-paths";

const { rows } = parsePriceFile(readFileSync(new URL("../../data/prices.csv", import.meta.url), "utf8"));

describe("ratesView", () => {
  it.each([
    ["charles_de_gaulle", "disney", "Charles de Gaulle Airport (CDG)", "Disneyland Paris"],
    ["CHARLES", "Paris", "Charles de Gaulle Airport (CDG)", "Paris"],
    ["orly", "disney", "Orly Airport (ORY)", "Disneyland Paris"],
    ["beauvais", "disney", "Beauvais Airport (BVA)", "Disneyland Paris"],
    ["Disneyland_Paris", "orly", "Disneyland Paris", "Orly Airport (ORY)"],
    ["paris", "", "Paris", "Beauvais Airport (BVA)"],
    ["", "", "Beauvais Airport (BVA)", "Disneyland Paris"],
    ["nowhere", "nowhere", "Beauvais Airport (BVA)", "Disneyland Paris"],
  ])("from %j to %j shows %s → %s", (from, to, departure, arrival) => {
    const view = ratesView(rows, from, to)!;
    expect(view.departure).toBe(departure);
    expect(view.arrival).toBe(arrival);
    expect(view.arrivals).toContain(arrival);
  });

  it("serves every rate preset with prices", () => {
    for (const preset of RATE_PRESETS) {
      const view = ratesView(rows, preset.from, preset.to)!;
      expect(
        view.private.lines.some((l) => l.card[1] !== null),
        preset.path,
      ).toBe(true);
    }
  });

  it("works both ways: arrivals include the places of rows written towards the departure", () => {
    const view = ratesView(rows, "disney", "")!;
    expect(view.arrivals).toEqual(
      expect.arrayContaining(["Charles de Gaulle Airport (CDG)", "Orly Airport (ORY)", "Beauvais Airport (BVA)"]),
    );
  });

  it("shows the Disneyland card when either end's name contains 'disney', and the airports at the ends", () => {
    expect(ratesView(rows, "charles", "disney")!).toMatchObject({ disneyland: true });
    expect(ratesView(rows, "disney", "orly")!.disneyland).toBe(true);
    const cdgParis = ratesView(rows, "charles", "paris")!;
    expect(cdgParis.disneyland).toBe(false);
    expect(cdgParis.airports.map((a) => a.code)).toEqual(["CDG"]);
    expect(ratesView(rows, "charles", "orly")!.airports.map((a) => a.code)).toEqual(["CDG", "ORY"]);
  });

  it("has no shuttle from Orly", () => {
    const view = ratesView(rows, "orly", "disney")!;
    expect(view.shuttle.lines.every((l) => l.card[1] === null && l.card[2] === null)).toBe(true);
  });

  it("gives nothing for an empty file", () => {
    expect(ratesView([], "a", "b")).toBeNull();
  });

  it("always picks an arrival reachable from the departure", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (from, to) => {
        const view = ratesView(rows, from, to)!;
        expect(view.places).toContain(view.departure);
        expect(view.arrivals).toContain(view.arrival);
        expect(view.arrival).not.toBe(view.departure);
      }),
    );
  });
});

describe("reservationHref", () => {
  it("carries every booking-link parameter", () => {
    const href = reservationHref({
      depart: "Charles de Gaulle Airport (CDG)",
      arrive: "Disneyland Paris",
      kind: "private",
      nbPax: "22",
      departType: 1,
      arriveType: 2,
      tripType: 2,
      hotel: "disneyland-hotel",
    });
    const url = new URL(href, "https://x.example");
    expect(url.pathname).toBe("/reservation");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      depart: "Charles_de_Gaulle_Airport_(CDG)",
      arrive: "Disneyland_Paris",
      private_shuttle: "1",
      nb_pax: "22",
      depart_type: "1",
      arrive_type: "2",
      type_trajet: "2",
      hotel: "disneyland-hotel",
    });
  });

  it("writes spaces as underscores, and nothing else changes", () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(underscored(name)).not.toMatch(/\s/);
      }),
    );
    expect(underscored(" Orly  Airport ")).toBe("Orly_Airport");
  });
});
