import { data, Link } from "react-router";
import { AdminTable } from "~/components/admin/AdminTable";
import type { Route } from "./+types/dashboard";
import { adminMeta } from "~/components/admin/admin-meta";
import { T, useT } from "~/components/i18n";
import { backupWarning } from "~/domain/backups";
import { comingPickups, TO_CONFIRM_GRACE_HOURS, toConfirmRows, toRefundRows, unassignedRows } from "~/domain/back-office/dashboard";
import { PICKUP_LINE_WORDS } from "~/domain/back-office/run-sheet";
import { addDays, parisToday, parisDayRange } from "~/domain/booking/paris-time";
import { formatEuros } from "~/domain/money";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { listBackups } from "~/lib/backups.server";
import { adminMessagesExcept, adminWordsIn } from "~/lib/i18n.server";
import { bookingsPickedUpBetween, bookingsToConfirm, bookingsToRefund, unassignedBookings } from "~/lib/dispatch.server";

/**
 * The back office's first page (/admin): what needs doing now. Paid bookings waiting for a
 * confirmation whose first pickup is still to come, with the time left on the 12-hour promise;
 * today's and tomorrow's pickups; confirmed bookings with no driver yet; and cancelled bookings
 * whose money is still held, to refund. On the embedded database, a warning when its last backup is
 * more than two days old (docs/product.md, Backups).
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "frame.nav.dashboard");

export function headers() {
  return NO_STORE;
}

/**
 * The run sheet's words the dashboard does not show, as prefixes of message ids ("sheet.title"
 * leaves out "sheet.titleOf" too): a line's flight and party, worded by the server
 * (comingPickups), and the run sheet page's own (its day's navigation, count, luggage).
 */
const NOT_SHOWN = [
  ...PICKUP_LINE_WORDS,
  "sheet.column.luggage",
  "sheet.noDriverYet",
  "sheet.title",
  "sheet.today",
  "sheet.days",
  "sheet.previous",
  "sheet.next",
  "sheet.print",
  "sheet.count",
  "sheet.none",
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(context.staff, request);
  const words = adminWordsIn(me.locale);
  const now = new Date();
  const db = await context.booking.db();
  const today = parisToday(now);
  const start = parisDayRange(today).start;
  const end = parisDayRange(addDays(today, 1)).end;
  const [toConfirm, picked, unassigned, toRefund] = await Promise.all([
    bookingsToConfirm(db, now),
    bookingsPickedUpBetween(db, start, end),
    unassignedBookings(db, now),
    bookingsToRefund(db),
  ]);
  const { databaseUrl, backup } = context.settings;
  return data(
    {
      backupWarning: databaseUrl ? null : backupWarning(listBackups(backup.dir)[0]?.takenAt ?? null, now, backup.hour, words),
      toConfirm: toConfirmRows(toConfirm, now, words),
      days: comingPickups(picked, now, words),
      unassigned: unassignedRows(unassigned, now).map(({ nextPickupAt: _, ...row }) => row),
      toRefund: toRefundRows(toRefund, words).map(({ heldCents, ...row }) => ({ ...row, held: formatEuros(heldCents, me.locale) })),
      messages: adminMessagesExcept(me.locale, ["dashboard.", "sheet.", "legs.unread"], NOT_SHOWN),
    },
    { headers: NO_STORE },
  );
}

function OrderLink({ orderId, test }: { orderId: string; test: boolean }) {
  const t = useT();
  return (
    <>
      <Link to={`/admin/bookings/${orderId}`}>{orderId}</Link>
      {test ? (
        <>
          {" "}
          <span className="admin-badge admin-badge--test">{t("admin.sheet.test")}</span>
        </>
      ) : null}
    </>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { backupWarning, toConfirm, days, unassigned, toRefund } = loaderData;
  const t = useT();
  const overdue = toConfirm.filter((r) => r.overdue).length;
  return (
    <>
      <h1>{t("admin.dashboard.title")}</h1>
      {backupWarning ? <p className="admin-notice admin-notice--warn">{backupWarning}</p> : null}

      <section className="admin-panel" aria-labelledby="confirm-title">
        <h2 id="confirm-title">{t("admin.dashboard.toConfirm", { count: toConfirm.length, overdue })}</h2>
        <p>{t("admin.dashboard.toConfirmNote", { hours: TO_CONFIRM_GRACE_HOURS })}</p>
        {toConfirm.length === 0 ? (
          <p>{t("admin.dashboard.nothingToConfirm")}</p>
        ) : (
          <AdminTable
            caption={t("admin.dashboard.toConfirmCaption")}
            columns={[
              t("admin.dashboard.column.order"),
              t("admin.dashboard.column.timeLeft"),
              t("admin.dashboard.column.paid"),
              t("admin.dashboard.column.confirmBy"),
              t("admin.dashboard.column.firstPickup"),
              t("admin.dashboard.column.route"),
            ]}
          >
            {toConfirm.map((r) => (
              <tr key={r.orderId}>
                <td>
                  <OrderLink orderId={r.orderId} test={r.test} />
                </td>
                <td>{r.overdue ? <span className="admin-badge admin-badge--warn">{r.timeLeft}</span> : r.timeLeft}</td>
                <td>{r.paid || "—"}</td>
                <td>{r.due || "—"}</td>
                <td>{r.firstPickup || "—"}</td>
                <td>{r.route}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>

      {days.map((day) => (
        <section className="admin-panel" aria-labelledby={`day-${day.iso}`} key={day.iso}>
          <h2 id={`day-${day.iso}`}>{t("admin.dashboard.day", { when: day.when, day: day.label, count: day.lines.length })}</h2>
          {day.lines.length === 0 ? (
            <p>{t("admin.dashboard.noPickup")}</p>
          ) : (
            <AdminTable
              caption={t("admin.sheet.caption", { day: day.label })}
              columns={[
                t("admin.sheet.column.time"),
                t("admin.sheet.column.order"),
                t("admin.sheet.column.flight"),
                t("admin.sheet.column.fromTo"),
                t("admin.sheet.column.passengers"),
                t("admin.sheet.column.driver"),
                t("admin.sheet.column.status"),
              ]}
            >
              {day.lines.map((l) => (
                <tr key={l.key}>
                  <td>{l.time}</td>
                  <td>
                    <OrderLink orderId={l.orderId} test={l.test} />
                    {l.roundTrip ? t("admin.sheet.legOf", { leg: l.leg }) : ""}
                  </td>
                  <td>{l.unread ? <span className="admin-badge admin-badge--warn">{t("admin.legs.unread")}</span> : l.flight || "—"}</td>
                  <td>
                    {l.from} → {l.to}
                  </td>
                  <td>{l.passengers}</td>
                  <td>{l.driver ?? <span className="admin-badge admin-badge--warn">{t("admin.sheet.noDriver")}</span>}</td>
                  <td>{l.status}</td>
                </tr>
              ))}
            </AdminTable>
          )}
          <p>
            <Link to={`/admin/run-sheet?date=${day.iso}`}>
              <T
                id="admin.dashboard.runSheetOf"
                values={{ when: day.when, day: day.label }}
                components={{ 0: <span className="visually-hidden" /> }}
              />
            </Link>
          </p>
        </section>
      ))}

      <section className="admin-panel" aria-labelledby="unassigned-title">
        <h2 id="unassigned-title">{t("admin.dashboard.unassigned", { count: unassigned.length })}</h2>
        {unassigned.length === 0 ? (
          <p>{t("admin.dashboard.allAssigned")}</p>
        ) : (
          <AdminTable
            caption={t("admin.dashboard.unassignedCaption")}
            columns={[t("admin.dashboard.column.order"), t("admin.dashboard.column.nextPickup"), t("admin.dashboard.column.route")]}
          >
            {unassigned.map((r) => (
              <tr key={r.orderId}>
                <td>
                  <OrderLink orderId={r.orderId} test={r.test} />
                </td>
                <td>{r.nextPickup}</td>
                <td>{r.route}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>

      <section className="admin-panel" aria-labelledby="refund-title">
        <h2 id="refund-title">{t("admin.dashboard.toRefund", { count: toRefund.length })}</h2>
        {toRefund.length === 0 ? (
          <p>{t("admin.dashboard.nothingHeld")}</p>
        ) : (
          <AdminTable
            caption={t("admin.dashboard.toRefundCaption")}
            columns={[
              t("admin.dashboard.column.order"),
              t("admin.dashboard.column.held"),
              t("admin.dashboard.column.payment"),
              t("admin.dashboard.column.cancelled"),
              t("admin.dashboard.column.route"),
            ]}
          >
            {toRefund.map((r) => (
              <tr key={r.orderId}>
                <td>
                  <OrderLink orderId={r.orderId} test={r.test} />
                </td>
                <td>{r.held}</td>
                <td>{r.payment}</td>
                <td>{r.cancelled || "—"}</td>
                <td>{r.route}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
    </>
  );
}
