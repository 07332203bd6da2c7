import { plainText } from "../plain-text";
import { z } from "../zod";

/**
 * The forms of the staff pages (/admin/staff, /admin/account) and of `npm run staff`, read the
 * same way wherever they are checked. Each page posts one form at a time, told apart by its
 * `intent`; each page parses a post once, with its own discriminated union below.
 */

export const STAFF_ROLES = ["admin", "dispatcher"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A staff password: long rather than complicated (NIST SP 800-63B), and bounded for the hash. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

export const ROLE_LABELS: Record<StaffRole, string> = { admin: "Administrator", dispatcher: "Dispatcher" };

const staffEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "Enter an e-mail address, like name@example.com." }).max(254, "An e-mail address has at most 254 characters."));

const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `A password needs at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `A password has at most ${MAX_PASSWORD_LENGTH} characters.`);

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
const currentPassword = z.string().min(1, "Enter your current password.").max(MAX_PASSWORD_LENGTH, "Enter your current password.");

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
        .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code your authenticator app shows.")),
      // The address the QR code showed, sent back so that a mistyped code shows it again.
      uri: totpUri.optional().catch(undefined),
    }),
    z.object({ intent: z.literal("totp-off"), password: currentPassword }),
    z
      .object({
        intent: z.literal("password"),
        currentPassword,
        newPassword,
        confirmPassword: z.string().max(MAX_PASSWORD_LENGTH),
      })
      .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "The two new passwords differ." })
      .refine((v) => v.newPassword !== v.currentPassword, {
        path: ["newPassword"],
        message: "Choose a password other than the current one.",
      }),
  ],
  { error: "This form is not one this page knows. Reload the page and try again." },
);

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
 * The actors of the audit log that are no staff account, as the log writes them, each with the
 * key the audit page's person filter puts in its address for it.
 */
export const FIXED_AUDIT_ACTORS = {
  system: "system",
  "command-line": "command line",
  traveller: "traveller",
} as const;
export type FixedAuditActorKey = keyof typeof FIXED_AUDIT_ACTORS;
export type FixedAuditActor = (typeof FIXED_AUDIT_ACTORS)[FixedAuditActorKey];

function isFixedAuditActorKey(key: string): key is FixedAuditActorKey {
  return Object.hasOwn(FIXED_AUDIT_ACTORS, key);
}

/** Whom the person filter means: a staff account by its id, or one of the fixed actors. */
export type AuditPerson = { actorId: string } | { fixed: FixedAuditActor } | null;

/** The person filter's value as the page reads it: "" for everyone. */
export function auditPersonOf(key: string): AuditPerson {
  if (key === "") return null;
  return isFixedAuditActorKey(key) ? { fixed: FIXED_AUDIT_ACTORS[key] } : { actorId: key };
}

/**
 * The audit page's filters and page, from its address. The person is a staff account's opaque id
 * (or a fixed actor's key), never an e-mail: personal data stays out of addresses.
 */
export const AUDIT_PAGE_SIZE = 50;
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

/** The audit actions the filter offers, with the words the page shows for them. */
const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  sign_in: "Signed in",
  sign_in_failed: "Sign-in refused",
  sign_out: "Signed out",
  staff_added: "Staff member added",
  staff_disabled: "Staff member disabled",
  staff_enabled: "Staff member re-enabled",
  password_reset: "Password reset",
  password_changed: "Own password changed",
  role_changed: "Role changed",
  two_factor_on: "Second factor turned on",
  two_factor_off: "Second factor turned off",
};

/** The words for an audit action; an action of another page is shown as written, its underscores as spaces. */
export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action.replace(/_/g, " ");
}

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
