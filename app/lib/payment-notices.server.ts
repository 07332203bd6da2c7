import { bookingEmails } from "~/domain/booking/paid-emails";
import type { MeetingPoints } from "~/domain/meeting-points";
import type { BookingServices } from "~/context";
import { outboxValues } from "./booking-tx.server";
import { emailSite } from "./email-site.server";
import { recordPayment, type BookingRow, type OutboxMessage, type PaymentNotice, type PaymentOutcome } from "./bookings.server";
import type { Settings } from "./settings.server";

/**
 * The e-mails of a paid booking. A payment issue (another amount than the booking's) opens the
 * business's e-mail, so the staff see it before anything else.
 */
function paidEmails(row: BookingRow, settings: Settings, meetingPoints?: MeetingPoints): OutboxMessage[] {
  // The traveller's confirmation carries the manage link, each pickup's meeting point and the
  // booking's calendar file (attached when it is sent).
  const messages = bookingEmails(row, emailSite(settings, meetingPoints)).map((m) => ({
    ...outboxValues(m),
    calendar: m.calendar === true,
  }));
  if (!row.paymentIssue) return messages;
  return messages.map((m) => (m.kind === "business_notification" ? { ...m, body: `PAYMENT ISSUE: ${row.paymentIssue}\n\n${m.body}` } : m));
}

/**
 * What every verified payment notification does, whichever provider sent it: record it on the
 * booking (paid with its two e-mails in the outbox, pending, or failed), in one transaction, then
 * wake the outbox when e-mails were queued.
 */
export async function acceptPayment(services: BookingServices, settings: Settings, notice: PaymentNotice): Promise<PaymentOutcome> {
  // Read before the payment's transaction; a file that cannot be read leaves the meeting points out.
  const points = await services.meetingPoints.currentPoints();
  const outcome = await recordPayment(await services.db(), notice, (row) => paidEmails(row, settings, points));
  if (outcome === "paid" || outcome === "paid-with-issue") services.wakeOutbox();
  if (outcome === "paid-with-issue" || outcome === "payment-failed" || outcome === "unknown-order") {
    // Ids only: no personal data in logs. The booking itself carries the issue for the staff.
    console.warn(`${notice.provider} notification ${notice.eventId} for ${notice.orderId}: ${outcome}.`);
  }
  return outcome;
}
