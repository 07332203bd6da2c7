import { useMemo } from "react";
import type { BookingWords } from "~/domain/booking/messages";
import type { CompiledMessages } from "~/domain/message-format";
import { useT, useTranslatorWith } from "../i18n";

/** The booking catalogue's page words in the page's language, as the form's notices read them. */
export function useBookingWords(): BookingWords {
  const t = useT();
  return (key, values) => t(`booking.${key}`, values);
}

/**
 * The booking catalogue with the rules' own messages, once they have arrived with the rules: one
 * translator per set of messages, not one per render of the form.
 */
export function useRulesWords(): (rules: CompiledMessages) => BookingWords {
  const withMore = useTranslatorWith();
  return useMemo(() => {
    const made = new WeakMap<CompiledMessages, BookingWords>();
    return (rules) => {
      let words = made.get(rules);
      if (!words) {
        const t = withMore(rules);
        words = (key, values) => t(`booking.${key}`, values);
        made.set(rules, words);
      }
      return words;
    };
  }, [withMore]);
}
