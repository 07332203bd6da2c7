import { getCountryCallingCode, type Country } from "react-phone-number-input";
import en from "react-phone-number-input/locale/en.json";
import { getExampleNumber } from "libphonenumber-js/min";
import examples from "libphonenumber-js/mobile/examples";
import { CUSTOMER } from "~/domain/booking/fields";

/**
 * What the phone check (docs/product.md, Booking rules) needs about a chosen country: its code,
 * English name and the format of a mobile number there. Loaded when the visitor changes country,
 * so the examples table stays out of the form's first download.
 */
export function phoneCountryFields(country: Country): Record<string, string> {
  const example = getExampleNumber(country, examples);
  return {
    [CUSTOMER.phoneCountryCode]: country.toLowerCase(),
    [CUSTOMER.phoneCountryName]: (en as Record<string, string>)[country] ?? country,
    [CUSTOMER.phoneCountryFormat]: example ? example.formatInternational() : `+${getCountryCallingCode(country)}`,
  };
}
