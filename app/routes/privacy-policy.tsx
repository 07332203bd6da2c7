import { Link } from "react-router";
import type { Route } from "./+types/privacy-policy";
import { MessageAnchor, T, useLocale, useT } from "~/components/i18n";
import { catalogueMeta, useSite, STATIC_PAGE } from "~/components/site";
import { localizedPath } from "~/domain/locales";
import { pageMessages } from "~/lib/i18n.server";
import type { MessageId } from "~/locales/catalogues";

export const meta: Route.MetaFunction = (args) => catalogueMeta(args, "legal.privacy");

/**
 * The page's words, and the retention periods the server applies by itself (docs/product.md,
 * Personal data), from its settings.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return { ...pageMessages(request, "legal"), retention: context.settings.retention };
}

const BOOKING_ITEMS: readonly MessageId[] = [
  "legal.privacy.booking.item1",
  "legal.privacy.booking.item2",
  "legal.privacy.booking.item3",
  "legal.privacy.booking.item4",
  "legal.privacy.booking.item5",
];

const RECIPIENTS: readonly MessageId[] = [
  "legal.privacy.recipients.item1",
  "legal.privacy.recipients.item2",
  "legal.privacy.recipients.item3",
  "legal.privacy.recipients.item4",
];

const RIGHTS: readonly MessageId[] = [
  "legal.privacy.rights.item1",
  "legal.privacy.rights.item2",
  "legal.privacy.rights.item3",
  "legal.privacy.rights.item4",
  "legal.privacy.rights.item5",
  "legal.privacy.rights.item6",
  "legal.privacy.rights.item7",
];

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  const { retention } = loaderData;
  const site = useSite();
  const t = useT();
  const locale = useLocale();
  const mail = <MessageAnchor href={`mailto:${site.email}`} />;
  return (
    <div className="container page prose legal">
      <h1>{t("legal.privacy.title")}</h1>
      <p className="lead">{t("legal.privacy.lead")}</p>
      {locale !== "fr" && locale !== "en" && (
        <p className="legal__prevails">
          <T id="legal.prevails" components={{ 0: <Link to={localizedPath("fr", "/privacy-policy")} /> }} />
        </p>
      )}

      <h2>{t("legal.privacy.controller.title")}</h2>
      <p>
        <T
          id="legal.privacy.controller.text"
          values={{ siteName: site.siteName, email: site.email }}
          components={{ 0: <Link to={localizedPath(locale, "/legal-notice")} />, 1: mail }}
        />
      </p>

      <h2>{t("legal.privacy.collect.title")}</h2>
      <h3>{t("legal.privacy.booking.title")}</h3>
      <p>{t("legal.privacy.booking.intro")}</p>
      <ul>
        {BOOKING_ITEMS.map((id) => (
          <li key={id}>{t(id)}</li>
        ))}
      </ul>
      <p>{t("legal.privacy.booking.use")}</p>
      <h3>{t("legal.privacy.payment.title")}</h3>
      <p>{t("legal.privacy.payment.text")}</p>
      <h3>{t("legal.privacy.contact.title")}</h3>
      <p>{t("legal.privacy.contact.text")}</p>
      <h3>{t("legal.privacy.technical.title")}</h3>
      <p>{t("legal.privacy.technical.text")}</p>

      <h2>{t("legal.privacy.browser.title")}</h2>
      <p>
        <T id="legal.privacy.browser.text" components={{ 0: <code />, 1: <code /> }} />
      </p>

      <h2>{t("legal.privacy.cookies.title")}</h2>
      <p>
        <T id="legal.privacy.cookies.text" components={{ 0: <code /> }} />
      </p>

      <h2>{t("legal.privacy.recipients.title")}</h2>
      <ul>
        {RECIPIENTS.map((id) => (
          <li key={id}>{t(id)}</li>
        ))}
      </ul>
      <p>{t("legal.privacy.recipients.text")}</p>

      <h2>{t("legal.privacy.retention.title")}</h2>
      <ul>
        <li>{t("legal.privacy.retention.item1")}</li>
        <li>{t("legal.privacy.retention.item2", { days: retention.unpaidBookingDays })}</li>
        <li>{t("legal.privacy.retention.item3", { days: retention.mailBodyDays })}</li>
        <li>{t("legal.privacy.retention.item4")}</li>
        <li>{t("legal.privacy.retention.item5")}</li>
        <li>{t("legal.privacy.retention.item6")}</li>
        <li>{t("legal.privacy.retention.item7")}</li>
      </ul>

      <h2>{t("legal.privacy.rights.title")}</h2>
      <p>{t("legal.privacy.rights.intro")}</p>
      <ul>
        {RIGHTS.map((id) => (
          <li key={id}>{t(id)}</li>
        ))}
      </ul>
      <p>
        <T
          id="legal.privacy.rights.exercise"
          values={{ email: site.email }}
          components={{ 0: mail, 1: <MessageAnchor href="https://www.cnil.fr/en" rel="noopener" /> }}
        />
      </p>

      <h2>{t("legal.privacy.security.title")}</h2>
      <p>{t("legal.privacy.security.text")}</p>

      <h2>{t("legal.privacy.changes.title")}</h2>
      <p>{t("legal.privacy.changes.text")}</p>
    </div>
  );
}

// Nothing here is interactive: served without React's JavaScript.
export const handle = STATIC_PAGE;
