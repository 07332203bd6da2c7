import { existsSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { backupTakenAt } from "~/domain/backups";
import { parisDateTime } from "~/domain/booking/paris-time";
import { formatBytes, writeBackup, type Backup } from "~/lib/backups.server";
import { prepareDataFolder } from "~/lib/data-folder.server";
import { DataFolderInUseError, embeddedDatabaseDir, holdDataFolder } from "~/lib/db.server";
import {
  dumpFolder,
  holdsDatabase,
  loadBackup,
  NotABackupError,
  summariseFolder,
  swapIn,
  type DatabaseSummary,
} from "~/lib/restore.server";
import { readSettings, SettingsError, type Settings } from "~/lib/settings.server";
import { BackupRequestError, backupSocketPath, requestBackup } from "./backup-control";

/**
 * `npm run backup` and `npm run restore -- <file> [--yes]` (docs/product.md, Backups). A backup is
 * taken by the running server when there is one (server/backup-control.ts), else from the
 * database folder directly. A restore refuses while a server holds the folder, says what it will
 * replace, and keeps the database it replaces.
 *
 * Exit codes: 0 done; 1 refused or failed, nothing changed; 2 the command was mistyped.
 */

export const BACKUP_USAGE = "Usage: npm run backup";
export const RESTORE_USAGE = "Usage: npm run restore -- <backup file> [--yes]";

export interface BackupCommandOptions {
  /** The environment the settings are read from (the server's own). */
  env?: Record<string, string | undefined>;
  /** Where the answer to "Replace it?" is read when --yes is not given (a terminal). */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  out?: (line: string) => void;
  err?: (line: string) => void;
  now?: () => Date;
}

function streams(options: BackupCommandOptions) {
  return {
    // The command is a launcher like server/app.ts's main(): it hands the environment to readSettings.
    // eslint-disable-next-line no-restricted-properties
    env: options.env ?? process.env,
    out: options.out ?? ((line: string) => void process.stdout.write(`${line}\n`)),
    err: options.err ?? ((line: string) => void process.stderr.write(`${line}\n`)),
    now: options.now ?? (() => new Date()),
  };
}

/**
 * The settings, when they name the embedded database; otherwise says why the command stops (a
 * bad setting, or DATABASE_URL, whose PostgreSQL has its own tools) and gives null.
 */
function embeddedSettings(
  command: "backup" | "restore",
  env: Record<string, string | undefined>,
  err: (line: string) => void,
): Settings | null {
  let settings: Settings;
  try {
    settings = readSettings(env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    err(error.message);
    return null;
  }
  if (!settings.databaseUrl) return settings;
  err(
    command === "backup"
      ? "DATABASE_URL is set: the bookings are in PostgreSQL, which this command does not copy. Back it up with PostgreSQL's own tools, " +
          'for example `pg_dump --format=custom --file=navette.dump "$DATABASE_URL"`, or your provider\'s backups.'
      : "DATABASE_URL is set: the bookings are in PostgreSQL, which this command does not restore. Restore it with PostgreSQL's own tools, " +
          'for example `pg_restore --clean --dbname="$DATABASE_URL" navette.dump`, or your provider\'s backups.',
  );
  return null;
}

export async function runBackupCommand(argv: string[], options: BackupCommandOptions = {}): Promise<number> {
  const { env, out, err, now } = streams(options);
  if (argv.length > 0) {
    err(BACKUP_USAGE);
    return 2;
  }
  const settings = embeddedSettings("backup", env, err);
  if (!settings) return 1;
  const databaseDir = embeddedDatabaseDir(settings.dataDir);
  if (!holdsDatabase(databaseDir)) {
    err(`There is no embedded database in ${databaseDir} yet: nothing to back up.`);
    return 1;
  }
  let release: () => void;
  try {
    release = holdDataFolder(databaseDir);
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    // A server holds the database: only it can copy it while it runs.
    try {
      const backup = await requestBackup(backupSocketPath(settings.dataDir));
      out(`Backup written by the running server: ${describeBackup(backup)}.`);
      return 0;
    } catch (failure) {
      if (!(failure instanceof BackupRequestError)) throw failure;
      err(failure.message);
      return 1;
    }
  }
  try {
    const backup = await writeBackup(() => dumpFolder(databaseDir), settings.backup.dir, settings.backup.keep, now);
    out(`Backup written: ${describeBackup(backup)}.`);
    return 0;
  } finally {
    release();
  }
}

function describeBackup(backup: Backup): string {
  return `${backup.file} (${formatBytes(backup.bytes)})`;
}

function parseRestoreArgs(argv: string[]): { ok: true; file: string; yes: boolean } | { ok: false } {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: { yes: { type: "boolean" } }, allowPositionals: true, strict: true });
    if (positionals.length !== 1) return { ok: false };
    return { ok: true, file: path.resolve(positionals[0]!), yes: values.yes === true };
  } catch {
    return { ok: false };
  }
}

function describeDatabase(summary: DatabaseSummary): string {
  if (summary.bookings === 0 || !summary.latestBookingAt) return "no booking";
  const { date, time } = parisDateTime(summary.latestBookingAt);
  return `${summary.bookings} ${summary.bookings === 1 ? "booking" : "bookings"}, the newest made on ${date} at ${time}`;
}

/** "taken on 26/11/2026 at 03:00": from the file's name, or its modification time for a renamed copy. */
function describeTaken(file: string): string {
  const { date, time } = parisDateTime(backupTakenAt(path.basename(file)) ?? statSync(file).mtime);
  return `taken on ${date} at ${time}`;
}

export async function runRestoreCommand(argv: string[], options: BackupCommandOptions = {}): Promise<number> {
  const { env, out, err, now } = streams(options);
  const args = parseRestoreArgs(argv);
  if (!args.ok) {
    err(RESTORE_USAGE);
    return 2;
  }
  const settings = embeddedSettings("restore", env, err);
  if (!settings) return 1;
  if (!existsSync(args.file) || !statSync(args.file).isFile()) {
    err(`${args.file} is not a file: nothing was changed.`);
    return 1;
  }
  const databaseDir = embeddedDatabaseDir(settings.dataDir);
  // On a new machine DATA_DIR may not exist yet: made, private, as the server makes it.
  prepareDataFolder(settings.dataDir, { warn: err });
  let release: () => void;
  try {
    release = holdDataFolder(databaseDir);
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    const who = error.pid ? `a server (process ${error.pid})` : "another process";
    err(`The database in ${databaseDir} is open in ${who}: stop it first, then restore. Nothing was changed.`);
    return 1;
  }
  const loaded = `${databaseDir}-restoring-${process.pid}`;
  try {
    let restored: DatabaseSummary;
    try {
      restored = await loadBackup(args.file, loaded);
    } catch (error) {
      if (!(error instanceof NotABackupError)) throw error;
      err(`${error.message} Nothing was changed.`);
      return 1;
    }
    const current = await summariseFolder(databaseDir).catch((error: unknown) => error as Error);
    const replaced =
      current === null
        ? "no database yet"
        : current instanceof Error
          ? `a database that could not be read: ${current.message}`
          : describeDatabase(current);
    out(
      `This replaces the embedded database in ${databaseDir} (${replaced}) with the backup ${args.file}, ` +
        `${describeTaken(args.file)} (${describeDatabase(restored)}).`,
    );
    const input = options.stdin ?? process.stdin;
    if (!args.yes && !(await confirmed(input, err))) {
      err(input.isTTY ? "Nothing was changed." : `Add --yes to replace it. Nothing was changed.\n${RESTORE_USAGE}`);
      return 1;
    }
    const kept = swapIn(loaded, databaseDir, now());
    out(
      kept
        ? `Restored. The database it replaced is kept in ${kept}: delete it once the site runs as expected.`
        : "Restored. Start the server to use it.",
    );
    return 0;
  } finally {
    rmSync(loaded, { recursive: true, force: true });
    release();
  }
}

/** Asks on a terminal; a pipe or a script has to say --yes. */
async function confirmed(stdin: NodeJS.ReadableStream & { isTTY?: boolean }, err: (line: string) => void): Promise<boolean> {
  if (!stdin.isTTY) return false;
  const prompt = createInterface({ input: stdin, output: process.stderr });
  try {
    err("Type yes to replace it:");
    return (await prompt.question("> ")).trim().toLowerCase() === "yes";
  } finally {
    prompt.close();
  }
}
