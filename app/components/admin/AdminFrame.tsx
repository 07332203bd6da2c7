import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import { useT } from "~/components/i18n";
import type { BackOfficeLocale } from "~/domain/locales";

export interface FrameStaff {
  email: string;
  role: "admin" | "dispatcher";
  /** The language of their back office: the root's <html lang>, the titles' words. */
  locale: BackOfficeLocale;
}

/** What the back office's layout sends every page below it (routes/admin/layout). */
export interface BackOfficeLayoutData {
  staff: FrameStaff;
}

/** The back office's pages, in the order of its menu; `adminOnly` ones are hidden from dispatchers. */
const ADMIN_NAV = [
  { to: "/admin", label: "dashboard" },
  { to: "/admin/bookings", label: "bookings" },
  { to: "/admin/run-sheet", label: "runSheet" },
  { to: "/admin/runs", label: "runs" },
  { to: "/admin/drivers", label: "drivers" },
  { to: "/admin/vehicles", label: "vehicles", adminOnly: true },
  { to: "/admin/prices", label: "prices", adminOnly: true },
  { to: "/admin/staff", label: "staff", adminOnly: true },
  { to: "/admin/audit", label: "audit", adminOnly: true },
  { to: "/admin/account", label: "account" },
] as const satisfies ReadonlyArray<{ to: string; label: string; adminOnly?: boolean }>;

/**
 * The frame of every back-office page: a skip link, the menu (for a signed-in member), the
 * sign-out button, and the page's <main>.
 */
export function AdminFrame({ staff, children }: { staff: FrameStaff | null; children: ReactNode }) {
  const t = useT();
  return (
    <div className="admin">
      <a className="skip-link" href="#main">
        {t("admin.frame.skipLink")}
      </a>
      <header className="admin-header">
        <p className="admin-header__title">{t("admin.frame.title")}</p>
        {staff ? (
          <>
            <nav aria-label={t("admin.frame.menu")}>
              <ul className="admin-nav">
                {ADMIN_NAV.filter((item) => !("adminOnly" in item) || staff.role === "admin").map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.to === "/admin"}>
                      {t(`admin.frame.nav.${item.label}`)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <Form method="post" action="/admin/logout" className="admin-header__signout">
              <span>{t("admin.frame.member", { email: staff.email, role: staff.role })}</span>
              <button type="submit" className="button button--secondary">
                {t("admin.frame.signOut")}
              </button>
            </Form>
          </>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="admin-main">
        {children}
      </main>
    </div>
  );
}
