import { confirmationDue, type BookingStatus, type PaymentStatus } from "../back-office/statuses";
import { formatParisDateTime } from "../booking/paris-time";
import { formatEuros } from "../money";
import { legWaitingForDriver, type ShownDriver } from "./leg-drivers";

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

const ON_BOARD = "You pay the driver on board, in cash.";
const PAYMENT_FAILED = "The payment did not go through, so this booking is not paid yet. Call us to complete it.";

/** "your driver is Karim Benali", "your drivers are … for the outbound and … for the return", "your driver for the outbound is …". */
function driversWords(drivers: readonly ShownDriver[]): string {
  if (drivers.length > 1) return `your drivers are ${drivers.map((d) => `${d.name}${d.leg ? ` for the ${d.leg}` : ""}`).join(" and ")}`;
  const [driver] = drivers;
  return driver ? `your driver${driver.leg ? ` for the ${driver.leg}` : ""} is ${driver.name}` : "a driver is assigned";
}

/** What the booking's page says of its drivers once one is assigned: who, and which leg still waits for one. */
function assignedLines(drivers: readonly ShownDriver[]): string[] {
  const waiting = legWaitingForDriver(drivers);
  return [
    `Your booking is confirmed and ${driversWords(drivers)}.`,
    ...(waiting ? [`We tell you your driver for the ${waiting} when one is assigned.`] : []),
  ];
}

/** The traveller's words for the booking's state. */
export function travellerStatus(facts: TravellerStatusFacts): TravellerStatus {
  const cash = facts.paymentMode === "cash" && facts.paymentStatus !== "paid";
  const payOnBoard = cash ? [`${ON_BOARD} Amount: ${formatEuros(facts.priceCents)}.`] : [];
  const notPaid = `This booking is not paid yet: ${formatEuros(facts.priceCents)} to pay.`;
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
          title: "Cancelled and refunded",
          lines: [
            `This booking is cancelled. ${formatEuros(facts.refundedCents)} ${all ? "was" : "of your payment was"} refunded to the card you paid with.`,
          ],
          drivers: [],
        };
      }
      const held = facts.paymentStatus === "paid";
      return {
        code: "cancelled",
        title: "Cancelled",
        lines: [
          held
            ? "This booking is cancelled. Its payment is still to be refunded: we refund it to the card you paid with."
            : "This booking is cancelled. Nothing was paid, so there is nothing to refund.",
        ],
        drivers: [],
      };
    }
    case "completed":
      return {
        code: "completed",
        title: "Completed",
        lines: ["This transfer has taken place. Thank you for travelling with us."],
        drivers: [],
      };
    case "no_show":
      return {
        code: "no_show",
        title: "Closed: no-show",
        lines: ["The driver did not find you at the pickup, and the booking is closed."],
        drivers: [],
      };
    case "driver_assigned":
      return {
        code: "driver_assigned",
        title: "Driver assigned",
        lines: [...assignedLines(facts.drivers), ...payOnBoard, ...toPay],
        drivers: facts.drivers,
      };
    case "confirmed":
      // A round trip's outbound may have its driver before the return has one.
      return {
        code: "confirmed",
        title: "Confirmed",
        lines: [
          ...(facts.drivers.length > 0
            ? assignedLines(facts.drivers)
            : ["Your booking is confirmed. We tell you your driver's name and phone when one is assigned."]),
          ...payOnBoard,
          ...toPay,
        ],
        drivers: facts.drivers,
      };
    case "new":
      if (cash) {
        return {
          code: "waiting_confirmation",
          title: "Waiting for confirmation",
          lines: ["We confirm bookings by e-mail, usually within 12 hours.", ...payOnBoard],
          drivers: [],
        };
      }
      if (facts.paymentStatus === "paid" || facts.paymentStatus === "partly_refunded") {
        const due = facts.paidAt ? ` (by ${formatParisDateTime(confirmationDue(facts.paidAt))}, Paris time)` : "";
        return {
          code: "paid_waiting_confirmation",
          title: "Paid, waiting for confirmation",
          lines: [`We have received your payment. We confirm your booking by e-mail within 12 hours of payment${due}.`],
          drivers: [],
        };
      }
      if (facts.paymentStatus === "payment_failed") {
        return {
          code: "payment_failed",
          title: "Waiting for payment",
          lines: [PAYMENT_FAILED],
          drivers: [],
        };
      }
      return {
        code: "waiting_payment",
        title: "Waiting for payment",
        lines: [notPaid],
        drivers: [],
      };
  }
}
