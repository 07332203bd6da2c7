import { describe, expect, it } from "vitest";
import en from "react-phone-number-input/locale/en.json";
import { phoneLabelsIn } from "./country-names.server";

describe("the phone control's words", () => {
  it("keep the control's own English names", () => {
    expect(phoneLabelsIn("en")).toBe(en);
  });

  it.each([
    ["nl", "Frankrijk"],
    ["de", "Frankreich"],
    ["fr", "France"],
  ] as const)("name every country of the list in %s", (locale, france) => {
    const labels = phoneLabelsIn(locale);
    expect(Object.keys(labels)).toEqual(Object.keys(en));
    expect(labels.FR).toBe(france);
    expect(labels.ZZ).not.toMatch(/unknown|inconnue|unbekannt|onbekend/i);
    for (const [code, name] of Object.entries(labels)) expect(name, code).not.toBe("");
  });
});
