import { formatEuros } from "~/domain/money";
import type { PublicSettings } from "~/domain/public-settings";
import { formatReleaseDate } from "~/domain/public-settings";
import { telHref } from "~/domain/phone";
import { STARTING_PRICES } from "~/domain/starting-prices";
import { AIRPORT_ROUTE_LINKS, LEGAL_LINKS, menuEntries } from "./navigation";

/** Navigation, legal links, main routes, starting prices, the way to one's booking ('Manage my booking') and the release date. */
export function SiteFooter({ site }: { site: PublicSettings }) {
  const shuttle = STARTING_PRICES.filter((p) => p.kind === "shuttle");
  const privates = STARTING_PRICES.filter((p) => p.kind === "private");
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <nav aria-labelledby="footer-nav">
          <h2 id="footer-nav" className="site-footer__heading">
            Navigation
          </h2>
          <ul>
            {menuEntries(site.vipUrl).map((entry) => (
              <li key={entry.label}>
                <a href={entry.to} rel={entry.external ? "noopener" : undefined}>
                  {entry.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-routes">
          <h2 id="footer-routes" className="site-footer__heading">
            Airport routes
          </h2>
          <ul>
            {AIRPORT_ROUTE_LINKS.map((entry) => (
              <li key={entry.to}>
                <a href={entry.to}>{entry.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-shuttle">
          <h2 id="footer-shuttle" className="site-footer__heading">
            Disneyland shuttles
          </h2>
          <ul>
            {shuttle.map((p) => (
              <li key={p.path}>
                <a href={p.path}>
                  {p.label} <span className="price-from">from {formatEuros(p.cents)}</span>
                </a>
              </li>
            ))}
          </ul>
          <h2 id="footer-private" className="site-footer__heading">
            Private Disneyland transfers
          </h2>
          <ul aria-labelledby="footer-private">
            {privates.map((p) => (
              <li key={p.path}>
                <a href={p.path}>
                  {p.label} <span className="price-from">from {formatEuros(p.cents)}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">Contact</h2>
          <p>
            <a href={telHref(site.phone)}>{site.phone}</a>
            <br />
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </p>
          <p>Phone lines open 06:30–11:00, Paris time.</p>
          <p>
            <a href="/my-booking">Manage my booking</a>
          </p>
          <nav aria-labelledby="footer-legal">
            <h2 id="footer-legal" className="site-footer__heading">
              Legal
            </h2>
            <ul>
              {LEGAL_LINKS.map((entry) => (
                <li key={entry.to}>
                  <a href={entry.to}>{entry.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>
          © {site.releaseDate.slice(0, 4)} {site.siteName}. Release of{" "}
          <time dateTime={site.releaseDate}>{formatReleaseDate(site.releaseDate)}</time>.
        </p>
      </div>
    </footer>
  );
}
