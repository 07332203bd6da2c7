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
