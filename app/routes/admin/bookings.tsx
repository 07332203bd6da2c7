import { data, Form, Link, redirect } from "react-router";
import { AdminTable } from "~/components/admin/AdminTable";
import type { Route } from "./+types/bookings";
import { adminMeta } from "~/components/admin/admin-meta";
import { useAdminWords } from "~/components/admin/use-admin-words";
import { useLocale, useT } from "~/components/i18n";
import { errorId, fieldId, FieldNotes } from "~/components/ui/Field";
import { FormErrors } from "~/components/ui/FormErrors";
import { TextField } from "~/components/ui/TextField";
import { type AdminWords, bookingStatusIn, paymentStatusIn } from "~/domain/back-office/admin-words";
import { readFilterFields, readListQuery, SEARCH_EXPIRED, type FilterField } from "~/domain/back-office/booking-filters";
import { filterQuery, SEARCH_TOKEN_PARAM, statusFilterGroups, type BookingFilters } from "~/domain/back-office/booking-list-query";
import { formatParisDateTime } from "~/domain/booking/paris-time";
import type { BackOfficeLocale } from "~/domain/locales";
import { formatEuros } from "~/domain/money";
import { fieldMessage, type FormProblem } from "~/domain/form-problems";
import { groupThousands } from "~/domain/grouped-digits";
import { fieldsOf, readAdminForm } from "~/lib/admin-forms.server";
import { listBookings, type BookingListRow } from "~/lib/admin-bookings.server";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { adminMessages, adminWordsIn } from "~/lib/i18n.server";

/**
 * The bookings list (docs/product.md, Back office, Bookings): every booking, newest first, 50 to
 * a page, searched by order id, name, e-mail or phone, filtered by status and pickup days, and
 * the same selection as a CSV file. Both roles use it.
 *
 * The filter form posts; its answer is a redirect to the list's address, where the status and
 * pickup days stay readable and the search text (a traveller's name, e-mail or phone) travels
 * only sealed, as the opaque token `s` (app/lib/search-tokens.server.ts), so it never lands in an
 * address, the browser's history, the CSV link or the login page's `next=`. A `q` in the address
 * is not read. Everything is in the member's language but the CSV file, which stays English.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "frame.nav.bookings");

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const out = new Headers(NO_STORE);
  const timing = loaderHeaders.get("Server-Timing");
  if (timing) out.set("Server-Timing", timing);
  return out;
}

/** A row as the table shows it: every value already written out, in Paris time and euros, in the member's words. */
function shown(row: BookingListRow, words: AdminWords, locale: BackOfficeLocale) {
  return {
    id: row.id,
    orderId: row.orderId,
    test: row.test,
    traveller: `${row.firstname} ${row.lastname}`.trim(),
    email: row.email,
    pickup: row.firstPickupAt ? formatParisDateTime(row.firstPickupAt) : "",
    pickupIso: row.firstPickupAt?.toISOString() ?? "",
    route: `${row.depart} → ${row.arrive}`,
    roundTrip: row.roundTrip,
    kind: words(row.kind === "shuttle" ? "bookings.kind.shuttle" : "bookings.kind.private"),
    passengers: row.adults + row.children + row.babies,
    amount: formatEuros(row.priceCents, locale),
    payment: paymentStatusIn(words, row.paymentStatus),
    status: bookingStatusIn(words, row.bookingStatus),
    driver: driversText(row, words),
  };
}

/** The legs' drivers as the list shows them: "Jean", or "Jean / Marc" when the return has another (outbound first). */
function driversText(
  row: { roundTrip: boolean; firstDriverName: string | null; returnDriverName: string | null },
  words: AdminWords,
): string {
  const outbound = row.firstDriverName ?? "";
  if (!row.roundTrip || row.returnDriverName === row.firstDriverName) return outbound;
  const none = words("bookings.noDriverYet");
  return `${outbound || none} / ${row.returnDriverName ?? none}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(context.staff, request);
  const words = adminWordsIn(me.locale);
  const messages = adminMessages(me.locale, "bookings.", "status.");
  const params = new URL(request.url).searchParams;
  // A search in the address's own text (an old bookmark) is not read; the page says so.
  const oldSearch = params.has("q");
  const token = params.get(SEARCH_TOKEN_PARAM) || null;
  const opened = token ? context.staff.search.openSearch(token) : null;
  if (opened && !opened.ok) {
    const rest = readListQuery(params, null, words);
    const typed = rest.ok ? valuesOf(rest.filters) : { ...rest.typed, q: "" };
    return data(
      { ok: false as const, problems: [{ field: "q", message: words(SEARCH_EXPIRED) }], typed, messages },
      { status: 400, headers: NO_STORE },
    );
  }
  const reading = readListQuery(params, opened?.text ?? null, words);
  if (!reading.ok) {
    return data({ ok: false as const, problems: reading.problems, typed: reading.typed, messages }, { status: 400, headers: NO_STORE });
  }
  const db = await context.booking.db();
  const started = performance.now();
  const page = await listBookings(db, reading.filters);
  // The query's own time, for the benchmark and the browser's network panel (no personal data).
  const timing = `db;desc="bookings list";dur=${(performance.now() - started).toFixed(1)}`;
  return data(
    {
      ok: true as const,
      filters: reading.filters,
      // The same token for the page and CSV links: their search expires with the one it came from.
      searchToken: reading.filters.q ? token : null,
      oldSearch,
      rows: page.rows.map((row) => shown(row, words, me.locale)),
      hasNext: page.hasNext,
      total: page.total,
      totalCapped: page.totalCapped,
      messages,
    },
    { headers: { ...NO_STORE, "Server-Timing": timing } },
  );
}

/**
 * The filter form's post: its fields checked by the list's own schema, then a 303 to the list's
 * address with the search text sealed. Refused fields: their messages, status 400, the typed
 * values shown again (in the page, never in an address).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(context.staff, request);
  const words = adminWordsIn(me.locale);
  const fields = fieldsOf(await readAdminForm(request));
  if (fields.intent !== "search") {
    return data(
      {
        problems: [{ field: null, message: words("bookings.problem.unknownForm") }],
        typed: {} as Partial<Record<FilterField, string>>,
      },
      { status: 400, headers: NO_STORE },
    );
  }
  const reading = readFilterFields(fields, words);
  if (!reading.ok) return data({ problems: reading.problems, typed: reading.typed }, { status: 400, headers: NO_STORE });
  const token = reading.filters.q ? context.staff.search.sealSearch(reading.filters.q) : null;
  return redirect(`/admin/bookings${filterQuery(reading.filters, 1, token)}`, { status: 303, headers: NO_STORE });
}

/** "53 bookings.", "1 booking matches these filters.", "More than 10,000 bookings match these filters." ("Plus de 10 000 réservations…") */
function CountText({ total, capped, filtered }: { total: number; capped: boolean; filtered: boolean }) {
  const t = useT();
  // As Intl groups a count in each language, by hand (groupThousands says why).
  const shown = groupThousands(String(total), useLocale() === "fr" ? "\u202f" : ",");
  const which = `${filtered ? "filtered" : "all"}${capped ? "Capped" : ""}` as const;
  return <p aria-live="polite">{t(`admin.bookings.count.${which}`, { count: total, shown })}</p>;
}

function Filters({ values, problems }: { values: Partial<Record<FilterField, string>>; problems: readonly FormProblem[] }) {
  const t = useT();
  const words = useAdminWords();
  const errorOf = (field: FilterField) => fieldMessage(problems, field);
  const described = (field: FilterField) => (errorOf(field) ? errorId(field) : undefined);
  return (
    // Keyed by its values: another search's page starts from that search's values, not the last typed.
    <Form
      key={JSON.stringify(values)}
      method="post"
      action="/admin/bookings"
      className="admin-panel"
      aria-label={t("admin.bookings.filters.label")}
    >
      <input type="hidden" name="intent" value="search" />
      <TextField
        name="q"
        label={t("admin.bookings.filters.search")}
        type="search"
        defaultValue={values.q ?? ""}
        hint={t("admin.bookings.filters.searchHint")}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        error={errorOf("q")}
      />
      <div className="admin-actions">
        <div className="field">
          <label htmlFor={fieldId("status")}>{t("admin.bookings.filters.status")}</label>
          <select
            id={fieldId("status")}
            name="status"
            defaultValue={values.status ?? ""}
            aria-invalid={errorOf("status") ? true : undefined}
            aria-describedby={described("status")}
          >
            <option value="">{t("admin.bookings.filters.everyStatus")}</option>
            {statusFilterGroups(words).map((group) => (
              <optgroup key={group.id} label={group.label}>
                {group.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <FieldNotes name="status" error={errorOf("status")} />
        </div>
        <TextField
          name="from"
          label={t("admin.bookings.filters.from")}
          type="date"
          defaultValue={values.from ?? ""}
          error={errorOf("from")}
        />
        <TextField name="to" label={t("admin.bookings.filters.to")} type="date" defaultValue={values.to ?? ""} error={errorOf("to")} />
        <button type="submit" className="button">
          {t("admin.bookings.filters.submit")}
        </button>
      </div>
      <FieldNotes name="page" error={errorOf("page")} />
    </Form>
  );
}

function valuesOf(filters: BookingFilters): Partial<Record<FilterField, string>> {
  return { q: filters.q ?? "", status: filters.status ?? "", from: filters.from ?? "", to: filters.to ?? "" };
}

export default function Bookings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const refused = actionData ?? (loaderData.ok ? null : loaderData);
  if (refused) {
    return (
      <>
        <h1>{t("admin.bookings.title")}</h1>
        <FormErrors problems={refused.problems} title={t("admin.bookings.refused")} />
        <Filters values={refused.typed} problems={refused.problems} />
        <p>
          <Link to="/admin/bookings">{t("admin.bookings.showAll")}</Link>
        </p>
      </>
    );
  }
  if (!loaderData.ok) return null;
  const { filters, searchToken, oldSearch, rows, hasNext, total, totalCapped } = loaderData;
  const filtered = Boolean(filters.q || filters.status || filters.from || filters.to);
  return (
    <>
      <h1>{t("admin.bookings.title")}</h1>
      {oldSearch ? (
        <p className="admin-notice" role="status">
          {t("admin.bookings.oldSearch")}
        </p>
      ) : null}
      <Filters values={valuesOf(filters)} problems={[]} />
      <div className="admin-actions">
        <CountText total={total} capped={totalCapped} filtered={filtered} />
        {filtered ? <Link to="/admin/bookings">{t("admin.bookings.clear")}</Link> : null}
        <a href={`/admin/bookings.csv${filterQuery(filters, 1, searchToken)}`} className="button button--secondary" download>
          {t("admin.bookings.csv")}
        </a>
      </div>
      {rows.length === 0 ? (
        <p>{filtered ? t("admin.bookings.noMatch") : filters.page > 1 ? t("admin.bookings.emptyPage") : t("admin.bookings.none")}</p>
      ) : (
        <AdminTable
          scrollable
          caption={t("admin.bookings.caption", { page: filters.page })}
          columns={[
            t("admin.bookings.column.order"),
            t("admin.bookings.column.traveller"),
            t("admin.bookings.column.firstPickup"),
            t("admin.bookings.column.route"),
            t("admin.bookings.column.kind"),
            t("admin.bookings.column.passengers"),
            t("admin.bookings.column.amount"),
            t("admin.bookings.column.payment"),
            t("admin.bookings.column.status"),
            t("admin.bookings.column.driver"),
          ]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <Link to={`/admin/bookings/${encodeURIComponent(row.orderId)}`}>{row.orderId}</Link>
                {row.test ? (
                  <>
                    {" "}
                    <span className="admin-badge admin-badge--test">{t("admin.bookings.test")}</span>
                  </>
                ) : null}
              </th>
              <td>
                {row.traveller}
                <br />
                {row.email}
              </td>
              <td>{row.pickup ? <time dateTime={row.pickupIso}>{row.pickup}</time> : t("admin.bookings.notSet")}</td>
              <td>
                {row.route}
                {row.roundTrip ? (
                  <>
                    <br />
                    {t("admin.bookings.andBack")}
                  </>
                ) : null}
              </td>
              <td>{row.kind}</td>
              <td>{row.passengers}</td>
              <td>{row.amount}</td>
              <td>{row.payment}</td>
              <td>{row.status}</td>
              <td>{row.driver || t("admin.bookings.noDriverYet")}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {filters.page > 1 || hasNext ? (
        <nav aria-label={t("admin.bookings.pages")} className="admin-actions">
          {filters.page > 1 ? (
            <Link to={`/admin/bookings${filterQuery(filters, filters.page - 1, searchToken)}`}>{t("admin.bookings.previous")}</Link>
          ) : null}
          <span>{t("admin.bookings.page", { page: filters.page })}</span>
          {hasNext ? (
            <Link to={`/admin/bookings${filterQuery(filters, filters.page + 1, searchToken)}`}>{t("admin.bookings.next")}</Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
