import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { useLocale, useT } from "~/components/i18n";
import { type PageHandle, pageMeta } from "~/components/site";
import { localizedPath } from "~/domain/locales";

// Returned, not thrown: a returned 404 keeps this page's own title and meta.
export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({
    title: t("common.notFound.title"),
    description: t("common.notFound.description"),
    keywords: [],
    noindex: true,
  }));

export default function NotFoundPage() {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="container page">
      <h1>{t("common.notFound.title")}</h1>
      <p>{t("common.notFound.text")}</p>
      <p>
        <Link className="button" to={localizedPath(locale, "/")}>
          {t("common.notFound.home")}
        </Link>
      </p>
    </div>
  );
}

// Nothing here is interactive: served without React's JavaScript.
// Not shared: any unknown address lands here, and none is worth keeping.
export const handle: PageHandle = { hydrate: false };
