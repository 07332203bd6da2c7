import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { constants, crc32, deflateRawSync } from "node:zlib";
import type { RequestHandler as ExpressHandler } from "express";
import { RENDER_CACHE_HEADER } from "~/components/site";
import { snapshot } from "./prerender";

/**
 * Server-rendered pages kept between requests (docs/decisions/0010-rendered-page-cache.md).
 *
 * A route whose document depends only on its URL and the price file says so with the
 * `RENDER_CACHE_HEADER` response header (`app/components/site.ts`), which is never sent on. When Express serves such
 * a page, `middleware` keeps what React Router wrote, split at the request's CSP nonce, with the
 * headers it left with and the price file's version. `serve` then answers the same URL from
 * Node's request listener, before Express: a fresh nonce in the page and in its CSP, the price
 * file checked as on every render. A URL is kept from its second render on (a one-off query
 * string costs no more than before); a new price file, a URL not kept, or an Accept-Encoding it
 * does not decide goes to Express and React Router as before.
 *
 * Compression without recompressing: each piece between two nonces is deflated once, ending on a
 * full flush (no back-reference crosses it), and the nonce goes between them as a stored deflate
 * block. A gzip member is then the header, those blocks, a final empty block and the CRC-32 and
 * length of the page, the only per-request work besides the copy.
 */

const NONCE_BYTES = 16;
const MAX_PAGES = 300;
/** URLs rendered once, remembered so that the second render of one is kept. */
const MAX_SEEN = 2_000;

interface Entry {
  /** The page's pieces between nonces, plain and as raw deflate ending on a full flush. */
  pieces: Buffer[];
  deflated: Buffer[];
  /** The response headers, each value split at the nonce. */
  headers: [name: string, parts: string[]][];
  status: number;
  /** The price file version the page was rendered from. */
  version: string;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
// A final, empty stored block: BFINAL=1, BTYPE=00, LEN=0, NLEN=0xffff.
const LAST_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/** The nonce as a stored (uncompressed), non-final deflate block: byte-aligned after a full flush. */
function storedBlock(data: Buffer): Buffer {
  const block = Buffer.alloc(5 + data.length);
  block[0] = 0x00;
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

/** The gzip body of `pieces` joined by `nonce`, from their pre-deflated forms. */
export function gzipJoined(pieces: readonly Buffer[], deflated: readonly Buffer[], nonce: Buffer): Buffer {
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  const nonceBlock = storedBlock(nonce);
  pieces.forEach((piece, i) => {
    if (i > 0) {
      parts.push(nonceBlock);
      crc = crc32(nonce, crc);
      length += nonce.length;
    }
    parts.push(deflated[i]!);
    // Node's crc32 answers 0 for empty data whatever the running value: skip those.
    if (piece.length > 0) crc = crc32(piece, crc);
    length += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(LAST_BLOCK, trailer);
  return Buffer.concat(parts);
}

/** Raw deflate of one piece, ending byte-aligned with no history carried over. */
export function deflatePiece(piece: Buffer): Buffer {
  return deflateRawSync(piece, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
}

type Encoding = "gzip" | "identity";

/** gzip if the client takes it, identity if it names no encoding; null leaves it to Express. */
function encodingFor(header: string | string[] | undefined): Encoding | null {
  if (header === undefined || header === "") return "identity";
  if (typeof header !== "string" || header.includes(";")) return null;
  const codings = header.split(",").map((c) => c.trim().toLowerCase());
  return codings.includes("gzip") || codings.includes("*") ? "gzip" : null;
}

export interface PageCache {
  /** Express middleware, before React Router: keeps the pages that ask for it. */
  middleware: ExpressHandler;
  /**
   * Answers a GET or HEAD for a kept page from Node's request listener; false when it does not
   * (nothing kept for this URL, or an Accept-Encoding it does not decide). `fallback` is Express,
   * for a page whose price file has changed since.
   */
  serve(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean;
  /** How many pages are kept (tests and the bench). */
  size(): number;
}

export function createPageCache(options: {
  /** The price file's current version; the one input a kept page depends on. */
  version: () => Promise<string>;
  /** The nonce Express gave this response (res.locals.nonce). */
  nonceOf: (res: ServerResponse) => string | undefined;
  maxPages?: number;
  /** False in development: pages are rendered afresh, the header is only removed. */
  keep?: boolean;
}): PageCache {
  const keepPages = options.keep ?? true;
  const maxPages = options.maxPages ?? MAX_PAGES;
  const pages = new Map<string, Entry>();
  // A URL asked for once (a one-off query string, say) is not worth deflating and keeping:
  // only its second render is kept.
  const seen = new Set<string>();

  function keep(url: string, entry: Entry) {
    pages.delete(url);
    if (pages.size >= maxPages) pages.delete(pages.keys().next().value as string);
    pages.set(url, entry);
  }

  const middleware: ExpressHandler = (req, res, next) => {
    // Every response loses the marker header; only a GET in production is collected and kept.
    const collecting = keepPages && req.method === "GET";
    const url = req.originalUrl;
    const versionBefore = collecting ? options.version().catch(() => null) : Promise.resolve(null);
    const chunks: Buffer[] = [];
    let wanted = false;

    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
      wanted = collecting && res.getHeader(RENDER_CACHE_HEADER) !== undefined;
      res.removeHeader(RENDER_CACHE_HEADER);
      return writeHead.apply(this, args);
    } as typeof writeHead;
    if (!collecting) return next();
    // What React Router writes, before the compression middleware (which wrapped these first).
    const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (!wanted || chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"),
      );
    };
    (res as { write: unknown }).write = (chunk: unknown, ...rest: unknown[]) => {
      const ok = write(chunk, ...rest);
      collect(chunk, rest[0]);
      return ok;
    };
    (res as { end: unknown }).end = (...args: unknown[]) => {
      const result = end(...args);
      collect(args[0], args[1]);
      const nonce = options.nonceOf(res);
      if (!wanted || res.statusCode !== 200 || !nonce || nonce.length < 16) return result;
      if (!seen.has(url)) {
        if (seen.size >= MAX_SEEN) seen.clear();
        seen.add(url);
        return result;
      }
      // The headers as they left, every middleware's included, less the per-response ones (an
      // ETag too: each answer's bytes differ). A nonce is 24 random base64 characters: splitting
      // at it cannot cut anything else.
      const headers = Object.entries(snapshot(res))
        .filter(([name]) => name.toLowerCase() !== "etag")
        .map(([name, value]): [string, string[]] => [name, (Array.isArray(value) ? value.join(", ") : String(value)).split(nonce)]);
      const html = Buffer.concat(chunks).toString("utf8");
      void Promise.all([versionBefore, options.version().catch(() => null)]).then(([before, after]) => {
        // Rendered from one price file throughout, or not kept.
        if (before === null || before !== after) return;
        const pieces = html.split(nonce).map((p) => Buffer.from(p));
        keep(url, { pieces, deflated: pieces.map(deflatePiece), headers, status: 200, version: before });
      });
      return result;
    };
    next();
  };

  function send(req: IncomingMessage, res: ServerResponse, entry: Entry, encoding: Encoding) {
    const nonce = randomBytes(NONCE_BYTES).toString("base64");
    const nonceBytes = Buffer.from(nonce);
    const body =
      encoding === "gzip"
        ? gzipJoined(entry.pieces, entry.deflated, nonceBytes)
        : Buffer.concat(entry.pieces.flatMap((p, i) => (i === 0 ? [p] : [nonceBytes, p])));
    const flat: string[] = [];
    for (const [name, parts] of entry.headers) flat.push(name, parts.join(nonce));
    if (encoding === "gzip") flat.push("Content-Encoding", "gzip");
    flat.push("Content-Length", String(body.length));
    res.writeHead(entry.status, flat);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  function serve(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "";
    const entry = pages.get(url);
    if (!entry) return false;
    const encoding = encodingFor(req.headers["accept-encoding"]);
    if (encoding === null) return false;
    // Least recently used goes first: a page in demand is not pushed out by one-off URLs.
    pages.delete(url);
    pages.set(url, entry);
    options
      .version()
      .then(
        (version) => {
          if (version === entry.version) return send(req, res, entry, encoding);
          if (pages.get(url) === entry) pages.delete(url);
          fallback();
        },
        () => fallback(),
      )
      .catch((error: unknown) => {
        console.error(`Kept page failed: ${(error as Error).name ?? "Error"}`);
        res.destroy();
      });
    return true;
  }

  return { middleware, serve, size: () => pages.size };
}
