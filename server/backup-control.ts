import { rmSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import path from "node:path";
import type { Backup } from "~/lib/backups.server";

/**
 * How `npm run backup` asks a running server for a backup: PGlite is one process's database, so
 * only the server holding it can take a consistent copy. The server listens on a Unix socket in
 * DATA_DIR, a folder only its own user can enter (0700); the command connects, sends one line,
 * and reads one line back: the backup's file and size, or why it failed.
 */

/** The socket's path: beside the database, inside DATA_DIR. */
export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, "backup.sock");
}

/** The longest path a Unix socket may have on Linux (108 bytes with the final NUL). */
const MAX_SOCKET_PATH = 107;

const REQUEST = "backup\n";

type Answer = { ok: true; file: string; bytes: number; takenAt: string } | { ok: false; error: string };

/**
 * Answers backup requests on the socket until `close`. A socket file left by a server that ended
 * without removing it is replaced: the caller holds the data folder, so no other server uses it.
 * Returns null (and says why) when the socket cannot be opened, its path being too long, say.
 */
export async function listenForBackupRequests(
  socketPath: string,
  takeNow: () => Promise<Backup>,
  log: { warn(line: string): void },
): Promise<{ close(): Promise<void> } | null> {
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    log.warn(
      `npm run backup cannot reach this server: the path of ${socketPath} is longer than a socket's ${MAX_SOCKET_PATH} bytes. ` +
        "The daily backup still runs; a shorter DATA_DIR lets the command reach the server.",
    );
    return null;
  }
  rmSync(socketPath, { force: true });
  const server: Server = createServer((socket) => {
    let received = "";
    socket.setEncoding("utf8");
    socket.on("error", () => undefined); // a command that went away: nothing to answer
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (!received.includes("\n")) {
        if (received.length > REQUEST.length) socket.destroy();
        return;
      }
      if (received !== REQUEST) return void socket.end(`${JSON.stringify({ ok: false, error: "unknown request" })}\n`);
      takeNow().then(
        (backup) =>
          socket.end(`${JSON.stringify({ ok: true, file: backup.file, bytes: backup.bytes, takenAt: backup.takenAt.toISOString() })}\n`),
        (error: unknown) => socket.end(`${JSON.stringify({ ok: false, error: (error as Error).message })}\n`),
      );
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    log.warn(
      `npm run backup cannot reach this server: ${socketPath} could not be opened (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). The daily backup still runs.`,
    );
    return null;
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(socketPath, { force: true });
          resolve();
        });
      }),
  };
}

export class BackupRequestError extends Error {
  override name = "BackupRequestError";
}

/** Asks the server listening on `socketPath` for a backup, and waits for it. */
export function requestBackup(socketPath: string, timeoutMs = 10 * 60_000): Promise<Backup> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let received = "";
    socket.setEncoding("utf8");
    socket.setTimeout(timeoutMs, () => socket.destroy(new BackupRequestError("The server did not answer in time.")));
    socket.on("connect", () => socket.write(REQUEST));
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error instanceof BackupRequestError
          ? error
          : new BackupRequestError(`The running server could not be reached at ${socketPath} (${error.code ?? error.message}).`),
      ),
    );
    socket.on("end", () => {
      let answer: Answer;
      try {
        answer = JSON.parse(received) as Answer;
      } catch {
        return reject(new BackupRequestError("The server's answer could not be read."));
      }
      if (!answer.ok) return reject(new BackupRequestError(`The server could not take the backup: ${answer.error}`));
      resolve({ file: answer.file, bytes: answer.bytes, takenAt: new Date(answer.takenAt) });
    });
  });
}
