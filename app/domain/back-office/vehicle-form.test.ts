import { describe, expect, it } from "vitest";
import { problemsOf } from "../form-problems";
import { vehicleFormSchema } from "./vehicle-form";

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
  ])("refuses %s with a message at its field", (_label, change, field, message) => {
    const result = vehicleFormSchema.safeParse({ ...good, ...change });
    expect(result.success).toBe(false);
    if (!result.success) expect(problemsOf(result.error)).toContainEqual({ field, message });
  });

  it("refuses an intent the page does not have", () => {
    expect(vehicleFormSchema.safeParse({ ...good, intent: "delete" }).success).toBe(false);
  });
});
