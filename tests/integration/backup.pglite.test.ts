import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { signInWithFetch } from "./admin-session";
import { formBody, newToken, orderIdOf, postBooking, siteRoot, startChildServer, validDraft, type ChildServer } from "./helpers";

/**
 * Backups of the embedded database on the built server (docs/product.md, Backups): `npm run backup`
 * during a burst of bookings, then `npm run restore` of that backup, and the restored server
 * finds every booking answered before the backup began. A restore over a running server is
 * refused, and the dashboard warns until a backup exists.
 */

const OWNER = { email: "owner@backup.test", password: "owner password for backups" };
const CONCURRENCY = 6;
/** The backup is asked for once this many bookings of the burst have been answered… */
const BACKUP_AFTER = 30;
/** …and the burst goes on until it is written, and for this many bookings more. */
const AFTER_BACKUP = 20;
/** A bound on the burst, whatever happens. */
const MOST = 2_000;

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-backup-"));
const env = { DATA_DIR: dataDir, ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password };
const servers: ChildServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run backup` or `npm run restore -- …` as a separate process, with the server's settings. */
async function command(name: "backup" | "restore", ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["scripts/backup.mjs", name, ...args], {
      cwd: siteRoot(),
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", ...env },
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout, err: failed.stderr };
  }
}

async function start(): Promise<ChildServer> {
  const server = await startChildServer(env);
  servers.push(server);
  return server;
}

async function dashboard(base: string): Promise<string> {
  const staff = await signInWithFetch(base, OWNER.email, OWNER.password);
  return (await staff.get("/admin")).text();
}

describe("a backup taken during a burst of bookings", () => {
  let backupFile = "";
  /** Orders answered 303 before `npm run backup` was started. */
  const answeredBefore: string[] = [];
  let answeredInAll = 0;

  it("is written by the running server while the bookings go on", async () => {
    const server = await start();
    expect(await dashboard(server.url)).toContain("No backup of the bookings database has been made yet.");

    let backup: Promise<{ code: number; out: string; err: string }> | null = null;
    let answeredSinceBackup: number | null = null;
    const worker = async () => {
      while ((answeredSinceBackup === null || answeredSinceBackup < AFTER_BACKUP) && answeredInAll < MOST) {
        const response = await postBooking(server.url, formBody(validDraft(newToken())));
        expect(response.status, await response.text()).toBe(303);
        answeredInAll++;
        if (answeredSinceBackup !== null) answeredSinceBackup++;
        if (!backup) answeredBefore.push(orderIdOf(response)!);
        if (!backup && answeredInAll >= BACKUP_AFTER) {
          backup = command("backup").finally(() => (answeredSinceBackup = 0));
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const answer = await backup!;
    expect(answer.code, answer.err).toBe(0);
    const written = /^Backup written by the running server: (\S+) \(/.exec(answer.out);
    expect(written, answer.out).not.toBeNull();
    backupFile = written![1]!;
    expect(readdirSync(path.join(dataDir, "backups"))).toEqual([path.basename(backupFile)]);
    expect(answeredBefore.length).toBeGreaterThanOrEqual(BACKUP_AFTER);
    expect(await dashboard(server.url)).not.toContain("backup of the bookings database");
  });

  it("cannot be restored over the running server", async () => {
    const answer = await command("restore", backupFile, "--yes");
    expect(answer.code).toBe(1);
    expect(answer.err).toMatch(/is open in a server \(process \d+\): stop it first, then restore\. Nothing was changed\./);
  });

  it("restores to a server that finds every booking answered before it began", async () => {
    await servers.pop()!.stop();
    const answer = await command("restore", backupFile, "--yes");
    expect(answer.code, answer.err).toBe(0);
    expect(answer.out).toMatch(/Restored\. The database it replaced is kept in /);
    // It said what it replaced (the whole burst) and with what (at least what was answered before).
    const said = /\((\d+) bookings, [^)]*\) with the backup .*\((\d+) bookings, /.exec(answer.out);
    expect(said, answer.out).not.toBeNull();
    expect(Number(said![1])).toBe(answeredInAll);
    expect(Number(said![2])).toBeGreaterThanOrEqual(answeredBefore.length);
    // Bookings were stored while it was taken and after: the backup is of the moment, not the end.
    expect(Number(said![2])).toBeLessThanOrEqual(answeredInAll - AFTER_BACKUP);

    const server = await start();
    const staff = await signInWithFetch(server.url, OWNER.email, OWNER.password);
    const missing: string[] = [];
    for (const orderId of answeredBefore) {
      if ((await staff.get(`/admin/bookings/${orderId}`)).status !== 200) missing.push(orderId);
    }
    expect(missing).toEqual([]);
  });
});
