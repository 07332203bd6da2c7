import { describe, expect, it } from "vitest";
import { adminWordsIn } from "~/lib/test-support/admin-words";
import {
  LEG_STEPS,
  orderedSteps,
  stepAlready,
  stepFormSchema,
  stepLabel,
  stepNotice,
  stepRefusal,
  stepText,
  type LegStep,
  type StepFacts,
} from "./steps";

const EN = adminWordsIn("en");
const FR = adminWordsIn("fr");

// 10:00 Paris on 20 May 2026 (summer time, UTC+2).
const PICKUP = new Date("2026-05-20T08:00:00Z");
const minutes = (n: number) => new Date(PICKUP.getTime() + n * 60_000);
const facts = (edits: Partial<StepFacts> = {}): StepFacts => ({
  kind: "private",
  pickupAt: PICKUP,
  pickupIsFlight: true,
  recorded: [],
  ...edits,
});

describe("stepRefusal", () => {
  it.each<[string, Partial<StepFacts>, number, boolean]>([
    ["private airport pickup, 59 min after landing", {}, 59, true],
    ["private airport pickup, 60 min after landing", {}, 60, false],
    ["private hotel pickup, 14 min after", { pickupIsFlight: false }, 14, true],
    ["private hotel pickup, 15 min after", { pickupIsFlight: false }, 15, false],
    ["shuttle airport pickup, 14 min after", { kind: "shuttle" }, 14, true],
    ["shuttle airport pickup, 15 min after", { kind: "shuttle" }, 15, false],
    ["before the pickup time", {}, -30, true],
  ])("no-show: %s → refused %s", (_name, edits, after, refused) => {
    expect(stepRefusal("no_show", facts(edits), minutes(after), EN) !== null).toBe(refused);
  });

  it("names the moment the no-show opens, in Paris time", () => {
    expect(stepRefusal("no_show", facts(), minutes(5), EN)).toBe(
      "No-show is not recorded yet: the free waiting time runs until 11:00 (Paris time). Call the traveller and wait until then.",
    );
  });

  it("names the moment the no-show opens in French", () => {
    expect(stepRefusal("no_show", facts(), minutes(5), FR)).toBe(
      "L’absence du client ne peut pas encore être enregistrée\u00a0: le temps d’attente gratuit court jusqu’à 11:00 (heure de Paris). Appelez le voyageur et attendez jusque-là.",
    );
  });

  it("refuses a no-show once the party is picked up, even after the waiting time", () => {
    const pickedUp = facts({ recorded: [{ step: "picked_up", at: minutes(2) }] });
    expect(stepRefusal("no_show", pickedUp, minutes(120), EN)).toBe("The party is recorded as picked up: a no-show cannot be recorded.");
  });

  it("refuses a no-show once the party is picked up, in French", () => {
    const pickedUp = facts({ recorded: [{ step: "picked_up", at: minutes(2) }] });
    expect(stepRefusal("no_show", pickedUp, minutes(120), FR)).toBe(
      "Les passagers sont enregistrés à bord\u00a0: le client ne peut plus être déclaré absent.",
    );
  });

  it.each<LegStep>(["on_my_way", "at_pickup", "picked_up"])("never refuses %s, at any time", (step) => {
    for (const at of [-600, 0, 5, 600]) expect(stepRefusal(step, facts(), minutes(at), EN)).toBeNull();
  });
});

describe("the steps recorded", () => {
  const recorded = [
    { step: "picked_up" as const, at: minutes(20) },
    { step: "on_my_way" as const, at: minutes(-40) },
    { step: "at_pickup" as const, at: minutes(-5) },
  ];

  it("are listed in the ride's order", () => {
    expect(orderedSteps(recorded).map((s) => s.step)).toEqual(["on_my_way", "at_pickup", "picked_up"]);
  });

  it("keep the first press: a step recorded is found again", () => {
    expect(stepAlready("at_pickup", recorded)).toEqual({ step: "at_pickup", at: minutes(-5) });
    expect(stepAlready("no_show", recorded)).toBeNull();
  });

  it("read in words with the Paris time", () => {
    expect(stepText({ step: "at_pickup", at: minutes(-5) }, EN)).toBe("At pickup at 09:55 (Paris time)");
  });

  it("read in French with the Paris time", () => {
    expect(stepText({ step: "at_pickup", at: minutes(-5) }, FR)).toBe("Au point de prise en charge à 09:55 (heure de Paris)");
  });
});

describe("a step's words", () => {
  it("name each button in the ride's order", () => {
    expect(LEG_STEPS.map((step) => stepLabel(step, EN))).toEqual(["On my way", "At pickup", "Picked up", "No-show"]);
  });

  it("name each button in French", () => {
    expect(LEG_STEPS.map((step) => stepLabel(step, FR))).toEqual([
      "En route",
      "Au point de prise en charge",
      "Passagers à bord",
      "Client absent",
    ]);
  });

  it("say a press is recorded, or was already", () => {
    const step = { step: "on_my_way" as const, at: minutes(-40) };
    expect(stepNotice("recorded", step, EN)).toBe("On my way at 09:20 (Paris time) is recorded.");
    expect(stepNotice("already", step, EN)).toBe("On my way at 09:20 (Paris time) was already recorded: nothing changed.");
  });

  it("say a press is recorded, or was already, in French", () => {
    const step = { step: "on_my_way" as const, at: minutes(-40) };
    expect(stepNotice("recorded", step, FR)).toBe("Enregistré\u00a0: En route à 09:20 (heure de Paris).");
    expect(stepNotice("already", step, FR)).toBe("Déjà enregistré\u00a0: En route à 09:20 (heure de Paris). Rien n’a changé.");
  });
});

describe("stepFormSchema", () => {
  it.each([
    [
      { step: "on_my_way", orderId: "NV-ABC234", leg: "1" },
      { step: "on_my_way", orderId: "NV-ABC234", leg: 1 },
    ],
    [
      { step: "no_show", orderId: "NV-ABC234", leg: "2" },
      { step: "no_show", orderId: "NV-ABC234", leg: 2 },
    ],
  ])("reads %o", (posted, read) => {
    expect(stepFormSchema.parse(posted)).toEqual(read);
  });

  it.each([
    { step: "finished", orderId: "NV-ABC234", leg: "1" },
    { step: "on_my_way", orderId: "NV-ABC23", leg: "1" },
    { step: "on_my_way", orderId: "NV-ABC234", leg: "3" },
    { step: "on_my_way", orderId: "NV-ABC234" },
  ])("refuses %o", (posted) => {
    expect(stepFormSchema.safeParse(posted).success).toBe(false);
  });
});
