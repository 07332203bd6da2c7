import { afterAll, beforeAll, describe } from "vitest";
import { openDatabase, type Database } from "~/lib/db.server";
import { driverDaySuite } from "./driver-day-suite";
import { createTestDatabase, NO_POSTGRES, TEST_DATABASE_URL, type TestDatabase } from "./helpers";

// The driver's day on a real PostgreSQL, on a database created for this run and dropped after.
if (!TEST_DATABASE_URL) console.warn(`PostgreSQL driver's day tests ${NO_POSTGRES}`);

describe.skipIf(!TEST_DATABASE_URL)(`the driver's day on PostgreSQL${TEST_DATABASE_URL ? "" : ` (${NO_POSTGRES})`}`, () => {
  let created: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    created = await createTestDatabase("navette_it_driver_day");
    database = await openDatabase({ databaseUrl: created.url, pgliteDir: null });
  });
  afterAll(async () => {
    await database?.close();
    await created?.drop();
  });
  driverDaySuite(() => database.db);
});
