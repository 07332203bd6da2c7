import type { MetaDescriptor } from "react-router";
import { useRouteLoaderData } from "react-router";
import { DEFAULT_SITE_NAME, type PublicSettings } from "~/domain/public-settings";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locales";
import { buildMeta, type PageSeo } from "~/domain/seo";
import type { MessageId } from "~/locales/catalogues";
import { type PageMessages, type Translate, translatorFor } from "./i18n";

/** What a route module may export as `handle`; read by the root layout and the server's page cache. */
export interface PageHandle {
  /** The booking form hides the site footer (docs/product.md, Routes). */
  hideFooter?: boolean;
  /** False on pages with nothing interactive: they are served without React's JavaScript. */
  hydrate?: boolean;
  /**
   * True when the document depends only on its URL and the price file: the server keeps its bytes
   * and answers them to every visitor (server/page-cache.ts), so it must read nothing else of the
   * request (no cookie, no visitor address, no nonce).
   */
  shared?: boolean;
  /** A back-office page (under /admin): its own header and styles, not the public site's. */
  backOffice?: boolean;
  /** A page of `hydrate: false` that a small module of its own enhances (its path under public/). */
  script?: string;
}

/** The handle of a content page: no JavaScript beyond the menu, the same bytes for everyone. */
export const STATIC_PAGE: PageHandle = { hydrate: false, shared: true };

/**
 * The handle of a page built from the price file alone (rates, airports, hotels): server HTML
 * that works with links and GET forms, enhanced by a module of its own, not by React
 * (docs/decisions/0028-price-pages-as-html.md).
 */
export const PRICE_PAGE: PageHandle = { hydrate: false, shared: true, script: "/js/price-pages.js" };

/** What the root loader hands every page: the settings, the page's language and the frame's words. */
export interface RootData extends PageMessages {
  site: PublicSettings;
  locale: Locale;
}

function isRootData(value: unknown): value is RootData {
  return typeof value === "object" && value !== null && "site" in value;
}

/** The public settings, from the root loader; available on every page, server and browser. */
export function useSite(): PublicSettings {
  const data = useRouteLoaderData("root");
  if (!isRootData(data)) throw new Error("Site settings are missing: the root loader did not run.");
  return data.site;
}

interface MetaArgsLike {
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
  location: { pathname: string };
}

/**
 * A route's `meta`: its own title and texts, with the URLs built from SITE_URL. A page in several
 * languages gives its texts as a function of the translator, which reads the matched routes' messages.
 */
export function pageMeta(args: MetaArgsLike, page: PageSeo | ((t: Translate) => PageSeo)): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === "root")?.data;
  const site = isRootData(root) ? root.site : { siteUrl: "", siteName: DEFAULT_SITE_NAME };
  const locale = isRootData(root) ? root.locale : DEFAULT_LOCALE;
  // Only a page that gives its texts as a function of the translator needs one.
  const texts =
    typeof page === "function"
      ? page(
          translatorFor(
            locale,
            args.matches.map((m) => m?.data),
          ),
        )
      : page;
  return buildMeta(site, args.location.pathname, texts);
}

/** A catalogue's page: the prefix of its `<prefix>.meta.title`, `.description` and `.keywords` messages. */
type MetaPrefix = MessageId extends infer Id ? (Id extends `${infer Prefix}.meta.title` ? Prefix : never) : never;

/**
 * The `meta` of a page whose title, description and keywords (one comma-separated message) are in
 * its catalogue under `prefix`, in the page's language.
 */
export function catalogueMeta(
  args: MetaArgsLike,
  prefix: MetaPrefix,
  more: Pick<PageSeo, "canonicalPath" | "image" | "noindex"> = {},
): MetaDescriptor[] {
  return pageMeta(args, (t) => ({
    title: t(`${prefix}.meta.title`),
    description: t(`${prefix}.meta.description`),
    keywords: t(`${prefix}.meta.keywords`).split(", "),
    ...more,
  }));
}
