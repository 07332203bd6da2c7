import { type ComponentType, useState } from "react";
import type { Country } from "react-phone-number-input";
import en from "react-phone-number-input/locale/en.json";
import { withMobileNumber } from "~/domain/booking/draft";
import { CUSTOMER } from "~/domain/booking/fields";
import { useT } from "../i18n";
import { fieldId } from "../ui/Field";
import type { FormApi } from "./form-api";

export interface PhoneFieldProps {
  form: FormApi;
  /** The phone's country, as the draft holds it. */
  country: Country;
  /** The country names, in the order the list shows them. */
  countries: readonly (readonly [string, string])[];
  /** The control's words in the page's language: country names by code, and its own labels. */
  labels: Readonly<Record<string, string>>;
  describedBy: string;
  invalid: boolean;
}

/** A phone country code as the control names countries ("fr" → "FR"); undefined when it names none. */
export function phoneCountryOf(code: string): Country | undefined {
  const upper = code.toUpperCase();
  return upper in en ? (upper as Country) : undefined;
}

/** A new phone country and what the phone check needs of it (its name and number format), loaded with it. */
export function applyPhoneCountry(form: FormApi, country: Country): void {
  void import("./phone-country").then(({ phoneCountryFields }) => form.apply((d) => ({ ...d, ...phoneCountryFields(country) })));
}

type LoadedField = ComponentType<PhoneFieldProps & { focus: "input" | "country" | null }>;

/**
 * The mobile phone field. The page comes with a plain one (a country list and a number, the same
 * markup and look); the control that formats numbers as they are typed, with its metadata (about
 * 50 KB gzip), loads when the visitor first uses the field and then replaces it where the visitor
 * is. What is typed meanwhile is kept.
 */
export function PhoneField(props: PhoneFieldProps) {
  const t = useT();
  const [Loaded, setLoaded] = useState<LoadedField | null>(null);
  const [focus, setFocus] = useState<"input" | "country" | null>(null);
  const [loading, setLoading] = useState(false);

  if (Loaded) return <Loaded {...props} focus={focus} />;

  const { form, country, countries, describedBy, invalid } = props;
  const id = fieldId(CUSTOMER.mobile);
  const load = () => {
    if (loading) return;
    setLoading(true);
    void import("./PhoneInputField").then(
      (module) => {
        const active = document.activeElement;
        setFocus(active?.id === id ? "input" : active?.closest(".PhoneInputCountry") ? "country" : null);
        setLoaded(() => module.default);
      },
      // Offline: the plain field stays, and still posts the number.
      () => setLoading(false),
    );
  };
  const typed = form.value(CUSTOMER.mobile);
  const countryName = countries.find(([code]) => code === country)?.[1] ?? country;
  return (
    <div className="PhoneInput">
      <div className="PhoneInputCountry">
        <select
          name={`${CUSTOMER.mobile}Country`}
          aria-label={t("booking.customer.phoneCountry")}
          className="PhoneInputCountrySelect"
          value={country}
          onFocus={load}
          onChange={(e) => applyPhoneCountry(form, e.target.value as Country)}
        >
          {countries.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        <div aria-hidden="true" className="PhoneInputCountryIcon PhoneInputCountryIcon--border">
          <img className="PhoneInputCountryIconImg" alt={countryName} src={`/flags/${country}.svg`} />
        </div>
        <div className="PhoneInputCountrySelectArrow" />
      </div>
      <input
        type="tel"
        autoComplete="tel"
        id={id}
        name={CUSTOMER.mobile}
        required
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className="PhoneInputInput"
        value={typed}
        onFocus={load}
        onChange={(e) => form.apply((d) => withMobileNumber(d, e.target.value))}
      />
    </div>
  );
}
