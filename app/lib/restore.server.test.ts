import { cpSync, existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeBackup } from "./backups.server";
import { openDatabase } from "./db.server";
import { loadBackup, NotABackupError, summariseFolder, swapIn } from "./restore.server";
import { bookingRowValues } from "./test-support/booking-rows";
import { insertBookings } from "./test-support/insert-bookings";
import { temporaryFolders } from "./test-support/temporary-folders";

const folders = temporaryFolders("navette-restore-");
const folder = folders.make;
afterAll(folders.removeAll);

const booking = (n: number, createdAt: string) =>
  bookingRowValues({ orderId: `NV-RESTORE${n}`, submissionToken: `restore-${n}`, createdAt: new Date(createdAt) });

/** A database folder with two bookings, its backup taken, then a third booking made after it. */
async function databaseWithBackup(dataDir: string): Promise<{ databaseDir: string; backupFile: string }> {
  const databaseDir = path.join(dataDir, "pglite");
  const database = await openDatabase({ databaseUrl: null, pgliteDir: databaseDir, log: { warn: () => undefined } });
  try {
    await insertBookings(database.db, [booking(1, "2026-11-24T09:00:00Z"), booking(2, "2026-11-25T09:00:00Z")]);
    const backup = await writeBackup(database.dumpDataFolder!, path.join(dataDir, "backups"), 14, () => new Date("2026-11-25T12:00:00Z"));
    await insertBookings(database.db, booking(3, "2026-11-26T09:00:00Z"));
    return { databaseDir, backupFile: backup.file };
  } finally {
    await database.close();
  }
}

describe("restoring a backup", () => {
  // One database and its backup for the file's tests: each test that changes a folder copies it first.
  let fixture: { dataDir: string; backupFile: string };
  beforeAll(async () => {
    const dataDir = folder();
    fixture = { dataDir, ...(await databaseWithBackup(dataDir)) };
  });

  it("loads the bookings the database held when the backup was taken", async () => {
    const dataDir = folder();
    const summary = await loadBackup(fixture.backupFile, path.join(dataDir, "loaded"));
    expect(summary).toEqual({ bookings: 2, latestBookingAt: new Date("2026-11-25T09:00:00Z") });
  });

  it("refuses a file that is not a backup, and leaves no folder behind", async () => {
    const dataDir = folder();
    const file = path.join(dataDir, "holiday.tar.gz");
    writeFileSync(file, "not a database at all");
    await expect(loadBackup(file, path.join(dataDir, "loaded"))).rejects.toThrow(NotABackupError);
    expect(existsSync(path.join(dataDir, "loaded"))).toBe(false);
  });

  it("puts the loaded database in place and keeps the one it replaces", async () => {
    const dataDir = folder();
    cpSync(fixture.dataDir, dataDir, { recursive: true });
    const databaseDir = path.join(dataDir, "pglite");
    await loadBackup(fixture.backupFile, path.join(dataDir, "loaded"));
    const kept = swapIn(path.join(dataDir, "loaded"), databaseDir, new Date("2026-11-26T10:00:00Z"));
    expect(kept).toBe(`${databaseDir}-replaced-2026-11-26T10-00-00.000Z`);
    expect(await summariseFolder(databaseDir)).toMatchObject({ bookings: 2 });
    expect(await summariseFolder(kept!)).toMatchObject({ bookings: 3 });
    expect(readdirSync(dataDir).sort()).toEqual(["backups", "pglite", path.basename(kept!)].sort());
  });

  it("refuses a gzip'd file that is not a database, and leaves no folder behind", async () => {
    const dataDir = folder();
    const file = path.join(dataDir, "notes.tar.gz");
    writeFileSync(file, gzipSync("a note, not a database"));
    await expect(loadBackup(file, path.join(dataDir, "loaded"))).rejects.toThrow(NotABackupError);
    expect(existsSync(path.join(dataDir, "loaded"))).toBe(false);
  });

  it("finds no database in a folder that holds none", async () => {
    expect(await summariseFolder(folder())).toBeNull();
  });
});
