import { and, asc, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { auditEvents, staffUsers } from "../../db/schema";
import { FIXED_AUDIT_ACTORS, type FixedAuditActor, type FixedAuditActorKey } from "~/domain/back-office/staff-accounts";
import type { Db } from "./db.server";

/**
 * The record of what staff do, and what the system does on a booking: one table serves the
 * audit page (every row) and a booking's history (its rows).
 */

export type AuditEvent = typeof auditEvents.$inferSelect;

export interface AuditEntry {
  /** The staff account's id, if a staff member did it. */
  actorId?: string | null;
  /** Who did it, in words that outlive the account: a staff e-mail, "traveller" or "system". */
  actor: string;
  action: string;
  orderId?: string | null;
  detail?: string;
}

/** A database or a transaction: audit rows are written with the change they describe. */
type Writer = Pick<Db, "insert">;

export async function recordAudit(db: Writer, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: entry.actorId ?? null,
    actor: entry.actor,
    action: entry.action,
    orderId: entry.orderId ?? null,
    detail: entry.detail ?? "",
  });
}

/** A booking's history, oldest first. */
export async function bookingHistory(db: Db, orderId: string): Promise<AuditEvent[]> {
  return db.select().from(auditEvents).where(eq(auditEvents.orderId, orderId)).orderBy(auditEvents.at, auditEvents.id);
}

export interface AuditPageOptions {
  limit: number;
  offset: number;
  /** Only this action's rows. */
  action?: string;
  /** Only the rows of this staff account. */
  actorId?: string;
  /** Only the rows of this actor that is no staff account ("system", "command line", "traveller"). */
  fixedActor?: FixedAuditActor;
}

/** The newest audit rows first, a page at a time, optionally only one action's or one person's. */
export async function auditPage(db: Db, options: AuditPageOptions): Promise<AuditEvent[]> {
  const where: SQL[] = [];
  if (options.action) where.push(eq(auditEvents.action, options.action));
  if (options.actorId) where.push(eq(auditEvents.actorId, options.actorId));
  // A fixed actor's rows have no account; an account's e-mail can never be one of these words.
  if (options.fixedActor) where.push(isNull(auditEvents.actorId), eq(auditEvents.actor, options.fixedActor));
  return db
    .select()
    .from(auditEvents)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** Every action the log holds, for the action filter. */
export async function auditActions(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditEvents.action }).from(auditEvents).orderBy(auditEvents.action);
  return rows.map((r) => r.action);
}

/** A choice of the person filter: its key (an account's opaque id, or a fixed actor's key) and its words. */
export interface AuditPersonChoice {
  key: string;
  label: string;
}

/**
 * The person filter's choices: every staff account by name (its e-mail beside it, on the page
 * only), then the fixed actors that have rows in the log.
 */
export async function auditPeople(db: Db): Promise<AuditPersonChoice[]> {
  const staff = await db
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
    .from(staffUsers)
    .orderBy(asc(staffUsers.name), asc(staffUsers.email));
  const fixed = await db
    .selectDistinct({ actor: auditEvents.actor })
    .from(auditEvents)
    .where(and(isNull(auditEvents.actorId), inArray(auditEvents.actor, Object.values(FIXED_AUDIT_ACTORS))));
  const present = new Set(fixed.map((r) => r.actor));
  const fixedChoices = (Object.entries(FIXED_AUDIT_ACTORS) as [FixedAuditActorKey, FixedAuditActor][])
    .filter(([, actor]) => present.has(actor))
    .map(([key, actor]) => ({ key, label: FIXED_LABELS[actor] }));
  return [...staff.map((s) => ({ key: s.id, label: `${s.name} (${s.email})` })), ...fixedChoices];
}

const FIXED_LABELS: Record<FixedAuditActor, string> = {
  system: "System",
  "command line": "Command line (npm run staff)",
  traveller: "Traveller",
};
