import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditEvents, vehicles } from "../../db/schema";
import { vehicleFormSchema } from "~/domain/back-office/vehicle-form";
import { FIRST_FLEET } from "~/domain/fleet";
import { changeVehicle, createFleetStore, listVehicles, seedFleet } from "./fleet.server";
import { useEmbeddedDatabase } from "./test-support/embedded-database";

// The fleet on the embedded PostgreSQL: the first fleet, the vehicles page's changes, the store.

const database = useEmbeddedDatabase();
const actor = { id: "staff-1", email: "owner@navette.test" };

beforeEach(async () => {
  await database.db.execute(sql`truncate drivers, vehicles, audit_events restart identity cascade`);
  await seedFleet(database.db);
});

const fields = {
  name: "Ford Transit",
  kind: "minibus",
  seats: "9",
  suitcases: "9",
  childSeats: "2",
  picture: "trafic",
  pictureAlt: "Ford Transit minibus, side view",
  description: "A nine-seat minibus for groups going to the parks.",
  luggage: "Nine large suitcases.",
};

describe("seedFleet", () => {
  it("gives a new database the nine vehicles of the first fleet, active, in order", async () => {
    const list = await listVehicles(database.db);
    expect(list.map((v) => v.name)).toEqual(FIRST_FLEET.map((v) => v.name));
    expect(list.every((v) => v.active)).toBe(true);
  });

  it("leaves a fleet already there as it is", async () => {
    await database.db
      .update(vehicles)
      .set({ active: false })
      .where(sql`${vehicles.name} = 'Peugeot 508'`);
    await seedFleet(database.db);
    const list = await listVehicles(database.db);
    expect(list).toHaveLength(9);
    expect(list.at(-1)).toMatchObject({ name: "Peugeot 508", active: false });
  });
});

describe("changeVehicle", () => {
  it("adds a vehicle with its audit row", async () => {
    const outcome = await changeVehicle(database.db, vehicleFormSchema.parse({ intent: "add", ...fields }), actor);
    expect(outcome).toEqual({ ok: true, vehicleId: 10, notice: "added" });
    expect((await listVehicles(database.db)).at(-1)).toMatchObject({ name: "Ford Transit", seats: 9, active: true });
    const audit = await database.db.select().from(auditEvents);
    expect(audit.map((a) => [a.action, a.detail])).toEqual([["vehicle_added", "Vehicle #10 added: Ford Transit, 9 seats."]]);
  });

  it("refuses a name another vehicle has, whatever its case, adding nothing", async () => {
    const outcome = await changeVehicle(database.db, vehicleFormSchema.parse({ intent: "add", ...fields, name: "renault TRAFIC" }), actor);
    expect(outcome).toMatchObject({ ok: false, reason: "name_taken" });
    expect(await listVehicles(database.db)).toHaveLength(9);
    expect(await database.db.select().from(auditEvents)).toEqual([]);
  });

  it("names what an edit changed, and writes nothing for an edit that changes nothing", async () => {
    const suv = (await listVehicles(database.db)).find((v) => v.name === "Peugeot 5008")!;
    const same = {
      intent: "edit",
      id: String(suv.id),
      ...fields,
      ...Object.fromEntries(Object.entries(suv).map(([k, v]) => [k, String(v)])),
    };
    expect(await changeVehicle(database.db, vehicleFormSchema.parse(same), actor)).toMatchObject({ ok: true, notice: "unchanged" });
    expect(await changeVehicle(database.db, vehicleFormSchema.parse({ ...same, suitcases: "5", childSeats: "2" }), actor)).toMatchObject({
      ok: true,
      notice: "changed",
    });
    const audit = await database.db.select().from(auditEvents);
    expect(audit.map((a) => a.detail)).toEqual([`Vehicle #${suv.id} (Peugeot 5008): suitcases, child seats changed.`]);
  });

  it("deactivates and reactivates a vehicle, and says a missing one is gone", async () => {
    expect(await changeVehicle(database.db, vehicleFormSchema.parse({ intent: "deactivate", id: "8" }), actor)).toMatchObject({
      notice: "deactivated",
    });
    expect((await listVehicles(database.db)).at(-1)).toMatchObject({ id: 8, active: false });
    expect(await changeVehicle(database.db, vehicleFormSchema.parse({ intent: "reactivate", id: "8" }), actor)).toMatchObject({
      notice: "reactivated",
    });
    expect(await changeVehicle(database.db, vehicleFormSchema.parse({ intent: "deactivate", id: "99" }), actor)).toMatchObject({
      ok: false,
      reason: "gone",
    });
  });
});

describe("createFleetStore", () => {
  it("reads the database at most once within its interval, then sees an edit with a new version", async () => {
    let clock = 0;
    let reads = 0;
    const store = createFleetStore(
      async () => {
        reads++;
        return database.db;
      },
      { checkEveryMs: 1000, now: () => clock },
    );
    const first = await store.get();
    await store.get();
    expect(reads).toBe(1);
    await changeVehicle(database.db, vehicleFormSchema.parse({ intent: "deactivate", id: "1" }), actor);
    clock = 999;
    expect((await store.get()).etag).toBe(first.etag);
    clock = 1000;
    expect(store.fresh()).toBeNull();
    const next = await store.get();
    expect(reads).toBe(2);
    expect(next.etag).not.toBe(first.etag);
    expect(next.vehicles.find((v) => v.id === 1)?.active).toBe(false);
  });
});
