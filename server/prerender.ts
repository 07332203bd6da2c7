import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { RequestHandler as ExpressHandler } from "express";
import type { AppLoadContext } from "react-router";
import { createRequestHandler, type ServerBuild } from "react-router";

/**
 * Pages with no per-request data, rendered once per process and then served from memory
 * (docs/decisions/0002-runtime-settings-no-build-time-prerender.md). A page qualifies when, for a
 * path without a query string, it renders 200 with no React Router scripts (the routes marked
 * STATIC_PAGE): nothing in it can depend on the request. Its inline <style> is allowed by hash
 * instead of a nonce, since the same bytes go to every visitor.
 *
 * Each page is compressed once (gzip and brotli, at their best levels), never per request. Once
 * the Express stack has served a page twice with the same headers, those headers are kept too and
 * later requests for it are answered by `serve`, straight from Node's request listener, before
 * Express (docs/decisions/0008-prerendered-fast-path.md).
 */
type Encoding = "br" | "gzip" | "identity";

interface Variant {
  body: Buffer;
  /** Content-Encoding, Content-Length: what differs between the encodings of one page. */
  own: OutgoingHttpHeaders;
}

interface Cached {
  etag: string;
  styleHash: string;
  variants: Record<Encoding, Variant>;
  /** The headers the Express stack gave this page, without the per-encoding ones; null until known. */
  headers: OutgoingHttpHeaders | null;
  /** The first serve's headers, compared with the second's before `headers` is trusted. */
  firstHeaders?: OutgoingHttpHeaders;
  /** For `serve`: 200 per encoding and 304, as flat [name, value, …] lists. */
  fast?: { ok: Record<Encoding, string[]>; notModified: string[] };
}

const MAX_PATHS = 200;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * The encoding the `compression` middleware would choose for this Accept-Encoding (it prefers br,
 * then gzip), or null when the header is one this shortcut does not decide (q-values, deflate
 * only): the caller then leaves the response to `compression`.
 */
export function chooseEncoding(header: string | string[] | undefined): Encoding | null {
  if (header === undefined || header === "") return "identity";
  if (typeof header !== "string" || header.includes(";")) return null;
  let gzip = false;
  let deflate = false;
  for (const part of header.split(",")) {
    const coding = part.trim().toLowerCase();
    if (coding === "br" || coding === "*") return "br";
    if (coding === "gzip") gzip = true;
    else if (coding === "deflate") deflate = true;
  }
  if (gzip) return "gzip";
  return deflate ? null : "identity";
}

/** If-None-Match against a page's ETag (weak comparison, as RFC 9110 asks for this header). */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (typeof header !== "string") return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || (t.startsWith("W/") ? t.slice(2) : t) === etag;
  });
}

const PER_RESPONSE = new Set(["content-length", "content-encoding", "transfer-encoding", "date", "connection", "keep-alive"]);

/** The headers a response left with, less the per-response ones; also used by server/page-cache.ts. */
export function snapshot(res: ServerResponse): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  // The names as the middlewares wrote them (getHeaders() would lower-case them); Node has had
  // getRawHeaderNames since 15.13, its types not yet.
  const names = (res as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames();
  for (const name of names) {
    const value = res.getHeader(name);
    if (!PER_RESPONSE.has(name.toLowerCase()) && value !== undefined) headers[name] = value;
  }
  return headers;
}

function sameHeaders(a: OutgoingHttpHeaders, b: OutgoingHttpHeaders): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => String(a[k]) === String(b[k]));
}

function flat(headers: OutgoingHttpHeaders): string[] {
  const list: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    for (const v of Array.isArray(value) ? value : [value]) list.push(name, String(v));
  }
  return list;
}

export interface PrerenderedPages {
  /** The Express middleware: renders a page the first time, serves it from memory after. */
  middleware: ExpressHandler;
  /**
   * Answers a GET or HEAD for a page already served twice through Express, with the same headers,
   * straight from Node's request listener. False when it does not: Express then handles it.
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
}

export function prerenderedPages(options: {
  getBuild: () => Promise<ServerBuild>;
  loadContext: (nonce: string) => AppLoadContext;
  mode: string;
}): PrerenderedPages {
  const handler = createRequestHandler(options.getBuild, options.mode);
  const pages = new Map<string, Cached>();
  const dynamic = new Set<string>();
  const pending = new Map<string, Promise<Cached | null>>();

  async function render(path: string, origin: string): Promise<Cached | null> {
    const response = await handler(new Request(new URL(path, origin)), options.loadContext(""));
    const html = await response.text();
    if (
      response.status !== 200 ||
      html.includes("__reactRouterContext") ||
      !/^text\/html/.test(response.headers.get("content-type") ?? "")
    ) {
      return null;
    }
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    const body = Buffer.from(html);
    const [gz, br] = await Promise.all([
      gzipAsync(body, { level: 9 }),
      brotliAsync(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 11,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ]);
    const variant = (b: Buffer, encoding: Encoding): Variant => ({
      body: b,
      own: encoding === "identity" ? { "Content-Length": b.length } : { "Content-Encoding": encoding, "Content-Length": b.length },
    });
    return {
      etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`,
      styleHash: `'sha256-${createHash("sha256").update(style).digest("base64")}'`,
      variants: { identity: variant(body, "identity"), gzip: variant(gz, "gzip"), br: variant(br, "br") },
      headers: null,
    };
  }

  /** Keeps the headers once two serves through Express agree on them (nothing per-request in them). */
  function learn(page: Cached, res: ServerResponse) {
    if (page.headers) return;
    const seen = snapshot(res);
    if (!page.firstHeaders) {
      page.firstHeaders = seen;
      return;
    }
    if (!sameHeaders(page.firstHeaders, seen)) {
      page.firstHeaders = seen;
      return;
    }
    page.headers = seen;
    const ok = (e: Encoding) => flat({ ...seen, ...page.variants[e].own });
    page.fast = { ok: { br: ok("br"), gzip: ok("gzip"), identity: ok("identity") }, notModified: flat(seen) };
  }

  const middleware: ExpressHandler = (req, res, next) => {
    const path = req.path;
    if ((req.method !== "GET" && req.method !== "HEAD") || req.originalUrl !== path || dynamic.has(path)) return next();
    const cached = pages.get(path);
    const serve = (page: Cached) => {
      // No inline script on these pages: the nonce goes; the style is allowed by its hash.
      const csp = String(res.getHeader("Content-Security-Policy") ?? "")
        .split(";")
        .map((d) => (d.startsWith("style-src") ? d.replace(/'nonce-[^']*'/, page.styleHash) : d.replace(/ ?'nonce-[^']*'/, "")))
        .join(";");
      res.setHeader("Content-Security-Policy", csp);
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Cache-Control", "no-cache");
      res.setHeader("ETag", page.etag);
      res.vary("Accept-Encoding");
      const encoding = chooseEncoding(req.headers["accept-encoding"]);
      learn(page, res);
      if (matchesEtag(req.headers["if-none-match"], page.etag)) return void res.status(304).end();
      // An Accept-Encoding this shortcut does not decide: the compression middleware does.
      const variant = page.variants[encoding ?? "identity"];
      if (encoding) res.set(variant.own as Record<string, string>);
      res.status(200).end(req.method === "HEAD" ? undefined : variant.body);
    };
    if (cached) return serve(cached);
    if (pages.size + dynamic.size >= MAX_PATHS) return next();
    let attempt = pending.get(path);
    if (!attempt) {
      attempt = render(path, `${req.protocol}://${req.get("host") ?? "localhost"}`).finally(() => pending.delete(path));
      pending.set(path, attempt);
    }
    attempt.then(
      (page) => {
        if (page) {
          if (!pages.has(path)) pages.set(path, page);
          serve(pages.get(path) ?? page);
        } else {
          dynamic.add(path);
          next();
        }
      },
      (error: unknown) => next(error),
    );
  };

  function serve(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const fast = pages.get(req.url ?? "")?.fast;
    if (!fast) return false;
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    if (encoding === null) return false;
    const page = pages.get(req.url ?? "") as Cached;
    if (matchesEtag(req.headers["if-none-match"], page.etag)) {
      res.writeHead(304, fast.notModified);
      res.end();
      return true;
    }
    res.writeHead(200, fast.ok[encoding]);
    res.end(method === "HEAD" ? undefined : page.variants[encoding].body);
    return true;
  }

  return { middleware, serve };
}
