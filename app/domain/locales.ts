/**
 * The site's six languages and their addresses: English at the specification's paths, the others
 * under a prefix of their own (/fr/, /es/, /it/, /de/, /nl/), the rest of the path unchanged
 * (docs/decisions/0032-six-languages.md).
 */
import { AIRPORT_PAGES, RATE_PRESETS, stripTrailingSlash } from "./site-paths";

export const LOCALES = ["en", "fr", "es", "it", "de", "nl"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The back office's languages, chosen per staff account: the business works in French. */
export const BACK_OFFICE_LOCALES = ["en", "fr"] as const satisfies readonly Locale[];
export type BackOfficeLocale = (typeof BACK_OFFICE_LOCALES)[number];

export function isBackOfficeLocale(value: unknown): value is BackOfficeLocale {
  return (BACK_OFFICE_LOCALES as readonly unknown[]).includes(value);
}

/** Each language by its own name, as the switcher offers it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: "English",
  fr: "Français",
  es: "Español",
  it: "Italiano",
  de: "Deutsch",
  nl: "Nederlands",
};

/** Open Graph's language and territory: the country whose travellers each language first serves. */
export const OG_LOCALES: Readonly<Record<Locale, string>> = {
  en: "en_GB",
  fr: "fr_FR",
  es: "es_ES",
  it: "it_IT",
  de: "de_DE",
  nl: "nl_NL",
};

/**
 * The paths of the pages that exist in every language; any other page is English only and its
 * prefixed form is not found. app/routes.ts declares each of these under every prefix, and the
 * booking form's endpoint too, which is no page but answers in the language of the form.
 */
export const LOCALIZED_PATHS: readonly string[] = [
  "/",
  "/services",
  "/info",
  "/informations",
  "/links",
  "/legal-notice",
  "/privacy-policy",
  "/terms-of-service",
  "/cars",
  "/rates",
  "/hotels_disneyland_paris",
  "/contact",
  "/reservation",
  "/booking",
  ...AIRPORT_PAGES.map((page) => page.path),
  ...RATE_PRESETS.map((preset) => preset.path),
];

/**
 * Pages in every language that belong to one visitor: a payment's result, the sandbox's payment
 * page, and the traveller's pages ('Lost your link?', and the booking's own, its change form,
 * voucher and calendar file, opened by its token). The switcher keeps them and their links stay in
 * the visitor's language, but they have no language alternates: no search engine indexes them.
 */
const VISITOR_PAGES: readonly RegExp[] = [
  /^\/response_bank_ok_ko$/,
  /^\/payment\/[^/]+$/,
  /^\/my-booking$/,
  /^\/my-booking\/[^/]+(?:\/(?:change|voucher|calendar\.ics))?$/,
];

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/**
 * The language a path is in: its prefix, or English. As the router matches it: whatever the case,
 * and for a data request (`/fr.data`, the French home page's) as for its page.
 */
export function localeOfPath(pathname: string): Locale {
  const first = /^\/([a-z]{2})(?:\/|\.data$|$)/i.exec(pathname)?.[1]?.toLowerCase();
  return first !== undefined && first !== DEFAULT_LOCALE && isLocale(first) ? first : DEFAULT_LOCALE;
}

/** A path without its language prefix: "/fr/info" → "/info", "/fr" → "/". */
export function pathWithoutLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname;
  const rest = pathname.slice(locale.length + 1);
  return rest.startsWith("/") ? rest : `/${rest.replace(/^\.data$/, "")}`;
}

/** Whether the page at an English path exists in every language. */
export function isLocalizedPath(pathname: string): boolean {
  const path = stripTrailingSlash(pathname);
  return LOCALIZED_PATHS.includes(path) || VISITOR_PAGES.some((page) => page.test(path));
}

/** Whether the page at an English path names its pages in the other languages (hreflang, the sitemap). */
export function hasLanguageAlternates(pathname: string): boolean {
  return LOCALIZED_PATHS.includes(stripTrailingSlash(pathname));
}

/**
 * The address of an English path in `locale`. A path that exists only in English stays English, so
 * a link never leads to a page that is not there; a query or fragment is kept.
 */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE || !path.startsWith("/")) return path;
  const end = path.search(/[?#]/);
  const pathname = end === -1 ? path : path.slice(0, end);
  if (!isLocalizedPath(pathname)) return path;
  const rest = end === -1 ? "" : path.slice(end);
  return `/${locale}${pathname === "/" ? "" : pathname}${rest}`;
}
