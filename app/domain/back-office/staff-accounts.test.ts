import { describe, expect, it } from "vitest";
import { auditActionLabel, auditActorText, auditPersonLabel, auditPersonOf } from "./staff-accounts";
import { adminWordsIn } from "~/lib/test-support/admin-words";

const en = adminWordsIn("en");
const fr = adminWordsIn("fr");

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
  it("names the staff pages' actions", () => {
    expect(auditActionLabel("staff_disabled", en)).toBe("Staff member disabled");
    expect(auditActionLabel("back_office_language_changed", en)).toBe("Back office language changed");
    expect(auditActionLabel("language_changed", en)).toBe("Booking language changed");
  });

  it("spells out the other pages' actions as written", () => {
    expect(auditActionLabel("driver_assigned", en)).toBe("driver assigned");
    expect(auditActionLabel("booking_changed_by_traveller", en)).toBe("booking changed by traveller");
  });

  it("spells out an action it has no words for, in any language", () => {
    expect(auditActionLabel("something_new", en)).toBe("something new");
    expect(auditActionLabel("something_new", fr)).toBe("something new");
    expect(auditActionLabel("constructor", fr)).toBe("constructor");
  });

  it("names the actions in French", () => {
    expect(auditActionLabel("staff_disabled", fr)).toBe("Membre de l’équipe désactivé");
    expect(auditActionLabel("driver_assigned", fr)).toBe("Chauffeur attribué");
    expect(auditActionLabel("run_changed", fr)).toBe("Tournée navette modifiée");
  });
});

describe("auditActorText", () => {
  it("names a driver's step by the driver in the member's words", () => {
    expect(auditActorText({ actor: "driver Karim Benali", actorId: null }, en)).toBe("driver Karim Benali");
    expect(auditActorText({ actor: "driver Karim Benali", actorId: null }, fr)).toBe("chauffeur Karim Benali");
  });

  it("shows a staff member's e-mail as written", () => {
    expect(auditActorText({ actor: "ada@example.com", actorId: "u1" }, fr)).toBe("ada@example.com");
  });

  it("shows a refused sign-in's typed e-mail as written", () => {
    expect(auditActorText({ actor: "someone@example.com", actorId: null }, fr)).toBe("someone@example.com");
  });

  it("names the fixed actors as the log writes them in English", () => {
    expect(auditActorText({ actor: "system", actorId: null }, en)).toBe("system");
    expect(auditActorText({ actor: "command line", actorId: null }, en)).toBe("command line");
    expect(auditActorText({ actor: "traveller", actorId: null }, en)).toBe("traveller");
  });

  it("names the fixed actors in French", () => {
    expect(auditActorText({ actor: "system", actorId: null }, fr)).toBe("système");
    expect(auditActorText({ actor: "command line", actorId: null }, fr)).toBe("ligne de commande");
    expect(auditActorText({ actor: "traveller", actorId: null }, fr)).toBe("voyageur");
  });
});

describe("auditPersonLabel", () => {
  it("keeps a staff account's label", () => {
    expect(auditPersonLabel({ key: "u1", label: "Ada (ada@example.com)" }, fr)).toBe("Ada (ada@example.com)");
  });

  it("names the fixed actors as the filter always has", () => {
    expect(auditPersonLabel({ key: "system", label: "System" }, en)).toBe("System");
    expect(auditPersonLabel({ key: "command-line", label: "Command line (npm run staff)" }, en)).toBe("Command line (npm run staff)");
  });

  it("names the fixed actors in French", () => {
    expect(auditPersonLabel({ key: "traveller", label: "Traveller" }, fr)).toBe("Voyageur");
    expect(auditPersonLabel({ key: "command-line", label: "Command line (npm run staff)" }, fr)).toBe("Ligne de commande (npm run staff)");
  });
});
