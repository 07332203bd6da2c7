import { expect, test } from "@playwright/test";
import { LOCALES, LOCALIZED_PATHS, localizedPath } from "../../app/domain/locales";
import {
  DESKTOP,
  MOBILE,
  PageProblems,
  catalogue,
  expectNoAxeViolations,
  gotoReady,
  headTags,
  newPage,
  rawHtml,
  titlesOf,
} from "./helpers";

// The pages in six languages: their addresses, what a search engine reads of them (language,
// canonical, hreflang) and the header's switcher. The words come from the catalogues themselves.

/** A document's hreflang alternates, language → URL, in their order. */
function alternatesOf(document: string): Array<[string, string]> {
  return headTags(document, "link")
    .filter((link) => link.rel === "alternate" && link.hreflang !== undefined)
    .map((link) => [link.hreflang ?? "", link.href ?? ""]);
}

test.describe("hreflang", () => {
  test("each page of the sitemap in several languages names them all, and each alternate names them back", async ({ request }) => {
    // Every page of every language: 140-odd pages rendered on a cold server.
    test.slow();
    const sitemap = await rawHtml(request, "/sitemap.xml");
    // Each page of the sitemap read once (200, else rawHtml fails): its alternates, by its address.
    const alternatesByLoc = new Map<string, [string, string][]>();
    const entries = sitemap.split("<url>").slice(1);
    // A few pages at a time: the 140-odd pages read one by one take most of a test's time.
    for (let start = 0; start < entries.length; start += 8) {
      await Promise.all(
        entries.slice(start, start + 8).map(async (entry) => {
          const loc = /<loc>([^<]+)<\/loc>/.exec(entry)?.[1] ?? "";
          const inSitemap = [...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m): [string, string] => [
            m[1] ?? "",
            m[2] ?? "",
          ]);
          const alternates = alternatesOf(await rawHtml(request, new URL(loc).pathname));
          expect(alternates, `the alternates of ${loc} in its head and in the sitemap`).toEqual(inSitemap);
          alternatesByLoc.set(loc, alternates);
        }),
      );
    }
    let checked = 0;
    for (const [loc, alternates] of alternatesByLoc) {
      if (alternates.length === 0) continue;
      expect(
        alternates.map(([lang]) => lang),
        loc,
      ).toEqual([...LOCALES, "x-default"]);
      expect(
        alternates.map(([, href]) => href),
        `${loc} names itself`,
      ).toContain(loc);
      for (const [, href] of alternates) {
        expect(alternatesByLoc.get(href), `${href} is in the sitemap and names ${loc}'s alternates back`).toEqual(alternates);
      }
      checked += 1;
    }
    // The sitemap leaves the aliases out (app/domain/site-paths.ts, sitemapPaths).
    const aliases = ["/informations", "/booking"];
    expect(checked).toBe(LOCALIZED_PATHS.filter((p) => !aliases.includes(p)).length * LOCALES.length);
  });
});

test.describe("a page in French", () => {
  const home = catalogue("fr", "home");
  const common = catalogue("fr", "common");

  test("is in French for a search engine: language, title, canonical and social locale", async ({ request }) => {
    const document = await rawHtml(request, "/fr");
    expect(document).toMatch(/<html lang="fr"/);
    expect(titlesOf(document)).toEqual([`${home["meta.title"]} | Navette Paris`]);
    const canonical = headTags(document, "link").find((l) => l.rel === "canonical")?.href ?? "";
    expect(new URL(canonical).pathname).toBe("/fr");
    expect(headTags(document, "meta").find((m) => m.property === "og:locale")?.content).toBe("fr_FR");
  });

  test("shows its words, menu and footer in French", async ({ page }) => {
    await gotoReady(page, "/fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(home["hero.title"] ?? "");
    const menu = page.getByRole("navigation", { name: common["header.mainNav"] });
    await expect(menu.getByRole("link", { name: common["menu.services"], exact: true })).toHaveAttribute("href", "/fr/services");
    await expect(page.locator(".site-footer").getByText(common["footer.phoneHours"] ?? "")).toBeVisible();
  });

  test("is not found in French under the French prefix", async ({ page }) => {
    const response = await page.goto("/fr/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(common["notFound.title"] ?? "");
  });

  test("of a page that exists only in English is not found", async ({ request }) => {
    expect((await request.get("/fr/admin/login")).status()).toBe(404);
    expect((await request.get("/fr/driver")).status()).toBe(404);
  });
});

test.describe("the legal pages", () => {
  test("say in every other language that the French text applies, and link to it", async ({ page }) => {
    for (const locale of ["es", "it", "de", "nl"] as const) {
      await gotoReady(page, localizedPath(locale, "/terms-of-service"));
      const notice = page.locator(".legal__prevails");
      await expect(notice, locale).toBeVisible();
      await expect(notice.getByRole("link")).toHaveAttribute("href", "/fr/terms-of-service");
    }
  });

  test("in French and in English carry no such notice", async ({ page }) => {
    for (const path of ["/fr/privacy-policy", "/privacy-policy"]) {
      await gotoReady(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator(".legal__prevails"), path).toHaveCount(0);
    }
  });
});

test.describe("the language switcher", () => {
  test("opens the same page in another language with its query", async ({ page }) => {
    const problems = new PageProblems(page);
    await gotoReady(page, "/fr/services?ref=newsletter");
    await page.locator(".language-switcher summary").click();
    await page.getByRole("link", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/\/de\/services\?ref=newsletter$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogue("de", "pages")["services.title"] ?? "");
    await problems.expectNone();
  });

  test("leads back to the English page at its own address", async ({ page }) => {
    await gotoReady(page, "/nl/info");
    await page.locator(".language-switcher summary").click();
    await page.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/info$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("works from the keyboard and closes with Escape", async ({ page }) => {
    await gotoReady(page, "/es/links");
    const summary = page.locator(".language-switcher summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    const italian = page.getByRole("link", { name: "Italiano" });
    await expect(italian).toBeVisible();
    await expect(italian).toHaveAttribute("href", "/it/links");
    await expect(page.getByRole("link", { name: "Español" })).toHaveAttribute("aria-current", "true");
    await page.keyboard.press("Escape");
    await expect(italian).toBeHidden();
    await expect(summary).toBeFocused();
  });

  test("offers each language's home page from a page that is not there", async ({ page }) => {
    await gotoReady(page, "/no-such-page");
    await page.locator(".language-switcher summary").click();
    await expect(page.getByRole("link", { name: "Français" })).toHaveAttribute("href", "/fr");
    await expect(page.getByRole("link", { name: "English" })).toHaveAttribute("href", "/no-such-page");
  });

  test("keeps 'Lost your link?' and its query in the other language", async ({ page }) => {
    await gotoReady(page, "/my-booking?sent=1");
    await page.locator(".language-switcher summary").click();
    await expect(page.getByRole("link", { name: "Deutsch" })).toHaveAttribute("href", "/de/my-booking?sent=1");
  });
});

test.describe("accessibility in every language", () => {
  const pages = [
    ...LOCALIZED_PATHS.map((path) => localizedPath("fr", path)),
    // One page of each other language, a price page or the fleet's.
    localizedPath("es", "/charles-de-gaulle-airport-disneyland-transportation"),
    localizedPath("it", "/airport_orly_disneyland_paris_private_transfer"),
    localizedPath("de", "/hotels_disneyland_paris"),
    localizedPath("nl", "/cars"),
  ];
  for (const path of pages) {
    test(`${path} has no axe violations, its languages open`, async ({ browser }) => {
      // Two viewports, each a page load and a full scan.
      test.slow();
      for (const viewport of [DESKTOP, MOBILE]) {
        const { context, page } = await newPage(browser, viewport);
        await gotoReady(page, path);
        await page.locator(".language-switcher summary").click();
        await expectNoAxeViolations(page, `${path} at ${viewport.width}px`);
        await context.close();
      }
    });
  }
});
