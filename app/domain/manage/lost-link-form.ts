import { z } from "../zod";
import { ORDER_ALPHABET } from "../booking/order-id";
import { problemsOf, type FormProblem } from "../form-problems";
import type { ManageWordKey, ManageWords } from "./manage-words";

/**
 * 'Lost your link?' (docs/product.md, Managing a booking): the order number and the e-mail address
 * a booking was made with, read the same way by the browser's check and the server. The order
 * number is taken as people type it back from an e-mail: any case, spaces around, with or without
 * its hyphen ("nv 7k3m9q" is NV-7K3M9Q). The e-mail is compared trimmed and in lower case.
 */

// The schema's messages are the keys of their words in the page's language (lostLinkProblems).
export const ORDER_NUMBER_MESSAGE = "lost.orderIdProblem" satisfies ManageWordKey;
export const EMAIL_MESSAGE = "lost.emailProblem" satisfies ManageWordKey;
const PROBLEM_KEYS: readonly string[] = [ORDER_NUMBER_MESSAGE, EMAIL_MESSAGE];

const ORDER_BODY = new RegExp(`^NV[-\\s]?([${ORDER_ALPHABET}]{6})$`);

/** "nv 7k3m9q" → "NV-7K3M9Q"; null when it cannot be an order number. */
export function normaliseOrderNumber(text: string): string | null {
  const match = ORDER_BODY.exec(text.trim().toUpperCase());
  return match ? `NV-${match[1]}` : null;
}

export const lostLinkSchema = z.object({
  orderId: z
    .string({ error: ORDER_NUMBER_MESSAGE })
    .max(40, ORDER_NUMBER_MESSAGE)
    .transform((value, ctx) => {
      const id = normaliseOrderNumber(value);
      if (id === null) {
        ctx.addIssue({ code: "custom", message: ORDER_NUMBER_MESSAGE });
        return z.NEVER;
      }
      return id;
    }),
  email: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: EMAIL_MESSAGE }).max(254, EMAIL_MESSAGE)),
});

/** The schema's refusal as the form's problems, each in the page's words. */
export function lostLinkProblems(error: z.ZodError, words: ManageWords): FormProblem[] {
  // Every message of the schema is one of its keys; anything else reads as the order number's.
  return problemsOf(error, (issue) =>
    words(PROBLEM_KEYS.includes(issue.message) ? (issue.message as ManageWordKey) : ORDER_NUMBER_MESSAGE),
  );
}

/** Whether an address typed on the form is the booking's own: trimmed, case ignored. */
export function sameEmail(typed: string, stored: string): boolean {
  return typed.trim().toLowerCase() === stored.trim().toLowerCase();
}
