import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database } from "../db.server";

/**
 * A real PostgreSQL for the tests where posts must really run at once, on separate connections:
 * when TEST_DATABASE_URL names a server, a database of the file's own, migrated, dropped after.
 * Vitest gives the environment as import.meta.env; the server itself reads none (settings.server.ts).
 */
export const POSTGRES = (import.meta.env.TEST_DATABASE_URL as string | undefined)?.trim() || null;

/** Opens the database before the describe block's tests and drops it after; call inside `describe.skipIf(!POSTGRES)`. */
export function usePostgresDatabase(prefix: string): { readonly db: Database["db"] } {
  let opened: Database | null = null;
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: POSTGRES! });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    await admin(`CREATE DATABASE "${name}"`);
    const url = new URL(POSTGRES!);
    url.pathname = `/${name}`;
    opened = await openDatabase({ databaseUrl: url.href, pgliteDir: null });
  });
  afterAll(async () => {
    await opened?.close();
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
  return {
    get db() {
      if (!opened) throw new Error("The PostgreSQL database is read before it is open: use it inside a test or a hook.");
      return opened.db;
    },
  };
}
