import { data, Form, Link, redirect } from "react-router";
import { AdminTable } from "~/components/admin/AdminTable";
import type { Route } from "./+types/bookings";
import { adminMeta } from "~/components/admin/admin-meta";
import { errorId, fieldId, FieldNotes } from "~/components/ui/Field";
import { FormErrors } from "~/components/ui/FormErrors";
import { TextField } from "~/components/ui/TextField";
import { readFilterFields, readListQuery, SEARCH_EXPIRED_MESSAGE, type FilterField } from "~/domain/back-office/booking-filters";
import { filterQuery, SEARCH_TOKEN_PARAM, STATUS_FILTER_GROUPS, type BookingFilters } from "~/domain/back-office/booking-list-query";
import { BOOKING_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "~/domain/back-office/statuses";
import { formatParisDateTime } from "~/domain/booking/paris-time";
import { formatEuros } from "~/domain/money";
import { fieldMessage, type FormProblem } from "~/domain/form-problems";
import { fieldsOf, readAdminForm } from "~/lib/admin-forms.server";
import { listBookings, type BookingListRow } from "~/lib/admin-bookings.server";
import { NO_STORE, requireStaff } from "~/lib/auth.server";

/**
 * The bookings list (docs/product.md, Back office, Bookings): every booking, newest first, 50 to
 * a page, searched by order id, name, e-mail or phone, filtered by status and pickup days, and
 * the same selection as a CSV file. Both roles use it.
 *
 * The filter form posts; its answer is a redirect to the list's address, where the status and
 * pickup days stay readable and the search text (a traveller's name, e-mail or phone) travels
 * only sealed, as the opaque token `s` (app/lib/search-tokens.server.ts), so it never lands in an
 * address, the browser's history, the CSV link or the login page's `next=`. A `q` in the address
 * is not read.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "frame.nav.bookings");

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const out = new Headers(NO_STORE);
  const timing = loaderHeaders.get("Server-Timing");
  if (timing) out.set("Server-Timing", timing);
  return out;
}

/** A row as the table shows it: every value already written out, in Paris time and euros. */
function shown(row: BookingListRow) {
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
    kind: row.kind === "shuttle" ? "Shuttle" : "Private",
    passengers: row.adults + row.children + row.babies,
    amount: formatEuros(row.priceCents),
    payment: PAYMENT_STATUS_LABELS[row.paymentStatus],
    status: BOOKING_STATUS_LABELS[row.bookingStatus],
    driver: driversText(row),
  };
}

/** The legs' drivers as the list shows them: "Jean", or "Jean / Marc" when the return has another (outbound first). */
function driversText(row: { roundTrip: boolean; firstDriverName: string | null; returnDriverName: string | null }): string {
  const outbound = row.firstDriverName ?? "";
  if (!row.roundTrip || row.returnDriverName === row.firstDriverName) return outbound;
  return `${outbound || "None yet"} / ${row.returnDriverName ?? "None yet"}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.staff, request);
  const params = new URL(request.url).searchParams;
  // A search in the address's own text (an old bookmark) is not read; the page says so.
  const oldSearch = params.has("q");
  const token = params.get(SEARCH_TOKEN_PARAM) || null;
  const opened = token ? context.staff.search.openSearch(token) : null;
  if (opened && !opened.ok) {
    const rest = readListQuery(params, null);
    const typed = rest.ok ? valuesOf(rest.filters) : { ...rest.typed, q: "" };
    return data(
      { ok: false as const, problems: [{ field: "q", message: SEARCH_EXPIRED_MESSAGE }], typed },
      { status: 400, headers: NO_STORE },
    );
  }
  const reading = readListQuery(params, opened?.text ?? null);
  if (!reading.ok) {
    return data({ ok: false as const, problems: reading.problems, typed: reading.typed }, { status: 400, headers: NO_STORE });
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
      rows: page.rows.map(shown),
      hasNext: page.hasNext,
      total: page.total,
      totalCapped: page.totalCapped,
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
  await requireStaff(context.staff, request);
  const fields = fieldsOf(await readAdminForm(request));
  if (fields.intent !== "search") {
    return data(
      { problems: [{ field: null, message: "This form cannot be sent here." }], typed: {} as Partial<Record<FilterField, string>> },
      { status: 400, headers: NO_STORE },
    );
  }
  const reading = readFilterFields(fields);
  if (!reading.ok) return data({ problems: reading.problems, typed: reading.typed }, { status: 400, headers: NO_STORE });
  const token = reading.filters.q ? context.staff.search.sealSearch(reading.filters.q) : null;
  return redirect(`/admin/bookings${filterQuery(reading.filters, 1, token)}`, { status: 303, headers: NO_STORE });
}

/** "53 bookings.", "1 booking matches these filters.", "More than 10,000 bookings match these filters." */
function countText(total: number, capped: boolean, filtered: boolean): string {
  const many = total !== 1 || capped;
  const number = `${capped ? "More than " : ""}${total.toLocaleString("en-GB")} ${many ? "bookings" : "booking"}`;
  return filtered ? `${number} ${many ? "match" : "matches"} these filters.` : `${number}.`;
}

function Filters({ values, problems }: { values: Partial<Record<FilterField, string>>; problems: readonly FormProblem[] }) {
  const errorOf = (field: FilterField) => fieldMessage(problems, field);
  const described = (field: FilterField) => (errorOf(field) ? errorId(field) : undefined);
  return (
    // Keyed by its values: another search's page starts from that search's values, not the last typed.
    <Form
      key={JSON.stringify(values)}
      method="post"
      action="/admin/bookings"
      className="admin-panel"
      aria-label="Search and filter the bookings"
    >
      <input type="hidden" name="intent" value="search" />
      <TextField
        name="q"
        label="Search"
        type="search"
        defaultValue={values.q ?? ""}
        hint="An order id, a name, an e-mail address or a phone number."
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        error={errorOf("q")}
      />
      <div className="admin-actions">
        <div className="field">
          <label htmlFor={fieldId("status")}>Status</label>
          <select
            id={fieldId("status")}
            name="status"
            defaultValue={values.status ?? ""}
            aria-invalid={errorOf("status") ? true : undefined}
            aria-describedby={described("status")}
          >
            <option value="">Every status</option>
            {STATUS_FILTER_GROUPS.map((group) => (
              <optgroup key={group.label} label={group.label}>
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
        <TextField name="from" label="First pickup from" type="date" defaultValue={values.from ?? ""} error={errorOf("from")} />
        <TextField name="to" label="First pickup to" type="date" defaultValue={values.to ?? ""} error={errorOf("to")} />
        <button type="submit" className="button">
          Show bookings
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
  const refused = actionData ?? (loaderData.ok ? null : loaderData);
  if (refused) {
    return (
      <>
        <h1>Bookings</h1>
        <FormErrors problems={refused.problems} title="These filters cannot be used" />
        <Filters values={refused.typed} problems={refused.problems} />
        <p>
          <Link to="/admin/bookings">Show every booking</Link>
        </p>
      </>
    );
  }
  if (!loaderData.ok) return null;
  const { filters, searchToken, oldSearch, rows, hasNext, total, totalCapped } = loaderData;
  const filtered = Boolean(filters.q || filters.status || filters.from || filters.to);
  return (
    <>
      <h1>Bookings</h1>
      {oldSearch ? (
        <p className="admin-notice" role="status">
          A search is no longer read from the page&apos;s address: type it in the Search box.
        </p>
      ) : null}
      <Filters values={valuesOf(filters)} problems={[]} />
      <div className="admin-actions">
        <p aria-live="polite">{countText(total, totalCapped, filtered)}</p>
        {filtered ? <Link to="/admin/bookings">Clear the filters</Link> : null}
        <a href={`/admin/bookings.csv${filterQuery(filters, 1, searchToken)}`} className="button button--secondary" download>
          Download CSV
        </a>
      </div>
      {rows.length === 0 ? (
        <p>{filtered ? "No booking matches these filters." : filters.page > 1 ? "This page is empty." : "There are no bookings yet."}</p>
      ) : (
        <AdminTable
          scrollable
          caption={`Bookings, newest first, page ${filters.page}`}
          columns={["Order", "Traveller", "First pickup (Paris)", "Route", "Type", "Passengers", "Amount", "Payment", "Status", "Driver"]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <Link to={`/admin/bookings/${encodeURIComponent(row.orderId)}`}>{row.orderId}</Link>
                {row.test ? (
                  <>
                    {" "}
                    <span className="admin-badge admin-badge--test">Test</span>
                  </>
                ) : null}
              </th>
              <td>
                {row.traveller}
                <br />
                {row.email}
              </td>
              <td>{row.pickup ? <time dateTime={row.pickupIso}>{row.pickup}</time> : "Not set"}</td>
              <td>
                {row.route}
                {row.roundTrip ? (
                  <>
                    <br />
                    and back
                  </>
                ) : null}
              </td>
              <td>{row.kind}</td>
              <td>{row.passengers}</td>
              <td>{row.amount}</td>
              <td>{row.payment}</td>
              <td>{row.status}</td>
              <td>{row.driver || "None yet"}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {filters.page > 1 || hasNext ? (
        <nav aria-label="Bookings pages" className="admin-actions">
          {filters.page > 1 ? (
            <Link to={`/admin/bookings${filterQuery(filters, filters.page - 1, searchToken)}`}>Previous page</Link>
          ) : null}
          <span>Page {filters.page}</span>
          {hasNext ? <Link to={`/admin/bookings${filterQuery(filters, filters.page + 1, searchToken)}`}>Next page</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
