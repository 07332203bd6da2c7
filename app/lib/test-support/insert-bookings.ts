import { and, eq, inArray } from "drizzle-orm";
import { bookingLegs, bookings } from "../../../db/schema";
import { endSchema, legSchema, type BookingEnd, type BookingLeg } from "~/domain/booking/model";
import { isoDate, parisParts } from "~/domain/booking/paris-time";
import { writeLegs } from "../booking-store.server";
import type { Db } from "../db.server";

type BookingInsert = typeof bookings.$inferInsert;

/** A leg as a test writes it: what the test is about, the rest a plain transfer's. */
export type LegFixture = Partial<Omit<BookingLeg, "pickup" | "dropoff">> & {
  leg: 1 | 2;
  pickupAt: Date | string;
  pickup?: Partial<BookingEnd>;
  dropoff?: Partial<BookingEnd>;
};

const END: BookingEnd = {
  place: "",
  kind: "address",
  flightTime: null,
  flightCity: "",
  flightNumber: "",
  hotel: "",
  hotelId: null,
  address: "",
  zip: "",
};

/** A whole leg from what a test gives of it: two adults, an hour's drive, its date the pickup's Paris day. */
export function legFixture(leg: LegFixture): BookingLeg {
  const pickupAt = new Date(leg.pickupAt);
  return legSchema.parse({
    date: isoDate(parisParts(pickupAt)),
    pickupTime: null,
    passengers: { adults: 2, children: 0, babies: 0 },
    durationMinutes: 60,
    delayDepartMinutes: 30,
    delayArriveMinutes: 150,
    info: "",
    ...leg,
    pickupAt,
    pickup: endSchema.parse({ ...END, ...leg.pickup }),
    dropoff: endSchema.parse({ ...END, ...leg.dropoff }),
  });
}

/**
 * Inserts booking rows as the store writes them: the details without their legs, and each leg
 * (given in `details.legs`, completed by legFixture) as a row of its own.
 */
export async function insertBookings(db: Db, values: BookingInsert | readonly BookingInsert[]): Promise<void> {
  for (const row of Array.isArray(values) ? values : [values]) {
    const { legs, ...details } = (row.details ?? {}) as { legs?: LegFixture[] };
    await db.insert(bookings).values({ ...row, details });
    await writeLegs(db, row.orderId, (legs ?? []).map(legFixture));
  }
}

/** Gives the booking's legs (every one unless `legs` says which) this driver, as staff's assignment does. */
export async function setLegDriver(db: Db, orderId: string, driverId: number | null, legs: readonly (1 | 2)[] = [1, 2]): Promise<void> {
  await db
    .update(bookingLegs)
    .set({ driverId })
    .where(and(eq(bookingLegs.orderId, orderId), inArray(bookingLegs.leg, [...legs])));
}
