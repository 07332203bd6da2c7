import { createHash } from "node:crypto";
import { asc, desc, eq, sql } from "drizzle-orm";
import { vehicles } from "../../db/schema";
import type { VehicleFieldsForm, VehicleForm } from "~/domain/back-office/vehicle-form";
import { FIRST_FLEET, type Vehicle, type VehicleFields } from "~/domain/fleet";
import { recordAudit } from "./audit.server";
import type { Db } from "./db.server";

/**
 * The fleet in the database (docs/product.md, Fleet): the first fleet a new database starts with,
 * the list staff edit at /admin/vehicles, and the store the cars page and the booking form read.
 */

/** Gives a database with no vehicle the first fleet; a fleet already there is never touched. */
export async function seedFleet(db: Db): Promise<void> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(vehicles);
  if (count > 0) return;
  // Two instances opening one new database at once: the name's unique index keeps one of each.
  await db
    .insert(vehicles)
    .values([...FIRST_FLEET])
    .onConflictDoNothing();
}

/** Active vehicles first, each group in the order they were added (the cars page's order). */
export async function listVehicles(db: Db): Promise<Vehicle[]> {
  const rows = await db.select().from(vehicles).orderBy(desc(vehicles.active), asc(vehicles.id));
  return rows.map(({ createdAt: _createdAt, ...vehicle }) => vehicle);
}

export interface FleetData {
  vehicles: readonly Vehicle[];
  /** A strong validator of the fleet: shared pages that show it are kept by it. */
  etag: string;
}

export interface FleetStore {
  get(): Promise<FleetData>;
  /** The fleet as last read, when read less than the check interval ago; null when a read is due. */
  fresh(): FleetData | null;
}

/**
 * The fleet as pages read it: read from the database at most once a second, so an edit shows on
 * every instance within a second and a busy page costs no query per visit.
 */
export function createFleetStore(db: () => Promise<Db>, options: { checkEveryMs?: number; now?: () => number } = {}): FleetStore {
  const checkEveryMs = options.checkEveryMs ?? 1000;
  const now = options.now ?? Date.now;
  let current: FleetData | null = null;
  let readAt = -Infinity;
  let pending: Promise<FleetData> | null = null;
  const fresh = () => (current && now() - readAt < checkEveryMs ? current : null);
  async function read(): Promise<FleetData> {
    const list = await listVehicles(await db());
    const etag = `"${createHash("sha256").update(JSON.stringify(list)).digest("base64url").slice(0, 27)}"`;
    current = { vehicles: list, etag };
    readAt = now();
    return current;
  }
  return {
    fresh,
    get() {
      const known = fresh();
      if (known) return Promise.resolve(known);
      pending ??= read().finally(() => {
        pending = null;
      });
      return pending;
    },
  };
}

export type VehicleChange =
  | { ok: true; vehicleId: number; notice: "added" | "changed" | "unchanged" | "deactivated" | "reactivated" }
  /** gone: no such vehicle (any more); name_taken: another vehicle has this name. The page words each. */
  | { ok: false; reason: "gone" | "name_taken" };

const CHANGED_WORDS: Record<keyof VehicleFields, string> = {
  name: "name",
  kind: "kind",
  seats: "seats",
  suitcases: "suitcases",
  childSeats: "child seats",
  active: "status",
  picture: "picture",
  pictureAlt: "picture text",
  description: "description",
  luggage: "luggage text",
};

/** The vehicle's own fields of an add or edit post. */
function vehicleFieldsOf(form: VehicleFieldsForm): VehicleFieldsForm {
  const { name, kind, seats, suitcases, childSeats, picture, pictureAlt, description, luggage } = form;
  return { name, kind, seats, suitcases, childSeats, picture, pictureAlt, description, luggage };
}

function isNameTaken(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === "23505";
}

/** Applies one checked post of the vehicles page with its audit row, in one transaction. */
export async function changeVehicle(db: Db, form: VehicleForm, actor: { id: string; email: string }): Promise<VehicleChange> {
  const audit = { actorId: actor.id, actor: actor.email };
  const taken: VehicleChange = { ok: false, reason: "name_taken" };
  try {
    return await db.transaction(async (tx): Promise<VehicleChange> => {
      if (form.intent === "add") {
        const [row] = await tx
          .insert(vehicles)
          .values({ ...vehicleFieldsOf(form), active: true })
          .returning();
        if (!row) throw new Error("The new vehicle was not stored.");
        await recordAudit(tx, { ...audit, action: "vehicle_added", detail: `Vehicle #${row.id} added: ${row.name}, ${row.seats} seats.` });
        return { ok: true, vehicleId: row.id, notice: "added" };
      }
      const [before] = await tx.select().from(vehicles).where(eq(vehicles.id, form.id)).for("update");
      if (!before) return { ok: false, reason: "gone" };
      if (form.intent === "edit") {
        const after = vehicleFieldsOf(form);
        const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => after[k] !== before[k]).map((k) => CHANGED_WORDS[k]);
        if (changed.length === 0) return { ok: true, vehicleId: before.id, notice: "unchanged" };
        await tx.update(vehicles).set(after).where(eq(vehicles.id, before.id));
        await recordAudit(tx, {
          ...audit,
          action: "vehicle_changed",
          detail: `Vehicle #${before.id} (${after.name}): ${changed.join(", ")} changed.`,
        });
        return { ok: true, vehicleId: before.id, notice: "changed" };
      }
      const active = form.intent === "reactivate";
      if (before.active === active) return { ok: true, vehicleId: before.id, notice: "unchanged" };
      await tx.update(vehicles).set({ active }).where(eq(vehicles.id, before.id));
      await recordAudit(tx, {
        ...audit,
        action: "vehicle_changed",
        detail: `Vehicle #${before.id} (${before.name}) ${active ? "reactivated" : "deactivated"}.`,
      });
      return { ok: true, vehicleId: before.id, notice: active ? "reactivated" : "deactivated" };
    });
  } catch (error) {
    if (isNameTaken(error)) return taken;
    throw error;
  }
}
