import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { parseMeetingPoints, type MeetingPoints } from "~/domain/meeting-points";

/**
 * The business's meeting points file, read at run time from MEETING_POINTS_CSV (docs/product.md,
 * Meeting points) as the price file is: the store notices an edited file (it compares size and
 * modification time at most once a second), so new texts show without a rebuild or a restart. A
 * file that cannot be read or has any error is logged with its errors, and the last good version
 * stays in use. The server reads it once before it listens and does not start without a good one.
 */
export interface MeetingPointData {
  points: MeetingPoints;
  /** A strong validator of the file's text: shared pages showing meeting points are kept by it. */
  etag: string;
}

export interface MeetingPointStore {
  get(): Promise<MeetingPointData>;
  /** The meeting points as last read, when checked less than the check interval ago; null when a check is due. */
  fresh(): MeetingPointData | null;
  /**
   * The meeting points of the moment for a page or a message: undefined when no good version was
   * ever read (get's failure, already logged by the check), so the caller goes on without them.
   */
  currentPoints(): Promise<MeetingPoints | undefined>;
}

/** No good version of the file was ever read: the message names the file and its first errors. */
export class MeetingPointsUnavailableError extends Error {
  override name = "MeetingPointsUnavailableError";
}

interface Logger {
  error(message: string): void;
}

/** How many of a file's errors a message lists before it says how many more there are. */
const ERRORS_SHOWN = 10;

export function createMeetingPointStore(
  file: string,
  options: { checkEveryMs?: number; log?: Logger; now?: () => number } = {},
): MeetingPointStore {
  const checkEveryMs = options.checkEveryMs ?? 1000;
  const log = options.log ?? console;
  const now = options.now ?? Date.now;
  let current: MeetingPointData | null = null;
  let signature = "";
  let checkedAt = -Infinity;
  let pending: Promise<MeetingPointData> | null = null;

  async function refresh(): Promise<MeetingPointData> {
    let next: string;
    try {
      const info = await stat(file);
      next = `${info.size}:${info.mtimeMs}`;
    } catch (error) {
      return keepOrFail(`The meeting points file ${file} cannot be read: ${reason(error)}.`, "missing");
    }
    if (current && next === signature) return current;
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      return keepOrFail(`The meeting points file ${file} cannot be read: ${reason(error)}.`, next);
    }
    const { points, errors } = parseMeetingPoints(text);
    if (errors.length > 0) return keepOrFail(`The meeting points file ${file} has errors: ${listed(errors)}`, next);
    current = { points, etag: `"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"` };
    signature = next;
    return current;
  }

  /** Logs a broken version once (not on every check) while a good one stays; throws when there is none. */
  function keepOrFail(message: string, brokenSignature: string): MeetingPointData {
    if (!current) throw new MeetingPointsUnavailableError(message);
    if (brokenSignature !== signature) log.error(`${message} The previous meeting points stay in use.`);
    signature = brokenSignature;
    return current;
  }

  const fresh = () => (current && now() - checkedAt < checkEveryMs ? current : null);

  async function get(): Promise<MeetingPointData> {
    const known = fresh();
    if (known) return known;
    // Concurrent requests share one check.
    pending ??= refresh().finally(() => {
      checkedAt = now();
      pending = null;
    });
    return pending;
  }

  return {
    get,
    fresh,
    currentPoints: () =>
      get().then(
        (data) => data.points,
        () => undefined,
      ),
  };
}

function reason(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  if (e.code === "ENOENT") return "there is no such file";
  if (e.code === "EACCES") return "permission denied";
  if (e.code === "EISDIR") return "it is a folder";
  return e.message;
}

function listed(errors: readonly string[]): string {
  const shown = errors.slice(0, ERRORS_SHOWN).join("; ");
  const more = errors.length - ERRORS_SHOWN;
  return more > 0 ? `${shown}; and ${more} more.` : `${shown}.`;
}
