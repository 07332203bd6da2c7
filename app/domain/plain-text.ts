/**
 * Which characters a free-text field may hold: the one rule every form of the site (public and
 * staff), the price file's place names and the meeting points apply before text is stored, shown
 * on a page, written in an e-mail or put in the bookings CSV.
 *
 * Refused, in every field:
 * - NUL, which the database cannot store, and every other C0 control character (U+0000–U+001F)
 *   but the tab and line breaks of a multi-line field, DEL (U+007F) and the C1 controls
 *   (U+0080–U+009F): no keyboard types them, and a BEL or an escape sequence in an e-mail or a
 *   CSV cell does harm;
 * - the invisible format characters that let a text read other than it is: zero-width space,
 *   joiners and direction marks (U+200B–U+200F, U+061C), the bidi embeddings and overrides
 *   (U+202A–U+202E) and isolates (U+2066–U+2069), the word joiner (U+2060) and the zero-width
 *   no-break space (U+FEFF); a right-to-left override in a name reverses what staff read in a list
 *   or an e-mail;
 * - the line and paragraph separators (U+2028, U+2029), which break a line where no field
 *   expects one.
 *
 * A multi-line field (a note) may hold tabs, line feeds and carriage returns; a single-line field
 * may not. The booking form and the traveller's change form check their fields as multi-line: a
 * line break in one of their one-line fields is judged by the booking rules, whose messages say
 * what the field must hold (a postcode's five digits). Such text is refused with a message naming the field, never stripped: stripping would
 * store something other than what was typed without saying so, and a person who pasted such a
 * character can remove it once told. Pure, and free of zod, so that a page using zod's smaller
 * build (the contact form) can apply it too.
 */
import type { z } from "./zod";

/** Whether a field holds one line (a name, an address) or several (a note). */
export type TextShape = "line" | "lines";

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** Whether a UTF-16 code unit is a character no field may hold (every one of them is a single code unit). */
function alwaysForbidden(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    (code >= 0x200b && code <= 0x200f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x202a && code <= 0x202e) ||
    code === 0x2060 ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff
  );
}

/** Whether a UTF-16 code unit may not stand in a field of the given shape. */
export function isForbiddenCode(code: number, shape: TextShape): boolean {
  if (shape === "lines" && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) return false;
  return alwaysForbidden(code);
}

/** The index of the first character of `text` a field of this shape may not hold, or -1. */
export function forbiddenIndex(text: string, shape: TextShape = "line"): number {
  for (let i = 0; i < text.length; i++) if (isForbiddenCode(text.charCodeAt(i), shape)) return i;
  return -1;
}

/** Whether a field of this shape may hold `text` as it is. */
export function isPlainText(text: string, shape: TextShape = "line"): boolean {
  return forbiddenIndex(text, shape) === -1;
}

/** The message for a field holding a refused character, naming the field by its label ("Last name"). */
export function plainTextMessage(label: string): string {
  return `${label}: remove the invisible or control characters (for example a direction mark).`;
}

export interface PlainTextCheck {
  /** The message for any refused character: plainTextMessage of the field's label, or the key of a catalogue's message for it. */
  message: string;
  /** A field that already says a NUL cannot be stored keeps its own message for it. */
  nulMessage?: string;
  shape?: TextShape;
  /** What the form's issues carry besides their message (the booking form's part). */
  params?: Record<string, unknown>;
}

/**
 * The rule as a zod refinement, for `.superRefine(…)` on a string schema: one issue, at most, per
 * field. Run it on the text as posted, before any trimming or collapsing of white space, which
 * would read some of these characters as spaces.
 */
export function plainTextRefinement({ message, nulMessage, shape = "line", params }: PlainTextCheck) {
  return (value: string, ctx: z.core.$RefinementCtx<string>): void => {
    const at = forbiddenIndex(value, shape);
    if (at === -1) return;
    const nul = nulMessage !== undefined && value.includes("\u0000");
    ctx.addIssue({ code: "custom", message: nul ? nulMessage : message, input: value, ...(params ? { params } : {}) });
  };
}

/** The rule for a field named by its label, with the site's message: `.superRefine(plainText("Name"))`. */
export function plainText(label: string, shape: TextShape = "line") {
  return plainTextRefinement({ message: plainTextMessage(label), shape });
}
