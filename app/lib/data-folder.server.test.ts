import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { prepareDataFolder } from "./data-folder.server";
import { openDatabase, type Database } from "./db.server";

const folders: string[] = [];
const opened: Database[] = [];
/** A DATA_DIR that does not exist yet, in a fresh temporary folder. */
function dataDir(): string {
  const parent = mkdtempSync(path.join(os.tmpdir(), "navette-data-folder-"));
  folders.push(parent);
  return path.join(parent, "data");
}
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function modeOf(file: string): string {
  return (statSync(file).mode & 0o777).toString(8);
}

/** Every folder and file under `dir`, the folder itself included, with its mode ("700"). */
function modesUnder(dir: string): Map<string, string> {
  const modes = new Map<string, string>([[".", modeOf(dir)]]);
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const entry = path.join(folder, name);
      modes.set(path.relative(dir, entry), modeOf(entry));
      if (lstatSync(entry).isDirectory()) walk(entry);
    }
  };
  walk(dir);
  return modes;
}

/** The entries of `modes` whose mode is not what a folder (700) or a file (600) must have. */
function openEntries(dir: string): string[] {
  return [...modesUnder(dir)]
    .filter(([entry, mode]) => mode !== (statSync(path.join(dir, entry)).isDirectory() ? "700" : "600"))
    .map(([entry, mode]) => `${entry} ${mode}`);
}

function quietLog() {
  const lines: string[] = [];
  return { lines, warn: (line: string) => void lines.push(line) };
}

async function open(dir: string, log = quietLog()): Promise<Database> {
  const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dir, "pglite"), log });
  opened.push(database);
  return database;
}

describe("the data folder's modes", () => {
  it("are 0700 for every folder and 0600 for every file once the database is open", async () => {
    const dir = dataDir();
    await open(dir);
    expect(modesUnder(dir).size).toBeGreaterThan(100);
    expect(openEntries(dir)).toEqual([]);
  });

  it("stay 0700 and 0600 once the database has written and closed", async () => {
    const dir = dataDir();
    const database = await open(dir);
    await database.db.execute(sql`create table written (n int)`);
    await database.close();
    opened.splice(0);
    expect(openEntries(dir)).toEqual([]);
  });

  it("are not mentioned at start when nothing is open to other users", async () => {
    const dir = dataDir();
    await (await open(dir)).close();
    opened.splice(0);
    const log = quietLog();
    await open(dir, log);
    expect(log.lines).toEqual([]);
  });
});

describe("an existing data folder open to other users", () => {
  it("is reported in one line and set to 0700 when the folder itself is 0755", async () => {
    const dir = dataDir();
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    const log = quietLog();
    await open(dir, log);
    expect(log.lines).toEqual([`DATA_DIR ${dir} was readable by other users (mode 755): set to 700.`]);
    expect(modeOf(dir)).toBe("700");
  });

  it("has the folders and files within it counted, reported and closed", () => {
    const dir = dataDir();
    mkdirSync(path.join(dir, "pglite", "base"), { recursive: true });
    chmodSync(dir, 0o700);
    chmodSync(path.join(dir, "pglite"), 0o755);
    chmodSync(path.join(dir, "pglite", "base"), 0o755);
    for (const name of ["PG_VERSION", "base/1", "base/2"]) {
      writeFileSync(path.join(dir, "pglite", name), "x");
      chmodSync(path.join(dir, "pglite", name), 0o666);
    }
    const log = quietLog();
    prepareDataFolder(dir, log);
    expect(log.lines).toEqual([
      `2 folders and 3 files in DATA_DIR ${dir} were open to other users (modes 666, 755): set to 700 (folders) and 600 (files).`,
    ]);
    expect(openEntries(dir)).toEqual([]);
  });
});
