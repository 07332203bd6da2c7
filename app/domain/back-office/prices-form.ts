import { type FormProblem, problemsOf } from "../form-problems";
import { plainTextMessage, plainTextRefinement } from "../plain-text";
import { z } from "../zod";
import type { AdminWordKey, AdminWords } from "./admin-words";

/**
 * The prices page's forms (docs/product.md, Prices and the price file), told apart by `intent`.
 * The uploaded file itself is read apart from these fields (it is a file, not text); the
 * pasted text and the previewed content are text fields.
 *
 * The messages below are keys of the `admin` catalogue, which the page puts into the member's
 * language (pricesProblems); the note's refused invisible character keeps the site's English
 * sentence as its message (plain-text.ts), its key riding in the issue's params. zod's own
 * messages, for fields the page always sends right, are shown as zod writes them.
 */

/** At most 1 MB of text (the shipped file is under 50 KB). */
const MAX_PRICE_TEXT = 1024 * 1024;
const MAX_NOTE = 200;

const digest = z.string().regex(/^[0-9a-f]{64}$/, "prices.problem.damaged" satisfies AdminWordKey);

export const pricesFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("check"),
    pasted: z
      .string()
      .max(MAX_PRICE_TEXT, "prices.problem.pastedTooLarge" satisfies AdminWordKey)
      .default(""),
  }),
  z.object({
    intent: z.literal("publish"),
    /** The previewed file in base64: a form's text fields have their line ends rewritten by the browser, base64 has none. */
    content: z
      .string()
      .min(1, "prices.problem.nothing" satisfies AdminWordKey)
      .max(Math.ceil(MAX_PRICE_TEXT / 3) * 4, "prices.problem.contentTooLarge" satisfies AdminWordKey)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, "prices.problem.damaged" satisfies AdminWordKey),
    sha256: digest,
    basedOn: z.union([digest, z.literal("")]).default(""),
    note: z
      .string()
      .superRefine(plainTextRefinement({ message: plainTextMessage("Note"), params: { word: "prices.problem.noteText" } }))
      .trim()
      .max(MAX_NOTE, "prices.problem.noteLong" satisfies AdminWordKey)
      .default(""),
  }),
  z.object({
    intent: z.literal("rollback"),
    version: z.coerce
      .number()
      .int()
      .positive("prices.problem.version" satisfies AdminWordKey)
      .max(2_147_483_647, "prices.problem.noSuchVersion" satisfies AdminWordKey),
  }),
]);

/** A refused prices form's problems in the member's words; a message that is no key (zod's own) as zod wrote it. */
export function pricesProblems(error: z.ZodError, words: AdminWords): FormProblem[] {
  return problemsOf(error, (issue) => {
    const word: unknown = issue.code === "custom" ? issue.params?.word : undefined;
    return words((typeof word === "string" ? word : issue.message) as AdminWordKey, {
      max: MAX_NOTE,
      mb: MAX_PRICE_TEXT / 1024 / 1024,
    });
  });
}

/** A version number from the page's address (?rollback=N), or null. */
export function versionParam(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}
