/**
 * The part of the settings a browser may see. Everything else (database URL, data folder,
 * secrets) stays on the server.
 */
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

/** `+33 1 99 00 12 34` → `+33199001234`, the form a `tel:` link dials. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/**
 * `2026-11-22` → `22 November 2026`, the footer's release date; anything else is shown as given.
 * Written out rather than through Intl.DateTimeFormat, which costs a phone browser a long task
 * while every page hydrates; the unit test holds it to Intl's British output.
 */
export function formatReleaseDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return iso;
  return `${day} ${MONTHS[month - 1]} ${year}`;
}
