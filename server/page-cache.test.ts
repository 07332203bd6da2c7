import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import type { AppLoadContext, ServerBuild } from "react-router";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createPageCache } from "./page-cache";
import { rawRequest } from "../tests/support/raw-request";

// What the mocked React Router renders: the URL it was asked for (origin included), the price
// version, an inline script and an inline style, as a shared page carries them.
const site = { version: "v1", renders: 0, status: 200, delayMs: 0 };
const pageFor = (url: string) =>
  `<!DOCTYPE html><html><head><style>body{margin:0}</style></head><body><p>${url} ${site.version}</p>` +
  `${"<p>A car for every group.</p>".repeat(100)}<script>window.__reactRouterContext={}</script></body></html>`;

vi.mock("react-router", async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  createRequestHandler: () => async (request: Request) => {
    site.renders += 1;
    if (site.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, site.delayMs));
    return new Response(pageFor(request.url), { status: site.status, headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
}));

/** A route manifest as the build carries it: the root, a shared page, a page rendered per request. */
const build = {
  routes: {
    root: { id: "root", path: "", module: {} },
    shared: { id: "shared", parentId: "root", path: "shared", module: { handle: { shared: true } } },
    own: { id: "own", parentId: "root", path: "own", module: { handle: { hydrate: false } } },
  },
} as unknown as ServerBuild;

const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) s.close();
});

/** Express shaped like server/app.ts: a nonce and its CSP per request, the cache, then "React Router". */
async function start({ versionAtOnce = false, ...options }: { maxPages?: number; versionAtOnce?: boolean } = {}) {
  const cache = createPageCache({
    build,
    loadContext: () => ({}) as AppLoadContext,
    // The server knows the version at once between its file checks, and by a promise at a check.
    version: versionAtOnce ? () => site.version : async () => site.version,
    origin: "https://navette.example",
    ...options,
  });
  let fallthrough = 0;
  let viaExpress = 0;
  const app = express();
  app.use((_req, _res, next) => {
    viaExpress += 1;
    next();
  });
  app.use((_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    res.setHeader(
      "Content-Security-Policy",
      `default-src 'self'; script-src 'self' 'nonce-${res.locals.nonce}'; style-src 'self' 'nonce-${res.locals.nonce}'`,
    );
    next();
  });
  app.use(cache.middleware);
  app.use((_req, res) => {
    fallthrough += 1;
    res.type("html").send("rendered per request");
  });
  // As server/app.ts listens: kept pages in front of Express, the rest through it.
  const server = createServer((req, res) => cache.handle(req, res, () => app(req, res))).listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    cache,
    fallthrough: () => fallthrough,
    viaExpress: () => viaExpress,
    send: (path: string, headers: Record<string, string> = {}, method = "GET") => rawRequest(`${base}${path}`, headers, method),
  };
}

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

beforeEach(() => {
  Object.assign(site, { version: "v1", renders: 0, status: 200, delayMs: 0 });
});

const withoutDate = ({ date: _date, ...headers }: IncomingHttpHeaders) => headers;

describe("the page cache", () => {
  it("answers in front of Express as Express answered, header for header and byte for byte", async () => {
    const variants: Array<[Record<string, string>, string]> = [
      [{}, "GET"],
      [{ "Accept-Encoding": "gzip" }, "GET"],
      [{ "Accept-Encoding": "gzip, deflate, br, zstd" }, "GET"],
      [{ "Accept-Encoding": "gzip" }, "HEAD"],
      [{ "Accept-Encoding": "gzip;q=1, br;q=0.5" }, "GET"],
    ];
    for (const [headers, method] of variants) {
      const what = `${method} ${JSON.stringify(headers)}`;
      const { send, viaExpress } = await start();
      const slow = await send("/shared", headers, method);
      expect(viaExpress(), what).toBe(1);
      const fast = await send("/shared", headers, method);
      expect(viaExpress(), `${what} went through Express`).toBe(1);
      expect(withoutDate(fast.headers), what).toEqual(withoutDate(slow.headers));
      expect(fast.status, what).toBe(200);
      expect(fast.body.equals(slow.body), what).toBe(true);
      const revalidated = await send("/shared", { ...headers, "If-None-Match": String(slow.headers.etag) }, method);
      expect(revalidated.status, what).toBe(304);
      expect(viaExpress(), what).toBe(1);
    }
  });

  it("renders a shared page once and answers every visitor the same bytes, with hashes instead of a nonce", async () => {
    const { send } = await start();
    const a = await send("/shared", { "Accept-Encoding": "gzip" });
    const b = await send("/shared", { "Accept-Encoding": "gzip" });
    expect(site.renders).toBe(1);
    expect(a.status).toBe(200);
    expect(a.body.equals(b.body)).toBe(true);
    expect(a.headers.etag).toBe(b.headers.etag);
    const html = gunzipSync(a.body).toString();
    expect(html).toBe(pageFor("https://navette.example/shared"));
    const csp = String(a.headers["content-security-policy"]);
    expect(csp).toBe(b.headers["content-security-policy"]);
    expect(csp).toBe(
      `default-src 'self'; script-src 'self' ${sha("window.__reactRouterContext={}")}; style-src 'self' ${sha("body{margin:0}")}`,
    );
    expect(a.headers["cache-control"]).toBe("no-cache");
    expect(a.headers.vary).toBe("Accept-Encoding");
    expect(a.headers["content-type"]).toBe("text/html; charset=utf-8");
  });

  it("serves each encoding from its own compressed bytes, with its own ETag and 304", async () => {
    const { send } = await start();
    const page = pageFor("https://navette.example/shared");
    const cases: Array<[string | undefined, string | undefined, (b: Buffer) => Buffer]> = [
      [undefined, undefined, (b) => b],
      ["gzip", "gzip", gunzipSync],
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["gzip;q=1, br;q=0.1", "gzip", gunzipSync],
      ["identity", undefined, (b) => b],
    ];
    const etags = new Set<string>();
    for (const [accept, encoding, decode] of cases) {
      const headers: Record<string, string> = accept ? { "Accept-Encoding": accept } : {};
      const answer = await send("/shared", headers);
      expect(answer.headers["content-encoding"], accept).toBe(encoding);
      expect(Number(answer.headers["content-length"]), accept).toBe(answer.body.length);
      expect(decode(answer.body).toString(), accept).toBe(page);
      const etag = String(answer.headers.etag);
      etags.add(etag);
      const again = await send("/shared", { ...headers, "If-None-Match": etag });
      expect(again.status, accept).toBe(304);
      expect(again.body.length).toBe(0);
      const head = await send("/shared", headers, "HEAD");
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
    }
    expect(etags.size).toBe(3);
    expect(site.renders).toBe(1);
  });

  it("keeps each URL apart, query included, and renders again for a new price file", async () => {
    const { send } = await start();
    const body = async (path: string) => (await send(path)).body.toString();
    expect(await body("/shared?from=CDG")).toContain("/shared?from=CDG v1");
    expect(await body("/shared?from=ORY")).toContain("/shared?from=ORY v1");
    expect(await body("/shared?from=CDG")).toContain("/shared?from=CDG v1");
    expect(site.renders).toBe(2);
    site.version = "v2";
    expect(await body("/shared?from=CDG")).toContain("/shared?from=CDG v2");
    expect(site.renders).toBe(3);
  });

  it("answers from a version known at once as from one given by a promise", async () => {
    const { send, viaExpress } = await start({ versionAtOnce: true });
    const slow = await send("/shared", { "Accept-Encoding": "gzip" });
    const fast = await send("/shared", { "Accept-Encoding": "gzip" });
    expect(viaExpress()).toBe(1);
    expect(withoutDate(fast.headers)).toEqual(withoutDate(slow.headers));
    expect(fast.body.equals(slow.body)).toBe(true);
    site.version = "v2";
    expect(gunzipSync((await send("/shared", { "Accept-Encoding": "gzip" })).body).toString()).toContain("/shared v2");
    expect(site.renders).toBe(2);
  });

  it("renders for the site's own origin, whatever Host the request names", async () => {
    const { send } = await start();
    const answer = await send("/shared", { Host: "evil.example" });
    expect(answer.body.toString()).toContain("https://navette.example/shared");
    expect(answer.body.toString()).not.toContain("evil.example");
  });

  it("shares one render between concurrent requests for a page not yet kept", async () => {
    const { send } = await start();
    site.delayMs = 50;
    const answers = await Promise.all(Array.from({ length: 8 }, () => send("/shared")));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(site.renders).toBe(1);
  });

  it("leaves other pages, other methods and failed renders to React Router", async () => {
    const { send, fallthrough, cache } = await start();
    await send("/own");
    await send("/nowhere");
    await send("/shared", {}, "POST");
    expect(fallthrough()).toBe(3);
    expect(site.renders).toBe(0);

    site.status = 500;
    const failed = await send("/shared");
    expect(failed.body.toString()).toBe("rendered per request");
    expect(cache.size()).toBe(0);

    site.status = 404;
    const missing = await send("/shared?page=none");
    expect(missing.status).toBe(404);
    expect(missing.headers["content-security-policy"]).not.toContain("nonce-");
  });

  it("keeps at most maxPages pages, the least recently used going first", async () => {
    const { send, cache } = await start({ maxPages: 2 });
    await send("/shared?a");
    await send("/shared?b");
    await send("/shared?a");
    await send("/shared?c");
    expect(cache.size()).toBe(2);
    site.renders = 0;
    await send("/shared?a");
    expect(site.renders).toBe(0);
    await send("/shared?b");
    expect(site.renders).toBe(1);
  });
});
