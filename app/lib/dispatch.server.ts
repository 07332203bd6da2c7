import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, lt, ne, or, sql } from "drizzle-orm";
import { bookings, drivers, vehicles } from "../../db/schema";
import { toConfirmCutoff, type ToConfirmBooking, type ToRefundBooking, type UnassignedBooking } from "~/domain/back-office/dashboard";
import { changedFields, type DriverFields, type DriverForm } from "~/domain/back-office/driver-form";
import { readStoredDetails } from "~/domain/booking/model";
import type { RunBooking } from "~/domain/runs/day-runs";
import { recordAudit } from "./audit.server";
import { detailsWithLegs, legDriverId, legDriverName } from "./booking-store.server";
import type { Db } from "./db.server";

/**
 * The dispatcher's reads and writes: the bookings of the dashboard and the run sheet, and the
 * drivers list, each change of which is written with its audit row in one transaction.
 */

/** A driver, with the name of their vehicle of the fleet (null when none is chosen). */
export type Driver = typeof drivers.$inferSelect & { vehicleName: string | null };

const driverColumns = { ...getTableColumns(drivers), vehicleName: vehicles.name };

/** Who makes a change, as the audit keeps it. */
export interface Actor {
  id: string;
  email: string;
}

// ---------------------------------------------------------------------------------------------
// Bookings

/**
 * Paid bookings that staff have not confirmed yet and whose first pickup is still to come, or went
 * by less than the dashboard's grace ago (older ones are history, not work).
 */
export async function bookingsToConfirm(db: Db, now: Date): Promise<ToConfirmBooking[]> {
  return db
    .select({
      orderId: bookings.orderId,
      test: bookings.test,
      paymentStatus: bookings.status,
      bookingStatus: bookings.bookingStatus,
      paidAt: bookings.paidAt,
      firstPickupAt: bookings.firstPickupAt,
      depart: bookings.depart,
      arrive: bookings.arrive,
    })
    .from(bookings)
    .where(and(eq(bookings.status, "paid"), eq(bookings.bookingStatus, "new"), gte(bookings.firstPickupAt, toConfirmCutoff(now))))
    .orderBy(asc(bookings.paidAt), asc(bookings.id));
}

/** Cancelled bookings whose money is still held: paid, or only partly refunded. */
export async function bookingsToRefund(db: Db): Promise<ToRefundBooking[]> {
  return db
    .select({
      orderId: bookings.orderId,
      test: bookings.test,
      paymentStatus: bookings.status,
      bookingStatus: bookings.bookingStatus,
      priceCents: bookings.priceCents,
      paidAmountCents: bookings.paidAmountCents,
      refundedCents: bookings.refundedCents,
      cancelledAt: bookings.cancelledAt,
      depart: bookings.depart,
      arrive: bookings.arrive,
    })
    .from(bookings)
    .where(and(eq(bookings.bookingStatus, "cancelled"), inArray(bookings.status, ["paid", "partly_refunded"])))
    .orderBy(asc(bookings.cancelledAt), asc(bookings.id));
}

/**
 * Every booking with a leg picked up within [start, end), cancelled ones and unpaid ones too
 * (the run sheet decides what it lists), with its driver's name and its details read.
 */
export async function bookingsPickedUpBetween(db: Db, start: Date, end: Date): Promise<RunBooking[]> {
  const rows = await db
    .select({
      orderId: bookings.orderId,
      test: bookings.test,
      kind: bookings.kind,
      bookingStatus: bookings.bookingStatus,
      paymentStatus: bookings.status,
      paymentMode: bookings.paymentMode,
      source: bookings.source,
      depart: bookings.depart,
      arrive: bookings.arrive,
      adults: bookings.adults,
      children: bookings.children,
      babies: bookings.babies,
      firstPickupAt: bookings.firstPickupAt,
      returnPickupAt: bookings.returnPickupAt,
      firstDriverName: legDriverName(1),
      returnDriverName: legDriverName(2),
      details: detailsWithLegs,
    })
    .from(bookings)
    .where(
      or(
        and(gte(bookings.firstPickupAt, start), lt(bookings.firstPickupAt, end)),
        and(gte(bookings.returnPickupAt, start), lt(bookings.returnPickupAt, end)),
      ),
    );
  return rows.map((row) => ({ ...row, details: readStoredDetails(row.details) }));
}

/** Confirmed bookings with a leg still to be picked up after `now`, with each leg's driver (the dashboard keeps those with a driverless leg). */
export async function unassignedBookings(db: Db, now: Date): Promise<UnassignedBooking[]> {
  return db
    .select({
      orderId: bookings.orderId,
      test: bookings.test,
      bookingStatus: bookings.bookingStatus,
      firstDriverId: legDriverId(1),
      returnDriverId: legDriverId(2),
      firstPickupAt: bookings.firstPickupAt,
      returnPickupAt: bookings.returnPickupAt,
      depart: bookings.depart,
      arrive: bookings.arrive,
    })
    .from(bookings)
    .where(and(eq(bookings.bookingStatus, "confirmed"), or(gt(bookings.firstPickupAt, now), gt(bookings.returnPickupAt, now))));
}

// ---------------------------------------------------------------------------------------------
// Drivers

/** Active drivers first, then by name. */
export async function listDrivers(db: Db): Promise<Driver[]> {
  return db
    .select(driverColumns)
    .from(drivers)
    .leftJoin(vehicles, eq(vehicles.id, drivers.vehicleId))
    .orderBy(desc(drivers.active), asc(drivers.name), asc(drivers.id));
}

export type DriverChange =
  | { ok: true; driverId: number; notice: "added" | "changed" | "unchanged" | "deactivated" | "reactivated" }
  /** gone: no such driver (any more); no_vehicle: the vehicle is not one of the active fleet's. The page words them. */
  | { ok: false; reason: "gone" | "no_vehicle" }
  /** Another driver has this phone number. */
  | { ok: false; reason: "phone_taken"; other: { id: number; name: string } };

/** The advisory lock drivers' phone numbers are given under, on add and on edit (any constant of this application's own). */
const DRIVER_PHONE_LOCK = 0x6e617664; // "navd"

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * One driver per phone number (phones are stored in international form): the lock makes the check
 * and the write that follows it one step for every instance, so two forms sent at once, an add
 * and an edit, or two edits, cannot give one number to two drivers. Call it first in the
 * transaction, before any row lock, so that every writer takes the locks in the same order.
 */
async function phoneTaken(tx: Tx, phone: string, exceptId: number | null): Promise<DriverChange | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DRIVER_PHONE_LOCK})`);
  const other = exceptId === null ? undefined : ne(drivers.id, exceptId);
  const [same] = await tx
    .select({ id: drivers.id, name: drivers.name })
    .from(drivers)
    .where(and(eq(drivers.phone, phone), other))
    .limit(1);
  if (!same) return null;
  return { ok: false, reason: "phone_taken", other: same };
}

function fieldsOf(driver: typeof drivers.$inferSelect): DriverFields {
  return { name: driver.name, phone: driver.phone, email: driver.email, vehicleId: driver.vehicleId, vehicleNote: driver.vehicleNote };
}

/** A vehicle chosen for a driver must be one of the fleet's; a deactivated one stays only on the driver who has it. */
async function vehicleRefused(tx: Tx, vehicleId: number | null, keeps: number | null): Promise<DriverChange | null> {
  if (vehicleId === null) return null;
  const [vehicle] = await tx.select({ active: vehicles.active }).from(vehicles).where(eq(vehicles.id, vehicleId)).limit(1);
  if (vehicle && (vehicle.active || vehicleId === keeps)) return null;
  return { ok: false, reason: "no_vehicle" };
}

/**
 * Applies one checked post of the drivers page: the change and its audit row (driver_added or
 * driver_changed) together, or neither. An edit that changes nothing writes nothing.
 */
export async function changeDriver(db: Db, form: DriverForm, actor: Actor): Promise<DriverChange> {
  const audit = { actorId: actor.id, actor: actor.email };
  return db.transaction(async (tx): Promise<DriverChange> => {
    if (form.intent === "add") {
      const { name, phone, email, vehicleId, vehicleNote } = form;
      const taken = (await phoneTaken(tx, phone, null)) ?? (await vehicleRefused(tx, vehicleId, null));
      if (taken) return taken;
      const [row] = await tx.insert(drivers).values({ name, phone, email, vehicleId, vehicleNote }).returning();
      if (!row) throw new Error("The new driver was not stored.");
      await recordAudit(tx, { ...audit, action: "driver_added", detail: `Driver #${row.id} added: ${row.name}.` });
      return { ok: true, driverId: row.id, notice: "added" };
    }
    // An edit may give the driver a new phone number: checked under the same lock as an add.
    const taken = form.intent === "edit" ? await phoneTaken(tx, form.phone, form.id) : null;
    const [before] = await tx.select().from(drivers).where(eq(drivers.id, form.id)).for("update");
    if (!before) return { ok: false, reason: "gone" };
    if (taken) return taken;
    if (form.intent === "edit") {
      const refused = await vehicleRefused(tx, form.vehicleId, before.vehicleId);
      if (refused) return refused;
      const after: DriverFields = {
        name: form.name,
        phone: form.phone,
        email: form.email,
        vehicleId: form.vehicleId,
        vehicleNote: form.vehicleNote,
      };
      const changed = changedFields(fieldsOf(before), after);
      if (changed.length === 0) return { ok: true, driverId: before.id, notice: "unchanged" };
      await tx.update(drivers).set(after).where(eq(drivers.id, before.id));
      await recordAudit(tx, {
        ...audit,
        action: "driver_changed",
        detail: `Driver #${before.id} (${after.name}): ${changed.join(", ")} changed.`,
      });
      return { ok: true, driverId: before.id, notice: "changed" };
    }
    const active = form.intent === "reactivate";
    if (before.active === active) return { ok: true, driverId: before.id, notice: "unchanged" };
    await tx.update(drivers).set({ active }).where(eq(drivers.id, before.id));
    await recordAudit(tx, {
      ...audit,
      action: "driver_changed",
      detail: `Driver #${before.id} (${before.name}) ${active ? "reactivated" : "deactivated"}.`,
    });
    return { ok: true, driverId: before.id, notice: active ? "reactivated" : "deactivated" };
  });
}
