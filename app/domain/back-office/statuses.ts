import type { AdminWordKey, AdminWords } from "./admin-words";

/**
 * A booking's two statuses, kept apart: what the business has done with it (booking status) and
 * where its money is (payment status); the actions staff may take on each, and the time rules of
 * the back office. Pure: `now` is always an argument.
 */

export const BOOKING_STATUSES = ["new", "confirmed", "driver_assigned", "completed", "cancelled", "no_show"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const PAYMENT_STATUSES = ["pending_payment", "paid", "payment_failed", "refunded", "partly_refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

// A status in words is the member's: bookingStatusIn and paymentStatusIn (./admin-words.ts) read the
// `admin` catalogue's status.* messages, in English for the bookings CSV.

/** What staff can do to a booking's status (notes and e-mails aside). */
export type StatusAction = "confirm" | "assign_driver" | "complete" | "no_show" | "cancel";

export interface StatusFacts {
  bookingStatus: BookingStatus;
  paymentStatus: PaymentStatus;
  /** "cash": paid to the driver on board, so it can be confirmed unpaid. */
  paymentMode: "card" | "cash";
}

/** Why a status change is refused: a message of the `admin` catalogue (action.refused.*), worded in the member's language. */
export type StatusRefusal = Extract<AdminWordKey, `action.refused.${string}`>;

/**
 * Where each action leads from each status, or why it cannot be taken. A card booking is
 * confirmed only once paid; a finished booking (completed, cancelled, no-show) takes no action.
 */
export function nextStatus(
  facts: StatusFacts,
  action: StatusAction,
): { ok: true; to: BookingStatus } | { ok: false; reason: StatusRefusal } {
  const { bookingStatus: from } = facts;
  const finished = from === "completed" || from === "cancelled" || from === "no_show";
  if (finished) return { ok: false, reason: `action.refused.already.${from}` };
  switch (action) {
    case "confirm":
      if (from !== "new") return { ok: false, reason: "action.refused.already.confirmed" };
      if (facts.paymentMode === "card" && facts.paymentStatus !== "paid") {
        return { ok: false, reason: "action.refused.unpaidCard" };
      }
      return { ok: true, to: "confirmed" };
    case "assign_driver":
      if (from === "new") return { ok: false, reason: "action.refused.confirmBeforeDriver" };
      return { ok: true, to: "driver_assigned" };
    case "complete":
    case "no_show":
      if (from === "new") return { ok: false, reason: "action.refused.confirmFirst" };
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
export function canRefund(facts: {
  bookingStatus: BookingStatus;
  refundableCents: number;
}): { ok: true } | { ok: false; reason: StatusRefusal } {
  if (facts.bookingStatus !== "cancelled") return { ok: false, reason: "action.refused.refundNotCancelled" };
  if (facts.refundableCents <= 0) return { ok: false, reason: "action.refused.nothingToRefund" };
  return { ok: true };
}

/** The payment page promises a confirmation within this many hours of payment. */
const CONFIRMATION_PROMISE_HOURS = 12;

/** When a paid booking must be confirmed by, counted from its payment. */
export function confirmationDue(paidAt: Date): Date {
  return new Date(paidAt.getTime() + CONFIRMATION_PROMISE_HOURS * 3_600_000);
}

/** The time left on the promise, in words: "4 h 05 min left", or "overdue by 1 h 10 min" ("en retard de 1 h 10 min"). */
export function timeLeftText(due: Date, now: Date, words: AdminWords): string {
  const minutes = Math.round((due.getTime() - now.getTime()) / 60_000);
  const span = Math.abs(minutes);
  const values = { hours: Math.floor(span / 60), minutes: String(span % 60).padStart(2, "0") };
  // Compared on the instants: within 30 s past the promise the rounded minutes are -0, which is not late by the sign.
  return words(due.getTime() < now.getTime() ? "due.overdue" : "due.left", values);
}
