import de from "react-phone-number-input/locale/de.json";
import en from "react-phone-number-input/locale/en.json";
import es from "react-phone-number-input/locale/es.json";
import fr from "react-phone-number-input/locale/fr.json";
import it from "react-phone-number-input/locale/it.json";
import nl from "react-phone-number-input/locale/nl.json";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locales";

const CONTROL_LABELS: Readonly<Record<Locale, Readonly<Record<string, string>>>> = { en, fr, es, it, de, nl };

const labels = new Map<Locale, Readonly<Record<string, string>>>();

/** A country's code; ZZ is the control's "International", which the CLDR calls an unknown region. */
function isRegion(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && code !== "ZZ";
}

/**
 * The phone control's words in `locale`: each country's name by its code, and the control's own
 * labels (its country list's name, "International"). English keeps the control's own names, as the
 * form always showed them; the other languages name the countries as the Unicode CLDR does (Node's
 * Intl), since the control's translations miss some ("France" in Dutch). The page is sent its own
 * language's only.
 */
export function phoneLabelsIn(locale: Locale): Readonly<Record<string, string>> {
  if (locale === DEFAULT_LOCALE) return en;
  let result = labels.get(locale);
  if (!result) {
    const names = new Intl.DisplayNames([locale], { type: "region", fallback: "none" });
    const own = CONTROL_LABELS[locale];
    result = Object.fromEntries(
      Object.keys(en).map((code) => [code, (isRegion(code) ? names.of(code) : undefined) ?? own[code] ?? en[code as keyof typeof en]]),
    );
    labels.set(locale, result);
  }
  return result;
}
