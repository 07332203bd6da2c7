import { BACK_OFFICE_LOCALES } from "../locales";
import { type FormProblem, problemsOf } from "../form-problems";
import { plainText } from "../plain-text";
import { z } from "../zod";
import type { AdminWordKey, AdminWords } from "./admin-words";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, STAFF_ROLES } from "./staff-accounts";

/**
 * The forms of the staff pages (/admin/staff, /admin/account) and of `npm run staff`, read the
 * same way wherever they are checked. Each page posts one form at a time, told apart by its
 * `intent`; each page parses a post once, with its own discriminated union below.
 */

const staffEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "Enter an e-mail address, like name@example.com." }).max(254, "An e-mail address has at most 254 characters."));

/** A new password's length rule, with the messages of the page that checks it. */
const passwordOfLength = (tooShort: string, tooLong: string) =>
  z.string().min(MIN_PASSWORD_LENGTH, tooShort).max(MAX_PASSWORD_LENGTH, tooLong);

const newPassword = passwordOfLength(
  `A password needs at least ${MIN_PASSWORD_LENGTH} characters.`,
  `A password has at most ${MAX_PASSWORD_LENGTH} characters.`,
);

const staffRole = z.enum(STAFF_ROLES, { message: "Choose a role: administrator or dispatcher." });

const staffName = z
  .string()
  .superRefine(plainText("Name"))
  .trim()
  .min(1, "Enter the member's name.")
  .max(100, "A name has at most 100 characters.");
// An account id is letters, digits, '-' and '_' (as the audit page's person filter reads it): any
// other text names no member and is refused before it reaches the database.
const userId = z
  .string()
  .trim()
  .min(1, "Choose a staff member.")
  .max(64, "Choose a staff member.")
  .regex(/^[A-Za-z0-9_-]+$/, "Choose a staff member.");

/** The administrators' forms on /admin/staff. */
export const staffFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add"), email: staffEmail, name: staffName, role: staffRole, password: newPassword }),
    z.object({ intent: z.literal("disable"), userId }),
    z.object({ intent: z.literal("enable"), userId }),
    z.object({ intent: z.literal("reset-password"), userId, password: newPassword }),
    z.object({ intent: z.literal("set-role"), userId, role: staffRole }),
  ],
  { error: "This form is not one this page knows. Reload the page and try again." },
);
export type StaffForm = z.infer<typeof staffFormSchema>;

/** An authenticator app's address (otpauth://totp/…), as the second factor's set-up shows it. */
export const totpUri = z
  .string()
  .max(500)
  .regex(/^otpauth:\/\/totp\/\S*$/);

/**
 * A member's own forms on /admin/account. Its messages are keys of the `admin` catalogue, put into
 * the member's language by the page (the `min` and `max` of a password's length as values).
 */
// The password typed to prove who one is: any text up to the longest password.
const ownCurrentPassword = z
  .string()
  .min(1, "problem.currentPassword" satisfies AdminWordKey)
  .max(MAX_PASSWORD_LENGTH, "problem.currentPassword" satisfies AdminWordKey);
const ownNewPassword = passwordOfLength("problem.passwordShort" satisfies AdminWordKey, "problem.passwordLong" satisfies AdminWordKey);

export const accountFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("totp-start"), password: ownCurrentPassword }),
    z.object({
      intent: z.literal("totp-verify"),
      code: z
        .string()
        .transform((v) => v.replace(/\s+/g, ""))
        .pipe(z.string().regex(/^\d{6}$/, "problem.code" satisfies AdminWordKey)),
      // The address the QR code showed, sent back so that a mistyped code shows it again.
      uri: totpUri.optional().catch(undefined),
    }),
    z.object({ intent: z.literal("totp-off"), password: ownCurrentPassword }),
    z
      .object({
        intent: z.literal("password"),
        currentPassword: ownCurrentPassword,
        newPassword: ownNewPassword,
        confirmPassword: z.string().max(MAX_PASSWORD_LENGTH),
      })
      .refine((v) => v.newPassword === v.confirmPassword, {
        path: ["confirmPassword"],
        message: "problem.passwordsDiffer" satisfies AdminWordKey,
      })
      .refine((v) => v.newPassword !== v.currentPassword, {
        path: ["newPassword"],
        message: "problem.passwordSame" satisfies AdminWordKey,
      }),
    z.object({
      intent: z.literal("language"),
      locale: z.enum(BACK_OFFICE_LOCALES, { message: "problem.language" satisfies AdminWordKey }),
    }),
  ],
  { error: "problem.unknownForm" satisfies AdminWordKey },
);
export type AccountForm = z.infer<typeof accountFormSchema>;

/** The account form's problems in the member's words: each message is a key of the catalogue. */
export function accountProblems(error: z.ZodError, words: AdminWords): FormProblem[] {
  return problemsOf(error, (issue) => words(issue.message as AdminWordKey, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH }));
}

/** What an administrator may not do to their own account: the back office must keep an administrator. */
export function selfChangeProblem(form: StaffForm, actorId: string): string | null {
  if (!("userId" in form) || form.userId !== actorId) return null;
  if (form.intent === "disable") return "You cannot disable your own account. Another administrator can.";
  if (form.intent === "set-role" && form.role !== "admin")
    return "You cannot take the administrator role from yourself. Another administrator can.";
  // A reset ends the member's sessions: one's own password is changed on My account instead.
  if (form.intent === "reset-password") return "Change your own password on My account.";
  return null;
}

/**
 * The audit page's filters and page, from its address. The person is a staff account's opaque id
 * (or a fixed actor's key), never an e-mail: personal data stays out of addresses.
 */
export const auditQuerySchema = z.object({
  action: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z_]*$/)
    .catch(""),
  person: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/)
    .catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** `npm run staff` arguments: `add <email> [--role admin|dispatcher] [--name "…"]`. */
export const staffCommandSchema = z.object({
  email: staffEmail,
  role: staffRole,
  name: z
    .string()
    .superRefine(plainText("--name"))
    .trim()
    .min(1, "--name must not be empty.")
    .max(100, "--name has at most 100 characters."),
});
