import { describe, expect, it } from "vitest";
import {
  activeCapacities,
  FIRST_FLEET,
  readVehicleTextField,
  TRANSLATED_LOCALES,
  VEHICLE_PICTURES,
  VEHICLE_TEXT_FIELDS,
  VEHICLE_TEXTS,
  vehicleFormValues,
  vehicleTextField,
  vehicleTextIn,
} from "./fleet";

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

describe("the first fleet in the other languages", () => {
  it.each(FIRST_FLEET.flatMap((v) => TRANSLATED_LOCALES.map((locale) => [v.name, locale, v] as const)))(
    "%s has its three texts in %s",
    (_name, locale, vehicle) => {
      for (const text of VEHICLE_TEXTS) expect(vehicle.texts[locale]?.[text]?.length ?? 0).toBeGreaterThan(10);
    },
  );

  it("writes French with its typography: no-break spaces before a colon or semicolon, the typographic apostrophe", () => {
    const french = FIRST_FLEET.flatMap((v) => VEHICLE_TEXTS.map((t) => v.texts.fr?.[t] ?? ""));
    expect(french.filter((s) => / [:;!?]|'/.test(s))).toEqual([]);
    expect(french.some((s) => s.includes("\u00a0:"))).toBe(true);
  });
});

const CARAVELLE = FIRST_FLEET[0]!;
const OWN_DUTCH = { ...CARAVELLE, texts: { nl: { description: "Ons meest gevraagde voertuig." } } };

describe("vehicleTextIn", () => {
  it.each([
    ["English, on the English page", CARAVELLE, "description", "en", CARAVELLE.description, undefined],
    ["French, when staff wrote it", CARAVELLE, "luggage", "fr", CARAVELLE.texts.fr!.luggage, undefined],
    ["German picture text, when staff wrote it", CARAVELLE, "pictureAlt", "de", CARAVELLE.texts.de!.pictureAlt, undefined],
    ["Dutch, the one text staff wrote in Dutch", OWN_DUTCH, "description", "nl", "Ons meest gevraagde voertuig.", undefined],
    ["English marked as English, for a Dutch text staff did not write", OWN_DUTCH, "luggage", "nl", CARAVELLE.luggage, "en"],
    ["English marked as English, in a language with no text at all", OWN_DUTCH, "pictureAlt", "es", CARAVELLE.pictureAlt, "en"],
    [
      "English marked as English, for a text written empty",
      { ...CARAVELLE, texts: { it: { description: "" } } },
      "description",
      "it",
      CARAVELLE.description,
      "en",
    ],
  ] as const)("shows %s", (_label, vehicle, text, locale, shown, lang) => {
    expect(vehicleTextIn(vehicle, text, locale)).toEqual({ text: shown, lang });
  });
});

describe("the translated texts' form fields", () => {
  it.each([
    ["description_fr", { text: "description", locale: "fr" }],
    ["pictureAlt_nl", { text: "pictureAlt", locale: "nl" }],
    ["luggage_de", { text: "luggage", locale: "de" }],
    ["description", null],
    ["description_en", null],
    ["seats_fr", null],
    ["description_fr_x", null],
  ] as const)("reads %s as %j", (field, read) => {
    expect(readVehicleTextField(field)).toEqual(read);
  });

  it("names every text in every other language once, each read back as itself", () => {
    expect(VEHICLE_TEXT_FIELDS).toHaveLength(15);
    for (const { field, text, locale } of VEHICLE_TEXT_FIELDS) {
      expect(field).toBe(vehicleTextField(text, locale));
      expect(readVehicleTextField(field)).toEqual({ text, locale });
    }
  });

  it("starts the edit form from the vehicle's texts, an unwritten one empty", () => {
    const values = vehicleFormValues(OWN_DUTCH);
    expect(values).toMatchObject({
      seats: "8",
      description: CARAVELLE.description,
      description_nl: "Ons meest gevraagde voertuig.",
      luggage_nl: "",
    });
    expect(Object.keys(values)).toHaveLength(9 + 15);
  });
});
