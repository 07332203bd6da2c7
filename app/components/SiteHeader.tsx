import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { PublicSettings } from "~/domain/public-settings";
import { telHref } from "~/domain/public-settings";
import { Logo } from "./ui/Logo";
import { menuEntries } from "./navigation";

/**
 * Logo, click-to-call link and the menu (specification 2.2 and 4.1). On small screens the
 * hamburger toggles the menu; choosing a link or pressing Escape closes it.
 */
export function SiteHeader({ site }: { site: PublicSettings }) {
  const location = useLocation();
  // The menu is open for the location it was opened at: any navigation (a link, the back
  // button) closes it without an extra render.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const setOpen = (next: boolean) => setOpenAt(next ? location.key : null);
  const menuId = "site-menu";
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpenAt(null);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to="/" className="site-header__logo" aria-label={`${site.siteName}, home`}>
          <Logo />
          <span className="site-header__name">{site.siteName}</span>
        </Link>
        <a className="site-header__phone" href={telHref(site.phone)}>
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" focusable="false">
            <path
              fill="currentColor"
              d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z"
            />
          </svg>
          <span className="visually-hidden">Call us: </span>
          {site.phone}
        </a>
        <button
          ref={buttonRef}
          type="button"
          className="site-header__toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen(!open)}
        >
          <span className="hamburger" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
      </div>
      <nav aria-label="Main" className="container">
        <ul id={menuId} className={open ? "site-menu is-active" : "site-menu"}>
          {menuEntries(site.vipUrl).map((entry) => (
            <li key={entry.label}>
              {entry.external ? (
                <a href={entry.to} rel="noopener" onClick={() => setOpen(false)}>
                  {entry.label}
                </a>
              ) : (
                <Link to={entry.to} onClick={() => setOpen(false)} prefetch="intent">
                  {entry.label}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
