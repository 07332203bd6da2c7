import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { backupFileName, backupsBeyond, backupTakenAt, nextBackupAt } from "~/domain/backups";
import { FILE_MODE, FOLDER_MODE } from "./data-folder.server";
import type { Settings } from "./settings.server";

/**
 * Backups of the embedded database (docs/product.md, Backups; docs/decisions/0024-backups.md):
 * PGlite's own dump of its data folder, a gzip'd tar taken between two queries, so a consistent
 * copy of a running database; restored by PGlite's own load of such a dump (restore.server.ts).
 */

/** PGlite's dump of its data folder (Database.dumpDataFolder). */
export type DumpDataFolder = () => Promise<Blob>;

export interface Backup {
  file: string;
  takenAt: Date;
  bytes: number;
}

/**
 * Takes a backup into `dir`: written under a temporary name, flushed, then renamed, so a backup
 * file is always whole; 0600, as everything of the database. Then deletes the oldest beyond `keep`.
 */
export async function writeBackup(dump: DumpDataFolder, dir: string, keep: number, now: () => Date = () => new Date()): Promise<Backup> {
  mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
  const takenAt = now();
  const bytes = new Uint8Array(await (await dump()).arrayBuffer());
  const file = path.join(dir, backupFileName(takenAt));
  const temporary = path.join(dir, `.${backupFileName(takenAt)}.${randomBytes(4).toString("hex")}.tmp`);
  const handle = await open(temporary, "wx", FILE_MODE);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, file);
  await syncFolder(dir);
  for (const old of backupsBeyond(readdirSync(dir), keep)) rmSync(path.join(dir, old), { force: true });
  return { file, takenAt, bytes: bytes.byteLength };
}

/** A rename is durable once its folder is flushed. */
async function syncFolder(dir: string): Promise<void> {
  const folder = await open(dir, "r");
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/** The backups in `dir`, newest first (none when the folder does not exist yet). */
export function listBackups(dir: string): Backup[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return names
    .flatMap((name) => {
      const takenAt = backupTakenAt(name);
      return takenAt ? [{ file: path.join(dir, name), takenAt, bytes: statSync(path.join(dir, name)).size }] : [];
    })
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

export interface BackupLog {
  log(line: string): void;
  error(line: string): void;
}

export interface Backups {
  /** Takes a backup now; a backup asked for while one is being taken waits for it, then takes its own. */
  takeNow(): Promise<Backup>;
  /** Stops the daily backup and waits for one under way. */
  stop(): Promise<void>;
}

/**
 * The daily backup at BACKUP_HOUR:00 Paris time, and the backups asked for by `npm run backup`
 * (server/backup-control.ts), one at a time. A failed backup is said in the log, and the staff
 * dashboard warns once the last one is more than two days old.
 */
export function startBackups(options: { dump: DumpDataFolder; backup: Settings["backup"]; log: BackupLog; now?: () => Date }): Backups {
  const now = options.now ?? (() => new Date());
  const { dir, hour, keep } = options.backup;
  let queue: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const takeNow = () => {
    const taken = queue.then(() => writeBackup(options.dump, dir, keep, now));
    queue = taken.catch(() => undefined);
    return taken;
  };
  const schedule = () => {
    if (stopped) return;
    const delay = Math.max(nextBackupAt(now(), hour).getTime() - now().getTime(), 1000);
    timer = setTimeout(() => {
      takeNow()
        .then((backup) => options.log.log(`Backup written: ${backup.file} (${formatBytes(backup.bytes)}).`))
        .catch((error: unknown) => options.log.error(`The daily backup failed: ${(error as Error).message}`))
        .finally(schedule);
    }, delay);
    timer.unref();
  };
  schedule();

  return {
    takeNow,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await queue;
    },
  };
}

/** "12.4 MB": a backup's size, for the log and the command. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
