import { Link } from "react-router";
import type { Route } from "./+types/legal-notice";
import { MessageAnchor, T, useLocale, useT } from "~/components/i18n";
import { catalogueMeta, useSite, STATIC_PAGE } from "~/components/site";
import { localizedPath } from "~/domain/locales";
import { telHref } from "~/domain/phone";
import { pageMessages } from "~/lib/i18n.server";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, "legal");
}

export const meta: Route.MetaFunction = (args) => catalogueMeta(args, "legal.notice");

export default function LegalNoticePage() {
  const site = useSite();
  const t = useT();
  const locale = useLocale();
  const href = (path: string) => localizedPath(locale, path);
  const mail = { 0: <MessageAnchor href={`mailto:${site.email}`} /> };
  return (
    <div className="container page prose legal">
      <h1>{t("legal.notice.title")}</h1>
      <p className="lead">{t("legal.notice.lead")}</p>
      {locale !== "fr" && locale !== "en" && (
        <p className="legal__prevails">
          <T id="legal.prevails" components={{ 0: <Link to={localizedPath("fr", "/legal-notice")} /> }} />
        </p>
      )}

      <h2>{t("legal.notice.publisher.title")}</h2>
      <p>
        <T id="legal.notice.publisher.text" values={{ siteName: site.siteName }} components={{ 0: <strong /> }} />
      </p>
      <ul>
        <li>
          <T id="legal.notice.publisher.email" values={{ email: site.email }} components={mail} />
        </li>
        <li>
          <T
            id="legal.notice.publisher.phone"
            values={{ phone: site.phone }}
            components={{ 0: <MessageAnchor href={telHref(site.phone)} /> }}
          />
        </li>
      </ul>
      <p>
        <T id="legal.notice.publisher.registration" values={{ email: site.email }} components={mail} />
      </p>

      <h2>{t("legal.notice.hosting.title")}</h2>
      <p>
        <T id="legal.notice.hosting.text" values={{ email: site.email }} components={mail} />
      </p>

      <h2>{t("legal.notice.property.title")}</h2>
      <p>{t("legal.notice.property.text", { siteName: site.siteName })}</p>
      <p>{t("legal.notice.property.trademarks", { siteName: site.siteName })}</p>

      <h2>{t("legal.notice.liability.title")}</h2>
      <p>{t("legal.notice.liability.accuracy")}</p>
      <p>{t("legal.notice.liability.availability")}</p>
      <p>
        <T id="legal.notice.liability.links" components={{ 0: <Link to={href("/links")} /> }} />
      </p>

      <h2>{t("legal.notice.data.title")}</h2>
      <p>
        <T
          id="legal.notice.data.text"
          components={{ 0: <Link to={href("/privacy-policy")} />, 1: <Link to={href("/terms-of-service")} /> }}
        />
      </p>

      <h2>{t("legal.notice.law.title")}</h2>
      <p>{t("legal.notice.law.text")}</p>
    </div>
  );
}

// Nothing here is interactive: served without React's JavaScript.
export const handle = STATIC_PAGE;
