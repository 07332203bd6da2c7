import { readFileSync } from "node:fs";
import { bench, describe } from "vitest";
import { ratesView } from "../rates-view";
import { airportTable, arrivalsFor, places } from "./pricing";
import { parsePriceFile } from "./csv";

// `npm run bench:pricing`: parsing the shipped file, and every table of every route.
const text = readFileSync(new URL("../../../data/prices.csv", import.meta.url), "utf8");
const { rows } = parsePriceFile(text);
const routes = places(rows).flatMap((from) => arrivalsFor(rows, from).map((to) => ({ from, to })));

describe(`price file (${rows.length} rows, ${routes.length} routes)`, () => {
  bench("parse the shipped file", () => {
    parsePriceFile(text);
  });
  bench("every rates-page view (shuttle and private tables) for every route", () => {
    for (const r of routes) ratesView(rows, r.from, r.to);
  });
  bench("every airport-page table for every route", () => {
    for (const r of routes) {
      airportTable(rows, r.from, r.to, "shuttle");
      airportTable(rows, r.from, r.to, "private");
    }
  });
});
