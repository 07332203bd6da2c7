import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import express from "express";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RENDER_CACHE_HEADER } from "~/components/site";
import { createPageCache, deflatePiece, gzipJoined } from "./page-cache";
import { rawRequest } from "./raw-request";

describe("gzipJoined: pieces deflated once, joined by a nonce per response", () => {
  it("gunzips to the pieces joined by the nonce, whatever the text", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 3000 }), { minLength: 1, maxLength: 6 }),
        fc.uint8Array({ minLength: 1, maxLength: 40 }),
        (texts, nonce) => {
          const pieces = texts.map((t) => Buffer.from(t));
          const body = gzipJoined(pieces, pieces.map(deflatePiece), Buffer.from(nonce));
          expect(gunzipSync(body).equals(Buffer.concat(pieces.flatMap((p, i) => (i === 0 ? [p] : [Buffer.from(nonce), p]))))).toBe(true);
        },
      ),
    );
  });

  it("keeps a page compressed: a 50 KB page of markup stays under a third of its size", () => {
    const page = Buffer.from(`<!DOCTYPE html><html><body>${'<tr><td class="price">€ 12.00</td></tr>'.repeat(1300)}</body></html>`);
    const eighth = Math.ceil(page.length / 8);
    const pieces = Array.from({ length: 8 }, (_, i) => page.subarray(i * eighth, (i + 1) * eighth));
    const body = gzipJoined(pieces, pieces.map(deflatePiece), Buffer.from("n".repeat(24)));
    expect(body.length).toBeLessThan(Buffer.concat(pieces).length / 3 + 200);
  });
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

/**
 * A small Express app shaped like server/app.ts around a page cache: a nonce per request, a page
 * that asks to be kept (its text shows the price version and the query) and one that does not.
 */
async function siteWith(options: { maxPages?: number; keep?: boolean } = {}) {
  const site = { version: "v1", renders: 0 };
  const cache = createPageCache({
    version: async () => site.version,
    nonceOf: (res) => (res as unknown as { locals: { nonce: string } }).locals.nonce,
    ...options,
  });
  const app = express();
  app.use((_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${res.locals.nonce}'`);
    next();
  });
  app.use(cache.middleware);
  app.get("/kept", (req, res) => {
    site.renders++;
    res.setHeader(RENDER_CACHE_HEADER, "prices");
    res.type("html").write(`<p>${site.version} ${String(req.query.q ?? "")}</p><script nonce="${res.locals.nonce}">`);
    res.end(`1</script><style nonce="${res.locals.nonce}"></style>`);
  });
  app.get("/fresh", (_req, res) => {
    site.renders++;
    res.type("html").end(`<script nonce="${res.locals.nonce}"></script>`);
  });
  const inner = app as unknown as { handle: (req: unknown, res: unknown, next?: unknown) => void };
  const handle = inner.handle.bind(app);
  const server: Server = createServer((req, res) => {
    if (!cache.serve(req, res, () => handle(req, res))) handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> => {
    const { status, headers: sent, body } = await rawRequest(`${base}${path}`, headers, method);
    return { status, headers: sent, body: (sent["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString() };
  };
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { site, cache, get, close };
}

describe("createPageCache", () => {
  let ctx: Awaited<ReturnType<typeof siteWith>>;
  beforeAll(async () => {
    ctx = await siteWith();
  });
  afterAll(() => ctx.close());
  const get = (...args: Parameters<typeof ctx.get>) => ctx.get(...args);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  const nonceIn = (csp: string | string[] | undefined) => /'nonce-([^']+)'/.exec(String(csp ?? ""))?.[1] ?? "";

  it("keeps a page that asks for it from its second render, then answers it with a fresh nonce in page and header", async () => {
    const first = await get("/kept", { "Accept-Encoding": "gzip" });
    await settle();
    expect(ctx.cache.size()).toBe(0);
    await get("/kept", { "Accept-Encoding": "gzip" });
    await settle();
    expect(ctx.cache.size()).toBe(1);
    const before = ctx.site.renders;
    const second = await get("/kept", { "Accept-Encoding": "gzip" });
    const third = await get("/kept");
    expect(ctx.site.renders).toBe(before);
    expect(second.headers["content-encoding"]).toBe("gzip");
    expect(third.headers["content-encoding"]).toBeUndefined();
    for (const response of [first, second, third]) {
      const nonce = nonceIn(response.headers["content-security-policy"]);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(response.body).toBe(`<p>v1 </p><script nonce="${nonce}">1</script><style nonce="${nonce}"></style>`);
      expect(response.headers["x-render-cache"]).toBeUndefined();
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
    }
    expect(new Set([first, second, third].map((r) => nonceIn(r.headers["content-security-policy"]))).size).toBe(3);
    expect(Number(third.headers["content-length"])).toBe(Buffer.byteLength(third.body));
  });

  it("answers HEAD with the headers and no body", async () => {
    const head = await get("/kept", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
  });

  it("keeps each query apart, and renders again once the price file changes", async () => {
    await get("/kept?q=a");
    await get("/kept?q=a");
    await settle();
    expect((await get("/kept?q=a")).body).toContain("v1 a");
    ctx.site.version = "v2";
    const before = ctx.site.renders;
    expect((await get("/kept?q=a")).body).toContain("v2 a");
    expect(ctx.site.renders).toBe(before + 1);
    ctx.site.version = "v1";
  });

  it("never keeps a page that did not ask", async () => {
    await get("/fresh");
    await get("/fresh");
    await settle();
    const before = ctx.site.renders;
    await get("/fresh");
    expect(ctx.site.renders).toBe(before + 1);
  });

  it("leaves an Accept-Encoding it does not decide to the app", async () => {
    expect(ctx.cache.size()).toBeGreaterThan(0);
    const before = ctx.site.renders;
    await get("/kept", { "Accept-Encoding": "br;q=1, gzip;q=0.5" });
    expect(ctx.site.renders).toBe(before + 1);
  });
});

describe("createPageCache, kept pages and the marker header", () => {
  it("never sends the marker header, HEAD and development included", async () => {
    for (const keep of [true, false]) {
      const { get, close } = await siteWith({ keep });
      for (const method of ["GET", "HEAD"]) expect((await get("/kept", {}, method)).headers["x-render-cache"]).toBeUndefined();
      await close();
    }
  });

  it("keeps nothing in development", async () => {
    const { cache, get, close } = await siteWith({ keep: false });
    for (let i = 0; i < 3; i++) await get("/kept");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cache.size()).toBe(0);
    await close();
  });

  it("drops the page least recently answered when full", async () => {
    const { site, cache, get, close } = await siteWith({ maxPages: 2 });
    const keep = async (path: string) => {
      await get(path);
      await get(path);
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await keep("/kept?q=a");
    await keep("/kept?q=b");
    await get("/kept?q=a"); // a is answered from memory: now the most recent
    await keep("/kept?q=c"); // full: b goes
    expect(cache.size()).toBe(2);
    const before = site.renders;
    await get("/kept?q=a");
    expect(site.renders).toBe(before);
    await get("/kept?q=b");
    expect(site.renders).toBe(before + 1);
    await close();
  });
});
