/**
 * The paths whose screen depends on the path itself (docs/product.md, Routes). Route modules
 * look themselves up here; app/routes.ts and the sitemap list the same paths.
 */

export type AirportCode = "CDG" | "ORY" | "BVA";
export type TransferKind = "shuttle" | "private";

export interface AirportPagePath {
  path: string;
  airport: AirportCode;
  firstTab: TransferKind;
}

export const AIRPORT_PAGES: readonly AirportPagePath[] = [
  { path: "/airport_charles_de_gaulle_disneyland_paris_transfer", airport: "CDG", firstTab: "shuttle" },
  { path: "/airport_charles_de_gaulle_disneyland_paris_private_transfer", airport: "CDG", firstTab: "private" },
  { path: "/airport_beauvais_disneyland_paris_transfer", airport: "BVA", firstTab: "shuttle" },
  { path: "/airport_beauvais_disneyland_paris_private_transfer", airport: "BVA", firstTab: "private" },
  { path: "/airport_orly_disneyland_paris_private_transfer", airport: "ORY", firstTab: "private" },
];

export interface RatePresetPath {
  path: string;
  from: string;
  to: string;
}

export const RATE_PRESETS: readonly RatePresetPath[] = [
  { path: "/charles-de-gaulle-airport-disneyland-transportation", from: "charles_de_gaulle", to: "disney" },
  { path: "/airport_charles_de_gaulle_disneyland_paris_transfers", from: "charles_de_gaulle", to: "disney" },
  { path: "/beauvais-disneyland-transportation", from: "beauvais", to: "disney" },
  { path: "/airport_beauvais_disneyland_paris_transfers", from: "beauvais", to: "disney" },
  { path: "/orly-disneyland-transportation", from: "orly", to: "disney" },
  { path: "/airport_orly_disneyland_paris_transfers", from: "orly", to: "disney" },
  { path: "/airport_orly_disneyland_paris_transfer", from: "orly", to: "disney" },
  { path: "/charles-de-gaulle-paris-transportation", from: "charles_de_gaulle", to: "paris" },
];

/** Screens with a path of their own, in the order of app/routes.ts (aliases excluded). */
export const CONTENT_PATHS = [
  "/",
  "/cars",
  "/rates",
  "/reservation",
  "/services",
  "/info",
  "/links",
  "/contact",
  "/legal-notice",
  "/privacy-policy",
  "/terms-of-service",
  "/hotels_disneyland_paris",
] as const;

/**
 * Every path a search engine should index. Aliases (/booking, /informations) and the payment
 * result are left out: they would be duplicates or carry no content of their own.
 */
export function sitemapPaths(): string[] {
  return [...CONTENT_PATHS, ...AIRPORT_PAGES.map((p) => p.path), ...RATE_PRESETS.map((p) => p.path)];
}

export function airportPageFor(pathname: string): AirportPagePath | undefined {
  return AIRPORT_PAGES.find((p) => p.path === stripTrailingSlash(pathname));
}

/**
 * The address of an airport page with `kind`'s tab selected: the airport's page for that kind when
 * it has one, else `page` with the tab in its query (`tab`).
 */
export function airportTabHref(page: AirportPagePath, kind: TransferKind): string {
  if (page.firstTab === kind) return page.path;
  return AIRPORT_PAGES.find((p) => p.airport === page.airport && p.firstTab === kind)?.path ?? `${page.path}?tab=${kind}`;
}

/** The tab an airport page's query asks for (`tab`), if it names a transfer kind. */
export function airportTabAsked(search: URLSearchParams): TransferKind | undefined {
  const tab = search.get("tab");
  return tab === "shuttle" || tab === "private" ? tab : undefined;
}

export function ratePresetFor(pathname: string): RatePresetPath | undefined {
  return RATE_PRESETS.find((p) => p.path === stripTrailingSlash(pathname));
}

/** A path without its final slash, the root path excepted: the form the path lists hold. */
export function stripTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}
