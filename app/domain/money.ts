/** Money is integer cents everywhere; it becomes euros only here, when shown. */

// The type only: the locales module (its path lists) stays out of every page that shows money.
import type { Locale } from "./locales";
import { groupThousands } from "./grouped-digits";

/** How a language writes an amount of euros. */
interface EuroStyle {
  /** Between groups of three digits. */
  group: string;
  /** Digits a whole part must exceed three by before it is grouped: Spanish and Italian write 1234 but 12.345. */
  minimumGroupingDigits: 1 | 2;
  /** "€ 12,50" (Dutch) rather than "12,50 €". */
  symbolFirst: boolean;
}

const NBSP = "\u00a0";

/** English keeps the site's 40,00 € that the specification writes; the others as each country writes euros. */
const EURO_STYLES: Readonly<Record<Locale, EuroStyle>> = {
  en: { group: NBSP, minimumGroupingDigits: 1, symbolFirst: false },
  fr: { group: NBSP, minimumGroupingDigits: 1, symbolFirst: false },
  es: { group: ".", minimumGroupingDigits: 2, symbolFirst: false },
  it: { group: ".", minimumGroupingDigits: 2, symbolFirst: false },
  de: { group: ".", minimumGroupingDigits: 1, symbolFirst: false },
  nl: { group: ".", minimumGroupingDigits: 1, symbolFirst: true },
};

/**
 * 4000 → "40,00 €" in English and French, "€ 40,00" in Dutch: a decimal comma in every language,
 * thousands grouped as the language groups them, a no-break space between the amount and the sign.
 *
 * Written out rather than through Intl.NumberFormat: building a currency formatter costs a phone
 * browser about 150 ms of blocked main thread while the page hydrates (it loads locale data), and
 * the text must be the same on the server and in every browser for hydration. The unit test holds
 * each language to Intl's output.
 */
export function formatEuros(cents: number, locale: Locale = "en"): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const style = EURO_STYLES[locale];
  const sign = cents < 0 ? "-" : "";
  const digits = String(Math.trunc(Math.abs(cents) / 100));
  const whole = digits.length >= 3 + style.minimumGroupingDigits ? groupThousands(digits, style.group) : digits;
  const hundredths = String(Math.abs(cents) % 100).padStart(2, "0");
  return style.symbolFirst ? `€${NBSP}${sign}${whole},${hundredths}` : `${sign}${whole},${hundredths}${NBSP}€`;
}
