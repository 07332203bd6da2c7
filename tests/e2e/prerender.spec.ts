import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";

// Static pages are rendered once per process and served from memory (docs/decisions/0002).
test("a static page is served from memory: same bytes and ETag, style allowed by hash, no nonce", async ({ request }) => {
  const first = await request.get("/cars");
  const second = await request.get("/cars");
  expect(first.status()).toBe(200);
  const html = await second.text();
  expect(await first.text()).toBe(html);
  const etag = second.headers()["etag"];
  expect(etag).toBeTruthy();
  expect(first.headers()["etag"]).toBe(etag);

  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
  expect(style, "the inline stylesheet, without a nonce attribute").toBeTruthy();
  const hash = `'sha256-${createHash("sha256")
    .update(style ?? "")
    .digest("base64")}'`;
  const csp = second.headers()["content-security-policy"] ?? "";
  const directive = (name: string) => csp.split(";").find((d) => d.startsWith(`${name} `)) ?? "";
  expect(directive("style-src")).toBe(`style-src 'self' ${hash}`);
  expect(directive("script-src")).toBe("script-src 'self'");
  expect(html).not.toContain("nonce=");

  const revalidated = await request.get("/cars", { headers: { "If-None-Match": etag ?? "" } });
  expect(revalidated.status()).toBe(304);
});

test("pages with per-request data keep a fresh nonce", async ({ request }) => {
  const a = (await request.get("/rates")).headers()["content-security-policy"] ?? "";
  const b = (await request.get("/rates")).headers()["content-security-policy"] ?? "";
  expect(a).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(a).not.toBe(b);
});

test("a query string is never served from memory", async ({ request }) => {
  const response = await request.get("/cars?utm_source=x");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-security-policy"]).toMatch(/'nonce-/);
});
