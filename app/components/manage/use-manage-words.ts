import { useT } from "~/components/i18n";
import type { ManageWords } from "~/domain/manage/manage-words";

/** The traveller's pages' words (the `manage` catalogue) from the page's messages, in the page's language. */
export function useManageWords(): ManageWords {
  const t = useT();
  return (key, values) => t(`manage.${key}`, values);
}
