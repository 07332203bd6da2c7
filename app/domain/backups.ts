import { addDays, parisDateTime, parisInstant, parisToday } from "./booking/paris-time";
import type { AdminWords } from "./back-office/admin-words";

/**
 * Backups of the embedded database (docs/product.md, Backups): when the daily one is due, what a
 * backup file is called, which files are kept, and when the dashboard says the last one is too old.
 * Pure: the caller passes `now`.
 */

/** The hour (Paris time) of the daily backup unless BACKUP_HOUR says otherwise: a quiet hour. */
export const DEFAULT_BACKUP_HOUR = 3;
/** How many backup files are kept unless BACKUP_KEEP says otherwise: two weeks of daily ones. */
export const DEFAULT_BACKUP_KEEP = 14;
/** A last backup older than this is shown on the staff dashboard as a warning. */
export const BACKUP_STALE_MS = 2 * 24 * 3_600_000;

/**
 * The first BACKUP_HOUR:00 (Paris time) strictly after `now`. An hour the clocks skip that day
 * moves forward by the gap; one that happens twice means its first occurrence (parisInstant).
 */
export function nextBackupAt(now: Date, hour: number): Date {
  const today = parisToday(now);
  const todays = parisInstant({ ...today, hour, minute: 0 });
  if (todays.getTime() > now.getTime()) return todays;
  return parisInstant({ ...addDays(today, 1), hour, minute: 0 });
}

const PREFIX = "navette-";
const SUFFIX = ".tar.gz";
/** navette-2026-11-26T02-00-00.000Z.tar.gz: the instant in UTC, so names sort in time order. */
const NAME = /^navette-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})\.(\d{3})Z\.tar\.gz$/;

/** A backup file's name, from the instant it was taken. */
export function backupFileName(takenAt: Date): string {
  return `${PREFIX}${takenAt.toISOString().replace(/:/g, "-")}${SUFFIX}`;
}

/** The instant a backup file's name says it was taken, or null for any other file. */
export function backupTakenAt(name: string): Date | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, date, hours, minutes, seconds, millis] = match;
  const instant = new Date(`${date}T${hours}:${minutes}:${seconds}.${millis}Z`);
  return Number.isNaN(instant.getTime()) || backupFileName(instant) !== name ? null : instant;
}

/** Of a folder's file names, the backups beyond the newest `keep`, to delete. Other files are not touched. */
export function backupsBeyond(names: readonly string[], keep: number): string[] {
  return names
    .filter((name) => backupTakenAt(name) !== null)
    .sort()
    .reverse()
    .slice(Math.max(keep, 1));
}

/** What the staff dashboard says of the backups, in the member's words, or null when there is nothing to say. */
export function backupWarning(lastTakenAt: Date | null, now: Date, hour: number, words: AdminWords): string | null {
  const daily = words("backup.daily", { hour: String(hour).padStart(2, "0") });
  if (lastTakenAt === null) return words("backup.none", { daily });
  if (now.getTime() - lastTakenAt.getTime() <= BACKUP_STALE_MS) return null;
  return words("backup.stale", { ...parisDateTime(lastTakenAt), daily });
}
