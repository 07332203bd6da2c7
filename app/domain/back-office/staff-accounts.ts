/**
 * What the staff pages and the audit log know of staff accounts, without the forms' schemas: the
 * roles, the password's length, the audit log's actors and actions. A page's component imports
 * these, so the forms' validation library stays on the server (app/domain/back-office/staff-forms.ts).
 */

export const STAFF_ROLES = ["admin", "dispatcher"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A staff password: long rather than complicated (NIST SP 800-63B), and bounded for the hash. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

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

/** The audit page's page length. */
export const AUDIT_PAGE_SIZE = 50;

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
  language_changed: "Back office language changed",
};

/** The words for an audit action; an action of another page is shown as written, its underscores as spaces. */
export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action.replace(/_/g, " ");
}
