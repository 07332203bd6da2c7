import type { MetaDescriptor } from "react-router";
import { useRouteLoaderData } from "react-router";
import type { PublicSettings } from "~/domain/public-settings";
import { buildMeta, type PageSeo } from "~/domain/seo";

/** What a route module may export as `handle`; read by the root layout. */
export interface PageHandle {
  /** The booking form hides the site footer (specification 2.1). */
  hideFooter?: boolean;
  /** False on pages with nothing interactive: they are served without React's JavaScript. */
  hydrate?: boolean;
}

/** The handle of a page that needs no JavaScript beyond the menu. */
export const STATIC_PAGE: PageHandle = { hydrate: false };

/**
 * The response header by which a route says its document depends only on its URL and the price
 * file, so the server may keep it and answer again with a fresh nonce
 * (docs/decisions/0010-rendered-page-cache.md). The server removes it before sending.
 */
export const RENDER_CACHE_HEADER = "X-Render-Cache";

/** A route's `headers` export for such a document: the parent routes' headers, and the marker. */
export function renderCacheHeaders({ parentHeaders }: { parentHeaders: Headers }): Headers {
  const headers = new Headers(parentHeaders);
  headers.set(RENDER_CACHE_HEADER, "prices");
  return headers;
}

/** What the root loader hands every page. */
export interface RootData {
  site: PublicSettings;
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

/** A route's `meta`: its own title and texts, with the URLs built from SITE_URL. */
export function pageMeta(args: MetaArgsLike, page: PageSeo): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === "root")?.data;
  const site = isRootData(root) ? root.site : { siteUrl: "", siteName: "Navette Paris" };
  return buildMeta(site, args.location.pathname, page);
}
