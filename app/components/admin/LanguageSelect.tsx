import { describedBy, FieldNotes } from "~/components/ui/Field";
import { type Locale, LOCALE_NAMES, LOCALES } from "~/domain/locales";

/** A language among the site's six (or `locales` of them), each named in its own words. */
export function LanguageSelect({
  label,
  value,
  locales = LOCALES,
  hint,
  error,
}: {
  label: string;
  value: Locale;
  locales?: readonly Locale[];
  hint?: string;
  error?: string;
}) {
  return (
    <div className="field">
      <label htmlFor="f-locale">{label}</label>
      <select
        id="f-locale"
        name="locale"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy("locale", hint, error)}
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
      <FieldNotes name="locale" hint={hint} error={error} />
    </div>
  );
}
