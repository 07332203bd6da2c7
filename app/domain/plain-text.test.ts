import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forbiddenIndex, isForbiddenCode, isPlainText, plainText, plainTextMessage, type TextShape } from "./plain-text";
import { z } from "./zod";

/** Every character the rule refuses in a single-line field, and those a multi-line field may hold of them. */
const ALWAYS = [
  ...Array.from({ length: 0x20 }, (_, i) => i).filter((c) => c !== 0x09 && c !== 0x0a && c !== 0x0d),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0x061c,
  0x200b,
  0x200c,
  0x200d,
  0x200e,
  0x200f,
  0x2028,
  0x2029,
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2060,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
  0xfeff,
].map((c) => String.fromCharCode(c));
const LINE_BREAKS = ["\t", "\n", "\r"];
const SHAPES: readonly TextShape[] = ["line", "lines"];

const forbiddenIn = (shape: TextShape) => (shape === "line" ? [...ALWAYS, ...LINE_BREAKS] : ALWAYS);

/** Text of any characters, forbidden ones included, weighted towards the characters the rule is about. */
const anyText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...ALWAYS, ...LINE_BREAKS),
    fc.constantFrom("a", "é", "Ж", "ب", " ", "😀"),
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  ),
});

describe("the text rule", () => {
  it.each(SHAPES)("refuses any text holding a forbidden character, and accepts any other unchanged (%s)", (shape) => {
    const schema = z.string().superRefine(plainText("Last name", shape));
    fc.assert(
      fc.property(anyText, (text) => {
        const holdsForbidden = [...text].some((c) => forbiddenIn(shape).includes(c));
        const parsed = schema.safeParse(text);
        expect(isPlainText(text, shape)).toBe(!holdsForbidden);
        expect(parsed.success).toBe(!holdsForbidden);
        if (parsed.success) expect(parsed.data).toBe(text);
        else expect(parsed.error.issues.map((i) => i.message)).toEqual([plainTextMessage("Last name")]);
      }),
    );
  });

  it("refuses every forbidden character wherever it stands, and says where the first one is", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SHAPES),
        fc.string({ unit: fc.constantFrom("a", "Z", "é", " ", "-") }),
        fc.string(),
        (shape, before, after) => {
          for (const bad of forbiddenIn(shape)) {
            expect(forbiddenIndex(`${before}${bad}${after}`, shape)).toBe(before.length);
          }
        },
      ),
    );
  });

  it("lets a multi-line field hold tabs and line breaks, and a single-line field not", () => {
    for (const c of LINE_BREAKS) {
      expect(isForbiddenCode(c.charCodeAt(0), "lines")).toBe(false);
      expect(isForbiddenCode(c.charCodeAt(0), "line")).toBe(true);
    }
    expect(isPlainText("Two bags,\r\none stroller.\tThanks", "lines")).toBe(true);
  });

  it("accepts the letters of every script, accents, emoji and the no-break space", () => {
    for (const text of ["Dupont-Müller", "O'Brien", "Łódź", "Ελένη", "محمد", "שלום", "李小龍", "Zoë 😀", "1\u00a0rue", "5\u202fkm"]) {
      expect(isPlainText(text), text).toBe(true);
    }
  });

  it("names the field in a plain sentence", () => {
    expect(plainTextMessage("Last name")).toBe("Last name: remove the invisible or control characters (for example a direction mark).");
  });
});
