import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createPriceStore, PricesUnavailableError } from "./prices.server";

const shipped = readFileSync(new URL("../../data/prices.csv", import.meta.url), "utf8");
const header = shipped.split(/\r?\n/)[0]!;

function tempFile(content: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "prices-")), "prices.csv");
  writeFileSync(file, content);
  return file;
}

function quietLog() {
  const lines: string[] = [];
  return { lines, log: { warn: (m: string) => lines.push(`warn ${m}`), error: (m: string) => lines.push(`error ${m}`) } };
}

const cdgRow = (price1: number) =>
  `0;Charles de Gaulle Airport (CDG);Disneyland Paris;1;2;65;65;30;135;1;2;${price1};;;;;;;;;;95700;77700;;;`;

describe("price store", () => {
  it("reads the shipped file with no warnings", async () => {
    const { lines, log } = quietLog();
    const store = createPriceStore(fileURLToPathSafe("../../data/prices.csv"), { log });
    const data = await store.get();
    expect(data.rows.length).toBeGreaterThan(100);
    expect(data.warnings).toEqual([]);
    expect(lines).toEqual([]);
    expect(data.etag).toMatch(/^"[\w-]{27}"$/);
  });

  it("notices an edited file without a restart", async () => {
    let clock = 0;
    const file = tempFile(`${header}\n${cdgRow(4000)}\n`);
    const store = createPriceStore(file, { now: () => clock, log: quietLog().log });
    expect((await store.get()).rows[0]).toMatchObject({ from: "Charles de Gaulle Airport (CDG)" });
    const first = await store.get();
    writeFileSync(file, `${header}\n${cdgRow(4500)}\n${cdgRow(4600)}\n`);
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(await store.get()).toBe(first); // checked at most once a second
    clock += 1500;
    const second = await store.get();
    expect(second.rows).toHaveLength(2);
    expect(second.etag).not.toBe(first.etag);
  });

  it("gives the prices at once between checks, and nothing once a check is due", async () => {
    let clock = 0;
    const store = createPriceStore(tempFile(`${header}\n${cdgRow(4000)}\n`), { now: () => clock, log: quietLog().log });
    expect(store.fresh()).toBeNull();
    const read = await store.get();
    clock += 999;
    expect(store.fresh()).toBe(read);
    clock += 1;
    expect(store.fresh()).toBeNull();
  });

  it("keeps the last good prices when the file breaks, and says why once", async () => {
    let clock = 0;
    const { lines, log } = quietLog();
    const file = tempFile(`${header}\n${cdgRow(4000)}\n`);
    const store = createPriceStore(file, { now: () => clock, log });
    const good = await store.get();
    writeFileSync(file, "shuttle;Depart\n0;x\n");
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    clock += 2000;
    expect(await store.get()).toBe(good);
    clock += 2000;
    expect(await store.get()).toBe(good);
    expect(lines.filter((l) => l.startsWith("error"))).toHaveLength(1);
    expect(lines[0]).toContain("Arrive");
  });

  it("logs each unreadable row with its line and skips it", async () => {
    const { lines, log } = quietLog();
    const file = tempFile(`${header}\n${cdgRow(4000)}\n0;Orly Airport (ORY);Paris;one;2;;;;;1;2;x;;;;;;;;;;;;;;\n`);
    const data = await createPriceStore(file, { log }).get();
    expect(data.rows).toHaveLength(1);
    expect(data.warnings).toHaveLength(1);
    expect(lines[0]).toMatch(/^warn Price file line 3 skipped/);
  });

  it("fails with a clear error when there never was a good file", async () => {
    const store = createPriceStore("/nonexistent/prices.csv", { log: quietLog().log });
    await expect(store.get()).rejects.toThrow(PricesUnavailableError);
  });
});

function fileURLToPathSafe(relative: string): string {
  return new URL(relative, import.meta.url).pathname;
}

describe("memo", () => {
  it("computes once per file version", async () => {
    let clock = 0;
    const file = tempFile(`${header}\n${cdgRow(4000)}\n`);
    const store = createPriceStore(file, { now: () => clock, log: quietLog().log });
    let calls = 0;
    const count = (rows: readonly unknown[]) => (calls++, rows.length);
    const first = await store.get();
    expect(first.memo("k", count)).toBe(1);
    expect(first.memo("k", count)).toBe(1);
    expect(calls).toBe(1);
    writeFileSync(file, `${header}\n${cdgRow(4000)}\n${cdgRow(4100)}\n`);
    utimesSync(file, new Date(), new Date(Date.now() + 9000));
    clock += 5000;
    expect((await store.get()).memo("k", count)).toBe(2);
    expect(calls).toBe(2);
  });
});
