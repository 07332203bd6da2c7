import { eq } from "drizzle-orm";
import { bookingLegs, bookings, drivers, outbox } from "../../db/schema";
import type { DoneCode } from "~/domain/back-office/booking-actions";
import { displayPhone } from "~/domain/phone";
import type { EmailDriver } from "~/domain/booking/email-frame";
import type { LegNumber } from "~/domain/booking/model";
import type { BookingEmail } from "~/domain/booking/paid-emails";
import type { StaffEmail } from "~/domain/booking/staff-emails";
import type { ReminderEmail } from "~/domain/manage/reminder-email";
import { recordAudit } from "./audit.server";
import { bookingColumns } from "./booking-store.server";
import type { BookingRow } from "./bookings.server";
import type { Db } from "./db.server";

/**
 * The steps every change to one booking is made of, staff's or the traveller's: one transaction
 * that locks the booking's row (SELECT … FOR UPDATE), writes the change, its history row and its
 * e-mails together, and reads the legs' drivers under the lock. Two posts of one change (a
 * double click, two tabs, two staff members) take turns on the lock, and the second finds the
 * change made.
 */

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DriverRow = typeof drivers.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;

/** The staff member acting, as the audit names them. */
export interface Actor {
  id: string;
  email: string;
}

/** Who a change is recorded as: a staff member, or the traveller on the booking's own page (no account). */
export interface AuditActor {
  id: string | null;
  email: string;
}

/** The traveller, as the history names the changes made from the booking's own page. */
export const TRAVELLER_ACTOR: AuditActor = { id: null, email: "traveller" };

/** An e-mail to write in the outbox: a staff action's, a payment's, or a traveller action's. */
export interface OutboxMessage {
  kind: OutboxRow["kind"];
  recipient: string;
  subject: string;
  body: string;
  /** The text standing for the manage link in the body, when the body holds it. */
  manageLink?: string;
  /** Whether the booking's calendar file goes with it, drawn when it is sent. */
  calendar?: boolean;
  /** The leg a message is about, when it is one leg's (a reminder, a driver's job). */
  leg?: LegNumber;
}

/** What an action did: the outcome code the page shows after its redirect, or why nothing changed. */
export type ActionOutcome = { ok: true; done: DoneCode } | { ok: false; status: 400 | 404 | 409 | 502; message: string };

/** The answer to an action on an order number no booking has. */
export const NO_SUCH_BOOKING: ActionOutcome = { ok: false, status: 404, message: "There is no booking with this order number." };

/** An e-mail as the outbox stores it: the manage link's marker in its own column. */
export function outboxValues<T extends OutboxMessage | StaffEmail | BookingEmail | ReminderEmail>(
  message: T,
): Omit<T, "manageLink"> & { linkMarker: string | null } {
  const { manageLink, ...rest } = message;
  return { ...rest, linkMarker: manageLink ?? null };
}

/**
 * The booking `orderId`, its row locked (SELECT … FOR UPDATE) until the transaction ends: every
 * change to a booking, staff's or the traveller's, takes it first, so two changes take turns and
 * the second reads the first's result.
 */
export async function lockBooking(tx: Tx, orderId: string): Promise<BookingRow | undefined> {
  // The lock is a statement of its own: a statement that waited for it would read the legs' rows
  // as they were when it began (PostgreSQL re-reads only the locked row), so the read follows it.
  const [locked] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.orderId, orderId)).limit(1).for("update");
  if (!locked) return undefined;
  return (await tx.select(bookingColumns).from(bookings).where(eq(bookings.id, locked.id)).limit(1))[0];
}

/** Writes these e-mails to the outbox for the booking, in the transaction that changes it. */
export async function queueEmails(tx: Tx, orderId: string, messages: OutboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await tx.insert(outbox).values(messages.map((m) => ({ ...outboxValues(m), orderId })));
}

/** What the status rules (app/domain/back-office/statuses.ts) read of a booking. */
export function statusFacts(row: BookingRow) {
  return { bookingStatus: row.bookingStatus, paymentStatus: row.status, paymentMode: row.paymentMode };
}

/** The booking's history row of a change, written with it. */
export function auditChange(tx: Tx, actor: AuditActor, orderId: string, action: string, detail: string) {
  return recordAudit(tx, { actorId: actor.id, actor: actor.email, action, orderId, detail });
}

/** Each leg's driver, by leg number (the one assigned, kept once the booking is closed): what staff see. */
export async function legDrivers(tx: Pick<Db, "select">, orderId: string): Promise<Map<LegNumber, DriverRow>> {
  const rows = await tx
    .select({ leg: bookingLegs.leg, driver: drivers })
    .from(bookingLegs)
    .innerJoin(drivers, eq(drivers.id, bookingLegs.driverId))
    .where(eq(bookingLegs.orderId, orderId))
    .orderBy(bookingLegs.leg);
  return new Map(rows.map((r) => [r.leg as LegNumber, r.driver]));
}

/** The booking's drivers, each with the legs they drive, in the order of their first leg. */
export async function driverJobs(tx: Pick<Db, "select">, orderId: string): Promise<{ driver: DriverRow; legs: LegNumber[] }[]> {
  const jobs = new Map<number, { driver: DriverRow; legs: LegNumber[] }>();
  for (const [leg, driver] of await legDrivers(tx, orderId)) {
    const job = jobs.get(driver.id) ?? { driver, legs: [] };
    job.legs.push(leg);
    jobs.set(driver.id, job);
  }
  return [...jobs.values()];
}

/** The drivers' names as the history writes them: "Jean" or "Jean and Marc". */
export function driverNames(jobs: readonly { driver: Pick<DriverRow, "name"> }[]): string {
  return jobs.map((job) => job.driver.name).join(" and ");
}

/** Whether every leg of the booking has a driver (a booking whose legs cannot be read has none). */
export async function everyLegDriven(tx: Pick<Db, "select">, orderId: string): Promise<boolean> {
  const legs = await tx.select({ driverId: bookingLegs.driverId }).from(bookingLegs).where(eq(bookingLegs.orderId, orderId));
  return legs.length > 0 && legs.every((leg) => leg.driverId !== null);
}

/** The states in which the traveller is told who drives each leg: the booking is still to take place. */
const TOLD_DRIVER: ReadonlySet<BookingRow["bookingStatus"]> = new Set(["confirmed", "driver_assigned"]);

/**
 * The drivers the traveller is told of (the booking's page, the voucher, the reminder), by leg:
 * each leg's assigned driver while the booking is confirmed and still to take place, with the
 * phone written for people; none once it is closed.
 */
export async function assignedDrivers(
  tx: Pick<Db, "select">,
  row: Pick<BookingRow, "orderId" | "bookingStatus">,
): Promise<Map<LegNumber, EmailDriver>> {
  if (!TOLD_DRIVER.has(row.bookingStatus)) return new Map();
  const byLeg = await legDrivers(tx, row.orderId);
  return new Map([...byLeg].map(([leg, driver]) => [leg, { name: driver.name, phone: displayPhone(driver.phone) }]));
}
