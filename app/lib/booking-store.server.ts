import { eq, getTableColumns, sql, type Placeholder, type SQL } from "drizzle-orm";
import { bookingLegs, bookings, drivers } from "../../db/schema";
import type { BookingLeg, StoredDetails } from "~/domain/booking/model";
import type { Db } from "./db.server";

/**
 * Where the booking model meets its tables (docs/decisions/0020-legs-as-rows.md): the `details`
 * column holds the traveller and the luggage, and each leg is a row of `booking_legs`. Every read
 * of a booking selects `bookingColumns`, whose `details` is the model's JSON with its legs put
 * back from their rows, so app/domain/booking/model.ts reads it whatever the query.
 */

/** A database or a transaction: the writes below run in either. */
type Writer = Pick<Db, "insert" | "update" | "delete" | "select">;

/**
 * The outer query's booking, written out in full: drizzle leaves a single table's columns
 * unqualified, and inside a subquery on booking_legs a bare "order_id" would be the leg's own.
 */
const OUTER_ORDER_ID = sql.raw(`"bookings"."order_id"`);

/** An instant as JSON.stringify writes a Date, so that a leg read back equals the leg written. */
const isoInstant = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The model's legs of the booking in the outer query, from their rows, in leg order ([] when none). */
const legsJson = sql<unknown>`coalesce((
  select jsonb_agg(jsonb_build_object(
    'leg', l.leg,
    'date', l.date,
    'pickupAt', ${isoInstant("l.pickup_at")},
    'pickupTime', l.pickup_time,
    'passengers', jsonb_build_object('adults', l.adults, 'children', l.children, 'babies', l.babies, 'total', l.adults + l.children + l.babies),
    'durationMinutes', l.duration_minutes,
    'delayDepartMinutes', l.delay_depart_minutes,
    'delayArriveMinutes', l.delay_arrive_minutes,
    'pickup', l.pickup,
    'dropoff', l.dropoff,
    'info', l.notes
  ) order by l.leg)
  from ${bookingLegs} l where l.order_id = ${OUTER_ORDER_ID}
), '[]'::jsonb)`;

/** The booking's details with its legs, as the model reads them. */
export const detailsWithLegs = sql<unknown>`(${bookings.details} || jsonb_build_object('legs', ${legsJson}))`;

/** The driver id of leg `leg` of the booking in the outer query, or null. */
export function legDriverId(leg: 1 | 2) {
  return sql<number | null>`(select l.driver_id from ${bookingLegs} l where l.order_id = ${OUTER_ORDER_ID} and l.leg = ${leg})`.mapWith(
    Number,
  );
}

/** The name of leg `leg`'s driver of the booking in the outer query, or null. */
export function legDriverName(leg: 1 | 2) {
  return sql<
    string | null
  >`(select d.name from ${bookingLegs} l join ${drivers} d on d.id = l.driver_id where l.order_id = ${OUTER_ORDER_ID} and l.leg = ${leg})`;
}

/** Every column of a booking, its details with its legs: what each read of a booking selects. */
export const bookingColumns = { ...getTableColumns(bookings), details: detailsWithLegs };

/** The `details` column of a booking: the model without its legs, which are rows. */
export function detailsColumn(details: StoredDetails): Omit<StoredDetails, "legs"> {
  const column: Partial<StoredDetails> = { ...details };
  delete column.legs;
  return column as Omit<StoredDetails, "legs">;
}

/** A leg's row values: what the booking form decided of it (its driver and ride are staff's). */
function legValues(orderId: string, leg: BookingLeg) {
  return { orderId, ...legColumns(leg) };
}

function legColumns(leg: BookingLeg) {
  return {
    leg: leg.leg,
    pickupAt: leg.pickupAt,
    date: leg.date,
    pickupTime: leg.pickupTime,
    adults: leg.passengers.adults,
    children: leg.passengers.children,
    babies: leg.passengers.babies,
    durationMinutes: leg.durationMinutes,
    delayDepartMinutes: leg.delayDepartMinutes,
    delayArriveMinutes: leg.delayArriveMinutes,
    pickup: leg.pickup,
    dropoff: leg.dropoff,
    notes: leg.info,
  };
}

/** A new booking's legs as the JSON `insertLegsOf` reads: one record per leg, keyed as `legColumns`. */
export function legRecords(legs: readonly BookingLeg[]): string {
  return JSON.stringify(legs.map(legColumns));
}

/**
 * The insert of a new booking's legs, for a statement that inserts the booking's row first (as
 * the common table `inserted`): each record of `legs` (legRecords) becomes a row of that booking.
 * Nothing is written when the row was not inserted.
 */
export function insertLegsOf(inserted: string, legs: Placeholder): SQL {
  return sql`insert into ${bookingLegs} (order_id, leg, pickup_at, date, pickup_time, adults, children, babies,
      duration_minutes, delay_depart_minutes, delay_arrive_minutes, pickup, dropoff, notes)
    select b.order_id, l."leg", l."pickupAt", l."date", l."pickupTime", l."adults", l."children", l."babies",
      l."durationMinutes", l."delayDepartMinutes", l."delayArriveMinutes", l."pickup", l."dropoff", l."notes"
    from ${sql.identifier(inserted)} b, jsonb_to_recordset(cast(${legs} as jsonb)) as l("leg" integer, "pickupAt" timestamptz,
      "date" text, "pickupTime" text, "adults" integer, "children" integer, "babies" integer, "durationMinutes" integer,
      "delayDepartMinutes" integer, "delayArriveMinutes" integer, "pickup" jsonb, "dropoff" jsonb, "notes" text)`;
}

/**
 * Writes a booking's legs as they now are: each leg's values, keeping the driver and the ride
 * status staff gave it, and no leg the booking no longer has. Run it in the transaction that
 * writes the booking's row.
 */
export async function writeLegs(db: Writer, orderId: string, legs: readonly BookingLeg[]): Promise<void> {
  const numbers = legs.map((leg) => leg.leg);
  await db
    .delete(bookingLegs)
    .where(
      numbers.length > 0
        ? sql`${bookingLegs.orderId} = ${orderId} and ${bookingLegs.leg} not in (${sql.join(numbers, sql`, `)})`
        : eq(bookingLegs.orderId, orderId),
    );
  for (const leg of legs) {
    const values = legValues(orderId, leg);
    await db
      .insert(bookingLegs)
      .values(values)
      .onConflictDoUpdate({ target: [bookingLegs.orderId, bookingLegs.leg], set: { ...values, orderId: undefined, leg: undefined } });
  }
}
