import { describe, expect, it } from "vitest";
import { adminWordsIn } from "~/lib/test-support/admin-words";
import { runsFormProblem, runsFormSchema } from "./runs-form";

const [EN, FR] = [adminWordsIn("en"), adminWordsIn("fr")];

function problemOf(fields: Record<string, string>, words = EN): string {
  const parsed = runsFormSchema.safeParse(fields);
  if (parsed.success) throw new Error("The form was read.");
  return runsFormProblem(parsed.error, words);
}

describe("runsFormProblem", () => {
  it("asks for the landing time as HH:MM", () => {
    expect(problemOf({ intent: "landing", day: "2026-12-10", leg: "NV-ABC234-1", landingTime: "soon" })).toBe(
      "Enter the new landing time as HH:MM, Paris time, for example 11:20.",
    );
  });

  it("asks for it in French to a member who reads French", () => {
    expect(problemOf({ intent: "landing", day: "2026-12-10", leg: "NV-ABC234-1", landingTime: "soon" }, FR)).toBe(
      "Saisissez la nouvelle heure d’atterrissage au format HH:MM, heure de Paris, par exemple 11:20.",
    );
  });

  it("refuses a run that names no row", () => {
    expect(problemOf({ intent: "lock", day: "2026-12-10", run: "0" })).toBe("This run does not exist (any more): reload the page.");
  });

  it("refuses a leg that is no shuttle pickup", () => {
    expect(problemOf({ intent: "move", day: "2026-12-10", leg: "drop table", from: "none", to: "new" }, FR)).toBe(
      "Cette réservation n’est pas une prise en charge navette du jour\u00a0: rechargez la page.",
    );
  });

  it("refuses an intent the page does not know", () => {
    expect(problemOf({ intent: "explode", day: "2026-12-10" })).toBe("This form asked for something the runs page does not do.");
  });
});
