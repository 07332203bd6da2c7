import { getCountryCallingCode, type Country } from "react-phone-number-input";
import { withMobileNumber } from "~/domain/booking/draft";
import { CUSTOMER, type BookingDraft } from "~/domain/booking/fields";
import { phoneCountryOf } from "./PhoneField";

/**
 * A number typed before the phone control loaded, as the control holds numbers: E.164
 * ("+33612345678"), or the start of one. Spaces go; a national number ("06 12…" or "6 12…") takes
 * the country's code in place of its trunk 0.
 */
export function asE164(typed: string, country: Country): string | undefined {
  const compact = typed.replace(/[^\d+]/g, "");
  if (compact === "" || compact === "+") return undefined;
  if (compact.startsWith("+")) return compact;
  return `+${getCountryCallingCode(country)}${compact.replace(/^0/, "")}`;
}

/** The draft with its mobile number (and the number's copies) as the control would hold it. */
export function withE164Phone(draft: BookingDraft): BookingDraft {
  const typed = draft[CUSTOMER.mobile] ?? "";
  const number = asE164(typed, phoneCountryOf(draft[CUSTOMER.phoneCountryCode] ?? "") ?? "FR") ?? "";
  return number === typed ? draft : withMobileNumber(draft, number);
}
