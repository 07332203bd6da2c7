import { drivers } from "../../../db/schema";
import type { DriverRow } from "../booking-tx.server";
import type { Db } from "../db.server";

// The drivers of the traveller's tests, added as staff add one (insert-bookings.ts's setLegDriver
// gives them a booking's legs).

/** A driver of the business, reached at `<first name>@drivers.example`. */
export async function insertDriver(db: Db, name: string, phone: string): Promise<DriverRow> {
  const email = `${name.split(" ")[0]!.toLowerCase()}@drivers.example`;
  const [driver] = await db.insert(drivers).values({ name, phone, email }).returning();
  return driver!;
}
