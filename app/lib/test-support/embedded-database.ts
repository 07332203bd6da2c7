import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database } from "../db.server";

/**
 * An embedded PostgreSQL (PGlite, in memory, migrated) for one test file: opened before its
 * tests and closed after them. Read `db` inside a test or a hook, once it is open.
 */
export function useEmbeddedDatabase(): Pick<Database, "db" | "kind"> {
  let opened: Database | null = null;
  beforeAll(async () => {
    opened = await openDatabase({ databaseUrl: null, pgliteDir: null });
  });
  afterAll(async () => {
    await opened?.close();
  });
  const current = (): Database => {
    if (!opened) throw new Error("The embedded database is read before it is open: use it inside a test or a hook.");
    return opened;
  };
  return {
    get db() {
      return current().db;
    },
    get kind() {
      return current().kind;
    },
  };
}
