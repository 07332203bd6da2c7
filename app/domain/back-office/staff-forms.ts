import { BACK_OFFICE_LOCALES } from "../locales";
import { type FormProblem, problemsOf } from "../form-problems";
import { plainText, plainTextRefinement } from "../plain-text";
import { z } from "../zod";
import type { AdminWordKey, AdminWords } from "./admin-words";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, STAFF_ROLES } from "./staff-accounts";

/**
 * The forms of the staff pages (/admin/staff, /admin/account) and of `npm run staff`, read the
 * same way wherever they are checked. Each page posts one form at a time, told apart by its
 * `intent`; each page parses a post once, with its own discriminated union below.
 */

// Every message below is a key of the `admin` catalogue: the page puts it into the member's
// language (staffProblems), `npm run staff` into English.
const staffEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "problem.email" satisfies AdminWordKey }).max(254, "problem.emailLong" satisfies AdminWordKey));

const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, "problem.passwordShort" satisfies AdminWordKey)
  .max(MAX_PASSWORD_LENGTH, "problem.passwordLong" satisfies AdminWordKey);

const staffRole = z.enum(STAFF_ROLES, { message: "problem.role" satisfies AdminWordKey });

const staffName = z
  .string()
  .superRefine(plainTextRefinement({ message: "problem.nameText" satisfies AdminWordKey }))
  .trim()
  .min(1, "problem.name" satisfies AdminWordKey)
  .max(100, "problem.nameLong" satisfies AdminWordKey);
// An account id is letters, digits, '-' and '_' (as the audit page's person filter reads it): any
// other text names no member and is refused before it reaches the database.
const userId = z
  .string()
  .trim()
  .min(1, "problem.member" satisfies AdminWordKey)
  .max(64, "problem.member" satisfies AdminWordKey)
  .regex(/^[A-Za-z0-9_-]+$/, "problem.member" satisfies AdminWordKey);

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
  { error: "problem.unknownForm" satisfies AdminWordKey },
);
export type StaffForm = z.infer<typeof staffFormSchema>;

/** An authenticator app's address (otpauth://totp/…), as the second factor's set-up shows it. */
export const totpUri = z
  .string()
  .max(500)
  .regex(/^otpauth:\/\/totp\/\S*$/);

// The password typed to prove who one is: any text up to the longest password.
const currentPassword = z
  .string()
  .min(1, "problem.currentPassword" satisfies AdminWordKey)
  .max(MAX_PASSWORD_LENGTH, "problem.currentPassword" satisfies AdminWordKey);

/** A member's own forms on /admin/account. */
export const accountFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("totp-start"), password: currentPassword }),
    z.object({
      intent: z.literal("totp-verify"),
      code: z
        .string()
        .transform((v) => v.replace(/\s+/g, ""))
        .pipe(z.string().regex(/^\d{6}$/, "problem.code" satisfies AdminWordKey)),
      // The address the QR code showed, sent back so that a mistyped code shows it again.
      uri: totpUri.optional().catch(undefined),
    }),
    z.object({ intent: z.literal("totp-off"), password: currentPassword }),
    z
      .object({
        intent: z.literal("password"),
        currentPassword,
        newPassword,
        confirmPassword: z.string().max(MAX_PASSWORD_LENGTH, "problem.passwordLong" satisfies AdminWordKey),
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

/** The staff forms' problems in the member's words: each message is a key of the `admin` catalogue. */
export function staffProblems(error: z.ZodError, words: AdminWords): FormProblem[] {
  return problemsOf(error, (issue) => words(issue.message as AdminWordKey, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH }));
}

/** What an administrator may not do to their own account: the back office must keep an administrator. */
export function selfChangeProblem(form: StaffForm, actorId: string): AdminWordKey | null {
  if (!("userId" in form) || form.userId !== actorId) return null;
  if (form.intent === "disable") return "staff.selfDisable";
  if (form.intent === "set-role" && form.role !== "admin") return "staff.selfRole";
  // A reset ends the member's sessions: one's own password is changed on My account instead.
  if (form.intent === "reset-password") return "staff.selfReset";
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
