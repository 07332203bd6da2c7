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
  | { tagName: "link"; rel: string; href: string };

const DEFAULT_SOCIAL_IMAGE = "/images/og-default.jpg";

export function documentTitle(pageTitle: string, siteName: string): string {
  return pageTitle.includes(siteName) ? pageTitle : `${pageTitle} | ${siteName}`;
}

/** A site-relative path on the site's origin; `//host` can never escape to another origin. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

/** Every page's title, description, keywords, canonical URL and social tags. */
export function buildMeta(site: Pick<PublicSettings, "siteUrl" | "siteName">, pathname: string, page: PageSeo): MetaTag[] {
  const title = documentTitle(page.title, site.siteName);
  const canonical = absoluteUrl(site.siteUrl, page.canonicalPath ?? pathname);
  const image = absoluteUrl(site.siteUrl, page.image ?? DEFAULT_SOCIAL_IMAGE);
  const tags: MetaTag[] = [
    { title },
    { name: "description", content: page.description },
    { name: "keywords", content: page.keywords.join(", ") },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.siteName },
    { property: "og:locale", content: "en_GB" },
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
  return tags;
}
