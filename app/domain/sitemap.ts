import { hasLanguageAlternates, LOCALES, localizedPath } from "./locales";
import { absoluteUrl, languageAlternates } from "./seo";

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * Every page of `paths` (English paths) and, for a page in every language, each language's page,
 * naming all of them and `x-default` as its alternates (the form search engines read in a sitemap).
 */
export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const urls = paths.flatMap((path) => {
    if (!hasLanguageAlternates(path)) return [`  <url><loc>${escapeXml(absoluteUrl(siteUrl, path))}</loc></url>`];
    const alternates = languageAlternates(siteUrl, path)
      .map((tag) => ("hrefLang" in tag ? `<xhtml:link rel="alternate" hreflang="${tag.hrefLang}" href="${escapeXml(tag.href)}"/>` : ""))
      .join("");
    return LOCALES.map((locale) => `  <url><loc>${escapeXml(absoluteUrl(siteUrl, localizedPath(locale, path)))}</loc>${alternates}</url>`);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  // The visitor's pages of every language: a payment's result, and the traveller's pages.
  const visitorPages = LOCALES.flatMap((locale) =>
    ["/response_bank_ok_ko", "/my-booking"].map((path) => `Disallow: ${localizedPath(locale, path)}\n`),
  );
  return `User-agent: *\nAllow: /\n${visitorPages.join("")}Disallow: /admin\nDisallow: /driver/\n\nSitemap: ${absoluteUrl(siteUrl, "/sitemap.xml")}\n`;
}
