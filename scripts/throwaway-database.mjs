// A PostgreSQL database of a script's own, created on the server of `adminUrl` for one run and
// dropped after it, whatever happens (scripts/bench-booking.mjs, scripts/memory.mjs).
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

/** Runs `use(databaseUrl)` on a new database named `prefix` and a random suffix; returns its result. */
export async function withThrowawayDatabase(adminUrl, prefix, use) {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await admin(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await use(url.href);
  } finally {
    await admin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}
