import { data, Link } from "react-router";
import { AdminTable } from "~/components/admin/AdminTable";
import type { Route } from "./+types/dashboard";
import { adminMeta } from "~/components/admin/admin-meta";
import { backupWarning } from "~/domain/backups";
import { comingPickups, TO_CONFIRM_GRACE_HOURS, toConfirmRows, toRefundRows, unassignedRows } from "~/domain/back-office/dashboard";
import { UNREAD_LEGS } from "~/domain/booking/booking-lines";
import { addDays, parisToday, parisDayRange } from "~/domain/booking/paris-time";
import { formatEuros } from "~/domain/money";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { listBackups } from "~/lib/backups.server";
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

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.staff, request);
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
      backupWarning: databaseUrl ? null : backupWarning(listBackups(backup.dir)[0]?.takenAt ?? null, now, backup.hour),
      toConfirm: toConfirmRows(toConfirm, now),
      days: comingPickups(picked, now),
      unassigned: unassignedRows(unassigned, now).map(({ nextPickupAt: _, ...row }) => row),
      toRefund: toRefundRows(toRefund).map(({ heldCents, ...row }) => ({ ...row, held: formatEuros(heldCents) })),
    },
    { headers: NO_STORE },
  );
}

function OrderLink({ orderId, test }: { orderId: string; test: boolean }) {
  return (
    <>
      <Link to={`/admin/bookings/${orderId}`}>{orderId}</Link>
      {test ? (
        <>
          {" "}
          <span className="admin-badge admin-badge--test">Test</span>
        </>
      ) : null}
    </>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { backupWarning, toConfirm, days, unassigned, toRefund } = loaderData;
  const overdue = toConfirm.filter((r) => r.overdue).length;
  return (
    <>
      <h1>Dashboard</h1>
      {backupWarning ? <p className="admin-notice admin-notice--warn">{backupWarning}</p> : null}

      <section className="admin-panel" aria-labelledby="confirm-title">
        <h2 id="confirm-title">
          Paid, to confirm ({toConfirm.length}){overdue > 0 ? `, ${overdue} overdue` : ""}
        </h2>
        <p>
          Travellers are promised a confirmation within 12 hours of paying. The oldest payment comes first. A booking leaves this list{" "}
          {TO_CONFIRM_GRACE_HOURS} hours after its first pickup; older ones are in the bookings list (status New).
        </p>
        {toConfirm.length === 0 ? (
          <p>Nothing to confirm.</p>
        ) : (
          <AdminTable
            caption="Paid bookings to confirm, oldest payment first"
            columns={["Order", "Time left", "Paid", "Confirm by", "First pickup", "Route"]}
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
          <h2 id={`day-${day.iso}`}>
            {day.title}, {day.label}: {day.lines.length} {day.lines.length === 1 ? "pickup" : "pickups"}
          </h2>
          {day.lines.length === 0 ? (
            <p>No pickup.</p>
          ) : (
            <AdminTable
              caption={`Pickups of ${day.label}, in time order`}
              columns={["Time", "Order", "Flight", "From → to", "Passengers", "Driver", "Status"]}
            >
              {day.lines.map((l) => (
                <tr key={l.key}>
                  <td>{l.time}</td>
                  <td>
                    <OrderLink orderId={l.orderId} test={l.test} />
                    {l.roundTrip ? ` (${l.leg === 1 ? "outbound" : "return"})` : ""}
                  </td>
                  <td>{l.unread ? <span className="admin-badge admin-badge--warn">{UNREAD_LEGS}</span> : l.flight || "—"}</td>
                  <td>
                    {l.from} → {l.to}
                  </td>
                  <td>{l.passengers}</td>
                  <td>{l.driver ?? <span className="admin-badge admin-badge--warn">None</span>}</td>
                  <td>{l.status}</td>
                </tr>
              ))}
            </AdminTable>
          )}
          <p>
            <Link to={`/admin/run-sheet?date=${day.iso}`}>
              Run sheet of {day.title.toLowerCase()}
              <span className="visually-hidden">, {day.label}</span>
            </Link>
          </p>
        </section>
      ))}

      <section className="admin-panel" aria-labelledby="unassigned-title">
        <h2 id="unassigned-title">Confirmed, no driver yet ({unassigned.length})</h2>
        {unassigned.length === 0 ? (
          <p>Every confirmed booking to come has a driver.</p>
        ) : (
          <AdminTable caption="Confirmed bookings with no driver, soonest pickup first" columns={["Order", "Next pickup", "Route"]}>
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
        <h2 id="refund-title">Cancelled but paid: to refund ({toRefund.length})</h2>
        {toRefund.length === 0 ? (
          <p>No cancelled booking holds money.</p>
        ) : (
          <AdminTable
            caption="Cancelled bookings whose money is still held, longest waiting first"
            columns={["Order", "Held", "Payment", "Cancelled", "Route"]}
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
