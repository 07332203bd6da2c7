import { createHash } from "node:crypto";
import { asc, desc, eq, sql } from "drizzle-orm";
import { vehicles } from "../../db/schema";
import type { VehicleFieldsForm, VehicleForm } from "~/domain/back-office/vehicle-form";
import {
  FIRST_FLEET,
  TRANSLATED_LOCALES,
  type TranslatedLocale,
  type Vehicle,
  type VehicleFields,
  VEHICLE_TEXTS,
  type VehicleText,
  type VehicleTranslations,
} from "~/domain/fleet";
import { z } from "~/domain/zod";
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

/** One stored translation: a text with something in it, anything else is no text. */
const storedText = z.string().trim().min(1).optional().catch(undefined);
const storedLanguage = z
  .object(Object.fromEntries(VEHICLE_TEXTS.map((t) => [t, storedText])) as Record<VehicleText, typeof storedText>)
  .optional()
  .catch(undefined);
const storedTranslations = z
  .object(Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, storedLanguage])) as Record<TranslatedLocale, typeof storedLanguage>)
  .catch({});

/**
 * A vehicle's stored `texts` as the pages read them: each text that reads (a string with
 * something in it, under a known language and name) is kept, and whatever else is there (a
 * language or text of no known name, a number, a column that is not an object) reads as no text,
 * so the pages show the English one. Languages and texts come in the site's order, whatever the
 * stored order, so the fleet's version depends on the texts only.
 */
export function readVehicleTranslations(stored: unknown): VehicleTranslations {
  const read = storedTranslations.parse(stored);
  const texts: { [L in TranslatedLocale]?: Partial<Record<VehicleText, string>> } = {};
  for (const locale of TRANSLATED_LOCALES) {
    const language = read[locale];
    const kept = Object.fromEntries(VEHICLE_TEXTS.flatMap((t) => (language?.[t] ? [[t, language[t]]] : [])));
    if (Object.keys(kept).length > 0) texts[locale] = kept;
  }
  return texts;
}

/** Active vehicles first, each group in the order they were added (the cars page's order). */
export async function listVehicles(db: Db): Promise<Vehicle[]> {
  const rows = await db.select().from(vehicles).orderBy(desc(vehicles.active), asc(vehicles.id));
  return rows.map(({ createdAt: _createdAt, texts, ...vehicle }) => ({ ...vehicle, texts: readVehicleTranslations(texts) }));
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

const CHANGED_WORDS: Record<Exclude<keyof VehicleFields, "texts">, string> = {
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

/** The languages as the audit log's English names them. */
const LANGUAGE_NAMES: Record<TranslatedLocale, string> = { fr: "French", es: "Spanish", it: "Italian", de: "German", nl: "Dutch" };

/** The vehicle's own fields of an add or edit post. */
function vehicleFieldsOf(form: VehicleFieldsForm): VehicleFieldsForm {
  const { name, kind, seats, suitcases, childSeats, picture, pictureAlt, description, luggage, texts } = form;
  return { name, kind, seats, suitcases, childSeats, picture, pictureAlt, description, luggage, texts };
}

/** What an edit changed, in the audit log's words: "seats", "picture text", "Spanish description"… */
function changedWords(before: Omit<VehicleFields, "active">, after: VehicleFieldsForm): string[] {
  const own = (Object.keys(CHANGED_WORDS) as (keyof typeof CHANGED_WORDS)[]).filter((k) => k !== "active" && after[k] !== before[k]);
  const texts = TRANSLATED_LOCALES.flatMap((l) =>
    VEHICLE_TEXTS.filter((t) => (after.texts[l]?.[t] ?? "") !== (before.texts[l]?.[t] ?? "")).map(
      (t) => `${LANGUAGE_NAMES[l]} ${CHANGED_WORDS[t]}`,
    ),
  );
  return [...own.map((k) => CHANGED_WORDS[k]), ...texts];
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
        const changed = changedWords({ ...before, texts: readVehicleTranslations(before.texts) }, after);
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
