import { describe, expect, it } from "vitest";
import { auditActionLabel, auditPersonOf } from "./staff-accounts";

describe("auditPersonOf", () => {
  it.each([
    ["", null],
    ["system", { fixed: "system" }],
    ["command-line", { fixed: "command line" }],
    ["traveller", { fixed: "traveller" }],
    ["x7Kq2mP9vL0aB3cD4eF5gH6iJ8kL9mN0", { actorId: "x7Kq2mP9vL0aB3cD4eF5gH6iJ8kL9mN0" }],
    // Names of the object's prototype are staff ids like any other, not fixed actors.
    ["constructor", { actorId: "constructor" }],
  ])("reads %j as %j", (key, expected) => {
    expect(auditPersonOf(key)).toEqual(expected);
  });
});

describe("auditActionLabel", () => {
  it("names the known actions and spells out the others", () => {
    expect(auditActionLabel("staff_disabled")).toBe("Staff member disabled");
    expect(auditActionLabel("language_changed")).toBe("Back office language changed");
    expect(auditActionLabel("driver_assigned")).toBe("driver assigned");
  });
});
