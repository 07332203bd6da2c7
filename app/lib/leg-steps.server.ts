import { asc, inArray } from "drizzle-orm";
import { legEvents } from "../../db/schema";
import { orderedSteps, type RecordedStep } from "~/domain/driver-day/steps";
import type { Db } from "./db.server";

/**
 * The steps of a ride its driver recorded (docs/product.md, The driver's day), read for the
 * driver's page, the booking's page in the back office and the dispatcher's runs board.
 */

/** A leg of a booking. */
export interface LegKey {
  orderId: string;
  leg: number;
}

/** "NV-ABC234-1": how the maps below name a leg. */
export function legKeyText(key: LegKey): string {
  return `${key.orderId}-${key.leg}`;
}

/**
 * Each leg's recorded steps, in the ride's order (On my way, At pickup, Picked up, No-show), by
 * legKeyText; a leg with none is absent from the map.
 */
export async function legStepsOf(db: Pick<Db, "select">, legKeys: readonly LegKey[]): Promise<Map<string, RecordedStep[]>> {
  const out = new Map<string, RecordedStep[]>();
  if (legKeys.length === 0) return out;
  const orderIds = [...new Set(legKeys.map((k) => k.orderId))];
  const wanted = new Set(legKeys.map(legKeyText));
  const rows = await db
    .select({ orderId: legEvents.orderId, leg: legEvents.leg, step: legEvents.step, at: legEvents.at })
    .from(legEvents)
    .where(inArray(legEvents.orderId, orderIds))
    .orderBy(asc(legEvents.at), asc(legEvents.id));
  for (const row of rows) {
    const key = legKeyText(row);
    if (!wanted.has(key)) continue;
    out.set(key, [...(out.get(key) ?? []), { step: row.step, at: row.at }]);
  }
  for (const [key, steps] of out) out.set(key, orderedSteps(steps));
  return out;
}

/** One booking's legs' steps: legStepsOf for its legs 1 and 2. */
export async function bookingLegSteps(db: Pick<Db, "select">, orderId: string): Promise<Map<string, RecordedStep[]>> {
  return legStepsOf(db, [
    { orderId, leg: 1 },
    { orderId, leg: 2 },
  ]);
}
