import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { parsePriceFile, type PriceFileWarning, type PriceRow } from "~/domain/pricing/csv";

/**
 * The business's price file, read at run time from PRICES_CSV. The store notices an edited
 * file (it compares size and modification time at most once a second), so new prices show
 * without a rebuild or a restart. A file that fails to parse is logged and the last good
 * version stays in use.
 */
export interface PriceData {
  rows: readonly PriceRow[];
  warnings: readonly PriceFileWarning[];
  /** The file as served at /data/prices.csv. */
  text: string;
  /** A strong validator of `text`, for HTTP caching. */
  etag: string;
  /**
   * Computes a value from these prices once and keeps it until the file changes. Keys must come
   * from a bounded set (resolved place names, airport codes), never from raw visitor input.
   */
  memo<T>(key: string, compute: (rows: readonly PriceRow[]) => T): T;
}

export interface PriceStore {
  get(): Promise<PriceData>;
  /**
   * The prices as last read, when they were checked less than the check interval ago; null when a
   * check is due (get() makes it). The page cache answers from it without a promise per request.
   */
  fresh(): PriceData | null;
  /**
   * Reads the file again now, whatever its size and time say: after the back office replaces it,
   * the very next page shows the new prices rather than waiting for the next check.
   */
  reload(): Promise<PriceData>;
}

export class PricesUnavailableError extends Error {
  override name = "PricesUnavailableError";
}

interface Logger {
  warn(message: string): void;
  error(message: string): void;
}

export function createPriceStore(file: string, options: { checkEveryMs?: number; log?: Logger; now?: () => number } = {}): PriceStore {
  const checkEveryMs = options.checkEveryMs ?? 1000;
  const log = options.log ?? console;
  const now = options.now ?? Date.now;
  let current: PriceData | null = null;
  let signature = "";
  let checkedAt = -Infinity;
  let pending: Promise<PriceData> | null = null;

  async function refresh(): Promise<PriceData> {
    let info;
    try {
      info = await stat(file);
    } catch (error) {
      return keepOrFail(`Cannot read the price file ${file}: ${(error as Error).message}`);
    }
    const next = `${info.size}:${info.mtimeMs}`;
    if (current && next === signature) return current;
    try {
      const text = await readFile(file, "utf8");
      const parsed = parsePriceFile(text);
      for (const w of parsed.warnings) log.warn(`Price file line ${w.line} skipped: ${w.message}`);
      const cache = new Map<string, unknown>();
      const rows = parsed.rows;
      current = {
        rows,
        warnings: parsed.warnings,
        memo<T>(key: string, compute: (r: readonly PriceRow[]) => T): T {
          if (!cache.has(key)) cache.set(key, compute(rows));
          return cache.get(key) as T;
        },
        text,
        etag: `"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`,
      };
      signature = next;
      return current;
    } catch (error) {
      signature = next; // log a broken file once, not on every request
      return keepOrFail(`The price file ${file} was not loaded: ${(error as Error).message}`);
    }
  }

  function keepOrFail(message: string): PriceData {
    log.error(current ? `${message} The previous prices stay in use.` : message);
    if (current) return current;
    throw new PricesUnavailableError(message);
  }

  const fresh = () => (current && now() - checkedAt < checkEveryMs ? current : null);

  return {
    fresh,
    async get() {
      const known = fresh();
      if (known) return known;
      // Concurrent requests share one check.
      pending ??= refresh().finally(() => {
        checkedAt = now();
        pending = null;
      });
      return pending;
    },
    async reload() {
      // A check started before the file was replaced may still read the old one: let it end first.
      while (pending) await pending.catch(() => undefined);
      signature = "";
      pending = refresh().finally(() => {
        checkedAt = now();
        pending = null;
      });
      return pending;
    },
  };
}
