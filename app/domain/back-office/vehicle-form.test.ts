import { describe, expect, it } from "vitest";
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

  it("refuses an intent the page does not have", () => {
    expect(vehicleFormSchema.safeParse({ ...good, intent: "delete" }).success).toBe(false);
  });
});
