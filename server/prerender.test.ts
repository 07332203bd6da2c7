import { mkdtempSync, rmSync } from "node:fs";
import type { IncomingHttpHeaders, Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { BookingServices } from "~/context";
import type { PriceStore } from "~/lib/prices.server";
import { readSettings } from "~/lib/settings.server";
import { createServer } from "./app";
import { chooseEncoding, matchesEtag } from "./prerender";
import { rawRequest } from "./raw-request";

// A static page as React Router would render it (no router scripts), and a page that hydrates.
const PAGE = `<!DOCTYPE html><html lang="en"><head><style>body{margin:0}</style></head><body><h1>Cars</h1>${"<p>A car for every group.</p>".repeat(200)}</body></html>`;
vi.mock("react-router", async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  createRequestHandler: () => async (request: Request) => {
    const html = new URL(request.url).pathname === "/page" ? PAGE : "<html><script>window.__reactRouterContext={}</script></html>";
    return new Response(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
}));

describe("chooseEncoding: what the compression middleware would pick", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip", "gzip"],
    ["gzip, deflate, br, zstd", "br"],
    ["GZIP , Deflate", "gzip"],
    ["*", "br"],
    ["identity", "identity"],
    ["zstd", "identity"],
    ["deflate", null],
    ["gzip;q=0.5, br;q=0.1", null],
  ])("%j → %s", (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });
});

describe("matchesEtag", () => {
  it("compares If-None-Match lists weakly, and * matches", () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEtag("*", '"abc"')).toBe(true);
    expect(matchesEtag('"abcd"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });
});

describe("prerendered pages answered before Express", () => {
  const dirs: string[] = [];
  const servers: Server[] = [];
  afterAll(() => {
    for (const s of servers) s.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** The production app (no Vite), with a counter of the requests that reach Express's router. */
  async function startApp() {
    const dir = mkdtempSync(path.join(os.tmpdir(), "navette-prerender-"));
    dirs.push(dir);
    const app = createServer({
      settings: readSettings({}),
      prices: {} as PriceStore,
      booking: {} as BookingServices,
      getBuild: async () => ({}) as ServerBuild,
      clientDir: dir,
    });
    let viaExpress = 0;
    const router = (app as unknown as { router: { handle: (...args: unknown[]) => unknown } }).router;
    const handle = router.handle.bind(router);
    router.handle = (...args: unknown[]) => {
      viaExpress += 1;
      return handle(...args);
    };
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const send = (pathname: string, headers: Record<string, string> = {}, method = "GET") =>
      rawRequest(`${base}${pathname}`, headers, method);
    return { send, viaExpress: () => viaExpress };
  }

  const withoutDate = ({ date: _date, ...headers }: IncomingHttpHeaders) => headers;

  it("answers as Express answered, header for header and byte for byte, once Express has served the page twice", async () => {
    const probe = await startApp();
    const etag = String((await probe.send("/page")).headers.etag);
    const variants: Array<[Record<string, string>, string]> = [
      [{}, "GET"],
      [{ "Accept-Encoding": "gzip" }, "GET"],
      [{ "Accept-Encoding": "gzip, deflate, br, zstd" }, "GET"],
      [{ "Accept-Encoding": "gzip" }, "HEAD"],
      [{ "If-None-Match": etag }, "GET"],
      [{ "If-None-Match": `"other", W/${etag}`, "Accept-Encoding": "br" }, "GET"],
    ];
    for (const [headers, method] of variants) {
      const what = `${method} ${JSON.stringify(headers)}`;
      const { send, viaExpress } = await startApp();
      await send("/page"); // rendered, then served by Express
      const slow = await send("/page", headers, method); // Express again: the headers are learned
      expect(viaExpress(), what).toBe(2);
      const fast = await send("/page", headers, method);
      expect(viaExpress(), `${what} went through Express`).toBe(2);
      expect(withoutDate(fast.headers), what).toEqual(withoutDate(slow.headers));
      expect(fast.status, what).toBe(slow.status);
      expect(fast.body.equals(slow.body), what).toBe(true);

      expect(fast.status, what).toBe(headers["If-None-Match"] ? 304 : 200);
      const csp = String(fast.headers["content-security-policy"]);
      expect(csp).toContain("style-src 'self' 'sha256-");
      expect(csp).not.toContain("nonce-");
      expect(fast.headers["x-content-type-options"]).toBe("nosniff");
      expect(fast.headers["cache-control"]).toBe("no-cache");
      expect(fast.headers.vary).toBe("Accept-Encoding");
      expect(fast.headers.etag).toBe(etag);
      if (fast.status === 304 || method === "HEAD") {
        expect(fast.body.length).toBe(0);
        continue;
      }
      const encoding = fast.headers["content-encoding"];
      expect(encoding ?? "identity").toBe(chooseEncoding(headers["Accept-Encoding"]));
      expect(Number(fast.headers["content-length"])).toBe(fast.body.length);
      const html = encoding === "gzip" ? gunzipSync(fast.body) : encoding === "br" ? brotliDecompressSync(fast.body) : fast.body;
      expect(html.toString()).toBe(PAGE);
    }
  });

  it("leaves to Express what it does not decide: q-values, other methods, queries, pages rendered per request", async () => {
    const { send, viaExpress } = await startApp();
    for (let i = 0; i < 3; i++) await send("/page");
    let before = viaExpress();
    const weighted = await send("/page", { "Accept-Encoding": "gzip;q=0.5, br;q=0.1" });
    expect(viaExpress()).toBe(before + 1);
    expect(weighted.status).toBe(200);
    expect(weighted.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(weighted.body).toString()).toBe(PAGE);

    before = viaExpress();
    const posted = await send("/page", { Origin: "https://evil.example" }, "POST");
    expect(viaExpress()).toBe(before + 1);
    expect(posted.status).toBe(403);

    before = viaExpress();
    await send("/page?utm_source=x").catch(() => undefined);
    expect(viaExpress()).toBe(before + 1);

    before = viaExpress();
    for (let i = 0; i < 3; i++) await send("/dynamic");
    expect(viaExpress()).toBe(before + 3);
  });
});
