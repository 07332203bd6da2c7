import { describe, expect, it } from "vitest";
import { adminWordsIn } from "~/lib/test-support/admin-words";
import { driverDayRefusal, isDriverDayRefusal } from "./day-refusal";

const EN = adminWordsIn("en");
const FR = adminWordsIn("fr");

describe("driverDayRefusal", () => {
  it("says a link that does not open is not found, and what to do", () => {
    expect(driverDayRefusal("link", EN)).toEqual({
      title: "Your rides",
      heading: "Not found",
      sentence: "This link to your rides does not work (any more). Ask the office to send you a new one.",
    });
  });

  it("says a link that does not open is not found, in French", () => {
    expect(driverDayRefusal("link", FR)).toEqual({
      title: "Vos courses",
      heading: "Page introuvable",
      sentence: "Ce lien vers vos courses ne fonctionne pas (ou plus). Demandez au bureau de vous en envoyer un nouveau.",
    });
  });

  it.each([
    ["too-many", "Too many wrong links", "Too many wrong links from your connection. Please wait a few minutes and try again."],
    ["not-yours", "Not found", "This ride is not on your list (any more). Reload the page."],
    ["too-large", "Something went wrong", "Content Too Large"],
    ["not-form", "Something went wrong", "Unsupported Media Type"],
  ] as const)("%s: %s, %s", (reason, heading, sentence) => {
    expect(driverDayRefusal(reason, EN)).toEqual({ title: "Your rides", heading, sentence });
  });

  it.each([
    ["too-many", "Trop de liens erronés"],
    ["not-yours", "Page introuvable"],
    ["too-large", "Un problème est survenu"],
    ["not-form", "Un problème est survenu"],
  ] as const)("in French, %s: %s", (reason, heading) => {
    expect(driverDayRefusal(reason, FR)).toMatchObject({ title: "Vos courses", heading });
  });
});

describe("isDriverDayRefusal", () => {
  it("knows a refusal from any other data thrown", () => {
    expect(isDriverDayRefusal(driverDayRefusal("link", EN))).toBe(true);
    expect(isDriverDayRefusal("Not found")).toBe(false);
    expect(isDriverDayRefusal({ heading: "Not found", sentence: "Gone." })).toBe(false);
    expect(isDriverDayRefusal(null)).toBe(false);
  });
});
