import { useCallback } from "react";
import { useT } from "~/components/i18n";
import type { AdminWords } from "~/domain/back-office/admin-words";

/**
 * The back office's words in a component, from the page's messages: what the domain's helpers
 * take (longDayIn, bookingStatusIn…) when a page writes their text in the browser. The loader
 * sends the groups the page uses (adminMessages).
 */
export function useAdminWords(): AdminWords {
  const t = useT();
  return useCallback<AdminWords>((key, values) => t(`admin.${key}`, values), [t]);
}
