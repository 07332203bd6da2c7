import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * Phone numbers as the site keeps, shows and dials them: stored in international form
 * (+33612345678), shown grouped ("+33 6 12 34 56 78"), dialled from a `tel:` link.
 */

/** A phone number as +E.164 when it is a valid number, else null. French when written without +. */
export function normalisePhone(text: string): string | null {
  const parsed = parsePhoneNumberFromString(text.trim(), "FR");
  return parsed && parsed.isValid() ? parsed.number : null;
}

/** A stored number written for people: "+33 6 12 34 56 78" (as stored when it cannot be read). */
export function displayPhone(stored: string): string {
  return parsePhoneNumberFromString(stored)?.formatInternational() ?? stored;
}

/** `+33 1 99 00 12 34` → `tel:+33199001234`, the link a phone dials. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
