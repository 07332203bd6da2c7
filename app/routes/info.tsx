import { Link } from "react-router";
import type { Route } from "./+types/info";
import { MessageAnchor, T, useLocale, useT } from "~/components/i18n";
import { catalogueMeta, useSite, STATIC_PAGE } from "~/components/site";
import { localizedPath } from "~/domain/locales";
import { telHref } from "~/domain/phone";
import { pageMessages } from "~/lib/i18n.server";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, "pages");
}

export const meta: Route.MetaFunction = (args) => catalogueMeta(args, "pages.info", { canonicalPath: "/info" });

const strong = { 0: <strong />, 1: <strong /> };

export default function InfoPage() {
  const site = useSite();
  const t = useT();
  const locale = useLocale();
  return (
    <div className="container page">
      <h1>{t("pages.info.title")}</h1>
      <p className="lead">{t("pages.info.lead")}</p>
      <div className="grid info">
        <section className="card" aria-labelledby="info-contact">
          <h2 id="info-contact">{t("pages.info.contact.title")}</h2>
          <p>
            <T
              id="pages.info.contact.phone"
              values={{ phone: site.phone }}
              components={{ 0: <MessageAnchor href={telHref(site.phone)} />, 1: <strong /> }}
            />
          </p>
          <p>
            <T
              id="pages.info.contact.outside"
              values={{ email: site.email }}
              components={{ 0: <MessageAnchor href={`mailto:${site.email}`} />, 1: <Link to={localizedPath(locale, "/contact")} /> }}
            />
          </p>
        </section>
        <section className="card" aria-labelledby="info-private-arrival">
          <h2 id="info-private-arrival">{t("pages.info.privateArrival.title")}</h2>
          <p>
            <T id="pages.info.privateArrival.where" components={strong} />
          </p>
          <p>
            <T id="pages.info.privateArrival.flight" components={strong} />
          </p>
        </section>
        <section className="card" aria-labelledby="info-private-departure">
          <h2 id="info-private-departure">{t("pages.info.privateDeparture.title")}</h2>
          <p>
            <T id="pages.info.privateDeparture.where" components={strong} />
          </p>
          <p>{t("pages.info.privateDeparture.ready")}</p>
        </section>
        <section className="card" aria-labelledby="info-shuttle-arrival">
          <h2 id="info-shuttle-arrival">{t("pages.info.shuttleArrival.title")}</h2>
          <p>
            <T id="pages.info.shuttleArrival.where" components={strong} />
          </p>
          <p>
            <T id="pages.info.shuttleArrival.wait" components={strong} />
          </p>
        </section>
        <section className="card" aria-labelledby="info-shuttle-departure">
          <h2 id="info-shuttle-departure">{t("pages.info.shuttleDeparture.title")}</h2>
          <p>
            <T id="pages.info.shuttleDeparture.where" components={strong} />
          </p>
          <p>{t("pages.info.shuttleDeparture.ready")}</p>
        </section>
      </div>
    </div>
  );
}

// Nothing here is interactive: served without React's JavaScript.
export const handle = STATIC_PAGE;
