import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isLocalizedPath, LOCALES } from "./locales";
import { absoluteUrl, buildMeta, documentTitle } from "./seo";
import { sitemapPaths } from "./site-paths";
import { robotsTxt, sitemapXml } from "./sitemap";

const site = { siteUrl: "https://navette.example", siteName: "Navette Paris" };

function content(tags: ReturnType<typeof buildMeta>, key: string): string | undefined {
  for (const t of tags) {
    if ("name" in t && t.name === key) return t.content;
    if ("property" in t && t.property === key) return t.content;
  }
  return undefined;
}

describe("buildMeta", () => {
  const tags = buildMeta(site, "/cars", { title: "Cars", description: "Our fleet.", keywords: ["van", "coach"] });

  it("sets title, description, keywords, canonical and social tags", () => {
    expect(tags).toContainEqual({ title: "Cars | Navette Paris" });
    expect(content(tags, "description")).toBe("Our fleet.");
    expect(content(tags, "keywords")).toBe("van, coach");
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://navette.example/cars" });
    expect(content(tags, "og:title")).toBe("Cars | Navette Paris");
    expect(content(tags, "og:url")).toBe("https://navette.example/cars");
    expect(content(tags, "og:image")).toBe("https://navette.example/images/og-default.jpg");
    expect(content(tags, "twitter:card")).toBe("summary_large_image");
    expect(content(tags, "robots")).toBeUndefined();
  });

  it("points an alias at its canonical path and can keep a page out of the index", () => {
    const alias = buildMeta(site, "/booking", {
      title: "Book",
      description: "d",
      keywords: [],
      canonicalPath: "/reservation",
      noindex: true,
    });
    expect(alias).toContainEqual({ tagName: "link", rel: "canonical", href: "https://navette.example/reservation" });
    expect(content(alias, "robots")).toBe("noindex");
  });

  it("gives a page in French its own canonical URL and language, and every language's page as alternates", () => {
    const french = buildMeta(site, "/fr/informations", { title: "Infos", description: "d", keywords: [], canonicalPath: "/info" });
    expect(french).toContainEqual({ tagName: "link", rel: "canonical", href: "https://navette.example/fr/info" });
    expect(content(french, "og:locale")).toBe("fr_FR");
    const alternates = french.filter((t) => "hrefLang" in t);
    expect(alternates).toHaveLength(LOCALES.length + 1);
    expect(alternates).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "nl", href: "https://navette.example/nl/info" });
    expect(alternates).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: "https://navette.example/info" });
  });

  it("names no alternates for a page in English only or kept out of the index", () => {
    const login = buildMeta(site, "/admin/login", { title: "Staff login", description: "d", keywords: [] });
    expect(login.filter((t) => "hrefLang" in t)).toEqual([]);
    const notFound = buildMeta(site, "/fr/nowhere", { title: "Page introuvable", description: "d", keywords: [], noindex: true });
    expect(notFound.filter((t) => "hrefLang" in t)).toEqual([]);
    expect(content(notFound, "og:locale")).toBe("fr_FR");
  });

  it("never repeats the site name in a title", () => {
    expect(documentTitle("Navette Paris", "Navette Paris")).toBe("Navette Paris");
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (title) => {
        expect(documentTitle(title, site.siteName)).toContain(site.siteName);
      }),
    );
  });

  it("builds absolute URLs on the site origin for any path", () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        expect(absoluteUrl(site.siteUrl, path).startsWith("https://navette.example/")).toBe(true);
      }),
    );
  });
});

describe("sitemap and robots", () => {
  it("lists every public path once, as absolute URLs, and each page in every language it has", () => {
    const xml = sitemapXml(site.siteUrl, sitemapPaths());
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const localized = sitemapPaths().filter(isLocalizedPath);
    expect(locs).toHaveLength(sitemapPaths().length + localized.length * (LOCALES.length - 1));
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toContain("https://navette.example/");
    expect(locs).toContain("https://navette.example/fr");
    expect(locs).toContain("https://navette.example/nl/links");
    expect(locs).toContain("https://navette.example/airport_orly_disneyland_paris_private_transfer");
  });

  it("names each language's page and x-default as the alternates of a page in every language", () => {
    const xml = sitemapXml(site.siteUrl, ["/info"]);
    const entries = xml.split("<url>").slice(1);
    expect(entries).toHaveLength(LOCALES.length);
    for (const entry of entries) {
      const alternates = [...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]);
      expect(alternates).toEqual([
        ["en", "https://navette.example/info"],
        ["fr", "https://navette.example/fr/info"],
        ["es", "https://navette.example/es/info"],
        ["it", "https://navette.example/it/info"],
        ["de", "https://navette.example/de/info"],
        ["nl", "https://navette.example/nl/info"],
        ["x-default", "https://navette.example/info"],
      ]);
    }
  });

  it("gives a page in English only no alternates", () => {
    expect(sitemapXml(site.siteUrl, ["/admin/login"])).not.toContain("xhtml:link");
  });

  it("points robots at the sitemap", () => {
    expect(robotsTxt(site.siteUrl)).toContain("Sitemap: https://navette.example/sitemap.xml");
    expect(robotsTxt(site.siteUrl).split("\n")).toEqual(
      expect.arrayContaining([
        "Disallow: /response_bank_ok_ko",
        "Disallow: /fr/response_bank_ok_ko",
        "Disallow: /nl/response_bank_ok_ko",
        "Disallow: /admin",
        "Disallow: /my-booking",
        "Disallow: /es/my-booking",
        "Disallow: /de/my-booking",
        "Disallow: /driver/",
      ]),
    );
  });
});
