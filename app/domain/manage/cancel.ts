import { z } from "../zod";
import type { BookingStatus } from "../back-office/statuses";
import { legOf, readStoredDetails } from "../booking/model";
import { parisDateTime } from "../booking/paris-time";
import { beforeDeadline, freeCancellationUntil } from "./deadline";
import type { ManageWords } from "./manage-words";

/**
 * Whether the traveller may cancel the booking online, now (docs/product.md, Managing a booking):
 * an open booking (new, confirmed, driver assigned) until 24 hours before its first pickup
 * (deadline.ts). The same rule decides whether the page shows the button and whether a post is
 * carried out, checked again on the locked row. Pure: `now` is an argument.
 */

export const TRAVELLER_CANCELLABLE: readonly BookingStatus[] = ["new", "confirmed", "driver_assigned"];

export type CancelRefusal = "cancelled" | "finished" | "deadline" | "no_pickup";

export type CancelCheck = { ok: true } | { ok: false; why: CancelRefusal; message: string };

/**
 * The booking's first pickup: its stored column, else the first leg's instant in its details (a
 * booking stored before the column was filled); null when the column is empty and the details do
 * not read.
 */
export function firstPickupOf(booking: { firstPickupAt: Date | null; details: unknown }): Date | null {
  if (booking.firstPickupAt && !Number.isNaN(booking.firstPickupAt.getTime())) return booking.firstPickupAt;
  return legOf(readStoredDetails(booking.details), 1)?.pickupAt ?? null;
}

/** "Free cancellation ended on 11/05/2026 07:45 (Paris time): bookings cannot be cancelled online within 24 hours of pickup." */
export function deadlinePassedSentence(firstPickupAt: Date, words: ManageWords): string {
  return words("check.deadline", parisDateTime(freeCancellationUntil(firstPickupAt)));
}

export function travellerCancelCheck(
  booking: { bookingStatus: BookingStatus; firstPickupAt: Date | null },
  now: Date,
  words: ManageWords,
): CancelCheck {
  if (booking.bookingStatus === "cancelled") return { ok: false, why: "cancelled", message: words("check.cancelled") };
  if (!TRAVELLER_CANCELLABLE.includes(booking.bookingStatus)) {
    return { ok: false, why: "finished", message: words(booking.bookingStatus === "completed" ? "check.completed" : "check.closed") };
  }
  if (booking.firstPickupAt === null || Number.isNaN(booking.firstPickupAt.getTime())) {
    return { ok: false, why: "no_pickup", message: words("check.noPickup") };
  }
  if (!beforeDeadline(booking.firstPickupAt, now)) {
    return { ok: false, why: "deadline", message: deadlinePassedSentence(booking.firstPickupAt, words) };
  }
  return { ok: true };
}

/**
 * The booking page's posts: `cancel` asks for the confirmation step, `confirm-cancel` cancels.
 * Nothing else is read from the form: the booking comes from the token in the address.
 */
export const cancelFormSchema = z.object({
  intent: z.enum(["cancel", "confirm-cancel"]),
});
