import { describe } from "vitest";
import { openDatabase } from "~/lib/db.server";
import { flightDelaysSuite } from "./flight-delays-suite";

// A flight's new landing time on the embedded PostgreSQL (PGlite), in memory.
describe("flight delays on PGlite", () => {
  flightDelaysSuite(async () => {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
    return { db: database.db, close: () => database.close() };
  });
});
