import { addDays, isoDate, parisToday, formatParisDateTime } from "../booking/paris-time";
import { type AdminWords, longDayIn, paymentStatusIn } from "./admin-words";
import { pickupsOfDay, type PickupBooking, type PickupLine } from "./run-sheet";
import { confirmationDue, type PaymentStatus, timeLeftText } from "./statuses";

/**
 * The dispatcher's dashboard: paid bookings waiting for a confirmation, with the time left on the
 * 12-hour promise; today's and tomorrow's pickups; confirmed bookings with no driver yet; and
 * cancelled bookings whose money is still held, to refund. Pure: `now` and the member's words
 * come from the loader.
 */

/**
 * How long after its first pickup a paid, unconfirmed booking stays on the dashboard. A pickup that
 * has just gone by unconfirmed is the most urgent row of all (the traveller may be waiting at the
 * airport, or the flight is late and the transfer can still happen), so it stays for a few hours;
 * after that there is nothing left to confirm, and the booking is found through the bookings list
 * (status New) instead of crowding out the ones still to come.
 */
export const TO_CONFIRM_GRACE_HOURS = 3;

/** The earliest first pickup a booking to confirm may have at `now`. */
export function toConfirmCutoff(now: Date): Date {
  return new Date(now.getTime() - TO_CONFIRM_GRACE_HOURS * 3_600_000);
}

export interface ToConfirmBooking {
  orderId: string;
  test: boolean;
  paymentStatus: string;
  bookingStatus: string;
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
  /** "4 h 05 min left" or "overdue by 1 h 10 min", in the member's words. */
  timeLeft: string;
  overdue: boolean;
  firstPickup: string;
  route: string;
}

/**
 * Paid bookings still new whose first pickup is to come (or went by less than
 * TO_CONFIRM_GRACE_HOURS ago), the oldest payment first. A booking whose payment moment is unknown
 * counts as overdue and comes first: it cannot be shown to be in time. A booking with no pickup
 * moment is left out: nothing shows it is still to come.
 */
export function toConfirmRows(bookings: readonly ToConfirmBooking[], now: Date, words: AdminWords): ToConfirmRow[] {
  const cutoff = toConfirmCutoff(now).getTime();
  const waiting = bookings.filter(
    (b) => b.paymentStatus === "paid" && b.bookingStatus === "new" && b.firstPickupAt !== null && b.firstPickupAt.getTime() >= cutoff,
  );
  const sorted = waiting.sort(
    (a, b) =>
      (a.paidAt?.getTime() ?? -Infinity) - (b.paidAt?.getTime() ?? -Infinity) ||
      (a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0),
  );
  return sorted.map((b) => {
    const due = b.paidAt ? confirmationDue(b.paidAt) : null;
    // Overdue is decided on the instants, not on the minutes the text rounds to: half a minute
    // past the promise is overdue, though it rounds to 0 min.
    const overdue = due === null || due.getTime() < now.getTime();
    return {
      orderId: b.orderId,
      test: b.test,
      paid: b.paidAt ? formatParisDateTime(b.paidAt) : "",
      due: due ? formatParisDateTime(due) : "",
      timeLeft: due ? timeLeftText(due, now, words) : words("due.unknown"),
      overdue,
      firstPickup: b.firstPickupAt ? formatParisDateTime(b.firstPickupAt) : "",
      route: `${b.depart} → ${b.arrive}`,
    };
  });
}

export interface DayOfPickups {
  /** yyyy-MM-dd */
  iso: string;
  /** The day in full, in the member's words. */
  label: string;
  when: "today" | "tomorrow";
  lines: PickupLine[];
}

/** Today's and tomorrow's pickups in Paris, each in time order. */
export function comingPickups(bookings: readonly PickupBooking[], now: Date, words: AdminWords): DayOfPickups[] {
  const today = parisToday(now);
  return (
    [
      ["today", today],
      ["tomorrow", addDays(today, 1)],
    ] as const
  ).map(([when, day]) => ({ iso: isoDate(day), label: longDayIn(words, day), when, lines: pickupsOfDay(bookings, day, words).lines }));
}

export interface UnassignedBooking {
  orderId: string;
  test: boolean;
  bookingStatus: string;
  firstPickupAt: Date | null;
  returnPickupAt: Date | null;
  /** Each leg's driver, or null while it has none. */
  firstDriverId: number | null;
  returnDriverId: number | null;
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

/** Confirmed bookings with a leg still to come that has no driver, at that leg's pickup, the soonest first. */
export function unassignedRows(bookings: readonly UnassignedBooking[], now: Date): UnassignedRow[] {
  const rows: UnassignedRow[] = [];
  for (const b of bookings) {
    if (b.bookingStatus !== "confirmed") continue;
    const next = [
      [b.firstPickupAt, b.firstDriverId],
      [b.returnPickupAt, b.returnDriverId],
    ]
      .filter(([, driver]) => driver === null)
      .map(([at]) => at)
      .filter((at): at is Date => at instanceof Date && at.getTime() > now.getTime())
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

export interface ToRefundBooking {
  orderId: string;
  test: boolean;
  paymentStatus: string;
  bookingStatus: string;
  priceCents: number;
  /** What the provider reported as paid, when it differs from the price. */
  paidAmountCents: number | null;
  refundedCents: number;
  cancelledAt: Date | null;
  depart: string;
  arrive: string;
}

export interface ToRefundRow {
  orderId: string;
  test: boolean;
  /** "Paid" or "Partly refunded", in the member's words. */
  payment: string;
  /** The money still held, in cents: what was paid less what was refunded. */
  heldCents: number;
  /** dd/MM/yyyy HH:mm, Paris; "" when the moment is unknown. */
  cancelled: string;
  route: string;
}

/** Whether a booking's payment status says its money is still held. */
function isHeld(status: string): status is Extract<PaymentStatus, "paid" | "partly_refunded"> {
  return status === "paid" || status === "partly_refunded";
}

/**
 * Cancelled bookings whose money is still held (paid, or only partly refunded), the longest
 * waiting first (an unknown cancellation moment first of all).
 */
export function toRefundRows(bookings: readonly ToRefundBooking[], words: AdminWords): ToRefundRow[] {
  return bookings
    .filter((b) => b.bookingStatus === "cancelled")
    .sort(
      (a, b) =>
        (a.cancelledAt?.getTime() ?? -Infinity) - (b.cancelledAt?.getTime() ?? -Infinity) ||
        (a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0),
    )
    .flatMap((b) =>
      isHeld(b.paymentStatus)
        ? [
            {
              orderId: b.orderId,
              test: b.test,
              payment: paymentStatusIn(words, b.paymentStatus),
              heldCents: Math.max(0, (b.paidAmountCents ?? b.priceCents) - b.refundedCents),
              cancelled: b.cancelledAt ? formatParisDateTime(b.cancelledAt) : "",
              route: `${b.depart} → ${b.arrive}`,
            },
          ]
        : [],
    );
}
