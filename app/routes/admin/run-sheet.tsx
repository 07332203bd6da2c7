import { data, Link } from "react-router";
import { AdminTable } from "~/components/admin/AdminTable";
import type { Route } from "./+types/run-sheet";
import { DayPicker } from "~/components/admin/DayPicker";
import { adminMeta } from "~/components/admin/admin-meta";
import { useT } from "~/components/i18n";
import { longDayIn } from "~/domain/back-office/admin-words";
import { neighbourDays, PICKUP_LINE_WORDS, pickupsOfDay, runSheetDay } from "~/domain/back-office/run-sheet";
import { parisDayOf, parisDayRange } from "~/domain/booking/paris-time";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { bookingsPickedUpBetween } from "~/lib/dispatch.server";
import { adminMessagesExcept, adminWordsIn } from "~/lib/i18n.server";

/**
 * The run sheet (/admin/run-sheet?date=yyyy-mm-dd, today in Paris by default): every pickup of a
 * day in time order, each leg of a round trip on its own line, with what the driver needs. Its
 * print stylesheet (admin.css, "Run sheet") makes one plain A4 list of it.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "frame.nav.runSheet");

export function headers() {
  return NO_STORE;
}

/**
 * The sheet's words only the server speaks: a line's flight and party, and the refusal of a date
 * that is no day, reach the page as text (pickupsOfDay, runSheetDay).
 */
const SERVER_WORDS = [...PICKUP_LINE_WORDS, "day.invalid"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(context.staff, request);
  const words = adminWordsIn(me.locale);
  const messages = adminMessagesExcept(me.locale, ["sheet.", "day.", "legs.unread"], SERVER_WORDS);
  const now = new Date();
  const today = parisDayOf(now);
  const chosen = runSheetDay(new URL(request.url).searchParams.get("date"), now, words);
  if (!chosen.ok) {
    return data({ ok: false as const, message: chosen.message, today, messages }, { status: 400, headers: NO_STORE });
  }
  const { start, end } = parisDayRange(chosen.day);
  const sheet = pickupsOfDay(await bookingsPickedUpBetween(await context.booking.db(), start, end), chosen.day, words);
  return data(
    {
      ok: true as const,
      today,
      iso: chosen.iso,
      label: longDayIn(words, chosen.day),
      ...neighbourDays(chosen.day),
      cancelled: sheet.cancelled,
      lines: sheet.lines.map(({ pickupAt: _, ...line }) => line),
      messages,
    },
    { headers: NO_STORE },
  );
}

function DayForm({ value }: { value: string }) {
  return <DayPicker action="/admin/run-sheet" id="run-sheet-date" value={value} className="run-sheet-picker no-print" />;
}

export default function RunSheet({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (!loaderData.ok) {
    return (
      <>
        <h1>{t("admin.sheet.title")}</h1>
        <p className="admin-notice" role="alert">
          {loaderData.message}
        </p>
        <DayForm value={loaderData.today} />
        <p>
          <Link to="/admin/run-sheet">{t("admin.sheet.todayLink")}</Link>
        </p>
      </>
    );
  }
  const { iso, label, previous, next, today, lines, cancelled } = loaderData;
  return (
    <div className="run-sheet">
      <h1>{t("admin.sheet.titleOf", { day: label })}</h1>
      <nav aria-label={t("admin.sheet.days")} className="run-sheet-days no-print">
        <Link to={`/admin/run-sheet?date=${previous}`} rel="prev">
          {t("admin.sheet.previous")}
        </Link>
        {iso !== today ? <Link to="/admin/run-sheet">{t("admin.sheet.today")}</Link> : null}
        <Link to={`/admin/run-sheet?date=${next}`} rel="next">
          {t("admin.sheet.next")}
        </Link>
      </nav>
      <DayForm value={iso} key={iso} />
      <p className="no-print">{t("admin.sheet.print")}</p>
      <p>{t("admin.sheet.count", { count: lines.length, cancelled })}</p>
      {lines.length === 0 ? (
        <p>{t("admin.sheet.none")}</p>
      ) : (
        <AdminTable
          caption={t("admin.sheet.caption", { day: label })}
          className="run-sheet-table"
          columns={[
            t("admin.sheet.column.time"),
            t("admin.sheet.column.order"),
            t("admin.sheet.column.flight"),
            t("admin.sheet.column.fromTo"),
            t("admin.sheet.column.passengers"),
            t("admin.sheet.column.luggage"),
            t("admin.sheet.column.driver"),
            t("admin.sheet.column.status"),
          ]}
        >
          {lines.map((l) => (
            <tr key={l.key}>
              <td className="run-sheet-time">{l.time}</td>
              <td>
                <Link to={`/admin/bookings/${l.orderId}`}>{l.orderId}</Link>
                {l.roundTrip ? t("admin.sheet.legOf", { leg: l.leg }) : ""}
                {l.test ? (
                  <>
                    {" "}
                    <span className="admin-badge admin-badge--test">{t("admin.sheet.test")}</span>
                  </>
                ) : null}
              </td>
              <td>{l.unread ? <span className="admin-badge admin-badge--warn">{t("admin.legs.unread")}</span> : l.flight || "—"}</td>
              <td>
                {l.from} → {l.to}
              </td>
              <td>{l.passengers}</td>
              <td>{l.luggage}</td>
              <td>{l.driver ?? t("admin.sheet.noDriverYet")}</td>
              <td>{l.status}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  );
}
