/**
 * A booking's two statuses, kept apart: what the business has done with it (booking status) and
 * where its money is (payment status); the actions staff may take on each, and the time rules of
 * the back office. Pure: `now` is always an argument.
 */

export const BOOKING_STATUSES = ["new", "confirmed", "driver_assigned", "completed", "cancelled", "no_show"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const PAYMENT_STATUSES = ["pending_payment", "paid", "payment_failed", "refunded", "partly_refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  new: "New",
  confirmed: "Confirmed",
  driver_assigned: "Driver assigned",
  completed: "Completed",
  cancelled: "Cancelled",
  no_show: "No-show",
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending_payment: "Pending",
  paid: "Paid",
  payment_failed: "Failed",
  refunded: "Refunded",
  partly_refunded: "Partly refunded",
};

/** What staff can do to a booking's status (notes and e-mails aside). */
export type StatusAction = "confirm" | "assign_driver" | "complete" | "no_show" | "cancel";

export interface StatusFacts {
  bookingStatus: BookingStatus;
  paymentStatus: PaymentStatus;
  /** "cash": paid to the driver on board, so it can be confirmed unpaid. */
  paymentMode: "card" | "cash";
}

/**
 * Where each action leads from each status, or why it cannot be taken. A card booking is
 * confirmed only once paid; a finished booking (completed, cancelled, no-show) takes no action.
 */
export function nextStatus(facts: StatusFacts, action: StatusAction): { ok: true; to: BookingStatus } | { ok: false; reason: string } {
  const { bookingStatus: from } = facts;
  const finished = from === "completed" || from === "cancelled" || from === "no_show";
  if (finished) return { ok: false, reason: `The booking is already ${BOOKING_STATUS_LABELS[from].toLowerCase()}.` };
  switch (action) {
    case "confirm":
      if (from !== "new") return { ok: false, reason: "The booking is already confirmed." };
      if (facts.paymentMode === "card" && facts.paymentStatus !== "paid") {
        return { ok: false, reason: "A card booking is confirmed once it is paid." };
      }
      return { ok: true, to: "confirmed" };
    case "assign_driver":
      if (from === "new") return { ok: false, reason: "Confirm the booking before assigning a driver." };
      return { ok: true, to: "driver_assigned" };
    case "complete":
    case "no_show":
      if (from === "new") return { ok: false, reason: "Confirm the booking first." };
      return { ok: true, to: action === "complete" ? "completed" : "no_show" };
    case "cancel":
      return { ok: true, to: "cancelled" };
  }
}

/** The actions that can be taken now, for the booking page's buttons. */
export function availableActions(facts: StatusFacts): StatusAction[] {
  const all: StatusAction[] = ["confirm", "assign_driver", "complete", "no_show", "cancel"];
  return all.filter((action) => nextStatus(facts, action).ok);
}

/**
 * Whether a payment can be refunded on its own, without another status change: only a cancelled
 * booking that still holds money (a traveller who paid after staff cancelled, through a payment
 * link sent earlier). A booking still open is refunded by cancelling it; a completed or no-show
 * booking keeps its payment under the cancellation rule.
 */
export function canRefund(facts: { bookingStatus: BookingStatus; refundableCents: number }): { ok: true } | { ok: false; reason: string } {
  if (facts.bookingStatus !== "cancelled") {
    return { ok: false, reason: "Only a cancelled booking is refunded on its own: cancel the booking to refund it." };
  }
  if (facts.refundableCents <= 0) return { ok: false, reason: "Nothing is left to refund on this booking." };
  return { ok: true };
}

/** The payment page promises a confirmation within this many hours of payment. */
const CONFIRMATION_PROMISE_HOURS = 12;

/** When a paid booking must be confirmed by, counted from its payment. */
export function confirmationDue(paidAt: Date): Date {
  return new Date(paidAt.getTime() + CONFIRMATION_PROMISE_HOURS * 3_600_000);
}

/** The time left on the promise, in words: "4 h 05 min left", or "overdue by 1 h 10 min". */
export function timeLeftText(due: Date, now: Date): string {
  const minutes = Math.round((due.getTime() - now.getTime()) / 60_000);
  const span = Math.abs(minutes);
  const text = `${Math.floor(span / 60)} h ${String(span % 60).padStart(2, "0")} min`;
  // Compared on the instants: within 30 s past the promise the rounded minutes are -0, which is not late by the sign.
  return due.getTime() < now.getTime() ? `overdue by ${text}` : `${text} left`;
}
