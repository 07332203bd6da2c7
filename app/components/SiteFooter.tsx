import { localizedPath } from "~/domain/locales";
import { formatEuros } from "~/domain/money";
import type { PublicSettings } from "~/domain/public-settings";
import { formatReleaseDate } from "~/domain/public-settings";
import { telHref } from "~/domain/phone";
import { STARTING_PRICES } from "~/domain/starting-prices";
import { T, useLocale, useT } from "./i18n";
import { AIRPORT_ROUTE_LINKS, LEGAL_LINKS, menuEntries, startingPriceLabel } from "./navigation";

/** Navigation, legal links, main routes, starting prices, the way to one's booking ('Manage my booking') and the release date. */
export function SiteFooter({ site }: { site: PublicSettings }) {
  const t = useT();
  const locale = useLocale();
  const shuttle = STARTING_PRICES.filter((p) => p.kind === "shuttle");
  const privates = STARTING_PRICES.filter((p) => p.kind === "private");
  const href = (path: string) => localizedPath(locale, path);
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <nav aria-labelledby="footer-nav">
          <h2 id="footer-nav" className="site-footer__heading">
            {t("common.footer.navigation")}
          </h2>
          <ul>
            {menuEntries(site.vipUrl).map((entry) => (
              <li key={entry.label}>
                <a href={href(entry.to)} rel={entry.external ? "noopener" : undefined}>
                  {t(entry.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-routes">
          <h2 id="footer-routes" className="site-footer__heading">
            {t("common.footer.airportRoutes")}
          </h2>
          <ul>
            {AIRPORT_ROUTE_LINKS.map((entry) => (
              <li key={entry.to}>
                <a href={href(entry.to)}>{t(entry.label)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-shuttle">
          <h2 id="footer-shuttle" className="site-footer__heading">
            {t("common.footer.shuttles")}
          </h2>
          <ul>
            {shuttle.map((p) => (
              <li key={p.path}>
                <a href={href(p.path)}>
                  {t(startingPriceLabel(p.kind, p.airport))}{" "}
                  <span className="price-from">{t("common.footer.from", { price: formatEuros(p.cents, locale) })}</span>
                </a>
              </li>
            ))}
          </ul>
          <h2 id="footer-private" className="site-footer__heading">
            {t("common.footer.privates")}
          </h2>
          <ul aria-labelledby="footer-private">
            {privates.map((p) => (
              <li key={p.path}>
                <a href={href(p.path)}>
                  {t(startingPriceLabel(p.kind, p.airport))}{" "}
                  <span className="price-from">{t("common.footer.from", { price: formatEuros(p.cents, locale) })}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">{t("common.footer.contact")}</h2>
          <p>
            <a href={telHref(site.phone)}>{site.phone}</a>
            <br />
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </p>
          <p>{t("common.footer.phoneHours")}</p>
          <p>
            <a href={href("/my-booking")}>{t("common.footer.manageBooking")}</a>
          </p>
          <nav aria-labelledby="footer-legal">
            <h2 id="footer-legal" className="site-footer__heading">
              {t("common.footer.legal")}
            </h2>
            <ul>
              {LEGAL_LINKS.map((entry) => (
                <li key={entry.to}>
                  <a href={href(entry.to)}>{t(entry.label)}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>
          <T
            id="common.footer.release"
            values={{ year: site.releaseDate.slice(0, 4), siteName: site.siteName, date: formatReleaseDate(site.releaseDate, locale) }}
            components={{ 0: <time dateTime={site.releaseDate} /> }}
          />
        </p>
      </div>
    </footer>
  );
}
