import { describe, expect, it } from "vitest";
import { orderedSteps, stepAlready, stepFormSchema, stepRefusal, stepText, type LegStep, type StepFacts } from "./steps";

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
    expect(stepRefusal("no_show", facts(edits), minutes(after)) !== null).toBe(refused);
  });

  it("names the moment the no-show opens, in Paris time", () => {
    expect(stepRefusal("no_show", facts(), minutes(5))).toBe(
      "No-show is not recorded yet: the free waiting time runs until 11:00 (Paris time). Call the traveller and wait until then.",
    );
  });

  it("refuses a no-show once the party is picked up, even after the waiting time", () => {
    expect(stepRefusal("no_show", facts({ recorded: [{ step: "picked_up", at: minutes(2) }] }), minutes(120))).toMatch(/picked up/);
  });

  it.each<LegStep>(["on_my_way", "at_pickup", "picked_up"])("never refuses %s, at any time", (step) => {
    for (const at of [-600, 0, 5, 600]) expect(stepRefusal(step, facts(), minutes(at))).toBeNull();
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
    expect(stepText({ step: "at_pickup", at: minutes(-5) })).toBe("At pickup at 09:55 (Paris time)");
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
