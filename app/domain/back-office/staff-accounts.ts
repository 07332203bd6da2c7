import type { AdminWordKey, AdminWords } from "./admin-words";

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

/**
 * The audit actions the page has words for (the `admin` catalogue's `audit.action.*`): the staff
 * pages' own, then the bookings', the dispatch's and the prices'. The detail of a row stays in
 * English, the business's record; its action is named in the member's language.
 */
const AUDIT_ACTIONS = [
  "sign_in",
  "sign_in_failed",
  "sign_out",
  "staff_added",
  "staff_disabled",
  "staff_enabled",
  "password_reset",
  "password_changed",
  "role_changed",
  "two_factor_on",
  "two_factor_off",
  "back_office_language_changed",
  "language_changed",
  "booking_created",
  "booking_confirmed",
  "driver_assigned",
  "booking_completed",
  "booking_no_show",
  "booking_cancelled",
  "booking_changed_by_traveller",
  "landing_time_changed",
  "note_added",
  "email_resent",
  "payment_refunded",
  "refund_refused",
  "manage_link_sent",
  "run_changed",
  "ride_step",
  "driver_added",
  "driver_changed",
  "driver_link_sent",
  "driver_link_revoked",
  "vehicle_added",
  "vehicle_changed",
  "prices_published",
  "prices_rolled_back",
] as const;
type AuditAction = (typeof AUDIT_ACTIONS)[number];

function isAuditAction(action: string): action is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}

/** The words for an audit action; an action the page has no words for is shown as written, its underscores as spaces. */
export function auditActionLabel(action: string, words: AdminWords): string {
  return isAuditAction(action) ? words(`audit.action.${action}`) : action.replace(/_/g, " ");
}

/** The catalogue's words for each fixed actor: as a row's "Who" names it, and as the person filter offers it. */
const FIXED_ACTOR_WORDS = {
  system: { actor: "audit.actor.system", person: "audit.person.system" },
  "command-line": { actor: "audit.actor.commandLine", person: "audit.person.commandLine" },
  traveller: { actor: "audit.actor.traveller", person: "audit.person.traveller" },
} as const satisfies Record<FixedAuditActorKey, { actor: AdminWordKey; person: AdminWordKey }>;

/** Who did it, as a row of the log shows it: a staff account's e-mail as written, a fixed actor ("system") in words. */
export function auditActorText(row: { actor: string; actorId: string | null }, words: AdminWords): string {
  if (row.actorId !== null) return row.actor;
  // A driver's step from their day's page is recorded as "driver <name>".
  const driver = /^driver (.+)$/s.exec(row.actor);
  if (driver) return words("audit.actor.driver", { name: driver[1]! });
  const key = (Object.keys(FIXED_AUDIT_ACTORS) as FixedAuditActorKey[]).find((k) => FIXED_AUDIT_ACTORS[k] === row.actor);
  return key ? words(FIXED_ACTOR_WORDS[key].actor) : row.actor;
}

/** A choice of the person filter: a fixed actor in words ("System"), a staff account by its own label. */
export function auditPersonLabel(person: { key: string; label: string }, words: AdminWords): string {
  return isFixedAuditActorKey(person.key) ? words(FIXED_ACTOR_WORDS[person.key].person) : person.label;
}
