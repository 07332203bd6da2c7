import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { gotoReady, PageProblems } from "./helpers";

// Pages that depend only on their URL and the price file are kept by the server as bytes and
// answered alike to every visitor: inline scripts and styles allowed by hash, not by a nonce
// (server/page-cache.ts).

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const directive = (csp: string, name: string) => csp.split(";").find((d) => d.startsWith(`${name} `)) ?? "";
const inline = (html: string, tag: "script" | "style") =>
  [...html.matchAll(new RegExp(`<${tag}\\b(?![^>]*\\bsrc=)[^>]*>([\\s\\S]*?)</${tag}>`, "g"))].map(([, text]) => text ?? "");

for (const path of ["/cars", "/rates", "/charles-de-gaulle-airport-disneyland-transportation", "/rates?from=CDG&to=DLP"]) {
  test(`${path} is the same bytes for every visitor, its inline code allowed by hash, and revalidates to 304`, async ({ request }) => {
    const first = await request.get(path);
    const second = await request.get(path);
    expect(first.status()).toBe(200);
    const html = await second.text();
    expect(await first.text()).toBe(html);
    expect(html).not.toContain("nonce=");
    const etag = second.headers()["etag"];
    expect(etag).toBeTruthy();
    expect(first.headers()["etag"]).toBe(etag);

    const csp = second.headers()["content-security-policy"] ?? "";
    expect(csp).toBe(first.headers()["content-security-policy"]);
    expect(csp).not.toContain("nonce-");
    const scripts = [...new Set(inline(html, "script").map(sha))];
    const styles = [...new Set(inline(html, "style").map(sha))];
    expect(styles.length).toBeGreaterThan(0);
    expect(directive(csp, "script-src")).toBe(["script-src 'self'", ...scripts].join(" "));
    expect(directive(csp, "style-src")).toBe(["style-src 'self'", ...styles].join(" "));

    const revalidated = await request.get(path, { headers: { "If-None-Match": etag ?? "" } });
    expect(revalidated.status()).toBe(304);
  });
}

test("the kept rates page runs its own script under its hash-based policy, with no violation", async ({ page }) => {
  const problems = await PageProblems.attach(page);
  await gotoReady(page, "/rates");
  // The script hides the button a change makes unnecessary.
  await expect(page.getByRole("button", { name: "Show prices" })).toBeHidden();
  expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
  await problems.expectNone();
});

test("a page with per-request data keeps a fresh nonce", async ({ request }) => {
  const a = (await request.get("/reservation")).headers()["content-security-policy"] ?? "";
  const b = (await request.get("/reservation")).headers()["content-security-policy"] ?? "";
  expect(a).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(a).not.toBe(b);
});
