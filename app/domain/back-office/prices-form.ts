import { plainText } from "../plain-text";
import { z } from "../zod";

/**
 * The prices page's forms (docs/product.md, Prices and the price file), told apart by `intent`.
 * The uploaded file itself is read apart from these fields (it is a file, not text); the
 * pasted text and the previewed content are text fields.
 */

/** At most 1 MB of text (the shipped file is under 50 KB). */
const MAX_PRICE_TEXT = 1024 * 1024;

const digest = z.string().regex(/^[0-9a-f]{64}$/, "This preview is damaged. Check the file again.");

export const pricesFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("check"),
    pasted: z.string().max(MAX_PRICE_TEXT, "The pasted text is too large: at most 1 MB.").default(""),
  }),
  z.object({
    intent: z.literal("publish"),
    /** The previewed file in base64: a form's text fields have their line ends rewritten by the browser, base64 has none. */
    content: z
      .string()
      .min(1, "There is nothing to publish. Check a file first.")
      .max(Math.ceil(MAX_PRICE_TEXT / 3) * 4, "The file is too large: at most 1 MB.")
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, "This preview is damaged. Check the file again."),
    sha256: digest,
    basedOn: z.union([digest, z.literal("")]).default(""),
    note: z.string().superRefine(plainText("Note")).trim().max(200, "A note has at most 200 characters.").default(""),
  }),
  z.object({
    intent: z.literal("rollback"),
    version: z.coerce
      .number()
      .int()
      .positive("Choose a version to roll back to.")
      .max(2_147_483_647, "There is no such version of the price file."),
  }),
]);

/** A version number from the page's address (?rollback=N), or null. */
export function versionParam(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}
