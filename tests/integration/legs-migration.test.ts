import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { bookingLegs, bookings } from "../../db/schema";
import { readStoredDetails } from "~/domain/booking/model";
import { initialDraft, setFlightTime, setLegDate, withCounts, withTripMode } from "~/domain/booking/draft";
import { bookingFormSchema, type Booking } from "~/domain/booking/validation";
import { bookingColumns } from "~/lib/booking-store.server";
import type { Db } from "~/lib/db.server";
import { BOOKED_AT, bookingRowValues } from "~/lib/test-support/booking-rows";
import { createTestDatabase, NO_POSTGRES, TEST_DATABASE_URL } from "./helpers";

// Migration 0005 moves each booking's legs out of its details into booking_legs: rows written by
// the code before it (details holding { customer, legs, luggage }) read afterwards as the same
// booking, each leg with the booking's driver and a ride status from the booking's, on PGlite and
// on PostgreSQL.

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../db/migrations");
const LAST_BEFORE_LEGS = 4;

/** db/migrations as it stood before the legs became rows: the journal cut after 0004. */
function migrationsBeforeLegs(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "navette-migrations-"));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= LAST_BEFORE_LEGS);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** The details column as the code before 0005 wrote it, as JSON gives it back. */
function detailsBefore(booking: Booking): unknown {
  return JSON.parse(JSON.stringify({ customer: booking.customer, legs: booking.legs, luggage: booking.luggage }));
}

/** Claire Martin's transfer from Orly to the Disneyland Hotel on 20 May 2026, landing at 10:00; back on the 24th for an 18:00 flight. */
function orlyBooking(token: string, back: boolean): Booking {
  let draft = initialDraft(
    { depart: "Orly_Airport_(ORY)", arrive: "Disneyland_Paris", private_shuttle: "1", hotel: "disneyland-hotel" },
    { now: BOOKED_AT },
  );
  draft = setFlightTime(setLegDate(draft, 1, { year: 2026, month: 5, day: 20 }), "pu", 1, "10:00");
  if (back) draft = setFlightTime(setLegDate(withTripMode(draft, true), 2, { year: 2026, month: 5, day: 24 }), "drop", 2, "18:00");
  draft = withCounts({
    ...draft,
    city_vol_pu_1: "London",
    num_vol_pu_1: "BA 304",
    num_vol_drop_2: back ? "BA 305" : "",
    city_vol_drop_2: back ? "London" : "",
    lastname: "Martin",
    firstname: "Claire",
    email: "claire@example.com",
    phone_mobile: "+33 6 12 34 56 78",
    check_in_luggage: "2",
    submission_token: token,
  });
  return bookingFormSchema({ now: BOOKED_AT, rows: [] }).parse(draft);
}

const oneWay = orlyBooking("t-old-1", false);
const roundTrip = orlyBooking("t-old-2", true);

/** The round trip's details with the return's instant gone. */
function halfReadable() {
  const details = detailsBefore(roundTrip) as { legs: Record<string, unknown>[] };
  return { ...details, legs: [details.legs[0], { ...details.legs[1], pickupAt: "soon" }] };
}

/** The one-way's details with a duration of 10^12 minutes (the form once took any digits). */
function hugeDuration() {
  const details = detailsBefore(oneWay) as { legs: Record<string, unknown>[] };
  return { ...details, legs: [{ ...details.legs[0], durationMinutes: 1e12 }] };
}

interface Engine {
  name: string;
  /** Opens a fresh database, migrated with `folder`; `again` migrates it with another. */
  open(folder: string): Promise<{ db: Db; again(folder: string): Promise<void>; close(): Promise<void> }>;
}

const engines: Engine[] = [
  {
    name: "PGlite",
    async open(folder) {
      const client = new PGlite();
      const db = drizzlePglite(client, { schema });
      await migratePglite(db, { migrationsFolder: folder });
      return {
        db: db as unknown as Db,
        again: (next) => migratePglite(db, { migrationsFolder: next }),
        close: () => client.close(),
      };
    },
  },
];
if (TEST_DATABASE_URL) {
  engines.push({
    name: "PostgreSQL",
    async open(folder) {
      const database = await createTestDatabase("navette_legs");
      const pool = new pg.Pool({ connectionString: database.url, max: 2 });
      const db = drizzlePostgres(pool, { schema });
      await migratePostgres(db, { migrationsFolder: folder });
      return {
        db: db as unknown as Db,
        again: (next) => migratePostgres(db, { migrationsFolder: next }),
        close: async () => {
          await pool.end();
          await database.drop();
        },
      };
    },
  });
} else {
  console.warn(`PostgreSQL legs migration test ${NO_POSTGRES}`);
}

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/**
 * Rows inserted as the code before 0005 wrote them: only the columns they give, so that a column
 * added to today's schema since (bookings.locale) is not named to a table that has none yet.
 */
async function insertAsThen(
  db: { execute: (query: SQL) => Promise<unknown> },
  rows: readonly (typeof bookings.$inferInsert)[],
): Promise<void> {
  const columns = getTableColumns(bookings);
  for (const row of rows) {
    const entries = Object.entries(row) as [keyof typeof columns, unknown][];
    const names = sql.join(
      entries.map(([key]) => sql.identifier(columns[key].name)),
      sql`, `,
    );
    const values = sql.join(
      entries.map(([key, value]) => (key === "details" ? sql`${JSON.stringify(value)}::jsonb` : sql`${value}`)),
      sql`, `,
    );
    await db.execute(sql`insert into bookings (${names}) values (${values})`);
  }
}

describe.each(engines)("migration 0005 on $name", (engine) => {
  async function migratedWithOldRows() {
    const before = migrationsBeforeLegs();
    folders.push(before);
    const opened = await engine.open(before);
    // Written as the schema stood then: the drivers table has no vehicle_id yet.
    const inserted = await opened.db.execute(
      sql`insert into drivers (name, phone, email) values ('Jean', '+33611111111', 'jean@example.com') returning id`,
    );
    // node-postgres and PGlite both answer { rows }.
    const driver = (inserted as unknown as { rows: { id: number }[] }).rows[0];
    await insertAsThen(opened.db, [
      bookingRowValues({ orderId: "NV-OLD001", submissionToken: "t-old-1", details: detailsBefore(oneWay), status: "paid" }),
      bookingRowValues({
        orderId: "NV-OLD002",
        submissionToken: "t-old-2",
        roundTrip: true,
        details: detailsBefore(roundTrip),
        status: "paid",
        bookingStatus: "driver_assigned",
      }),
      bookingRowValues({ orderId: "NV-OLD003", submissionToken: "t-old-3", details: detailsBefore(oneWay), bookingStatus: "completed" }),
      bookingRowValues({ orderId: "NV-OLD004", submissionToken: "t-old-4", details: { legs: "none" } }),
      // A round trip whose return cannot be read (no instant), and a leg whose duration no integer holds.
      bookingRowValues({ orderId: "NV-OLD005", submissionToken: "t-old-5", roundTrip: true, details: halfReadable() }),
      bookingRowValues({ orderId: "NV-OLD006", submissionToken: "t-old-6", details: hugeDuration() }),
    ]);
    // The column the booking's driver had before its legs did (not in today's schema).
    await opened.db.execute(sql`update bookings set driver_id = ${driver!.id} where order_id = 'NV-OLD002'`);
    await opened.again(MIGRATIONS);
    return { ...opened, driverId: driver!.id };
  }

  it("reads each booking written before it as the same booking, its legs now rows", async () => {
    const { db, close } = await migratedWithOldRows();
    try {
      for (const [orderId, booking] of [
        ["NV-OLD001", oneWay],
        ["NV-OLD002", roundTrip],
      ] as const) {
        const [row] = await db.select(bookingColumns).from(bookings).where(eq(bookings.orderId, orderId));
        const read = readStoredDetails(row!.details)!;
        expect(read.legs).toEqual(readStoredDetails(detailsBefore(booking))!.legs);
        expect(read.customer).toEqual(booking.customer);
        expect(read.luggage).toEqual(booking.luggage);
      }
    } finally {
      await close();
    }
  });

  it("leaves the details column with the traveller and the luggage, as version 2", async () => {
    const { db, close } = await migratedWithOldRows();
    try {
      const [row] = await db.select({ details: bookings.details }).from(bookings).where(eq(bookings.orderId, "NV-OLD002"));
      expect(Object.keys(row!.details as object).sort()).toEqual(["customer", "luggage", "version"]);
      expect((row!.details as { version: number }).version).toBe(2);
    } finally {
      await close();
    }
  });

  it("gives each leg the booking's driver, and a ride status from the booking's", async () => {
    const { db, close, driverId } = await migratedWithOldRows();
    try {
      const legs = await db
        .select({ orderId: bookingLegs.orderId, leg: bookingLegs.leg, driverId: bookingLegs.driverId, rideStatus: bookingLegs.rideStatus })
        .from(bookingLegs)
        .orderBy(bookingLegs.orderId, bookingLegs.leg);
      expect(legs).toEqual([
        { orderId: "NV-OLD001", leg: 1, driverId: null, rideStatus: "scheduled" },
        { orderId: "NV-OLD002", leg: 1, driverId, rideStatus: "scheduled" },
        { orderId: "NV-OLD002", leg: 2, driverId, rideStatus: "scheduled" },
        { orderId: "NV-OLD003", leg: 1, driverId: null, rideStatus: "completed" },
      ]);
    } finally {
      await close();
    }
  });

  it("drops the booking's own driver column, now each leg's", async () => {
    const { db, close } = await migratedWithOldRows();
    try {
      const found = await db.execute(
        sql`select column_name from information_schema.columns where table_name = 'bookings' and column_name = 'driver_id'`,
      );
      // node-postgres and PGlite both answer { rows }.
      expect((found as unknown as { rows: unknown[] }).rows).toEqual([]);
    } finally {
      await close();
    }
  });

  it("keeps the legs of a booking it could not copy whole, unread, and copies none of an out-of-range leg", async () => {
    const { db, close } = await migratedWithOldRows();
    try {
      const [half] = await db.select({ details: bookings.details }).from(bookings).where(eq(bookings.orderId, "NV-OLD005"));
      expect((half!.details as { legacyLegs: unknown[] }).legacyLegs).toEqual(halfReadable().legs);
      const legs = await db.select({ orderId: bookingLegs.orderId }).from(bookingLegs);
      expect(legs.filter((l) => l.orderId === "NV-OLD006")).toEqual([]);
    } finally {
      await close();
    }
  });

  it("migrates a booking whose details hold no readable leg without failing, and reads it as having none", async () => {
    const { db, close } = await migratedWithOldRows();
    try {
      const [row] = await db.select(bookingColumns).from(bookings).where(eq(bookings.orderId, "NV-OLD004"));
      expect((row!.details as { legs: unknown[] }).legs).toEqual([]);
      expect(readStoredDetails(row!.details)).toBeNull();
    } finally {
      await close();
    }
  });
});
