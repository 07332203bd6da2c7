import { useMemo } from "react";
import { useMatches } from "react-router";
import type { BookingWords } from "~/domain/booking/messages";
import type { CompiledMessages } from "~/domain/message-format";
import { translatorFor, useLocale, useT } from "../i18n";

/** The booking catalogue's page words in the page's language, as the form's notices read them. */
export function useBookingWords(): BookingWords {
  const t = useT();
  return (key, values) => t(`booking.${key}`, values);
}

/**
 * The booking catalogue with the rules' own messages, once they have arrived with the rules: the
 * page's messages (its routes' data) and the rules', one translator per set of rules' messages.
 */
export function useRulesWords(): (rules: CompiledMessages) => BookingWords {
  const locale = useLocale();
  const matches = useMatches();
  return useMemo(() => {
    const made = new WeakMap<CompiledMessages, BookingWords>();
    return (rules) => {
      let words = made.get(rules);
      if (!words) {
        const t = translatorFor(locale, [...matches.map((m) => m.data), { messages: rules }]);
        words = (key, values) => t(`booking.${key}`, values);
        made.set(rules, words);
      }
      return words;
    };
  }, [locale, matches]);
}
