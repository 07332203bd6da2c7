import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "../../db/schema";
import { FILE_MODE, FOLDER_MODE, prepareDataFolder, tightenTree, type DataFolderLog } from "./data-folder.server";
import { seedFleet } from "./fleet.server";

/**
 * The database, whichever it is: PostgreSQL when DATABASE_URL is set, else the embedded PGlite
 * under DATA_DIR (docs/decisions/0006-storage-and-payments.md). Opened once at start, migrated, and handed to
 * routes through the load context, so tests can hand them a fresh one. Several instances of the
 * server may share one PostgreSQL (docs/decisions/0014-several-instances.md).
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** "postgres" or "pglite", for logs and tests. */
  kind: "postgres" | "pglite";
  /** PGlite's consistent dump of its data folder, a gzip'd tar (app/lib/backups.server.ts); null on PostgreSQL. */
  dumpDataFolder: (() => Promise<Blob>) | null;
  close(): Promise<void>;
}

/** The embedded database's folder inside DATA_DIR: the server, and the commands beside it, open this one. */
export function embeddedDatabaseDir(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

/** The advisory lock key the instances migrate under (any constant of this application's own). */
const MIGRATION_LOCK = 0x6e617665; // "nave"

/** db/migrations, found from this file whether it runs from source or from the build. */
function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "db", "migrations");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error("db/migrations was not found next to the application.");
}

/**
 * Opens and migrates the database. `pgliteDir` null means an in-memory PGlite (tests). The folder
 * that holds `pgliteDir` is DATA_DIR: it is made private first, and `log` hears what was open to
 * other users and closed.
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  pgliteDir: string | null;
  log?: DataFolderLog;
}): Promise<Database> {
  const folder = migrationsFolder();
  if (options.databaseUrl) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection that the server drops (a restart, a failover, an administrator ending
    // it) is reported here; unheard, it would end the process. The pool discards that connection
    // and opens a new one for the next query. The message names the failure, never a query.
    pool.on("error", (error: Error & { code?: string }) => {
      console.error(`An idle database connection was lost (${error.code ?? error.name}); the next query opens a new one.`);
    });
    const db = drizzle(pool, { schema });
    // Instances that start together on one database would otherwise run the same migration at
    // once (and one would fail creating what the other just created): a session-level advisory
    // lock lets one migrate while the others wait, then find nothing left to do.
    const lock = await pool.connect();
    try {
      await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      try {
        await migrate(db, { migrationsFolder: folder });
        await seedFleet(db as unknown as Db);
      } finally {
        await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
      }
    } catch (error) {
      await pool.end();
      throw error;
    } finally {
      lock.release();
    }
    return { db: db as unknown as Db, kind: "postgres", dumpDataFolder: null, close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = options.pgliteDir;
  if (dir) {
    prepareDataFolder(path.dirname(dir), options.log ?? console);
    mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
  }
  const release = dir ? holdDataFolder(dir) : () => undefined;
  // PGlite's initialisation writes a new database's files 0666, and the files it opens through the
  // C library later (pg_internal.init) 0644, whatever the umask: they are closed once it has
  // opened, and again when it closes. DATA_DIR, 0700, keeps others out in between.
  const tighten = dir ? () => void tightenTree(dir) : () => undefined;
  try {
    const client = dir ? new PGlite(dir) : new PGlite();
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: folder });
    await seedFleet(db as unknown as Db);
    tighten();
    const close = () => client.close().then(tighten).finally(release);
    return { db: db as unknown as Db, kind: "pglite", dumpDataFolder: () => client.dumpDataDir("gzip"), close };
  } catch (error) {
    release();
    throw error;
  }
}

/** Whether a process of this id is running (one of another user counts). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export class DataFolderInUseError extends Error {
  override name = "DataFolderInUseError";
  /** The process that holds the folder, when known. */
  readonly pid: number | null;
  constructor(message: string, pid: number | null = null) {
    super(message);
    this.pid = pid;
  }
}

/**
 * PGlite is one process's database: a second process opening the same folder (a second server, or
 * `npm run staff` beside a running server) would corrupt it. The folder is held through a lock file
 * beside it, created exclusively and holding the process id; one left by a process that no longer
 * runs is taken over. Returns the release.
 */
export function holdDataFolder(dir: string): () => void {
  const file = `${path.resolve(dir)}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx", FILE_MODE);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
        throw new DataFolderInUseError(
          `The embedded database in ${dir} is open in another process (pid ${holder}). ` +
            "Stop that process first, or set DATABASE_URL so that several processes share a PostgreSQL database.",
          holder,
        );
      }
      rmSync(file, { force: true }); // left by a process that ended without releasing it
    }
  }
  throw new DataFolderInUseError(`The embedded database in ${dir} could not be locked (${file}).`);
}

/** Whether an error (or one it wraps, as drizzle and better-auth do) is PostgreSQL's unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
