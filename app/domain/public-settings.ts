import { longDate, parseIsoDate } from "./booking/paris-time";

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
 * `2026-11-22` → `22 November 2026`, the footer's release date; anything else is shown as given.
 */
export function formatReleaseDate(iso: string): string {
  const day = parseIsoDate(iso);
  return day ? longDate(day) : iso;
}
