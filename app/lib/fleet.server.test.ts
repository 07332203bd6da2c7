import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditEvents, vehicles } from "../../db/schema";
import { vehicleFormSchema } from "~/domain/back-office/vehicle-form";
import { FIRST_FLEET, vehicleFormValues, type Vehicle } from "~/domain/fleet";
import { changeVehicle, createFleetStore, listVehicles, readVehicleTranslations, seedFleet } from "./fleet.server";
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

/** The vehicles page's edit form for a vehicle as stored, with `change` typed over it. */
function editOf(vehicle: Vehicle, change: Record<string, string> = {}) {
  return vehicleFormSchema.parse({ intent: "edit", id: String(vehicle.id), ...vehicleFormValues(vehicle), ...change });
}

describe("seedFleet", () => {
  it("gives a new database the nine vehicles of the first fleet, active, in order", async () => {
    const list = await listVehicles(database.db);
    expect(list.map((v) => v.name)).toEqual(FIRST_FLEET.map((v) => v.name));
    expect(list.every((v) => v.active)).toBe(true);
  });

  it("gives them their texts in the other languages", async () => {
    const list = await listVehicles(database.db);
    expect(list.map((v) => v.texts)).toEqual(FIRST_FLEET.map((v) => v.texts));
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
    expect(await changeVehicle(database.db, editOf(suv), actor)).toMatchObject({ ok: true, notice: "unchanged" });
    expect(await changeVehicle(database.db, editOf(suv, { suitcases: "5", childSeats: "2" }), actor)).toMatchObject({
      ok: true,
      notice: "changed",
    });
    const audit = await database.db.select().from(auditEvents);
    expect(audit.map((a) => a.detail)).toEqual([`Vehicle #${suv.id} (Peugeot 5008): suitcases, child seats changed.`]);
  });

  it("adds a vehicle with the texts written in other languages", async () => {
    const form = vehicleFormSchema.parse({ intent: "add", ...fields, description_de: "Ein Kleinbus mit neun Sitzplätzen." });
    await changeVehicle(database.db, form, actor);
    expect((await listVehicles(database.db)).at(-1)?.texts).toEqual({ de: { description: "Ein Kleinbus mit neun Sitzplätzen." } });
  });

  it("stores the texts an edit changes in the other languages, and names each one in the audit log", async () => {
    const suv = (await listVehicles(database.db)).find((v) => v.name === "Peugeot 5008")!;
    const edit = editOf(suv, { description_es: "Un SUV de siete plazas.", luggage_fr: "", seats: "5" });
    expect(await changeVehicle(database.db, edit, actor)).toMatchObject({ ok: true, notice: "changed" });
    const after = (await listVehicles(database.db)).find((v) => v.id === suv.id)!;
    expect(after.texts.es).toEqual({ ...suv.texts.es, description: "Un SUV de siete plazas." });
    expect(after.texts.fr).toEqual({ pictureAlt: suv.texts.fr?.pictureAlt, description: suv.texts.fr?.description });
    const audit = await database.db.select().from(auditEvents);
    expect(audit.map((a) => a.detail)).toEqual([
      `Vehicle #${suv.id} (Peugeot 5008): seats, French luggage text, Spanish description changed.`,
    ]);
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

describe("readVehicleTranslations", () => {
  const french = { pictureAlt: "Minibus, vu de profil", description: "Un minibus de huit places.", luggage: "Huit valises." };
  it.each<[string, unknown, unknown]>([
    [
      "texts in every language as written",
      { fr: french, nl: { luggage: "Acht koffers." } },
      { fr: french, nl: { luggage: "Acht koffers." } },
    ],
    ["no texts", {}, {}],
    ["a column that is no object", "Un minibus", {}],
    ["a null column", null, {}],
    ["a list", [french], {}],
    [
      "a language of no known name, or English",
      { pt: french, en: french, fr: { luggage: "Huit valises." } },
      { fr: { luggage: "Huit valises." } },
    ],
    ["a text of no known name", { fr: { ...french, name: "Caravelle" } }, { fr: french }],
    [
      "a text that is no string, keeping the others",
      { fr: { ...french, luggage: 8 } },
      { fr: { pictureAlt: french.pictureAlt, description: french.description } },
    ],
    [
      "an empty text, and a language left with none",
      { fr: { ...french, luggage: "  " }, es: { description: "" } },
      { fr: { pictureAlt: french.pictureAlt, description: french.description } },
    ],
    ["a language that is no object", { fr: "Un minibus", de: { luggage: "Acht Koffer." } }, { de: { luggage: "Acht Koffer." } }],
  ])("reads %s", (_label, stored, read) => {
    expect(readVehicleTranslations(stored)).toEqual(read);
  });

  it("gives languages and texts in the site's order, whatever the stored order", () => {
    const read = readVehicleTranslations({ nl: { luggage: "b", description: "a" }, fr: { luggage: "d", pictureAlt: "c" } });
    expect(JSON.stringify(read)).toBe('{"fr":{"pictureAlt":"c","luggage":"d"},"nl":{"description":"a","luggage":"b"}}');
  });

  it("lists a vehicle whose stored texts do not read with none, and the others with theirs", async () => {
    await database.db.execute(sql`update vehicles set texts = '{"fr": 3, "es": {"luggage": ["x"]}}'::jsonb where id = 2`);
    await database.db.execute(sql`update vehicles set texts = '"not an object"'::jsonb where id = 3`);
    const list = await listVehicles(database.db);
    expect(list.map((v) => v.texts)).toEqual(FIRST_FLEET.map((v, i) => (i === 1 || i === 2 ? {} : v.texts)));
  });
});

describe("migration 0012", () => {
  const statements = readFileSync(new URL("../../db/migrations/0012_vehicle_texts.sql", import.meta.url), "utf8")
    .split("--> statement-breakpoint")
    .slice(1);

  it("gives a fleet stored before the languages the first fleet's texts, only where the English is still the first fleet's", async () => {
    await database.db.execute(sql`update vehicles set texts = '{}'::jsonb`);
    await database.db.execute(sql`update vehicles set description = 'Our own words.' where name = 'Renault Trafic'`);
    await database.db.execute(sql`update vehicles set luggage = 'Two large suitcases.' where name = 'Peugeot 508'`);
    for (const statement of statements) await database.db.execute(sql.raw(statement));
    const list = await listVehicles(database.db);
    const without = (texts: Vehicle["texts"], dropped: "description" | "luggage") =>
      Object.fromEntries(Object.entries(texts).map(([l, t]) => [l, Object.fromEntries(Object.entries(t).filter(([k]) => k !== dropped))]));
    expect(list.map((v) => v.texts)).toEqual(
      FIRST_FLEET.map((v) =>
        v.name === "Renault Trafic" ? without(v.texts, "description") : v.name === "Peugeot 508" ? without(v.texts, "luggage") : v.texts,
      ),
    );
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

  it("gives a new version when only a text in another language changes, so the cars page is not kept", async () => {
    let clock = 0;
    const store = createFleetStore(async () => database.db, { checkEveryMs: 1000, now: () => clock });
    const first = await store.get();
    const caravelle = first.vehicles[0]!;
    await changeVehicle(database.db, editOf(caravelle, { luggage_it: "Otto valigie grandi." }), actor);
    clock = 1000;
    const next = await store.get();
    expect(next.vehicles[0]?.texts.it?.luggage).toBe("Otto valigie grandi.");
    expect(next.etag).not.toBe(first.etag);
  });
});
