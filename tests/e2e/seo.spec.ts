import { expect, test } from "@playwright/test";
import { SITE_NAME, SITE_ROUTES, SITEMAP_PATHS, SITE_URL, absolute, linkHrefs, metaContents, rawHtml, titlesOf } from "./helpers";

// Every page sets a title (with SITE_NAME), description, keywords,
// canonical URL and social tags, in the server HTML (what a crawler sees without JavaScript).

/** Exactly one meta with this name/property, with a non-empty content. */
function single(html: string, key: string): string {
  const values = metaContents(html, key);
  expect(values, `one <meta> ${key}`).toHaveLength(1);
  const value = (values[0] ?? "").trim();
  expect(value, `<meta> ${key} is not empty`).not.toBe("");
  return value;
}

test.describe("head tags in the server HTML", () => {
  for (const route of SITE_ROUTES) {
    test(route.path, async ({ request }) => {
      const html = await rawHtml(request, route.path);
      const canonical = absolute(route.canonical);

      const titles = titlesOf(html);
      expect(titles, "one <title>").toHaveLength(1);
      const title = titles[0] ?? "";
      expect(title).toContain(SITE_NAME);
      expect(title.replace(SITE_NAME, "").replace(/[\s|–—-]/g, ""), "the title names the page, not only the site").not.toBe("");

      single(html, "description");
      single(html, "keywords");

      const canonicals = linkHrefs(html, "canonical");
      expect(canonicals, "one canonical link").toHaveLength(1);
      expect.soft(canonicals[0], "canonical URL").toBe(canonical);

      expect.soft(single(html, "og:title")).toContain(SITE_NAME);
      single(html, "og:description");
      expect.soft(single(html, "og:url"), "og:url equals the canonical URL").toBe(canonical);
      const image = single(html, "og:image");
      expect(image, "og:image is an absolute URL").toMatch(/^https?:\/\//);
      single(html, "twitter:card");

      expect(html, "<html lang>").toMatch(/<html[^>]*\slang="[a-z]{2}/i);
    });
  }
});

test("titles are unique per screen (aliases may share one)", async ({ request }) => {
  const byTitle = new Map<string, Set<string>>();
  const pathsByTitle = new Map<string, string[]>();
  for (const route of SITE_ROUTES) {
    const title = titlesOf(await rawHtml(request, route.path))[0] ?? "";
    byTitle.set(title, (byTitle.get(title) ?? new Set()).add(route.screen));
    pathsByTitle.set(title, [...(pathsByTitle.get(title) ?? []), route.path]);
  }
  const shared = [...byTitle.entries()]
    .filter(([, screens]) => screens.size > 1)
    .map(([title]) => `"${title}" is used by ${(pathsByTitle.get(title) ?? []).join(", ")}`);
  expect(shared).toEqual([]);
});

test("social images exist", async ({ request }) => {
  const images = new Set<string>();
  for (const route of SITE_ROUTES) {
    const html = await rawHtml(request, route.path);
    for (const key of ["og:image", "twitter:image"]) {
      for (const url of metaContents(html, key)) images.add(url);
    }
  }
  const broken: string[] = [];
  for (const url of images) {
    expect(url.startsWith(`${SITE_URL}/`), `${url} is on SITE_URL`).toBe(true);
    const response = await request.get(url);
    const type = response.headers()["content-type"] ?? "";
    if (response.status() !== 200 || !type.startsWith("image/")) broken.push(`${url}: ${response.status()} ${type}`);
  }
  expect(broken).toEqual([]);
});

test("the not-found page is kept out of search results", async ({ request }) => {
  const response = await request.get("/no-such-page");
  expect(response.status()).toBe(404);
  const robots = metaContents(await response.text(), "robots");
  expect(robots.join(",")).toContain("noindex");
});

test("/sitemap.xml lists every indexable path as an absolute URL", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const xml = await response.text();
  expect(xml).toContain("http://www.sitemaps.org/schemas/sitemap/0.9");
  const locs = [...xml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g)].map((m) => m[1] ?? "");
  for (const loc of locs) expect(loc, "absolute URL on SITE_URL").toMatch(new RegExp(`^${SITE_URL.replace(/\./g, "\\.")}/`));
  const missing = SITEMAP_PATHS.map(absolute).filter((url) => !locs.includes(url));
  expect(missing).toEqual([]);
  expect(new Set(locs).size, "no duplicate <loc>").toBe(locs.length);
});

test("/robots.txt points at the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const lines = (await response.text()).split(/\r?\n/).map((l) => l.trim());
  expect(lines).toContain(`Sitemap: ${absolute("/sitemap.xml")}`);
});
