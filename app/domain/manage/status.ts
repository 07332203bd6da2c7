import { confirmationDue, type BookingStatus, type PaymentStatus } from "../back-office/statuses";
import { parisDateTime } from "../booking/paris-time";
import type { Locale } from "../locales";
import { formatEuros } from "../money";
import { legWaitingForDriver, type ShownDriver } from "./leg-drivers";
import type { ManageWords } from "./manage-words";

/**
 * A booking's state as its traveller reads it on the booking's own page (docs/product.md,
 * Managing a booking): one headline and a few plain sentences, from the booking's two statuses
 * (what the business has done with it, and where its money is). Pure.
 */

export interface TravellerStatusFacts {
  bookingStatus: BookingStatus;
  paymentStatus: PaymentStatus;
  /** "cash": paid to the driver on board. */
  paymentMode: "card" | "cash";
  /** What the traveller pays, in cents. */
  priceCents: number;
  /** What was refunded so far, in cents. */
  refundedCents: number;
  /** When the payment arrived, for the 12-hour confirmation promise. */
  paidAt: Date | null;
  /** The drivers the traveller is told of (leg-drivers.ts); a booking not confirmed yet, or closed, shows none. */
  drivers: ShownDriver[];
}

export interface TravellerStatus {
  /** A short code for the page's styling and tests. */
  code:
    | "waiting_payment"
    | "payment_failed"
    | "paid_waiting_confirmation"
    | "waiting_confirmation"
    | "confirmed"
    | "driver_assigned"
    | "cancelled"
    | "cancelled_refunded"
    | "completed"
    | "no_show";
  /** The headline: "Confirmed", "Cancelled and refunded"… */
  title: string;
  /** Sentences under the headline. */
  lines: string[];
  /** Each driver's name and phone, with their leg when they do not drive every leg; none until one is assigned. */
  drivers: ShownDriver[];
}

/** What the booking's page says of its drivers once one is assigned: who, and which leg still waits for one. */
function assignedLines(drivers: readonly ShownDriver[], words: ManageWords): string[] {
  const waiting = legWaitingForDriver(drivers);
  const [first, second] = drivers;
  const who =
    first && second
      ? words("status.driversAre", { outbound: first.name, return: second.name })
      : first
        ? first.leg
          ? words("status.driverOfLegIs", { leg: first.leg, name: first.name })
          : words("status.driverIs", { name: first.name })
        : words("status.driverUnnamed");
  return [who, ...(waiting ? [words("status.driverToCome", { leg: waiting })] : [])];
}

/** The traveller's words for the booking's state. */
export function travellerStatus(facts: TravellerStatusFacts, words: ManageWords, locale: Locale): TravellerStatus {
  const price = formatEuros(facts.priceCents, locale);
  const cash = facts.paymentMode === "cash" && facts.paymentStatus !== "paid";
  const payOnBoard = cash ? [words("status.onBoard", { amount: price })] : [];
  const notPaid = words("status.notPaid", { amount: price });
  const PAYMENT_FAILED = words("status.paymentFailed");
  // A card booking staff confirmed before its payment (one taken by phone) still says what is to pay.
  const cardUnpaid =
    facts.paymentMode === "card" && (facts.paymentStatus === "pending_payment" || facts.paymentStatus === "payment_failed");
  const toPay = cardUnpaid ? [facts.paymentStatus === "payment_failed" ? PAYMENT_FAILED : notPaid] : [];
  switch (facts.bookingStatus) {
    case "cancelled": {
      if (facts.refundedCents > 0) {
        const all = facts.paymentStatus === "refunded";
        return {
          code: "cancelled_refunded",
          title: words("status.title.cancelledRefunded"),
          lines: [words(all ? "status.refundedAll" : "status.refundedPart", { amount: formatEuros(facts.refundedCents, locale) })],
          drivers: [],
        };
      }
      const held = facts.paymentStatus === "paid";
      return {
        code: "cancelled",
        title: words("status.title.cancelled"),
        lines: [words(held ? "status.cancelledHeld" : "status.cancelledNothing")],
        drivers: [],
      };
    }
    case "completed":
      return {
        code: "completed",
        title: words("status.title.completed"),
        lines: [words("status.completed")],
        drivers: [],
      };
    case "no_show":
      return {
        code: "no_show",
        title: words("status.title.noShow"),
        lines: [words("status.noShow")],
        drivers: [],
      };
    case "driver_assigned":
      return {
        code: "driver_assigned",
        title: words("status.title.driverAssigned"),
        lines: [...assignedLines(facts.drivers, words), ...payOnBoard, ...toPay],
        drivers: facts.drivers,
      };
    case "confirmed":
      // A round trip's outbound may have its driver before the return has one.
      return {
        code: "confirmed",
        title: words("status.title.confirmed"),
        lines: [
          ...(facts.drivers.length > 0 ? assignedLines(facts.drivers, words) : [words("status.confirmedNoDriver")]),
          ...payOnBoard,
          ...toPay,
        ],
        drivers: facts.drivers,
      };
    case "new":
      if (cash) {
        return {
          code: "waiting_confirmation",
          title: words("status.title.waitingConfirmation"),
          lines: [words("status.waitingConfirmation"), ...payOnBoard],
          drivers: [],
        };
      }
      if (facts.paymentStatus === "paid" || facts.paymentStatus === "partly_refunded") {
        const due = facts.paidAt
          ? words("status.paidWaitingBy", parisDateTime(confirmationDue(facts.paidAt)))
          : words("status.paidWaiting");
        return {
          code: "paid_waiting_confirmation",
          title: words("status.title.paidWaitingConfirmation"),
          lines: [due],
          drivers: [],
        };
      }
      if (facts.paymentStatus === "payment_failed") {
        return {
          code: "payment_failed",
          title: words("status.title.waitingPayment"),
          lines: [PAYMENT_FAILED],
          drivers: [],
        };
      }
      return {
        code: "waiting_payment",
        title: words("status.title.waitingPayment"),
        lines: [notPaid],
        drivers: [],
      };
  }
}
