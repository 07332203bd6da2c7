import { describe, expect, it } from "vitest";
import { FIRST_FLEET, vehicleFormValues } from "../fleet";
import { adminWordsIn } from "~/lib/test-support/admin-words";
import { vehicleFormSchema, vehicleProblems } from "./vehicle-form";

const [EN, FR] = [adminWordsIn("en"), adminWordsIn("fr")];

const good = {
  intent: "add",
  name: "  Ford   Transit ",
  kind: "minibus",
  seats: "8",
  suitcases: " 9 ",
  childSeats: "2",
  picture: "trafic",
  pictureAlt: "Ford Transit minibus, side view",
  description: "A nine-seat minibus for groups.",
  luggage: "Nine large suitcases.",
};

describe("vehicleFormSchema", () => {
  it("reads an added vehicle with its counts as numbers and its name tidied", () => {
    expect(vehicleFormSchema.parse(good)).toMatchObject({ name: "Ford Transit", seats: 8, suitcases: 9, childSeats: 2, kind: "minibus" });
  });

  it.each([
    ["no seat", { seats: "0" }, "seats", "Enter the passenger seats as a whole number from 1 to 90."],
    ["a fraction of a suitcase", { suitcases: "2.5" }, "suitcases", "Enter the suitcases as a whole number from 0 to 120."],
    ["a kind not on the list", { kind: "tank" }, "kind", "Choose the kind of vehicle from the list."],
    ["a picture not on the list", { picture: "../etc/passwd" }, "picture", "Choose a picture from the list."],
    ["no name", { name: "  " }, "name", "Enter the vehicle's name."],
    ["too many child seats", { childSeats: "11" }, "childSeats", "Enter the child seats as a whole number from 0 to 10."],
    ["a long name", { name: "n".repeat(81) }, "name", "The name has at most 80 characters."],
    ["a long luggage text", { luggage: "l".repeat(301) }, "luggage", "The luggage text has at most 300 characters."],
    [
      "a direction mark in the picture's text",
      { pictureAlt: "Minibus\u202e" },
      "pictureAlt",
      "Picture text: remove the invisible or control characters (for example a direction mark).",
    ],
    ["a vehicle that names no row", { intent: "edit", id: "0" }, "id", "This vehicle does not exist."],
  ])("refuses %s with a message at its field", (_label, change, field, message) => {
    const result = vehicleFormSchema.safeParse({ ...good, ...change });
    expect(result.success).toBe(false);
    if (!result.success) expect(vehicleProblems(result.error, EN)).toContainEqual({ field, message });
  });

  it.each([
    ["no seat", { seats: "0" }, "seats", "Saisissez le nombre de places passagers en nombre entier, de 1 à 90."],
    ["a kind not on the list", { kind: "tank" }, "kind", "Choisissez le type de véhicule dans la liste."],
    ["a long description", { description: "d".repeat(1001) }, "description", "La description compte au plus 1000 caractères."],
    [
      "a direction mark in the luggage text",
      { luggage: "Nine\u202e" },
      "luggage",
      "Bagages\u00a0: retirez les caractères invisibles ou de contrôle (par exemple une marque de direction).",
    ],
  ])("refuses %s in French", (_label, change, field, message) => {
    const result = vehicleFormSchema.safeParse({ ...good, ...change });
    expect(result.success ? [] : vehicleProblems(result.error, FR)).toEqual([{ field, message }]);
  });

  it("gathers the texts in the other languages as stored, an empty one left out and none kept as a field", () => {
    const form = vehicleFormSchema.parse({
      ...good,
      description_fr: "  Un minibus  de neuf places\u00a0: pour les groupes. ",
      luggage_es: "Nueve maletas grandes.",
      pictureAlt_es: "   ",
      luggage_nl: "",
    });
    expect(form).toMatchObject({
      texts: { fr: { description: "Un minibus de neuf places\u00a0: pour les groupes." }, es: { luggage: "Nueve maletas grandes." } },
    });
    expect(Object.keys(form).filter((k) => k.includes("_"))).toEqual([]);
  });

  it("reads a post without the other languages' fields as a vehicle without translations", () => {
    expect(vehicleFormSchema.parse(good)).toMatchObject({ texts: {} });
  });

  it("keeps a no-break space typed among other spaces, as French typography wants it", () => {
    expect(vehicleFormSchema.parse({ ...good, luggage_fr: "Neuf valises \u00a0 : en soute" })).toMatchObject({
      texts: { fr: { luggage: "Neuf valises\u00a0: en soute" } },
    });
  });

  it.each(FIRST_FLEET.map((v) => [v.name, v] as const))("reads %s's edit form back as the vehicle is stored", (_name, vehicle) => {
    // toEqual reads `active: undefined` as no such field: the form has no status.
    expect(vehicleFormSchema.parse({ intent: "edit", id: "1", ...vehicleFormValues(vehicle) })).toEqual({
      intent: "edit",
      id: 1,
      ...vehicle,
      active: undefined,
    });
  });

  it.each([
    [
      "a long Spanish description",
      { description_es: "d".repeat(1001) },
      "description_es",
      "The Spanish description has at most 1000 characters.",
    ],
    ["a long Dutch luggage text", { luggage_nl: "l".repeat(301) }, "luggage_nl", "The Dutch luggage text has at most 300 characters."],
    [
      "a long French picture text",
      { pictureAlt_fr: "p".repeat(201) },
      "pictureAlt_fr",
      "The French picture text has at most 200 characters.",
    ],
    [
      "a direction mark in the German picture text",
      { pictureAlt_de: "Kleinbus\u202e" },
      "pictureAlt_de",
      "German picture text: remove the invisible or control characters (for example a direction mark).",
    ],
    [
      "a line break in the Italian description",
      { description_it: "Un minibus\nper i gruppi." },
      "description_it",
      "Italian description: remove the invisible or control characters (for example a direction mark).",
    ],
  ])("refuses %s with a message naming its language, at its field", (_label, change, field, message) => {
    const result = vehicleFormSchema.safeParse({ ...good, ...change });
    expect(result.success ? [] : vehicleProblems(result.error, EN)).toEqual([{ field, message }]);
  });

  it.each([
    [
      "a long Spanish description",
      { description_es: "d".repeat(1001) },
      "description_es",
      "La description en espagnol compte au plus 1000 caractères.",
    ],
    [
      "a long German picture text",
      { pictureAlt_de: "p".repeat(201) },
      "pictureAlt_de",
      "Le texte de l’image en allemand compte au plus 200 caractères.",
    ],
    [
      "a direction mark in the Dutch luggage text",
      { luggage_nl: "Negen\u202e" },
      "luggage_nl",
      "Texte sur les bagages en néerlandais\u00a0: retirez les caractères invisibles ou de contrôle (par exemple une marque de direction).",
    ],
  ])("refuses %s in French, naming its language", (_label, change, field, message) => {
    const result = vehicleFormSchema.safeParse({ ...good, ...change });
    expect(result.success ? [] : vehicleProblems(result.error, FR)).toEqual([{ field, message }]);
  });

  it("refuses an intent the page does not have", () => {
    expect(vehicleFormSchema.safeParse({ ...good, intent: "delete" }).success).toBe(false);
  });
});
