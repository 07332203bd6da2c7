import type adminCatalogue from "../../locales/en/admin.json";
import { type ParisDate, weekdayOf } from "../booking/paris-time";
import type { BookingStatus, PaymentStatus } from "./statuses";

/**
 * The back office's words in a staff member's language: the `admin` catalogue, a message by its
 * key with its placeholders filled. The server makes them in the member's language
 * (app/lib/i18n.server.ts, adminWordsIn); a component makes them from the page's messages
 * (components/admin/use-admin-words.ts).
 */
export type AdminWords = (key: AdminWordKey, values?: Readonly<Record<string, string | number>>) => string;

/** The `admin` catalogue's keys, from its English source. */
export type AdminWordKey = Extract<keyof typeof adminCatalogue, string>;

/** "Sunday 29 March 2026", "dimanche 29 mars 2026": a day as the back office names it in full. */
export function longDayIn(words: AdminWords, d: ParisDate): string {
  return words("date.longDay", { weekday: weekdayOf(d), day: d.day, month: d.month, year: d.year });
}

/** A booking status in the member's words ("Driver assigned", "Chauffeur attribué"). */
export function bookingStatusIn(words: AdminWords, status: BookingStatus): string {
  return words(`status.booking.${status}`);
}

/** A payment status in the member's words ("Partly refunded", "Remboursé en partie"). */
export function paymentStatusIn(words: AdminWords, status: PaymentStatus): string {
  return words(`status.payment.${status}`);
}
