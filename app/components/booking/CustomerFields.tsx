import en from "react-phone-number-input/locale/en.json";
import { sortAlphabetical } from "~/domain/alphabetical";
import { CUSTOMER } from "~/domain/booking/fields";
import { Field, errorId, fieldId } from "../ui/Field";
import type { FormApi } from "./form-api";
import { PhoneField, phoneCountryOf } from "./PhoneField";

let countries: readonly (readonly [string, string])[] | undefined;

/** The country choices, in alphabetical order of their English names; sorted once, not per render. */
function countryOptions(): readonly (readonly [string, string])[] {
  countries ??= sortAlphabetical(
    Object.entries(en as Record<string, string>).filter(([code]) => /^[A-Z]{2}$/.test(code)),
    ([, name]) => name,
  );
  return countries;
}

/** The customer block: name, e-mail, mobile phone with its country, and postal address. */
export function CustomerFields({ form }: { form: FormApi }) {
  const country = phoneCountryOf(form.value(CUSTOMER.phoneCountryCode)) ?? "FR";
  const phoneError = form.error(CUSTOMER.mobile);
  const phoneWarning = form.error("phone_warning");
  return (
    <section className="card card--later" aria-labelledby="customer-title">
      <h2 id="customer-title">Your details</h2>
      <div className="field-row">
        <Field
          name={CUSTOMER.lastname}
          label="Last name"
          required
          autoComplete="family-name"
          value={form.value(CUSTOMER.lastname)}
          onValue={(v) => form.set(CUSTOMER.lastname, v)}
          error={form.error(CUSTOMER.lastname)}
        />
        <Field
          name={CUSTOMER.firstname}
          label="First name"
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
          label="E-mail"
          type="email"
          required
          autoComplete="email"
          value={form.value(CUSTOMER.email)}
          onValue={(v) => form.set(CUSTOMER.email, v)}
          hint="Your confirmation is sent here."
          error={form.error(CUSTOMER.email)}
        />
        <div className="field phone-field">
          <label htmlFor={fieldId(CUSTOMER.mobile)}>
            Mobile phone<span aria-hidden="true"> *</span>
          </label>
          <PhoneField
            form={form}
            country={country}
            countries={countryOptions()}
            invalid={Boolean(phoneError)}
            describedBy={[phoneError ? errorId(CUSTOMER.mobile) : "", phoneWarning ? "phone-warning" : "", "hint-phone"]
              .filter(Boolean)
              .join(" ")}
          />
          <p id="hint-phone" className="field__hint">
            With your country code: the driver calls or texts you on the day.
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
        <legend>Postal address (optional)</legend>
        <div className="field-row">
          <Field
            name={CUSTOMER.address}
            label="Address"
            autoComplete="address-line1"
            value={form.value(CUSTOMER.address)}
            onValue={(v) => form.set(CUSTOMER.address, v)}
          />
          <Field
            name={CUSTOMER.postcode}
            label="Postcode"
            autoComplete="postal-code"
            value={form.value(CUSTOMER.postcode)}
            onValue={(v) => form.set(CUSTOMER.postcode, v)}
          />
          <Field
            name={CUSTOMER.city}
            label="City"
            autoComplete="address-level2"
            value={form.value(CUSTOMER.city)}
            onValue={(v) => form.set(CUSTOMER.city, v)}
          />
          <div className="field">
            <label htmlFor={fieldId(CUSTOMER.country)}>Country</label>
            <select
              id={fieldId(CUSTOMER.country)}
              name={CUSTOMER.country}
              autoComplete="country"
              value={form.value(CUSTOMER.country) || "FR"}
              onChange={(e) => form.set(CUSTOMER.country, e.target.value)}
            >
              {countryOptions().map(([code, name]) => (
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
