// A PostgreSQL database of its own for one run, created on the server of `adminUrl` and dropped
// after it (scripts/bench-booking.mjs, scripts/memory.mjs, tests/integration/helpers.ts).
// Types: throwaway-database.d.mts.
import { randomBytes } from "node:crypto";
import pg from "pg";

async function admin(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates a database named `prefix` and a random suffix; returns its URL, its name and its drop. */
export async function createThrowawayDatabase(adminUrl, prefix) {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await admin(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, name, drop: () => admin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** Runs `use(databaseUrl)` on a throwaway database, dropped whatever happens; returns its result. */
export async function withThrowawayDatabase(adminUrl, prefix, use) {
  const database = await createThrowawayDatabase(adminUrl, prefix);
  try {
    return await use(database.url);
  } finally {
    await database.drop();
  }
}
