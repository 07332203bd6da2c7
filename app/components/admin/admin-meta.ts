import type { MetaDescriptor } from "react-router";
import type { PageHandle } from "~/components/site";
import { translatorFor } from "~/components/i18n";
import type { AdminWordKey } from "~/domain/back-office/admin-words";
import type { BackOfficeLayoutData } from "~/components/admin/AdminFrame";

/**
 * The handle of every back-office page: never shared, and outside the public site's frame. It
 * lives here rather than with the public pages' handles, so a back-office page loads none of them.
 */
export const BACK_OFFICE_PAGE: PageHandle = { backOffice: true };

/**
 * A back-office page's meta: its title in the member's language (the `admin` catalogue's `page`
 * message; the back office's own name without one) and no indexing (a route's meta replaces its
 * layout's). English before anyone is signed in.
 */
export function adminMeta(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>, page?: AdminWordKey): MetaDescriptor[] {
  const layout = matches.find((m) => m?.id === "routes/admin/layout")?.data as BackOfficeLayoutData | undefined;
  const t = translatorFor(
    layout?.staff.locale ?? "en",
    matches.map((m) => m?.data),
  );
  const title = page ? t("admin.meta.page", { page: t(`admin.${page}`) }) : t("admin.meta.frame");
  return [{ title }, { name: "robots", content: "noindex" }];
}
