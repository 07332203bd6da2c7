import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adminWordsIn } from "~/lib/test-support/admin-words";
import { pricesFormSchema, pricesProblems, versionParam } from "./prices-form";

const [EN, FR] = [adminWordsIn("en"), adminWordsIn("fr")];

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
    [{ intent: "check", pasted: "x".repeat(1024 * 1024 + 1) }, "The pasted text is too large: at most 1 MB."],
    [
      { intent: "publish", content: "x", sha256: SHA, note: "Summer\u202e" },
      "Note: remove the invisible or control characters (for example a direction mark).",
    ],
  ])("refuses %j", (fields, message) => {
    const result = pricesFormSchema.safeParse(fields);
    expect(result.success ? [] : pricesProblems(result.error, EN).map((p) => p.message)).toEqual([message]);
  });

  it.each([
    [{ intent: "publish", content: "", sha256: SHA }, "Il n’y a rien à publier. Vérifiez d’abord un fichier."],
    [{ intent: "publish", content: "x", sha256: SHA, note: "n".repeat(201) }, "Une note compte au plus 200 caractères."],
    [{ intent: "rollback", version: "0" }, "Choisissez une version à rétablir."],
    [
      { intent: "publish", content: "x", sha256: SHA, note: "Summer\u202e" },
      "Note\u00a0: retirez les caractères invisibles ou de contrôle (par exemple une marque de direction).",
    ],
  ])("refuses %j in French", (fields, message) => {
    const result = pricesFormSchema.safeParse(fields);
    expect(result.success ? [] : pricesProblems(result.error, FR).map((p) => p.message)).toEqual([message]);
  });

  it("shows zod's own message for a field the page always sends right", () => {
    const result = pricesFormSchema.safeParse({ intent: "rollback", version: "abc" });
    expect(result.success ? [] : pricesProblems(result.error, FR).map((p) => p.message)).toEqual([
      "Invalid input: expected number, received NaN",
    ]);
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
