import { cpSync, existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackups, writeBackup } from "~/lib/backups.server";
import { openDatabase } from "~/lib/db.server";
import { summariseFolder } from "~/lib/restore.server";
import { bookingRowValues } from "~/lib/test-support/booking-rows";
import { insertBookings } from "~/lib/test-support/insert-bookings";
import { backupSocketPath, listenForBackupRequests } from "./backup-control";
import { BACKUP_USAGE, RESTORE_USAGE, runBackupCommand, runRestoreCommand } from "./backup-command";
import { temporaryFolders } from "~/lib/test-support/temporary-folders";

const folders = temporaryFolders("navette-backup-cmd-");
const folder = folders.make;
afterAll(folders.removeAll);

const booking = (n: number) =>
  bookingRowValues({ orderId: `NV-COMMAND${n}`, submissionToken: `command-${n}`, createdAt: new Date(`2026-11-2${n}T09:00:00Z`) });
const quiet = { warn: () => undefined };

/** What a command said, and its exit code. */
async function run(command: typeof runBackupCommand, argv: string[], env: Record<string, string>, stdin?: Readable & { isTTY?: boolean }) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(argv, {
    env,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    stdin,
    now: () => new Date("2026-11-26T10:00:00Z"),
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

// One DATA_DIR for the file: two bookings, a backup of them, then a third booking. Each test works on a copy.
let fixture: { dataDir: string; backupFile: string };
beforeAll(async () => {
  const dataDir = folder();
  const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, "pglite"), log: quiet });
  try {
    await insertBookings(database.db, [booking(1), booking(2)]);
    const backup = await writeBackup(database.dumpDataFolder!, path.join(dataDir, "backups"), 14, () => new Date("2026-11-25T02:00:00Z"));
    await insertBookings(database.db, booking(3));
    fixture = { dataDir, backupFile: backup.file };
  } finally {
    await database.close();
  }
});

function copyOfFixture(): string {
  const dataDir = folder();
  cpSync(fixture.dataDir, dataDir, { recursive: true });
  return dataDir;
}

describe("npm run backup", () => {
  it("copies the database folder itself when no server holds it", async () => {
    const dataDir = copyOfFixture();
    const answer = await run(runBackupCommand, [], { DATA_DIR: dataDir });
    expect(answer).toMatchObject({ code: 0, err: "" });
    expect(answer.out).toMatch(/^Backup written: .*navette-2026-11-26T10-00-00\.000Z\.tar\.gz \(\d+\.\d MB\)\.$/);
    expect(readdirSync(path.join(dataDir, "backups"))).toHaveLength(2);
  });

  it("asks the running server for the backup while it holds the database", async () => {
    const dataDir = copyOfFixture();
    const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, "pglite"), log: quiet });
    const backups = startBackups({
      dump: database.dumpDataFolder!,
      backup: { dir: path.join(dataDir, "backups"), hour: 3, keep: 14 },
      log: console,
    });
    const requests = await listenForBackupRequests(backupSocketPath(dataDir), backups.takeNow, quiet);
    try {
      const answer = await run(runBackupCommand, [], { DATA_DIR: dataDir });
      expect(answer.code).toBe(0);
      expect(answer.out).toMatch(/^Backup written by the running server: .*\.tar\.gz \(\d+\.\d MB\)\.$/);
      expect(readdirSync(path.join(dataDir, "backups"))).toHaveLength(2);
    } finally {
      await requests?.close();
      await backups.stop();
      await database.close();
    }
  });

  it("says to use PostgreSQL's own tools when DATABASE_URL is set", async () => {
    const answer = await run(runBackupCommand, [], { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" });
    expect(answer.code).toBe(1);
    expect(answer.err).toMatch(/^DATABASE_URL is set: .*pg_dump/);
  });

  it("says there is nothing to back up before the first start", async () => {
    const answer = await run(runBackupCommand, [], { DATA_DIR: folder() });
    expect(answer.code).toBe(1);
    expect(answer.err).toMatch(/^There is no embedded database in .*: nothing to back up\.$/);
  });

  it("refuses arguments it does not know", async () => {
    expect(await run(runBackupCommand, ["now"], {})).toMatchObject({ code: 2, err: BACKUP_USAGE });
  });
});

describe("npm run restore", () => {
  it("replaces the database with the backup and keeps the one it replaced", async () => {
    const dataDir = copyOfFixture();
    const answer = await run(runRestoreCommand, [fixture.backupFile, "--yes"], { DATA_DIR: dataDir });
    expect(answer.code).toBe(0);
    expect(answer.out).toMatch(
      /This replaces the embedded database in .*pglite \(3 bookings, the newest made on 23\/11\/2026 at 10:00\) with the backup .*, taken on 25\/11\/2026 at 03:00 \(2 bookings, the newest made on 22\/11\/2026 at 10:00\)\./,
    );
    expect(answer.out).toMatch(/Restored\. The database it replaced is kept in .*pglite-replaced-2026-11-26T10-00-00\.000Z/);
    expect(await summariseFolder(path.join(dataDir, "pglite"))).toMatchObject({ bookings: 2 });
    expect(await summariseFolder(path.join(dataDir, "pglite-replaced-2026-11-26T10-00-00.000Z"))).toMatchObject({ bookings: 3 });
  });

  it("restores onto a new machine, where DATA_DIR does not exist yet", async () => {
    const dataDir = path.join(folder(), "new-machine", "data");
    const answer = await run(runRestoreCommand, [fixture.backupFile, "--yes"], { DATA_DIR: dataDir });
    expect(answer.code, answer.err).toBe(0);
    expect(answer.out).toMatch(/\(no database yet\) with the backup .*Restored\. Start the server to use it\.$/s);
    expect(await summariseFolder(path.join(dataDir, "pglite"))).toMatchObject({ bookings: 2 });
  });

  it("refuses while a server holds the database, and changes nothing", async () => {
    const dataDir = copyOfFixture();
    const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, "pglite"), log: quiet });
    try {
      const answer = await run(runRestoreCommand, [fixture.backupFile, "--yes"], { DATA_DIR: dataDir });
      expect(answer.code).toBe(1);
      expect(answer.err).toBe(
        `The database in ${path.join(dataDir, "pglite")} is open in a server (process ${process.pid}): stop it first, then restore. Nothing was changed.`,
      );
    } finally {
      await database.close();
    }
    expect(await summariseFolder(path.join(dataDir, "pglite"))).toMatchObject({ bookings: 3 });
    expect(readdirSync(dataDir).sort()).toEqual(["backups", "pglite"]);
  });

  it("asks for --yes when it cannot ask on a terminal, and changes nothing", async () => {
    const dataDir = copyOfFixture();
    const pipe = Object.assign(Readable.from(["yes\n"]), { isTTY: false });
    const answer = await run(runRestoreCommand, [fixture.backupFile], { DATA_DIR: dataDir }, pipe);
    expect(answer.code).toBe(1);
    expect(answer.out).toMatch(/^This replaces the embedded database/);
    expect(answer.err).toBe(`Add --yes to replace it. Nothing was changed.\n${RESTORE_USAGE}`);
    expect(await summariseFolder(path.join(dataDir, "pglite"))).toMatchObject({ bookings: 3 });
    expect(readdirSync(dataDir).sort()).toEqual(["backups", "pglite"]);
  });

  it("refuses a file that is not a backup, and changes nothing", async () => {
    const dataDir = copyOfFixture();
    const file = path.join(dataDir, "photo.jpg");
    writeFileSync(file, "not a backup");
    const answer = await run(runRestoreCommand, [file, "--yes"], { DATA_DIR: dataDir });
    expect(answer.code).toBe(1);
    expect(answer.err).toBe(`${file} is not a backup of this site's database (not a gzip'd file). Nothing was changed.`);
    expect(existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
  });

  it("says to use PostgreSQL's own tools when DATABASE_URL is set", async () => {
    const answer = await run(runRestoreCommand, [fixture.backupFile, "--yes"], { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" });
    expect(answer.code).toBe(1);
    expect(answer.err).toMatch(/^DATABASE_URL is set: .*pg_restore/);
  });

  it.each([[[]], [["a.tar.gz", "b.tar.gz"]], [["a.tar.gz", "--force"]]])("refuses %j with its usage", async (argv) => {
    expect(await run(runRestoreCommand, argv, {})).toMatchObject({ code: 2, err: RESTORE_USAGE });
  });
});
