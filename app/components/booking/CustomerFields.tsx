import { useMemo } from "react";
import en from "react-phone-number-input/locale/en.json";
import { sortAlphabetical } from "~/domain/alphabetical";
import { CUSTOMER } from "~/domain/booking/fields";
import { useT } from "../i18n";
import { Field, errorId, fieldId } from "../ui/Field";
import type { FormApi } from "./form-api";
import { PhoneField, phoneCountryOf } from "./PhoneField";

/** The country choices, code and name, in alphabetical order of their names in the page's language. */
function countryOptions(labels: Readonly<Record<string, string>>): readonly (readonly [string, string])[] {
  return sortAlphabetical(
    Object.entries(labels).filter(([code]) => /^[A-Z]{2}$/.test(code)),
    ([, name]) => name,
  );
}

/** The customer block: name, e-mail, mobile phone with its country, and postal address. */
export function CustomerFields({ form, phoneLabels }: { form: FormApi; phoneLabels: Readonly<Record<string, string>> | null }) {
  const t = useT();
  // null: the control's own English names, which its code holds already.
  const names = phoneLabels ?? en;
  // Sorted once per page, not per render: the labels come with the page.
  const countries = useMemo(() => countryOptions(names), [names]);
  // The country list's name as the plain field before it says it, in the catalogue's words.
  const countryListName = t("booking.customer.phoneCountry");
  const labels = useMemo(() => ({ ...names, country: countryListName }), [names, countryListName]);
  const country = phoneCountryOf(form.value(CUSTOMER.phoneCountryCode)) ?? "FR";
  const phoneError = form.error(CUSTOMER.mobile);
  const phoneWarning = form.error("phone_warning");
  return (
    <section className="card card--later" aria-labelledby="customer-title">
      <h2 id="customer-title">{t("booking.customer.title")}</h2>
      <div className="field-row">
        <Field
          name={CUSTOMER.lastname}
          label={t("booking.customer.lastname")}
          required
          autoComplete="family-name"
          value={form.value(CUSTOMER.lastname)}
          onValue={(v) => form.set(CUSTOMER.lastname, v)}
          error={form.error(CUSTOMER.lastname)}
        />
        <Field
          name={CUSTOMER.firstname}
          label={t("booking.customer.firstname")}
          required
          autoComplete="given-name"
          value={form.value(CUSTOMER.firstname)}
          onValue={(v) => form.set(CUSTOMER.firstname, v)}
          error={form.error(CUSTOMER.firstname)}
        />
      </div>
      <div className="field-row">
        <Field
          name={CUSTOMER.email}
          label={t("booking.customer.email")}
          type="email"
          required
          autoComplete="email"
          value={form.value(CUSTOMER.email)}
          onValue={(v) => form.set(CUSTOMER.email, v)}
          hint={t("booking.customer.emailHint")}
          error={form.error(CUSTOMER.email)}
        />
        <div className="field phone-field">
          <label htmlFor={fieldId(CUSTOMER.mobile)}>
            {t("booking.customer.mobile")}
            <span aria-hidden="true"> *</span>
          </label>
          <PhoneField
            form={form}
            country={country}
            countries={countries}
            labels={labels}
            invalid={Boolean(phoneError)}
            describedBy={[phoneError ? errorId(CUSTOMER.mobile) : "", phoneWarning ? "phone-warning" : "", "hint-phone"]
              .filter(Boolean)
              .join(" ")}
          />
          <p id="hint-phone" className="field__hint">
            {t("booking.customer.mobileHint")}
          </p>
          {phoneError ? (
            <p id={errorId(CUSTOMER.mobile)} className="field__error">
              {phoneError}
            </p>
          ) : null}
          {phoneWarning ? (
            <p id="phone-warning" className="field__hint field__warning">
              {phoneWarning}
            </p>
          ) : null}
        </div>
      </div>
      <fieldset className="end-fields">
        <legend>{t("booking.customer.postal")}</legend>
        <div className="field-row">
          <Field
            name={CUSTOMER.address}
            label={t("booking.customer.address")}
            autoComplete="address-line1"
            value={form.value(CUSTOMER.address)}
            onValue={(v) => form.set(CUSTOMER.address, v)}
          />
          <Field
            name={CUSTOMER.postcode}
            label={t("booking.customer.postcode")}
            autoComplete="postal-code"
            value={form.value(CUSTOMER.postcode)}
            onValue={(v) => form.set(CUSTOMER.postcode, v)}
          />
          <Field
            name={CUSTOMER.city}
            label={t("booking.customer.city")}
            autoComplete="address-level2"
            value={form.value(CUSTOMER.city)}
            onValue={(v) => form.set(CUSTOMER.city, v)}
          />
          <div className="field">
            <label htmlFor={fieldId(CUSTOMER.country)}>{t("booking.customer.country")}</label>
            <select
              id={fieldId(CUSTOMER.country)}
              name={CUSTOMER.country}
              autoComplete="country"
              value={form.value(CUSTOMER.country) || "FR"}
              onChange={(e) => form.set(CUSTOMER.country, e.target.value)}
            >
              {countries.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        </div>
      </fieldset>
    </section>
  );
}
