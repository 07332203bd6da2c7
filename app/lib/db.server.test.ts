import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { DataFolderInUseError, holdDataFolder, isUniqueViolation, openDatabase } from "./db.server";

const folders: string[] = [];
function tempFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "navette-db-lock-"));
  folders.push(dir);
  return path.join(dir, "pglite");
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the embedded database's folder lock", () => {
  it("is held by one opener at a time, with its process id, and released on close", async () => {
    const dir = tempFolder();
    const first = await openDatabase({ databaseUrl: null, pgliteDir: dir });
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    await expect(openDatabase({ databaseUrl: null, pgliteDir: dir })).rejects.toThrow(DataFolderInUseError);
    await expect(openDatabase({ databaseUrl: null, pgliteDir: dir })).rejects.toThrow(/open in another process \(pid \d+\).*DATABASE_URL/);
    await first.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const again = await openDatabase({ databaseUrl: null, pgliteDir: dir });
    await again.close();
    // Three openings of a migrated PGlite: seconds on a busy machine.
  }, 30_000);

  it("takes over a lock left by a process that has ended", () => {
    const dir = tempFolder();
    const ended = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    writeFileSync(`${dir}.lock`, ended.stdout);
    const release = holdDataFolder(dir);
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    release();
    release(); // twice is harmless
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});

describe("isUniqueViolation", () => {
  it("finds PostgreSQL's code 23505 on the error or one it wraps, and nothing else", async () => {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
    try {
      await database.db.execute(sql`insert into app_secrets (name, value) values ('k', 'v')`);
      const caught = await database.db.execute(sql`insert into app_secrets (name, value) values ('k', 'w')`).catch((e: unknown) => e);
      expect(isUniqueViolation(caught)).toBe(true);
      expect(isUniqueViolation(new Error("wrapper", { cause: caught }))).toBe(true);
      expect(isUniqueViolation(new Error("other"))).toBe(false);
      expect(isUniqueViolation(null)).toBe(false);
    } finally {
      await database.close();
    }
  }, 30_000);
});
