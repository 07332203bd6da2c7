import type { BookingWords } from "~/domain/booking/messages";
import type { CompiledMessages } from "~/domain/message-format";
import { useT, useTranslatorWith } from "../i18n";

/** The booking catalogue's page words in the page's language, as the form's notices read them. */
export function useBookingWords(): BookingWords {
  const t = useT();
  return (key, values) => t(`booking.${key}`, values);
}

/** The booking catalogue with the rules' own messages, once they have arrived with the rules. */
export function useRulesWords(): (rules: CompiledMessages) => BookingWords {
  const withMore = useTranslatorWith();
  return (rules) => {
    const t = withMore(rules);
    return (key, values) => t(`booking.${key}`, values);
  };
}
