import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import fresh from "fresh";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import { type AppLoadContext, createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { withInlineHashes } from "./security-headers";

/**
 * The page cache: documents that depend only on their URL and the price file, kept as bytes and
 * answered to every visitor alike (docs/decisions/0012-one-page-cache.md).
 *
 * A route opts in with `handle.shared: true` (`app/components/site.ts`: the content pages and the
 * rates, airport and hotel pages). Such a page is rendered without a nonce: its inline scripts and
 * styles are allowed by their SHA-256 hashes in the Content-Security-Policy, so its bytes are the
 * same for everyone. They are compressed once (gzip and brotli) and kept in one bounded LRU keyed
 * by the version its owner gives (the price file's and the meeting points file's together, in
 * server/app.ts) and the URL (path and query), so an edited file is served as soon as its store
 * sees it. Answers carry an ETag per encoding and revalidate to 304.
 *
 * Two entry points share the cache:
 * - `middleware`, in the Express stack after the security headers: renders and keeps a page the
 *   first time, answers it with the headers the stack gave it, and notes those headers, which
 *   are the same for every visitor once the CSP carries hashes instead of a nonce;
 * - `handle`, a (req, res, next) function in front of Express in the server's request listener:
 *   answers a page already answered once through Express with those bytes and headers, and hands
 *   everything else to Express. Express's own per-request work costs several times a kept page's
 *   (the decision record has the figures), so kept pages skip it.
 *
 * Other pages, other methods, and answers of 500 and above go on to React Router as usual.
 */

type Encoding = "br" | "gzip" | "identity";

interface Variant {
  body: Buffer;
  etag: string;
}

export interface KeptPage {
  status: number;
  /** The route's response headers, less Content-Length. */
  headers: [name: string, value: string][];
  /** CSP sources for the page's inline scripts and styles. */
  scriptHashes: string[];
  styleHashes: string[];
  variants: Record<Encoding, Variant>;
  /**
   * The headers of each encoding's answer (and of its 304), as Express gave them to this page's
   * first answer; set by that answer.
   */
  sent?: Record<Encoding, { ok: OutgoingHttpHeaders; notModified: OutgoingHttpHeaders }>;
}

export interface PageCache {
  /** Express middleware, before React Router: renders, keeps and answers shared pages. */
  middleware: RequestHandler;
  /** In front of Express: answers a page already answered once through `middleware`, else calls `next`. */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** How many pages are kept (tests and the bench). */
  size(): number;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/g;

/** The CSP hash sources of every match's first group, in order, without repeats. */
function hashesOf(html: string, pattern: RegExp): string[] {
  const sources = [...html.matchAll(pattern)].map(([, text]) => `'sha256-${createHash("sha256").update(text!).digest("base64")}'`);
  return [...new Set(sources)];
}

/**
 * A page's bytes, compressed once per encoding. Brotli's best level costs about 50 ms of CPU for
 * a 50 KB page against under 1 ms at level 5, for 10% fewer bytes: worth it for the site's own
 * addresses, a small fixed set, not for URLs with a query string, which anyone can make anew.
 */
async function keptPage(status: number, headers: [string, string][], html: string, options: { best: boolean }): Promise<KeptPage> {
  const body = Buffer.from(html);
  const [gz, br] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: options.best ? 11 : 5,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ]);
  // One strong validator per representation: the hash of the page plus its encoding.
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  return {
    status,
    headers: headers.filter(([name]) => name.toLowerCase() !== "content-length"),
    scriptHashes: hashesOf(html, INLINE_SCRIPT),
    styleHashes: hashesOf(html, INLINE_STYLE),
    variants: {
      identity: { body, etag: `"${hash}"` },
      gzip: { body: gz, etag: `"${hash}-gzip"` },
      br: { body: br, etag: `"${hash}-br"` },
    },
  };
}

/**
 * The encoding to answer with: the client's preference, and brotli then gzip where it likes
 * several equally (as the compression middleware chooses). negotiator 1.x takes the `preferred`
 * option; its published types predate it.
 */
function negotiatedEncoding(req: IncomingMessage): Encoding {
  const negotiator = new Negotiator(req) as unknown as {
    encoding(available: string[], options: { preferred: string[] }): string | undefined;
  };
  return (negotiator.encoding(["br", "gzip", "identity"], { preferred: ["br", "gzip"] }) ?? "identity") as Encoding;
}

// Browsers send a handful of distinct Accept-Encoding headers: each is negotiated once. Bounded,
// since a client may send any text.
const encodings = new Map<string, Encoding>();
const MAX_ENCODINGS = 64;

function encodingFor(req: IncomingMessage): Encoding {
  const header = req.headers["accept-encoding"] ?? "";
  let encoding = encodings.get(header);
  if (encoding === undefined) {
    encoding = negotiatedEncoding(req);
    if (encodings.size >= MAX_ENCODINGS) encodings.clear();
    encodings.set(header, encoding);
  }
  return encoding;
}

/** Answers a kept page: its headers, this request's CSP with the page's hashes, the encoding the client prefers. */
function sendKeptPage(req: Request, res: Response, page: KeptPage): void {
  const encoding = encodingFor(req);
  const variant = page.variants[encoding];
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  const csp = res.getHeader("Content-Security-Policy");
  if (typeof csp === "string") res.setHeader("Content-Security-Policy", withInlineHashes(csp, page.scriptHashes, page.styleHashes));
  if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-cache");
  res.vary("Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  page.sent ??= answersAsSent(page, res.getHeaders());
  res.setHeader("ETag", variant.etag);
  // res.send answers 304 when If-None-Match matches the ETag, and no body to a HEAD.
  res.send(variant.body);
}

/** The headers that differ between the encodings of one page (or are Node's to write). */
const PER_ENCODING = new Set(["content-encoding", "content-length", "etag", "date", "connection", "keep-alive", "transfer-encoding"]);

/** A page's headers per encoding, from those Express gave one of its answers. */
function answersAsSent(page: KeptPage, given: OutgoingHttpHeaders): NonNullable<KeptPage["sent"]> {
  const common = Object.fromEntries(Object.entries(given).filter(([name]) => !PER_ENCODING.has(name)));
  const answers = (encoding: Encoding) => {
    const { body, etag } = page.variants[encoding];
    const notModified = { ...common, etag, ...(encoding === "identity" ? {} : { "content-encoding": encoding }) };
    return { ok: { ...notModified, "content-length": body.length }, notModified };
  };
  return { br: answers("br"), gzip: answers("gzip"), identity: answers("identity") };
}

/** Answers a kept page as its first answer through Express did, for this request's encoding. */
function sendAsBefore(req: IncomingMessage, res: ServerResponse, page: KeptPage, sent: NonNullable<KeptPage["sent"]>): void {
  const encoding = encodingFor(req);
  const variant = page.variants[encoding];
  // The same rule as Express's req.fresh: only a successful answer is revalidated to 304.
  if (page.status >= 200 && page.status < 300 && fresh(req.headers, { etag: variant.etag })) {
    res.writeHead(304, sent[encoding].notModified).end();
    return;
  }
  res.writeHead(page.status, sent[encoding].ok).end(req.method === "HEAD" ? undefined : variant.body);
}

type RouteNode = RouteObject;

/** The build's flat route manifest as the nested tree matchRoutes reads. */
function routeTree(routes: ServerBuild["routes"], parentId: string | undefined): RouteNode[] {
  return Object.values(routes)
    .filter((route) => route !== undefined && route.parentId === parentId)
    .map((route): RouteNode => {
      const { id, path, caseSensitive, module } = route!;
      return route!.index
        ? { id, path, caseSensitive, handle: module.handle, index: true }
        : { id, path, caseSensitive, handle: module.handle, children: routeTree(routes, id) };
    });
}

function isShared(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { shared?: unknown }).shared === true;
}

export function createPageCache(options: {
  build: ServerBuild;
  /** The load context of a shared page: the settings, the price store, no nonce. */
  loadContext: () => AppLoadContext;
  /**
   * The version of the files a shared page depends on besides its URL (the price file's and the
   * meeting points'): at once when known, else a promise, so a kept page is answered without one.
   */
  version: () => string | Promise<string>;
  /** The site's own origin (SITE_URL): pages are rendered for it, never for a request's Host header. */
  origin: string;
  maxPages?: number;
  maxBytes?: number;
}): PageCache {
  const handler = createRequestHandler(options.build, "production");
  const tree = routeTree(options.build.routes, undefined);

  async function render(url: string): Promise<KeptPage | undefined> {
    const response = await handler(new Request(new URL(url, options.origin)), options.loadContext());
    const body = await response.text();
    // A failure is not kept: the request goes on to React Router, which renders and reports it.
    if (response.status >= 500) return undefined;
    return keptPage(response.status, [...response.headers], body, { best: !url.includes("?") });
  }

  const pages = new LRUCache<string, KeptPage, string>({
    max: options.maxPages ?? 500,
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (page) => page.variants.identity.body.length + page.variants.gzip.body.length + page.variants.br.body.length,
    // Concurrent requests for a page not yet kept share one render.
    fetchMethod: (_key, _stale, { context }) => render(context),
  });

  const middleware: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const url = req.originalUrl;
    Promise.resolve(options.version())
      .then(async (version) => {
        const key = `${version} ${url}`;
        let page = pages.get(key);
        if (!page) {
          const leaf = matchRoutes(tree, req.path)?.at(-1);
          if (!leaf || !isShared(leaf.route.handle)) return next();
          page = await pages.fetch(key, { context: url });
        }
        if (page) sendKeptPage(req, res, page);
        else next();
      })
      // No price file to key by (it cannot be read), or a render that threw: React Router
      // renders the request itself and shows its error page.
      .catch(() => next());
  };

  const handle = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const answer = (version: string) => {
      const page = pages.get(`${version} ${req.url}`);
      if (page?.sent) sendAsBefore(req, res, page, page.sent);
      else next();
    };
    let version: string | Promise<string>;
    try {
      version = options.version();
    } catch {
      return next();
    }
    if (typeof version === "string") answer(version);
    else version.then(answer, () => next());
  };

  return { middleware, handle, size: () => pages.size };
}
