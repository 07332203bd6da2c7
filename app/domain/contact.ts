/**
 * The contact form's schema, with every other rule of the contact flow
 * re-exported from ./contact-rules. The page imports ./contact-rules from the start and loads
 * this module (and zod with it, about 5 KB gzip) only once the visitor starts on the form.
 */
// zod's tree-shakable build: the classic API would add about 90 KB gzip to the contact page.
import * as z from "zod/mini";
import { isPlainText, type TextShape } from "./plain-text";
import {
  CONTACT_ERRORS,
  CONTACT_LIMITS,
  type ContactErrorCode,
  type ContactErrors,
  type ContactMessage,
  type ContactValidation,
} from "./contact-rules";

export * from "./contact-rules";

// The text rule runs on the trimmed text: white space at either end (a pasted line break) is
// dropped, as it always was; what stays is judged.
const requiredText = (
  max: number,
  required: ContactErrorCode,
  tooLong: ContactErrorCode,
  characters: ContactErrorCode,
  shape: TextShape = "line",
) =>
  z.string(required).check(
    z.refine((v) => isPlainText(v.trim(), shape), characters),
    z.trim(),
    z.minLength(1, required),
    z.maxLength(max, tooLong),
  );

/** Full name, e-mail (in e-mail format) and question: all required, trimmed. */
const contactSchema = z.object({
  fullName: requiredText(
    CONTACT_LIMITS.fullName,
    CONTACT_ERRORS.fullNameRequired,
    CONTACT_ERRORS.fullNameTooLong,
    CONTACT_ERRORS.fullNameCharacters,
  ),
  email: z.pipe(
    requiredText(CONTACT_LIMITS.email, CONTACT_ERRORS.emailRequired, CONTACT_ERRORS.emailTooLong, CONTACT_ERRORS.emailCharacters),
    z.email(CONTACT_ERRORS.emailFormat),
  ),
  question: requiredText(
    CONTACT_LIMITS.question,
    CONTACT_ERRORS.questionRequired,
    CONTACT_ERRORS.questionTooLong,
    CONTACT_ERRORS.questionCharacters,
    "lines",
  ),
});

// The schema's output is exactly the message the rest of the flow works with.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesMessage: Same<z.infer<typeof contactSchema>, ContactMessage> = true;
void schemaMatchesMessage;

/** The form's values checked against the schema: the trimmed message, or one message per bad field. */
export function validateContact(input: unknown): ContactValidation {
  const result = contactSchema.safeParse(input);
  if (result.success) return { ok: true, message: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === "fullName" || field === "email" || field === "question") {
      // Every message the schema gives is one of the codes above.
      errors[field] ??= issue.message as ContactErrorCode;
    }
  }
  return { ok: false, errors };
}
