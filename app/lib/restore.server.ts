import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { FOLDER_MODE, tightenTree } from "./data-folder.server";

/**
 * Restoring the embedded database from a backup (docs/product.md, Backups): the backup is loaded
 * by PGlite into a new folder beside the database, checked, and only then put in its place; the
 * database it replaces is kept beside it under another name. The caller holds the data folder
 * (holdDataFolder), so no server can open either folder meanwhile.
 */

export interface DatabaseSummary {
  bookings: number;
  /** When the newest booking was made; null when there is none. */
  latestBookingAt: Date | null;
}

export class NotABackupError extends Error {
  override name = "NotABackupError";
}

/** Opens PGlite on a folder as it is: no migration, so that looking at a database changes nothing. */
async function openFolder(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  const { PGlite } = await import("@electric-sql/pglite");
  return PGlite.create(dir, loadDataDir ? { loadDataDir } : {});
}

async function summarise(client: PGlite): Promise<DatabaseSummary> {
  const result = await client.query<{ n: number; latest: Date | null }>(
    "SELECT count(*)::int AS n, max(created_at) AS latest FROM bookings",
  );
  const row = result.rows[0];
  return { bookings: row?.n ?? 0, latestBookingAt: row?.latest ?? null };
}

/** Whether a folder holds a database (PostgreSQL's own mark of a data folder). */
export function holdsDatabase(dir: string): boolean {
  return existsSync(path.join(dir, "PG_VERSION"));
}

/** What the database in a folder holds, or null when the folder holds none. */
export async function summariseFolder(dir: string): Promise<DatabaseSummary | null> {
  if (!holdsDatabase(dir)) return null;
  const client = await openFolder(dir);
  try {
    return await summarise(client);
  } finally {
    await client.close();
    tightenTree(dir);
  }
}

/** A database folder's dump, taken with no server running (`npm run backup` on a stopped site). */
export async function dumpFolder(dir: string): Promise<Blob> {
  const client = await openFolder(dir);
  try {
    return await client.dumpDataDir("gzip");
  } finally {
    await client.close();
    tightenTree(dir);
  }
}

/**
 * Loads a backup file into `into` (a new folder) and says what it holds. A file that is not a
 * PGlite dump, or a dump of another database than the site's, is refused and `into` removed.
 */
export async function loadBackup(file: string, into: string): Promise<DatabaseSummary> {
  // Unpacked here, so that a file that is not gzip'd is refused before PGlite reads it.
  let tar: Buffer;
  try {
    tar = gunzipSync(readFileSync(file));
  } catch {
    throw new NotABackupError(`${file} is not a backup of this site's database (not a gzip'd file).`);
  }
  mkdirSync(into, { recursive: false, mode: FOLDER_MODE });
  let client: PGlite | null = null;
  try {
    client = await openFolder(into, new Blob([new Uint8Array(tar)], { type: "application/x-tar" }));
    return await summarise(client);
  } catch (error) {
    await client?.close().catch(() => undefined);
    client = null;
    rmSync(into, { recursive: true, force: true });
    throw new NotABackupError(`${file} is not a backup of this site's database (${(error as Error).message}).`);
  } finally {
    await client?.close();
    if (existsSync(into)) tightenTree(into);
  }
}

/**
 * Puts the loaded folder in the database's place. The database it replaces, if any, is kept as
 * `<folder>-replaced-<instant>` beside it, and its path returned.
 */
export function swapIn(loaded: string, databaseDir: string, now: Date): string | null {
  let kept: string | null = null;
  if (existsSync(databaseDir)) {
    kept = `${databaseDir}-replaced-${now.toISOString().replace(/:/g, "-")}`;
    renameSync(databaseDir, kept);
  }
  renameSync(loaded, databaseDir);
  return kept;
}
