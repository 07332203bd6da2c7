import { desc, eq } from "drizzle-orm";
import { auditEvents } from "../../db/schema";
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

/** The newest audit rows first, a page at a time. */
export async function auditPage(db: Db, options: { limit: number; offset: number }): Promise<AuditEvent[]> {
  return db.select().from(auditEvents).orderBy(desc(auditEvents.at), desc(auditEvents.id)).limit(options.limit).offset(options.offset);
}
