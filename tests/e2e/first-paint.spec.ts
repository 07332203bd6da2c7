import { expect, test } from "@playwright/test";
import { gotoReady, SITE_ROUTES, waitForReady } from "./helpers";

// The server HTML paints on its own. Nothing in it may hold up the first paint on a slow
// phone: no stylesheet to fetch (the CSS is inlined, decision 0004), no parser-blocking script,
// and no module preload: React Router's JavaScript is fetched after the page has loaded and
// painted (decision 0009), so it never competes with the document and its images.
for (const { path } of SITE_ROUTES) {
  test(`nothing in the server HTML of ${path} holds up the first paint`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();

    expect(html, "CSS is inlined, never a stylesheet request").not.toMatch(/<link[^>]*rel="stylesheet"/);
    expect(html).toMatch(/<style[^>]*>[\s\S]+?<\/style>/);

    for (const [tag] of html.matchAll(/<script[^>]*\bsrc=[^>]*>/g)) {
      expect(tag, "an external script is deferred, async or a module").toMatch(/\b(defer|async)\b|type="module"/);
    }
    expect(html, "no module preload in the server HTML").not.toContain('rel="modulepreload"');
    expect(html, "no static import in an inline module").not.toMatch(/^\s*import \* as /m);
  });
}

for (const path of ["/reservation", "/contact"]) {
  test(`${path} hydrates, with its JavaScript requested only after load and first paint`, async ({ page }) => {
    await gotoReady(page, path);
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/") && entry.name.endsWith(".js"));
      return {
        loadEnd: navigation?.loadEventEnd ?? Number.NaN,
        firstPaint: paint?.startTime ?? Number.NaN,
        firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
        scripts: scripts.length,
      };
    });
    expect(timing.scripts, "the page loads React Router's modules").toBeGreaterThan(2);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.loadEnd);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.firstPaint);
  });
}

test("text typed into the booking form before its JavaScript arrives is kept", async ({ page }) => {
  // Hold back the module that starts hydration, as a slow phone connection would.
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto("/reservation", { waitUntil: "load" });
  await page.getByLabel("Last name").fill("Martin");
  release();
  await waitForReady(page);
  // React's own renders after hydration (the restored draft, the price file) keep it, and so does
  // a render caused by the next field the visitor fills.
  await page.getByLabel("First name").fill("Anne");
  await page.waitForTimeout(500);
  await expect(page.getByLabel("Last name")).toHaveValue("Martin");
  await expect(page.getByLabel("First name")).toHaveValue("Anne");
});

// Hydration's main-thread work, in the tasks a phone counts as blocking (decision 0011).
const HYDRATED_PAGES = ["/reservation", "/contact"];

for (const path of HYDRATED_PAGES) {
  test(`hydrating ${path} builds no Intl formatter or collator`, async ({ page }) => {
    // Building one costs a phone 5–12 ms inside a task that cannot yield: counted from the first
    // script, through hydration and the renders that follow it (stored draft, price file).
    await page.addInitScript(() => {
      const built: string[] = [];
      (window as unknown as { __intlBuilt: string[] }).__intlBuilt = built;
      for (const name of ["DateTimeFormat", "Collator", "NumberFormat", "PluralRules", "RelativeTimeFormat"] as const) {
        const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
        const Counted = function (this: unknown, ...args: unknown[]) {
          built.push(name);
          return new Original(...args);
        };
        Object.setPrototypeOf(Counted, Original);
        Counted.prototype = Original.prototype;
        Object.defineProperty(Intl, name, { value: Counted, configurable: true, writable: true });
      }
      for (const [owner, method] of [
        [String.prototype, "localeCompare"],
        [Number.prototype, "toLocaleString"],
        [Date.prototype, "toLocaleString"],
        [Date.prototype, "toLocaleDateString"],
        [Date.prototype, "toLocaleTimeString"],
      ] as const) {
        const original = (owner as unknown as Record<string, (...args: unknown[]) => unknown>)[method]!;
        Object.defineProperty(owner, method, {
          configurable: true,
          writable: true,
          value: function (this: unknown, ...args: unknown[]) {
            built.push(method);
            return original.apply(this, args);
          },
        });
      }
    });
    await gotoReady(page, path);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __intlBuilt: string[] }).__intlBuilt)).toEqual([]);
  });
}
