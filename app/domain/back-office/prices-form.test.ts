import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pricesFormSchema, versionParam } from "./prices-form";

const SHA = "a".repeat(64);

describe("pricesFormSchema", () => {
  it.each([
    [{ intent: "check" }, { intent: "check", pasted: "" }],
    [
      { intent: "check", pasted: "shuttle;Depart" },
      { intent: "check", pasted: "shuttle;Depart" },
    ],
    [
      { intent: "publish", content: "x", sha256: SHA, basedOn: "", note: "  Summer  " },
      { intent: "publish", content: "x", sha256: SHA, basedOn: "", note: "Summer" },
    ],
    [
      { intent: "rollback", version: "3" },
      { intent: "rollback", version: 3 },
    ],
  ])("reads %j", (fields, expected) => {
    expect(pricesFormSchema.parse(fields)).toEqual(expected);
  });

  it.each([
    [{ intent: "publish", content: "", sha256: SHA }, "There is nothing to publish. Check a file first."],
    [{ intent: "publish", content: "x", sha256: "nope" }, "This preview is damaged. Check the file again."],
    [{ intent: "publish", content: "x", sha256: SHA, note: "n".repeat(201) }, "A note has at most 200 characters."],
    [{ intent: "rollback", version: "0" }, "Choose a version to roll back to."],
  ])("refuses %j", (fields, message) => {
    const result = pricesFormSchema.safeParse(fields);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it("refuses an unknown intent", () => {
    expect(pricesFormSchema.safeParse({ intent: "delete" }).success).toBe(false);
  });
});

describe("versionParam", () => {
  it.each([
    [null, null],
    ["", null],
    ["0", null],
    ["-1", null],
    ["1.5", null],
    ["12", 12],
    ["1234567890", null],
  ])("%j gives %j", (value, expected) => {
    expect(versionParam(value)).toBe(expected);
  });

  it("gives back any positive whole number it is written as, and nothing else", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), (n) => {
        expect(versionParam(String(n))).toBe(n);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        const v = versionParam(s);
        expect(v === null || (Number.isInteger(v) && v > 0 && String(v) === s.replace(/^0+/, ""))).toBe(true);
      }),
    );
  });
});

describe("a version to roll back to", () => {
  it.each(["2147483648", "-1", "0", "abc"])("%j names no version", (version) => {
    expect(pricesFormSchema.safeParse({ intent: "rollback", version }).success).toBe(false);
  });
});
