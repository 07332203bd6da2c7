import { chmodSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AIRPORTS, transferKindsFrom } from "~/domain/airports";
import { meetingPointFor } from "~/domain/meeting-points";
import { TERMINALS } from "~/domain/terminals";
import { createMeetingPointStore, MeetingPointsUnavailableError } from "./meeting-points.server";

const SHIPPED_FILE = fileURLToPath(new URL("../../data/meeting-points.csv", import.meta.url));
const shipped = readFileSync(SHIPPED_FILE, "utf8");

/** The shipped file's line that starts with `prefix`. */
function lineOf(prefix: string): number {
  return shipped.split("\n").findIndex((l) => l.startsWith(prefix)) + 1;
}

function tempFile(content: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "meeting-points-")), "meeting-points.csv");
  writeFileSync(file, content);
  return file;
}

/** Writes new content with a modification time the store cannot mistake for the previous one. */
function edit(file: string, content: string, secondsAhead: number): void {
  writeFileSync(file, content);
  const when = new Date(Date.now() + secondsAhead * 1000);
  utimesSync(file, when, when);
}

function quietLog() {
  const lines: string[] = [];
  return { lines, log: { error: (m: string) => lines.push(m) } };
}

const CDG = "Charles de Gaulle Airport (CDG)";

describe("the shipped data/meeting-points.csv", () => {
  it("is valid, and names every terminal of every airport for each service the airport offers", async () => {
    const { lines, log } = quietLog();
    const { points, etag } = await createMeetingPointStore(SHIPPED_FILE, { log }).get();
    expect(lines).toEqual([]);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    for (const airport of AIRPORTS) {
      for (const service of transferKindsFrom(airport.code)) {
        const fallback = meetingPointFor(points, airport.place, "", service);
        expect(fallback, `${airport.code} ${service} default`).toMatch(/call us/);
        for (const terminal of TERMINALS[airport.code]) {
          const row = points.rows.find((r) => r.airport === airport.code && r.terminal === terminal && r.service === service);
          expect(row, `${airport.code} ${terminal} ${service}`).toBeDefined();
          expect(row!.text).toContain(`${terminal}`);
        }
      }
    }
    expect(meetingPointFor(points, CDG, "2E", "private")).toBe(
      "Terminal 2E, arrivals hall, level 2, at exit 8, by the Relay shop: your driver holds a sign with your name.",
    );
    expect(meetingPointFor(points, "Disneyland Paris", "", "private")).toMatch(/hotel/);
  });
});

describe("meeting point store", () => {
  it("notices an edited file without a restart, checking at most once a second", async () => {
    let clock = 0;
    const file = tempFile(shipped);
    const store = createMeetingPointStore(file, { now: () => clock, log: quietLog().log });
    const first = await store.get();
    edit(file, shipped.replace("by the Relay shop", "by the pharmacy"), 5);
    expect(await store.get()).toBe(first);
    clock += 1500;
    const second = await store.get();
    expect(meetingPointFor(second.points, CDG, "2E", "private")).toContain("by the pharmacy");
    expect(second.etag).not.toBe(first.etag);
  });

  it("gives the points at once between checks, and nothing once a check is due", async () => {
    let clock = 0;
    const store = createMeetingPointStore(tempFile(shipped), { now: () => clock, log: quietLog().log });
    expect(store.fresh()).toBeNull();
    const read = await store.get();
    clock += 999;
    expect(store.fresh()).toBe(read);
    clock += 1;
    expect(store.fresh()).toBeNull();
  });

  it("keeps the last good version when an edit breaks the file, and logs its errors once", async () => {
    let clock = 0;
    const { lines, log } = quietLog();
    const file = tempFile(shipped);
    const store = createMeetingPointStore(file, { now: () => clock, log });
    const good = await store.get();
    edit(file, shipped.replace("CDG,2E,private", "CDG,2H,private").replace("ORY,,private", "ORY,,taxi"), 5);
    clock += 2000;
    expect(await store.get()).toBe(good);
    clock += 2000;
    expect(await store.get()).toBe(good);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^The meeting points file ${file} has errors: line \\d+: terminal 2H is not a terminal of CDG`));
    expect(lines[0]).toContain('unknown service "taxi"');
    expect(lines[0]).toContain("missing row: ORY,,private");
    expect(lines[0]).toMatch(/The previous meeting points stay in use\.$/);

    // Mended, the file is read again.
    edit(file, shipped.replace("by the Relay shop", "by the pharmacy"), 10);
    clock += 2000;
    expect(meetingPointFor((await store.get()).points, CDG, "2E", "private")).toContain("by the pharmacy");
  });

  it("keeps the last good version when the file goes away", async () => {
    let clock = 0;
    const { lines, log } = quietLog();
    const file = tempFile(shipped);
    const store = createMeetingPointStore(file, { now: () => clock, log });
    const good = await store.get();
    rmSync(file);
    clock += 2000;
    expect(await store.get()).toBe(good);
    clock += 2000;
    expect(await store.get()).toBe(good);
    expect(lines).toEqual([
      `The meeting points file ${file} cannot be read: there is no such file. The previous meeting points stay in use.`,
    ]);
  });

  it("shares one check among concurrent requests", async () => {
    const store = createMeetingPointStore(tempFile(shipped), { log: quietLog().log });
    const [a, b, c] = await Promise.all([store.get(), store.get(), store.get()]);
    expect(a).toBe(b);
    expect(b).toBe(c);
  });

  it.each([
    [
      "a missing file",
      () => "/nonexistent/meeting-points.csv",
      "The meeting points file /nonexistent/meeting-points.csv cannot be read: there is no such file.",
    ],
    ["a folder", () => mkdtempSync(path.join(tmpdir(), "meeting-points-dir-")), "cannot be read: it is a folder."],
    [
      "a file with errors",
      () => tempFile(shipped.replace("CDG,2E,private", "CDG,2H,private")),
      `has errors: line ${lineOf("CDG,2E,private")}: terminal 2H is not a terminal of CDG (1, 2A, 2B, 2C, 2D, 2E, 2F, 2G, 3; empty for the default).`,
    ],
    [
      "a file with the wrong header",
      () => tempFile(shipped.replace("meeting_point", "text")),
      'has errors: line 1: the header must be airport,terminal,service,meeting_point (found "airport,terminal,service,text,meeting_point_fr,meeting_point_es,meeting_point_it,meeting_point_de,meeting_point_nl", lacking meeting_point).',
    ],
  ])("fails with a clear error when there never was a good file: %s", async (_name, makeFile, message) => {
    const { lines, log } = quietLog();
    const store = createMeetingPointStore(makeFile(), { log });
    const error = await store.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MeetingPointsUnavailableError);
    expect((error as Error).message).toContain(message);
    expect(lines).toEqual([]); // the caller reports it, once
  });

  it("gives the meeting points of the moment to a page or a message: the last good ones, or none without a good file, logging nothing more", async () => {
    let clock = 0;
    const { lines, log } = quietLog();
    const file = tempFile(shipped);
    const store = createMeetingPointStore(file, { now: () => clock, log });
    const good = (await store.get()).points;
    expect(await store.currentPoints()).toBe(good);
    rmSync(file);
    clock += 2000;
    expect(await store.currentPoints()).toBe(good);
    expect(lines).toHaveLength(1); // the store's own line about the missing file, as get() writes it
    const never = quietLog();
    expect(await createMeetingPointStore("/nonexistent/meeting-points.csv", { log: never.log }).currentPoints()).toBeUndefined();
    expect(never.lines).toEqual([]);
  });

  it("lists the first ten errors of a file with many, and how many more", async () => {
    const broken = shipped.replace(/^CDG,2[A-G],private/gm, "CDG,9,private").replace(/^ORY,[1-4],private/gm, "ORY,9,private");
    const error = await createMeetingPointStore(tempFile(broken), { log: quietLog().log })
      .get()
      .catch((e: unknown) => e as Error);
    expect((error as Error).message.match(/line \d+: terminal 9/g)).toHaveLength(10);
    expect((error as Error).message).toMatch(/; and 1 more\.$/);
  });

  it.skipIf(process.getuid?.() === 0)("says so when the file may not be read", async () => {
    const file = tempFile(shipped);
    chmodSync(file, 0o000);
    await expect(createMeetingPointStore(file, { log: quietLog().log }).get()).rejects.toThrow(
      `The meeting points file ${file} cannot be read: permission denied.`,
    );
  });
});
