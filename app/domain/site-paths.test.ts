import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AIRPORT_PAGES, airportPageFor, CONTENT_PATHS, RATE_PRESETS, ratePresetFor } from "./site-paths";

describe("path tables", () => {
  it.each([
    ["/airport_charles_de_gaulle_disneyland_paris_transfer", "CDG", "shuttle"],
    ["/airport_charles_de_gaulle_disneyland_paris_private_transfer", "CDG", "private"],
    ["/airport_beauvais_disneyland_paris_transfer", "BVA", "shuttle"],
    ["/airport_beauvais_disneyland_paris_private_transfer", "BVA", "private"],
    ["/airport_orly_disneyland_paris_private_transfer", "ORY", "private"],
  ])("%s is airport %s, %s tab first", (path, airport, tab) => {
    expect(airportPageFor(path)).toEqual({ path, airport, firstTab: tab });
    expect(airportPageFor(`${path}/`)).toEqual({ path, airport, firstTab: tab });
  });

  it.each([
    ["/charles-de-gaulle-airport-disneyland-transportation", "charles_de_gaulle", "disney"],
    ["/airport_charles_de_gaulle_disneyland_paris_transfers", "charles_de_gaulle", "disney"],
    ["/beauvais-disneyland-transportation", "beauvais", "disney"],
    ["/airport_beauvais_disneyland_paris_transfers", "beauvais", "disney"],
    ["/orly-disneyland-transportation", "orly", "disney"],
    ["/airport_orly_disneyland_paris_transfers", "orly", "disney"],
    ["/airport_orly_disneyland_paris_transfer", "orly", "disney"],
    ["/charles-de-gaulle-paris-transportation", "charles_de_gaulle", "paris"],
  ])("%s presets from %s to %s", (path, from, to) => {
    expect(ratePresetFor(path)).toEqual({ path, from, to });
  });

  it("knows no other path", () => {
    expect(airportPageFor("/airport_orly_disneyland_paris_transfer")).toBeUndefined();
    expect(ratePresetFor("/rates")).toBeUndefined();
  });

  // The route table is written out by hand in app/routes.ts; it must serve every path here.
  it("has a route in app/routes.ts for every path", () => {
    const routes = readFileSync(new URL("../routes.ts", import.meta.url), "utf8");
    const declared = new Set([...routes.matchAll(/route\("([^"]+)"/g)].map((m) => `/${m[1]}`));
    declared.add("/");
    for (const path of [...CONTENT_PATHS, ...AIRPORT_PAGES.map((p) => p.path), ...RATE_PRESETS.map((p) => p.path)]) {
      expect(declared, path).toContain(path);
    }
    for (const alias of ["/booking", "/informations", "/response_bank_ok_ko"]) expect(declared).toContain(alias);
  });
});
