import type { DoneCode } from "~/domain/back-office/booking-actions";
import type { EmailSite } from "~/domain/booking/email-frame";
import { paymentLinkEmail } from "~/domain/booking/staff-emails";
import type { Booking } from "~/domain/booking/validation";
import { formatEuros } from "~/domain/money";
import { auditChange, queueEmails, type Actor } from "./booking-tx.server";
import { saveBooking, type BookingRow } from "./bookings.server";
import type { Db } from "./db.server";
import type { Locale } from "~/domain/locales";
import { PaymentLinkFailed } from "./payment-links.server";

/** A booking taken by phone (docs/product.md, Back office): stored as the public form stores one. */

export interface PhoneBooking {
  booking: Booking;
  /** What the traveller pays, in cents: the price file's, or the staff's own with `overrideReason`. */
  priceCents: number;
  /** The price file's price, for the history when staff set another one. */
  filePriceCents: number;
  overrideReason: string | null;
  /** cash: paid to the driver on board; link: the traveller is e-mailed a payment link. */
  payment: "cash" | "link";
  /** The traveller's language: their e-mails, the payment link's first, speak it (English when not given). */
  locale?: Locale;
  test: boolean;
}

export type PhoneOutcome = { ok: true; orderId: string; done: DoneCode } | { ok: false; status: 409 | 502; message: string };

/**
 * Stores a booking taken by phone (source phone) with its history row and, for a card booking,
 * the payment link e-mail, in one transaction. `checkoutUrl` makes the link (an absolute URL); a
 * provider that fails rolls everything back. The form's one-time token makes a second post of the
 * same form (a double click) find the first booking, with nothing written twice.
 */
export async function createPhoneBooking(
  db: Db,
  input: PhoneBooking,
  actor: Actor,
  site: EmailSite,
  checkoutUrl: (row: BookingRow) => Promise<string>,
): Promise<PhoneOutcome> {
  try {
    return await db.transaction(async (tx): Promise<PhoneOutcome> => {
      const saved = await saveBooking(tx as unknown as Db, {
        booking: input.booking,
        priceCents: input.priceCents,
        test: input.test,
        source: "phone",
        paymentMode: input.payment === "cash" ? "cash" : "card",
        priceOverrideReason: input.overrideReason,
        locale: input.locale,
      });
      const { row } = saved;
      if (saved.outcome === "paid" || saved.outcome === "paid-differs") {
        return { ok: false, status: 409, message: `This form was already sent: booking ${row.orderId} is paid and is not changed here.` };
      }
      const done: DoneCode = input.payment === "link" ? "created_link" : "created";
      if (saved.outcome === "unchanged") return { ok: true, orderId: row.orderId, done };
      const price = input.overrideReason
        ? `${formatEuros(input.priceCents)}, set by staff instead of the price file's ${input.filePriceCents > 0 ? formatEuros(input.filePriceCents) : "(none)"}: ${input.overrideReason}`
        : `${formatEuros(input.priceCents)} from the price file`;
      const how = input.payment === "cash" ? "to be paid on board" : "the payment link is e-mailed to the traveller";
      const what =
        saved.outcome === "created" ? "Took the booking by phone" : "Changed the booking taken by phone (its form was sent again)";
      if (input.payment === "link") {
        await queueEmails(tx, row.orderId, [paymentLinkEmail(row, site, await checkoutUrl(row))]);
      }
      await auditChange(tx, actor, row.orderId, "booking_created", `${what}: ${price}; ${how}.`);
      return { ok: true, orderId: row.orderId, done };
    });
  } catch (error) {
    if (!(error instanceof PaymentLinkFailed)) throw error;
    return {
      ok: false,
      status: 502,
      message: `Nothing was saved: the payment link could not be made (${error.message}). Try again in a minute.`,
    };
  }
}
