import { describe } from "vitest";
import { openDatabase } from "~/lib/db.server";
import { flightDelaysSuite } from "./flight-delays-suite";
import { createTestDatabase, NO_POSTGRES, TEST_DATABASE_URL } from "./helpers";

// A flight's new landing time on a real PostgreSQL server, on a database created for this run and
// dropped after: two posts at once take turns on the booking's lock there.
if (!TEST_DATABASE_URL) console.warn(`PostgreSQL flight delays tests ${NO_POSTGRES}`);

describe.skipIf(!TEST_DATABASE_URL)(`flight delays on PostgreSQL${TEST_DATABASE_URL ? "" : ` (${NO_POSTGRES})`}`, () => {
  flightDelaysSuite(async () => {
    const created = await createTestDatabase("navette_it_flights");
    const database = await openDatabase({ databaseUrl: created.url, pgliteDir: null });
    return {
      db: database.db,
      async close() {
        await database.close();
        await created.drop();
      },
    };
  });
});
