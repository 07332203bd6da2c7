import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import type { Route } from "./+types/cars";
import { loader } from "./cars";
import { FIRST_FLEET, type Vehicle } from "~/domain/fleet";

// The cars page's loader: the active vehicles, each text in the page's language when staff wrote
// one, else in English marked as English; only the texts shown are sent.

const CARAVELLE: Vehicle = { ...FIRST_FLEET[0]!, id: 1 };
const TRANSIT: Vehicle = {
  ...CARAVELLE,
  id: 10,
  name: "Ford Transit",
  pictureAlt: "Ford Transit minibus, side view",
  description: "A nine-seat minibus.",
  luggage: "Nine large suitcases.",
  texts: { fr: { description: "Un minibus de neuf places." } },
};
const RETIRED: Vehicle = { ...CARAVELLE, id: 11, name: "Old van", active: false };

async function shown(path: string) {
  const context = { booking: { fleet: { get: async () => ({ vehicles: [CARAVELLE, TRANSIT, RETIRED], etag: '"v"' }) } } };
  const args = { request: new Request(`https://navette.example${path}`), context: context as unknown as AppLoadContext, params: {} };
  return (await loader(args as unknown as Route.LoaderArgs)).vehicles;
}

describe("the cars page's vehicles", () => {
  it("are the active ones, with no text of another language on the page", async () => {
    const vehicles = await shown("/fr/cars");
    expect(vehicles.map((v) => v.name)).toEqual(["Volkswagen Caravelle", "Ford Transit"]);
    expect(JSON.stringify(vehicles)).not.toContain(CARAVELLE.texts.de!.description!);
  });

  it.each([
    ["/cars", "Ford Transit", "description", "A nine-seat minibus.", undefined],
    ["/cars", "Volkswagen Caravelle", "luggage", CARAVELLE.luggage, undefined],
    ["/fr/cars", "Ford Transit", "description", "Un minibus de neuf places.", undefined],
    ["/fr/cars", "Ford Transit", "luggage", "Nine large suitcases.", "en"],
    ["/fr/cars", "Volkswagen Caravelle", "pictureAlt", CARAVELLE.texts.fr!.pictureAlt, undefined],
    ["/es/cars", "Ford Transit", "pictureAlt", "Ford Transit minibus, side view", "en"],
    ["/es/cars", "Volkswagen Caravelle", "description", CARAVELLE.texts.es!.description, undefined],
    ["/it/cars", "Volkswagen Caravelle", "luggage", CARAVELLE.texts.it!.luggage, undefined],
    ["/de/cars", "Volkswagen Caravelle", "pictureAlt", CARAVELLE.texts.de!.pictureAlt, undefined],
    ["/nl/cars", "Volkswagen Caravelle", "description", CARAVELLE.texts.nl!.description, undefined],
    ["/nl/cars", "Ford Transit", "description", "A nine-seat minibus.", "en"],
  ] as const)("on %s show %s's %s as %j, lang %s", async (path, name, text, expected, lang) => {
    const vehicle = (await shown(path)).find((v) => v.name === name)!;
    expect(vehicle[text]).toEqual({ text: expected, lang });
  });
});
