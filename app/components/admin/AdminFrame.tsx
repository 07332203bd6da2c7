import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";

export interface FrameStaff {
  email: string;
  role: "admin" | "dispatcher";
}

/** The back office's pages, in the order of its menu; `adminOnly` ones are hidden from dispatchers. */
const ADMIN_NAV: ReadonlyArray<{ to: string; label: string; adminOnly?: boolean }> = [
  { to: "/admin", label: "Dashboard" },
  { to: "/admin/bookings", label: "Bookings" },
  { to: "/admin/run-sheet", label: "Run sheet" },
  { to: "/admin/runs", label: "Shuttle runs" },
  { to: "/admin/drivers", label: "Drivers" },
  { to: "/admin/vehicles", label: "Vehicles", adminOnly: true },
  { to: "/admin/prices", label: "Prices", adminOnly: true },
  { to: "/admin/staff", label: "Staff", adminOnly: true },
  { to: "/admin/audit", label: "Audit", adminOnly: true },
  { to: "/admin/account", label: "My account" },
];

/**
 * The frame of every back-office page: a skip link, the menu (for a signed-in member), the
 * sign-out button, and the page's <main>.
 */
export function AdminFrame({ staff, children }: { staff: FrameStaff | null; children: ReactNode }) {
  return (
    <div className="admin">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-header">
        <p className="admin-header__title">Navette back office</p>
        {staff ? (
          <>
            <nav aria-label="Back office">
              <ul className="admin-nav">
                {ADMIN_NAV.filter((item) => !item.adminOnly || staff.role === "admin").map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.to === "/admin"}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <Form method="post" action="/admin/logout" className="admin-header__signout">
              <span>
                {staff.email} ({staff.role === "admin" ? "administrator" : "dispatcher"})
              </span>
              <button type="submit" className="button button--secondary">
                Sign out
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
