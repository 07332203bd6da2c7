import { data, Form, Link } from "react-router";
import { AdminTable } from "~/components/admin/AdminTable";
import type { Route } from "./+types/audit";
import { adminMeta } from "~/components/admin/admin-meta";
import { useLocale, useT } from "~/components/i18n";
import { fieldId } from "~/components/ui/Field";
import { AUDIT_PAGE_SIZE, auditActionLabel, auditActorText, auditPersonLabel, auditPersonOf } from "~/domain/back-office/staff-accounts";
import { auditQuerySchema, type AuditQuery } from "~/domain/back-office/staff-forms";
import { formatParisDateTime } from "~/domain/booking/paris-time";
import { auditActions, auditPage, auditPeople } from "~/lib/audit.server";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { adminMessages, adminWordsIn } from "~/lib/i18n.server";

/**
 * The audit log (administrators only): who did what and when, newest first, a page of 50 at a
 * time, optionally only one action or one person's. The person is chosen from the staff accounts
 * (and the system, the command line and the traveller when they have rows) and travels in the
 * address as the account's opaque id, never as an e-mail. The page speaks the member's language;
 * each row's detail stays in English, the business's record whoever reads it.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "frame.nav.audit");

export function headers() {
  return NO_STORE;
}

/** The audit page's words the component shows (the actions and fixed actors are worded by the loader). */
const PAGE_WORDS = [
  "title",
  "filters.",
  "showAll",
  "noMatch",
  "none",
  "region",
  "caption",
  "column.",
  "pages",
  "newer",
  "page",
  "older",
].map((group) => `audit.${group}`);

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(context.staff, request, ["admin"]);
  const words = adminWordsIn(me.locale);
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
      actions: actions.map((action) => ({ value: action, label: auditActionLabel(action, words) })),
      people: people.map((person) => ({ key: person.key, label: auditPersonLabel(person, words) })),
      older: rows.length > AUDIT_PAGE_SIZE,
      rows: rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
        id: r.id,
        at: formatParisDateTime(r.at),
        iso: r.at.toISOString(),
        actor: auditActorText(r, words),
        what: auditActionLabel(r.action, words),
        orderId: r.orderId,
        detail: r.detail,
      })),
      // The page's own words; the actions and people arrive worded.
      messages: adminMessages(me.locale, ...PAGE_WORDS),
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
  const t = useT();
  // The details are the business's record, in English: marked so for a screen reader on a French page.
  const detailLang = useLocale() === "en" ? undefined : "en";
  const filtered = Boolean(query.action || query.person);
  return (
    <>
      <h1>{t("admin.audit.title")}</h1>
      <Form method="get" className="admin-panel admin-actions" aria-label={t("admin.audit.filters.label")}>
        <div className="field">
          <label htmlFor={fieldId("action")}>{t("admin.audit.filters.action")}</label>
          <select id={fieldId("action")} name="action" defaultValue={query.action}>
            <option value="">{t("admin.audit.filters.everyAction")}</option>
            {actions.map((action) => (
              <option key={action.value} value={action.value}>
                {action.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={fieldId("person")}>{t("admin.audit.filters.person")}</label>
          <select id={fieldId("person")} name="person" defaultValue={query.person}>
            <option value="">{t("admin.audit.filters.everyone")}</option>
            {people.map((p) => (
              <option key={p.key} value={p.key}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {t("admin.audit.filters.submit")}
        </button>
        {filtered ? <Link to="/admin/audit">{t("admin.audit.showAll")}</Link> : null}
      </Form>

      {rows.length === 0 ? (
        <p>{filtered ? t("admin.audit.noMatch") : t("admin.audit.none")}</p>
      ) : (
        <AdminTable
          scrollable={t("admin.audit.region")}
          caption={t("admin.audit.caption", { page: query.page })}
          columns={[
            t("admin.audit.column.time"),
            t("admin.audit.column.who"),
            t("admin.audit.column.what"),
            t("admin.audit.column.order"),
            t("admin.audit.column.detail"),
          ]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <time dateTime={row.iso}>{row.at}</time>
              </td>
              <td>{row.actor}</td>
              <td>{row.what}</td>
              <td>{row.orderId ? <Link to={`/admin/bookings/${encodeURIComponent(row.orderId)}`}>{row.orderId}</Link> : null}</td>
              <td lang={detailLang}>{row.detail}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {query.page > 1 || older ? (
        <nav aria-label={t("admin.audit.pages")} className="admin-actions">
          {query.page > 1 ? <Link to={pageLink(query, query.page - 1)}>{t("admin.audit.newer")}</Link> : null}
          <span>{t("admin.audit.page", { page: query.page })}</span>
          {older ? <Link to={pageLink(query, query.page + 1)}>{t("admin.audit.older")}</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
