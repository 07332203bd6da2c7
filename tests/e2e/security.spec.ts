import { createHash } from "node:crypto";
import { expect, test, type APIResponse } from "@playwright/test";

// Security and caching headers set by server/app.ts and server/security-headers.ts.

function cspDirectives(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

function expectSecurityHeaders(response: APIResponse, what: string): void {
  const headers = response.headers();
  const csp = headers["content-security-policy"];
  expect(csp, `${what}: Content-Security-Policy`).toBeTruthy();
  const directives = cspDirectives(csp ?? "");
  const scriptSrc = directives.get("script-src") ?? directives.get("default-src");
  expect(scriptSrc, `${what}: script-src (or default-src)`).toBeDefined();
  expect(scriptSrc, `${what}: script-src without 'unsafe-inline'`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${what}: script-src without 'unsafe-eval'`).not.toContain("'unsafe-eval'");
  expect(scriptSrc, `${what}: script-src without a wildcard`).not.toContain("*");
  expect(directives.get("object-src") ?? directives.get("default-src"), `${what}: object-src`).toEqual(["'none'"]);
  expect(directives.get("frame-ancestors"), `${what}: frame-ancestors`).toBeDefined();
  expect(headers["x-content-type-options"], `${what}: X-Content-Type-Options`).toBe("nosniff");
  expect(headers["referrer-policy"], `${what}: Referrer-Policy`).toBe("strict-origin-when-cross-origin");
  expect(headers["x-powered-by"], `${what}: no X-Powered-By`).toBeUndefined();
}

for (const path of ["/", "/rates", "/reservation"]) {
  // "/" is served without React, /rates is kept by the page cache with its data block, /reservation
  // is rendered per request: each inline script is allowed by this response's nonce or by its hash.
  test(`HTML of ${path} carries the security headers, every inline script allowed by nonce or hash`, async ({ request }) => {
    const first = await request.get(path);
    const second = await request.get(path);
    expect(first.status()).toBe(200);
    expectSecurityHeaders(first, `GET ${path}`);
    const html = await first.text();
    const scriptSrc = cspDirectives(first.headers()["content-security-policy"] ?? "").get("script-src") ?? [];
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter((m) => !/\ssrc=/.test(m[1] ?? ""));
    const nonces = [first, second].map((r) => /'nonce-([^']+)'/.exec(r.headers()["content-security-policy"] ?? "")?.[1]);
    if (nonces[0] !== undefined) expect(nonces[0], "the nonce changes on every response").not.toBe(nonces[1]);
    for (const [, attributes, text] of inline) {
      const hash = `'sha256-${createHash("sha256")
        .update(text ?? "")
        .digest("base64")}'`;
      const byNonce = nonces[0] !== undefined && (attributes ?? "").includes(`nonce="${nonces[0]}"`);
      expect(byNonce || scriptSrc.includes(hash), `inline <script${attributes}> is allowed`).toBe(true);
    }
    expect(first.headers()["cache-control"] ?? "", "pages are revalidated").toMatch(/no-cache|no-store|max-age=0/);
  });
}

test("the not-found page carries the security headers", async ({ request }) => {
  const missing = await request.get("/no-such-page");
  expect(missing.status()).toBe(404);
  expectSecurityHeaders(missing, "GET /no-such-page");
});

test("static files carry the security headers; hashed assets are immutable", async ({ request }) => {
  // /reservation hydrates, so it loads the hashed bundles; content and price pages do not.
  const html = await (await request.get("/reservation")).text();
  // Its bootstrap module names them (decision 0009: imported after first paint).
  const assets = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? "");
  expect(assets.length, "/reservation references /assets/*.js").toBeGreaterThan(0);
  const asset = await request.get(assets[0] ?? "");
  expect(asset.status()).toBe(200);
  expect(asset.headers()["content-type"]).toMatch(/javascript/);
  expectSecurityHeaders(asset, `GET ${assets[0]}`);
  const cacheControl = asset.headers()["cache-control"] ?? "";
  expect(cacheControl).toContain("immutable");
  expect(cacheControl).toMatch(/max-age=\d{7,}/);

  const css = [...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1] ?? "");
  for (const path of css) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"] ?? "", path).toContain("immutable");
  }
});

test("the scripts of the content and price pages are served as JavaScript, with the security headers", async ({ request }) => {
  const html = (await (await request.get("/")).text()) + (await (await request.get("/rates")).text());
  const scripts = [...html.matchAll(/<script\b[^>]*\ssrc="(\/[^"]+)"/g)].map((m) => m[1] ?? "");
  for (const path of scripts) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toMatch(/javascript/);
    expectSecurityHeaders(response, `GET ${path}`);
  }
});

test("the icon every page links to is served, with the security headers", async ({ request }) => {
  const icon = await request.get("/favicon.svg");
  expect(icon.status(), "GET /favicon.svg (linked from app/root.tsx)").toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
  expectSecurityHeaders(icon, "GET /favicon.svg");
});

test("HTML is gzip-compressed when the client accepts it", async ({ request }) => {
  const response = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-encoding"]).toBe("gzip");
  expect(response.headers()["vary"] ?? "").toMatch(/accept-encoding/i);
  expect(await response.text()).toContain("<h1");
});
