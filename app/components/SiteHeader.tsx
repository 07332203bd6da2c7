import { useLocation } from "react-router";
import { isLocalizedPath, type Locale, LOCALE_NAMES, LOCALES, localizedPath, pathWithoutLocale } from "~/domain/locales";
import type { PublicSettings } from "~/domain/public-settings";
import { telHref } from "~/domain/phone";
import { useLocale, useT } from "./i18n";
import { Logo } from "./ui/Logo";
import { menuEntries } from "./navigation";

const MENU_ID = "site-menu";

/**
 * Logo, click-to-call link, the languages and the menu. The markup only: the
 * hamburger's behaviour lives in public/js/menu.js, loaded on every page, so pages that ship
 * no React still have a working menu (docs/decisions/0005-static-pages-without-react.md).
 * Plain links: each page is loaded as a document, with its own script or none, even from a page
 * that runs React (decision 0028).
 */
export function SiteHeader({ site }: { site: PublicSettings }) {
  const t = useT();
  const locale = useLocale();
  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <a
          href={localizedPath(locale, "/")}
          className="site-header__logo"
          aria-label={t("common.header.homeLabel", { siteName: site.siteName })}
        >
          <Logo />
          <span className="site-header__name">{site.siteName}</span>
        </a>
        <a className="site-header__phone" href={telHref(site.phone)}>
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" focusable="false">
            <path
              fill="currentColor"
              d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z"
            />
          </svg>
          <span className="visually-hidden">{t("common.header.callUs")}</span>
          {site.phone}
        </a>
        <LanguageSwitcher />
        <button type="button" className="site-header__toggle" aria-expanded="false" aria-controls={MENU_ID}>
          <span className="hamburger" aria-hidden="true" />
          <span className="visually-hidden">{t("common.header.menu")}</span>
        </button>
      </div>
      <nav aria-label={t("common.header.mainNav")} className="container">
        <ul id={MENU_ID} className="site-menu">
          {menuEntries(site.vipUrl).map((entry) => (
            <li key={entry.label}>
              <a href={localizedPath(locale, entry.to)} rel={entry.external ? "noopener" : undefined}>
                {t(entry.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/**
 * This page in each language, its query kept; a page that exists only in English offers each
 * language's home page. A disclosure that opens without script, so it works on every page.
 */
function LanguageSwitcher() {
  const t = useT();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const englishPath = pathWithoutLocale(pathname);
  const href = (l: Locale) => {
    if (isLocalizedPath(englishPath)) return localizedPath(l, `${englishPath}${search}`);
    return l === locale ? `${pathname}${search}` : localizedPath(l, "/");
  };
  return (
    <details className="language-switcher">
      <summary>
        <span lang={locale}>{locale.toUpperCase()}</span>
        <span className="visually-hidden"> – {t("common.header.languages")}</span>
      </summary>
      <ul aria-label={t("common.header.languages")}>
        {LOCALES.map((l) => (
          <li key={l}>
            <a href={href(l)} hrefLang={l} lang={l} aria-current={l === locale ? "true" : undefined}>
              {LOCALE_NAMES[l]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
