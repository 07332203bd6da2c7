import { readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { backupFileName } from "~/domain/backups";
import { listBackups, startBackups, writeBackup } from "./backups.server";
import { temporaryFolders } from "./test-support/temporary-folders";

const folders = temporaryFolders("navette-backups-");
const folder = folders.make;
afterEach(() => {
  vi.useRealTimers();
  folders.removeAll();
});

/** A dump standing in for PGlite's: these tests are about the files, restore.server.test.ts about the database. */
const dumpOf = (text: string) => async () => new Blob([text]);

describe("writeBackup", () => {
  it("writes the dump under the instant's name, mode 0600, in a folder it makes 0700", async () => {
    const dir = path.join(folder(), "backups");
    const at = new Date("2026-11-26T02:00:00.000Z");
    const backup = await writeBackup(dumpOf("the dump"), dir, 14, () => at);
    expect(backup).toEqual({ file: path.join(dir, backupFileName(at)), takenAt: at, bytes: 8 });
    expect(statSync(backup.file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir)).toEqual([backupFileName(at)]);
  });

  it("leaves no file when the dump fails", async () => {
    const dir = folder();
    const failing = () => Promise.reject(new Error("disk on fire"));
    await expect(writeBackup(failing, dir, 14, () => new Date("2026-11-26T02:00:00Z"))).rejects.toThrow("disk on fire");
    expect(readdirSync(dir)).toEqual([]);
  });

  it("keeps the newest backups and deletes the older ones", async () => {
    const dir = folder();
    writeFileSync(path.join(dir, "notes.txt"), "the owner's own file");
    for (const day of [20, 21, 22, 23]) await writeBackup(dumpOf(`day ${day}`), dir, 2, () => new Date(`2026-11-${day}T02:00:00Z`));
    expect(readdirSync(dir).sort()).toEqual(
      [backupFileName(new Date("2026-11-22T02:00:00Z")), backupFileName(new Date("2026-11-23T02:00:00Z")), "notes.txt"].sort(),
    );
  });
});

describe("listBackups", () => {
  it("lists the backups newest first, with their sizes", async () => {
    const dir = folder();
    await writeBackup(dumpOf("older"), dir, 14, () => new Date("2026-11-24T02:00:00Z"));
    await writeBackup(dumpOf("newest"), dir, 14, () => new Date("2026-11-25T02:00:00Z"));
    expect(listBackups(dir).map((b) => [b.takenAt.toISOString(), b.bytes])).toEqual([
      ["2026-11-25T02:00:00.000Z", 6],
      ["2026-11-24T02:00:00.000Z", 5],
    ]);
  });

  it("finds none in a folder that does not exist yet", () => {
    expect(listBackups(path.join(folder(), "never-made"))).toEqual([]);
  });
});

describe("startBackups", () => {
  it("takes the daily backup at the hour, Paris time, and again the next day", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-26T01:30:00Z"), toFake: ["setTimeout", "clearTimeout", "Date"] });
    const dir = folder();
    const lines: string[] = [];
    const backups = startBackups({
      dump: dumpOf("dump"),
      backup: { dir, hour: 3, keep: 14 },
      log: { log: (l) => lines.push(l), error: (l) => lines.push(l) },
    });
    await vi.advanceTimersByTimeAsync(29 * 60_000);
    expect(listBackups(dir)).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(listBackups(dir).map((b) => b.takenAt.toISOString())).toEqual(["2026-11-26T02:00:00.000Z"]));
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    await vi.waitFor(() => expect(listBackups(dir)).toHaveLength(2));
    expect(lines[0]).toMatch(/^Backup written: .*navette-2026-11-26T02-00-00\.000Z\.tar\.gz \(4 B\)\.$/);
    await backups.stop();
  });

  it("says a failed daily backup in the log and tries again the next day", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-26T01:30:00Z"), toFake: ["setTimeout", "clearTimeout", "Date"] });
    const errors: string[] = [];
    const dump = vi
      .fn()
      .mockRejectedValueOnce(new Error("no space left"))
      .mockResolvedValue(new Blob(["dump"]));
    const dir = folder();
    const backups = startBackups({ dump, backup: { dir, hour: 3, keep: 14 }, log: { log: () => undefined, error: (l) => errors.push(l) } });
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    await vi.waitFor(() => expect(errors).toEqual(["The daily backup failed: no space left"]));
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    await vi.waitFor(() => expect(listBackups(dir)).toHaveLength(1));
    await backups.stop();
  });

  it("takes one backup at a time when two are asked for at once", async () => {
    const dir = folder();
    let running = 0;
    let most = 0;
    const dump = async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      return new Blob(["dump"]);
    };
    let tick = Date.parse("2026-11-26T10:00:00Z");
    const backups = startBackups({
      dump,
      backup: { dir, hour: 3, keep: 14 },
      log: { log: () => undefined, error: () => undefined },
      now: () => new Date(tick++),
    });
    await Promise.all([backups.takeNow(), backups.takeNow()]);
    expect(most).toBe(1);
    expect(listBackups(dir)).toHaveLength(2);
    await backups.stop();
  });
});
