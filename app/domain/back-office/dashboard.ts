import { addDays, isoDate, parisToday } from "../booking/paris-time";
import { longDay, pickupsOfDay, type PickupBooking, type PickupLine } from "./run-sheet";
import { confirmationDue, formatParisDateTime, timeLeftText } from "./statuses";

/**
 * The dispatcher's dashboard: paid bookings waiting for a confirmation, with the time left on the
 * 12-hour promise; today's and tomorrow's pickups; confirmed bookings with no driver yet. Pure:
 * `now` comes from the loader.
 */

export interface ToConfirmBooking {
  orderId: string;
  test: boolean;
  paidAt: Date | null;
  firstPickupAt: Date | null;
  depart: string;
  arrive: string;
}

export interface ToConfirmRow {
  orderId: string;
  test: boolean;
  /** dd/MM/yyyy HH:mm, Paris; "" when the payment's moment is unknown. */
  paid: string;
  /** When the confirmation is due, dd/MM/yyyy HH:mm, Paris. */
  due: string;
  /** "4 h 05 min left" or "overdue by 1 h 10 min". */
  timeLeft: string;
  overdue: boolean;
  firstPickup: string;
  route: string;
}

/**
 * Paid bookings still new, the oldest payment first (a booking whose payment moment is unknown
 * counts as overdue and comes first: it cannot be shown to be in time).
 */
export function toConfirmRows(bookings: readonly ToConfirmBooking[], now: Date): ToConfirmRow[] {
  const sorted = [...bookings].sort((a, b) => (a.paidAt?.getTime() ?? -Infinity) - (b.paidAt?.getTime() ?? -Infinity));
  return sorted.map((b) => {
    const due = b.paidAt ? confirmationDue(b.paidAt) : null;
    return {
      orderId: b.orderId,
      test: b.test,
      paid: b.paidAt ? formatParisDateTime(b.paidAt) : "",
      due: due ? formatParisDateTime(due) : "",
      timeLeft: due ? timeLeftText(due, now) : "payment time unknown",
      overdue: due === null || due.getTime() < now.getTime(),
      firstPickup: b.firstPickupAt ? formatParisDateTime(b.firstPickupAt) : "",
      route: `${b.depart} → ${b.arrive}`,
    };
  });
}

export interface DayOfPickups {
  /** yyyy-MM-dd */
  iso: string;
  label: string;
  title: "Today" | "Tomorrow";
  lines: PickupLine[];
}

/** Today's and tomorrow's pickups in Paris, each in time order. */
export function comingPickups(bookings: readonly PickupBooking[], now: Date): DayOfPickups[] {
  const today = parisToday(now);
  return (
    [
      ["Today", today],
      ["Tomorrow", addDays(today, 1)],
    ] as const
  ).map(([title, day]) => ({ iso: isoDate(day), label: longDay(day), title, lines: pickupsOfDay(bookings, day).lines }));
}

export interface UnassignedBooking {
  orderId: string;
  test: boolean;
  bookingStatus: string;
  driverId: number | null;
  firstPickupAt: Date | null;
  returnPickupAt: Date | null;
  depart: string;
  arrive: string;
}

export interface UnassignedRow {
  orderId: string;
  test: boolean;
  /** The next pickup still to come, dd/MM/yyyy HH:mm, Paris. */
  nextPickup: string;
  nextPickupAt: Date;
  route: string;
}

/** Confirmed bookings with no driver and a pickup still to come, the soonest pickup first. */
export function unassignedRows(bookings: readonly UnassignedBooking[], now: Date): UnassignedRow[] {
  const rows: UnassignedRow[] = [];
  for (const b of bookings) {
    if (b.bookingStatus !== "confirmed" || b.driverId !== null) continue;
    const next = [b.firstPickupAt, b.returnPickupAt]
      .filter((at): at is Date => at !== null && at.getTime() > now.getTime())
      .sort((x, y) => x.getTime() - y.getTime())[0];
    if (!next) continue;
    rows.push({
      orderId: b.orderId,
      test: b.test,
      nextPickup: formatParisDateTime(next),
      nextPickupAt: next,
      route: `${b.depart} → ${b.arrive}`,
    });
  }
  return rows.sort((a, b) => a.nextPickupAt.getTime() - b.nextPickupAt.getTime() || (a.orderId < b.orderId ? -1 : 1));
}
