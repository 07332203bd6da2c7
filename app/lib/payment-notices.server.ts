import { bookingEmails } from "~/domain/booking/emails";
import type { BookingServices } from "~/context";
import { recordPayment, type PaymentNotice, type PaymentOutcome } from "./bookings.server";
import type { Settings } from "./settings.server";

/**
 * What every verified payment notification does, whichever provider sent it: mark the booking
 * paid with its two e-mails in the outbox, in one transaction, then wake the outbox.
 */
export async function acceptPayment(services: BookingServices, settings: Settings, notice: PaymentNotice): Promise<PaymentOutcome> {
  const outcome = await recordPayment(await services.db(), notice, (row) =>
    bookingEmails(row, {
      siteName: settings.siteName,
      businessEmail: settings.email,
      phone: settings.phone,
      siteUrl: settings.siteUrl,
    }),
  );
  if (outcome === "paid") services.wakeOutbox();
  if (outcome === "amount-mismatch" || outcome === "unknown-order") {
    // Ids only: no personal data in logs.
    console.warn(`${notice.provider} notification ${notice.eventId} for ${notice.orderId} refused: ${outcome}.`);
  }
  return outcome;
}
