import { Link } from "react-router";
import type { Route } from "./+types/terms-of-service";
import { MessageAnchor, T, useLocale, useT } from "~/components/i18n";
import { catalogueMeta, useSite, STATIC_PAGE } from "~/components/site";
import { localizedPath } from "~/domain/locales";
import { telHref } from "~/domain/phone";
import { pageMessages } from "~/lib/i18n.server";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, "legal");
}

export const meta: Route.MetaFunction = (args) => catalogueMeta(args, "legal.terms");

const strong = { 0: <strong /> };

export default function TermsOfServicePage() {
  const site = useSite();
  const t = useT();
  const locale = useLocale();
  const href = (path: string) => localizedPath(locale, path);
  const mail = <MessageAnchor href={`mailto:${site.email}`} />;
  return (
    <div className="container page prose legal">
      <h1>{t("legal.terms.title")}</h1>
      <p className="lead">{t("legal.terms.lead", { siteName: site.siteName })}</p>
      {locale !== "fr" && locale !== "en" && (
        <p className="legal__prevails">
          <T id="legal.prevails" components={{ 0: <Link to={localizedPath("fr", "/terms-of-service")} /> }} />
        </p>
      )}

      <h2>{t("legal.terms.booking.title")}</h2>
      <p>
        <T id="legal.terms.booking.how" components={{ 0: <Link to={href("/rates")} />, 1: <Link to={href("/contact")} /> }} />
      </p>
      <p>{t("legal.terms.booking.details")}</p>
      <p>{t("legal.terms.booking.confirmation")}</p>

      <h2>{t("legal.terms.prices.title")}</h2>
      <p>{t("legal.terms.prices.text")}</p>

      <h2>{t("legal.terms.payment.title")}</h2>
      <p>{t("legal.terms.payment.text")}</p>

      <h2>{t("legal.terms.cancellation.title")}</h2>
      <ul>
        <li>
          <T id="legal.terms.cancellation.early" components={strong} />
        </li>
        <li>
          <T id="legal.terms.cancellation.late" components={strong} />
        </li>
        <li>
          <T id="legal.terms.cancellation.noShow" components={strong} />
        </li>
      </ul>
      <p>
        <T
          id="legal.terms.cancellation.how"
          values={{ email: site.email, phone: site.phone }}
          components={{ 0: mail, 1: <MessageAnchor href={telHref(site.phone)} /> }}
        />
      </p>
      <p>{t("legal.terms.cancellation.withdrawal")}</p>

      <h2>{t("legal.terms.changes.title")}</h2>
      <p>{t("legal.terms.changes.text")}</p>

      <h2>{t("legal.terms.shuttles.title")}</h2>
      <p>{t("legal.terms.shuttles.text")}</p>

      <h2>{t("legal.terms.flights.title")}</h2>
      <p>{t("legal.terms.flights.delays")}</p>
      <p>{t("legal.terms.flights.changes")}</p>

      <h2>{t("legal.terms.luggage.title")}</h2>
      <p>{t("legal.terms.luggage.text")}</p>

      <h2>{t("legal.terms.children.title")}</h2>
      <p>{t("legal.terms.children.text")}</p>

      <h2>{t("legal.terms.onBoard.title")}</h2>
      <p>{t("legal.terms.onBoard.text")}</p>

      <h2>{t("legal.terms.liability.title")}</h2>
      <p>{t("legal.terms.liability.text")}</p>

      <h2>{t("legal.terms.complaints.title")}</h2>
      <p>
        <T id="legal.terms.complaints.text" values={{ email: site.email }} components={{ 0: mail }} />
      </p>
      <p>
        <T id="legal.terms.complaints.privacy" components={{ 0: <Link to={href("/privacy-policy")} /> }} />
      </p>
    </div>
  );
}

// Nothing here is interactive: served without React's JavaScript.
export const handle = STATIC_PAGE;
