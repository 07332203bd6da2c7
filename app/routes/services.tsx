import { Link } from "react-router";
import type { Route } from "./+types/services";
import { T, useLocale, useT } from "~/components/i18n";
import { catalogueMeta, STATIC_PAGE } from "~/components/site";
import { localizedPath } from "~/domain/locales";
import { pageMessages } from "~/lib/i18n.server";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, "pages");
}

export const meta: Route.MetaFunction = (args) => catalogueMeta(args, "pages.services");

export default function ServicesPage() {
  const t = useT();
  const locale = useLocale();
  const href = (path: string) => localizedPath(locale, path);
  return (
    <div className="container page">
      <h1>{t("pages.services.title")}</h1>
      <p className="lead">{t("pages.services.lead")}</p>
      <div className="grid services">
        <section className="card" aria-labelledby="service-transfers">
          <h2 id="service-transfers">{t("pages.services.transfers.title")}</h2>
          <p>{t("pages.services.transfers.text")}</p>
          <ul>
            <li>
              <T id="pages.services.transfers.shuttle" components={{ 0: <strong /> }} />
            </li>
            <li>
              <T id="pages.services.transfers.private" components={{ 0: <strong /> }} />
            </li>
          </ul>
          <p>
            <Link className="button" to={href("/rates")}>
              {t("pages.services.transfers.link")}
            </Link>
          </p>
        </section>
        <section className="card" aria-labelledby="service-door">
          <h2 id="service-door">{t("pages.services.door.title")}</h2>
          <p>{t("pages.services.door.text")}</p>
          <ul>
            <li>{t("pages.services.door.time")}</li>
            <li>{t("pages.services.door.luggage")}</li>
            <li>{t("pages.services.door.vehicle")}</li>
          </ul>
          <p>
            <Link className="button" to={href("/contact")}>
              {t("pages.services.door.link")}
            </Link>
          </p>
        </section>
        <section className="card" aria-labelledby="service-half-day">
          <h2 id="service-half-day">{t("pages.services.halfDay.title")}</h2>
          <p>{t("pages.services.halfDay.text")}</p>
          <p>{t("pages.services.halfDay.stops")}</p>
          <p>
            <Link className="button" to={href("/contact")}>
              {t("pages.services.halfDay.link")}
            </Link>
          </p>
        </section>
        <section className="card" aria-labelledby="service-full-day">
          <h2 id="service-full-day">{t("pages.services.fullDay.title")}</h2>
          <p>{t("pages.services.fullDay.text")}</p>
          <p>{t("pages.services.fullDay.plan")}</p>
          <p>
            <Link className="button" to={href("/contact")}>
              {t("pages.services.fullDay.link")}
            </Link>
          </p>
        </section>
      </div>
      <h2>{t("pages.services.groups.title")}</h2>
      <p>
        <T id="pages.services.groups.text" components={{ 0: <Link to={href("/cars")} />, 1: <Link to={href("/contact")} /> }} />
      </p>
    </div>
  );
}

// Nothing here is interactive: served without React's JavaScript.
export const handle = STATIC_PAGE;
