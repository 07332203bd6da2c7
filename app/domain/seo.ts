import { DEFAULT_LOCALE, hasLanguageAlternates, localeOfPath, LOCALES, localizedPath, OG_LOCALES, pathWithoutLocale } from "./locales";
import type { PublicSettings } from "./public-settings";

export interface PageSeo {
  /** The page's own title; the site name is appended. */
  title: string;
  description: string;
  keywords: readonly string[];
  /** For alias paths (/booking, /informations): the path search engines should index. */
  canonicalPath?: string;
  /** Site-relative path of the social preview image. */
  image?: string;
  /** Keep the page out of search results (payment result, not found). */
  noindex?: boolean;
}

export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: "link"; rel: string; href: string }
  | { tagName: "link"; rel: "alternate"; hrefLang: string; href: string };

const DEFAULT_SOCIAL_IMAGE = "/images/og-default.jpg";

export function documentTitle(pageTitle: string, siteName: string): string {
  return pageTitle.includes(siteName) ? pageTitle : `${pageTitle} | ${siteName}`;
}

/** A site-relative path on the site's origin; `//host` can never escape to another origin. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

/**
 * The page in every language, then `x-default` (English, where a visitor whose language is not
 * ours lands), for a page that exists in all of them; none otherwise.
 */
export function languageAlternates(siteUrl: string, englishPath: string): MetaTag[] {
  if (!hasLanguageAlternates(englishPath)) return [];
  const href = (locale: (typeof LOCALES)[number]) => absoluteUrl(siteUrl, localizedPath(locale, englishPath));
  return [
    ...LOCALES.map((locale) => ({ tagName: "link" as const, rel: "alternate" as const, hrefLang: locale, href: href(locale) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: href(DEFAULT_LOCALE) },
  ];
}

/**
 * Every page's title, description, keywords, canonical URL, language alternates and social tags.
 * `pathname` is the page's own, with its language prefix; `canonicalPath` is given in English.
 */
export function buildMeta(site: Pick<PublicSettings, "siteUrl" | "siteName">, pathname: string, page: PageSeo): MetaTag[] {
  const locale = localeOfPath(pathname);
  const englishPath = page.canonicalPath ?? pathWithoutLocale(pathname);
  const title = documentTitle(page.title, site.siteName);
  const canonical = absoluteUrl(site.siteUrl, page.canonicalPath ? localizedPath(locale, page.canonicalPath) : pathname);
  const image = absoluteUrl(site.siteUrl, page.image ?? DEFAULT_SOCIAL_IMAGE);
  const tags: MetaTag[] = [
    { title },
    { name: "description", content: page.description },
    { name: "keywords", content: page.keywords.join(", ") },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.siteName },
    { property: "og:locale", content: OG_LOCALES[locale] },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  else tags.push(...languageAlternates(site.siteUrl, englishPath));
  return tags;
}
