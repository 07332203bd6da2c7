import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { displayPhone, normalisePhone, telHref } from "./phone";

describe("phones", () => {
  it.each([
    ["06 12 34 56 78", "+33612345678"],
    ["+33 6 12 34 56 78", "+33612345678"],
    ["+44 7400 123456", "+447400123456"],
    ["+33 6 12 34 56 78 9", null],
    ["+1 415 555 2671", "+14155552671"],
    ["0612", null],
    ["", null],
  ])("%s → %s", (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it("writes a stored number for people, and anything normalised reads back the same", () => {
    expect(displayPhone("+33612345678")).toBe("+33 6 12 34 56 78");
    expect(displayPhone("not a number")).toBe("not a number");
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (s) => {
        const phone = normalisePhone(s);
        if (phone !== null) expect(normalisePhone(displayPhone(phone))).toBe(phone);
      }),
    );
  });
});

describe("telHref", () => {
  it("keeps only what a phone dials", () => {
    expect(telHref("+33 1 99 00 12 34")).toBe("tel:+33199001234");
  });
});
