import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { backupSocketPath, listenForBackupRequests, requestBackup } from "./backup-control";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "navette-ctl-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const BACKUP = {
  file: "/srv/navette/.data/backups/navette-2026-11-26T02-00-00.000Z.tar.gz",
  bytes: 4_742_565,
  takenAt: new Date("2026-11-26T02:00:00Z"),
};
const quiet = { warn: (_line: string) => undefined };

async function listen(socket: string, takeNow: () => Promise<typeof BACKUP>, log: { warn(line: string): void } = quiet) {
  const requests = await listenForBackupRequests(socket, takeNow, log);
  if (requests) cleanups.push(() => requests.close());
  return requests;
}

describe("the backup socket", () => {
  it("answers a request with the backup the server took", async () => {
    const socket = backupSocketPath(dataDir());
    await listen(socket, async () => BACKUP);
    await expect(requestBackup(socket)).resolves.toEqual(BACKUP);
  });

  it("passes on why the server could not take it", async () => {
    const socket = backupSocketPath(dataDir());
    await listen(socket, () => Promise.reject(new Error("no space left on device")));
    await expect(requestBackup(socket)).rejects.toThrow("The server could not take the backup: no space left on device");
  });

  it("is open to the server's own user only", async () => {
    const socket = backupSocketPath(dataDir());
    const umask = process.umask(0o077);
    try {
      await listen(socket, async () => BACKUP);
    } finally {
      process.umask(umask);
    }
    expect(statSync(socket).mode & 0o077).toBe(0);
  });

  it("takes no backup for any other request", async () => {
    const socket = backupSocketPath(dataDir());
    let taken = 0;
    await listen(socket, async () => (taken++, BACKUP));
    const answer = await new Promise<string>((resolve) => {
      let text = "";
      const client = createConnection(socket, () => client.write("restore\n"));
      client.setEncoding("utf8");
      client.on("data", (chunk: string) => (text += chunk));
      client.on("end", () => resolve(text));
    });
    expect(JSON.parse(answer)).toEqual({ ok: false, error: "unknown request" });
    expect(taken).toBe(0);
  });

  it("replaces what a server that stopped without cleaning up left at the socket's path", async () => {
    const socket = backupSocketPath(dataDir());
    writeFileSync(socket, "");
    await listen(socket, async () => BACKUP);
    await expect(requestBackup(socket)).resolves.toEqual(BACKUP);
  });

  it("says so when DATA_DIR's path is too long for a socket", async () => {
    const warnings: string[] = [];
    const requests = await listen(path.join(dataDir(), "x".repeat(120), "backup.sock"), async () => BACKUP, {
      warn: (line) => void warnings.push(line),
    });
    expect(requests).toBeNull();
    expect(warnings[0]).toMatch(/^npm run backup cannot reach this server: the path of .* is longer than a socket's 107 bytes\./);
  });

  it("says the server cannot be reached when none listens", async () => {
    await expect(requestBackup(backupSocketPath(dataDir()))).rejects.toThrow(
      /^The running server could not be reached at .*backup\.sock \(ENOENT\)\.$/,
    );
  });
});
