import { expect, test } from "@playwright/test";
import { SITE_ROUTES } from "./helpers";

// Issue 7: the server HTML paints on its own. Nothing in it may hold up the first paint on a slow
// phone: no stylesheet to fetch (the CSS is inlined, decision 0004), no parser-blocking script,
// and React Router's module preloads at low priority so they do not compete with the document.
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
    for (const [tag] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*>/g)) {
      expect(tag).toContain('fetchpriority="low"');
    }
  });
}
