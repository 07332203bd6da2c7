import { formatFrenchDate, longDate, parseIsoDate } from "./booking/paris-time";
import { DEFAULT_LOCALE, type Locale } from "./locales";

/**
 * The part of the settings a browser may see. Everything else (database URL, data folder,
 * secrets) stays on the server.
 */
/** The site's name when SITE_NAME is unset. */
export const DEFAULT_SITE_NAME = "Navette Paris";

export interface PublicSettings {
  siteUrl: string;
  siteName: string;
  phone: string;
  email: string;
  vipUrl: string;
  releaseDate: string;
  bookingEndpoint: string;
  emailjs: {
    publicKey: string | null;
    serviceId: string | null;
    templateId: string | null;
  };
}

/**
 * `2026-11-22` → `22 November 2026` in English, `22/11/2026` in the other languages (the date
 * style of the whole site for its European travellers): the footer's release date; anything else
 * is shown as given.
 */
export function formatReleaseDate(iso: string, locale: Locale): string {
  const day = parseIsoDate(iso);
  if (!day) return iso;
  return locale === DEFAULT_LOCALE ? longDate(day) : formatFrenchDate(day);
}
