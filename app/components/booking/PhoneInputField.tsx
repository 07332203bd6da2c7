import { useLayoutEffect } from "react";
import PhoneInput from "react-phone-number-input";
import { compareAlphabetical } from "~/domain/alphabetical";
import { withMobileNumber } from "~/domain/booking/draft";
import { CUSTOMER } from "~/domain/booking/fields";
import { fieldId } from "../ui/Field";
import { applyPhoneCountry, type PhoneFieldProps } from "./PhoneField";
import { asE164, withE164Phone } from "./phone-number";

/**
 * The mobile phone control with its country list and number formatting, and their metadata: the
 * part of the form loaded when the visitor first uses the phone field (PhoneField.tsx).
 */
export default function PhoneInputField({
  form,
  country,
  describedBy,
  invalid,
  focus,
  labels,
}: PhoneFieldProps & { focus: "input" | "country" | null }) {
  const id = fieldId(CUSTOMER.mobile);

  // What was typed before the control loaded is kept as the control holds it, and the visitor
  // goes on where they were in the field, the caret after what they typed.
  useLayoutEffect(() => {
    form.apply(withE164Phone);
    const input = document.getElementById(id);
    if (focus === "input" && input instanceof HTMLInputElement) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
    if (focus === "country") input?.parentElement?.querySelector("select")?.focus();
    // Once, as the control replaces the plain one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <PhoneInput
      id={id}
      name={CUSTOMER.mobile}
      international
      countryCallingCodeEditable={false}
      defaultCountry={country}
      labels={labels}
      // The same order as the postal country list, without the ICU collator its default builds
      // (the library ignores this prop unless patched: vite.config.ts, phoneCountryOrder).
      compareStrings={compareAlphabetical}
      flagUrl="/flags/{XX}.svg"
      value={asE164(form.value(CUSTOMER.mobile), country)}
      onChange={(value) => form.apply((d) => withMobileNumber(d, value ?? ""))}
      onCountryChange={(c) => {
        if (c) applyPhoneCountry(form, c);
      }}
      autoComplete="tel"
      required
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
    />
  );
}
