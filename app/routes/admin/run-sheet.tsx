import { data, Link } from "react-router";
import { AdminTable } from "~/components/admin/AdminTable";
import type { Route } from "./+types/run-sheet";
import { DayPicker } from "~/components/admin/DayPicker";
import { adminMeta } from "~/components/admin/admin-meta";
import { neighbourDays, pickupsOfDay, runSheetDay } from "~/domain/back-office/run-sheet";
import { UNREAD_LEGS } from "~/domain/booking/booking-lines";
import { longDay, parisDayOf, parisDayRange } from "~/domain/booking/paris-time";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { bookingsPickedUpBetween } from "~/lib/dispatch.server";

/**
 * The run sheet (/admin/run-sheet?date=yyyy-mm-dd, today in Paris by default): every pickup of a
 * day in time order, each leg of a round trip on its own line, with what the driver needs. Its
 * print stylesheet (admin.css, "Run sheet") makes one plain A4 list of it.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "frame.nav.runSheet");

export function headers() {
  return NO_STORE;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.staff, request);
  const now = new Date();
  const today = parisDayOf(now);
  const chosen = runSheetDay(new URL(request.url).searchParams.get("date"), now);
  if (!chosen.ok) {
    return data({ ok: false as const, message: chosen.message, today }, { status: 400, headers: NO_STORE });
  }
  const { start, end } = parisDayRange(chosen.day);
  const sheet = pickupsOfDay(await bookingsPickedUpBetween(await context.booking.db(), start, end), chosen.day);
  return data(
    {
      ok: true as const,
      today,
      iso: chosen.iso,
      label: longDay(chosen.day),
      ...neighbourDays(chosen.day),
      cancelled: sheet.cancelled,
      lines: sheet.lines.map(({ pickupAt: _, ...line }) => line),
    },
    { headers: NO_STORE },
  );
}

function DayForm({ value }: { value: string }) {
  return <DayPicker action="/admin/run-sheet" id="run-sheet-date" value={value} className="run-sheet-picker no-print" />;
}

export default function RunSheet({ loaderData }: Route.ComponentProps) {
  if (!loaderData.ok) {
    return (
      <>
        <h1>Run sheet</h1>
        <p className="admin-notice" role="alert">
          {loaderData.message}
        </p>
        <DayForm value={loaderData.today} />
        <p>
          <Link to="/admin/run-sheet">Today&apos;s run sheet</Link>
        </p>
      </>
    );
  }
  const { iso, label, previous, next, today, lines, cancelled } = loaderData;
  return (
    <div className="run-sheet">
      <h1>Run sheet, {label}</h1>
      <nav aria-label="Previous and next day" className="run-sheet-days no-print">
        <Link to={`/admin/run-sheet?date=${previous}`} rel="prev">
          ← Previous day
        </Link>
        {iso !== today ? <Link to="/admin/run-sheet">Today</Link> : null}
        <Link to={`/admin/run-sheet?date=${next}`} rel="next">
          Next day →
        </Link>
      </nav>
      <DayForm value={iso} key={iso} />
      <p className="no-print">
        To print, use your browser&apos;s Print command (Ctrl+P, or ⌘P on a Mac): the menu and these controls are left out and the list fits
        A4 paper.
      </p>
      <p>
        {lines.length} {lines.length === 1 ? "pickup" : "pickups"}, Paris time.
        {cancelled > 0 ? ` ${cancelled} cancelled ${cancelled === 1 ? "booking is" : "bookings are"} not listed.` : ""}
      </p>
      {lines.length === 0 ? (
        <p>No pickup on this day.</p>
      ) : (
        <AdminTable
          caption={`Pickups of ${label}, in time order`}
          className="run-sheet-table"
          columns={["Time", "Order", "Flight", "From → to", "Passengers", "Luggage", "Driver", "Status"]}
        >
          {lines.map((l) => (
            <tr key={l.key}>
              <td className="run-sheet-time">{l.time}</td>
              <td>
                <Link to={`/admin/bookings/${l.orderId}`}>{l.orderId}</Link>
                {l.roundTrip ? ` (${l.leg === 1 ? "outbound" : "return"})` : ""}
                {l.test ? (
                  <>
                    {" "}
                    <span className="admin-badge admin-badge--test">Test</span>
                  </>
                ) : null}
              </td>
              <td>{l.unread ? <span className="admin-badge admin-badge--warn">{UNREAD_LEGS}</span> : l.flight || "—"}</td>
              <td>
                {l.from} → {l.to}
              </td>
              <td>{l.passengers}</td>
              <td>{l.luggage}</td>
              <td>{l.driver ?? "None yet"}</td>
              <td>{l.status}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  );
}
