import { data, Form, Link } from "react-router";
import { AdminTable } from "~/components/admin/AdminTable";
import type { Route } from "./+types/audit";
import { adminMeta } from "~/components/admin/admin-meta";
import { fieldId } from "~/components/ui/Field";
import { AUDIT_PAGE_SIZE, auditActionLabel, auditPersonOf } from "~/domain/back-office/staff-accounts";
import { auditQuerySchema, type AuditQuery } from "~/domain/back-office/staff-forms";
import { formatParisDateTime } from "~/domain/booking/paris-time";
import { auditActions, auditPage, auditPeople } from "~/lib/audit.server";
import { NO_STORE, requireStaff } from "~/lib/auth.server";

/**
 * The audit log (administrators only): who did what and when, newest first, a page of 50 at a
 * time, optionally only one action or one person's. The person is chosen from the staff accounts
 * (and the system, the command line and the traveller when they have rows) and travels in the
 * address as the account's opaque id, never as an e-mail.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "frame.nav.audit");

export function headers() {
  return NO_STORE;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.staff, request, ["admin"]);
  const query = auditQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const db = await context.booking.db();
  const person = auditPersonOf(query.person);
  // One row more than a page, so the page knows whether an older one exists.
  const [rows, actions, people] = await Promise.all([
    auditPage(db, {
      limit: AUDIT_PAGE_SIZE + 1,
      offset: (query.page - 1) * AUDIT_PAGE_SIZE,
      action: query.action || undefined,
      actorId: person && "actorId" in person ? person.actorId : undefined,
      fixedActor: person && "fixed" in person ? person.fixed : undefined,
    }),
    auditActions(db),
    auditPeople(db),
  ]);
  return data(
    {
      query,
      actions,
      people,
      older: rows.length > AUDIT_PAGE_SIZE,
      rows: rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
        id: r.id,
        at: formatParisDateTime(r.at),
        iso: r.at.toISOString(),
        actor: r.actor,
        action: r.action,
        what: auditActionLabel(r.action),
        orderId: r.orderId,
        detail: r.detail,
      })),
    },
    { headers: NO_STORE },
  );
}

function pageLink(query: AuditQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.action) params.set("action", query.action);
  if (query.person) params.set("person", query.person);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/audit?${search}` : "/admin/audit";
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { query, actions, people, rows, older } = loaderData;
  const filtered = Boolean(query.action || query.person);
  return (
    <>
      <h1>Audit</h1>
      <Form method="get" className="admin-panel admin-actions" aria-label="Filter the audit log">
        <div className="field">
          <label htmlFor={fieldId("action")}>Action</label>
          <select id={fieldId("action")} name="action" defaultValue={query.action}>
            <option value="">Every action</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {auditActionLabel(action)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={fieldId("person")}>Person</label>
          <select id={fieldId("person")} name="person" defaultValue={query.person}>
            <option value="">Everyone</option>
            {people.map((p) => (
              <option key={p.key} value={p.key}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Filter
        </button>
        {filtered ? <Link to="/admin/audit">Show everything</Link> : null}
      </Form>

      {rows.length === 0 ? (
        <p>{filtered ? "Nothing matches these filters." : "Nothing has been recorded yet."}</p>
      ) : (
        <AdminTable
          scrollable="Audit log"
          caption={`Audit log, newest first, page ${query.page}`}
          columns={["Time (Paris)", "Who", "What", "Order", "Detail"]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <time dateTime={row.iso}>{row.at}</time>
              </td>
              <td>{row.actor}</td>
              <td>{row.what}</td>
              <td>{row.orderId ? <Link to={`/admin/bookings/${encodeURIComponent(row.orderId)}`}>{row.orderId}</Link> : null}</td>
              <td>{row.detail}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {query.page > 1 || older ? (
        <nav aria-label="Audit pages" className="admin-actions">
          {query.page > 1 ? <Link to={pageLink(query, query.page - 1)}>Newer entries</Link> : null}
          <span>Page {query.page}</span>
          {older ? <Link to={pageLink(query, query.page + 1)}>Older entries</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
