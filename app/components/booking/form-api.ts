import type { BookingDraft, End, Leg } from "~/domain/booking/fields";

/** What the booking form's parts need from the form: read, write, errors, and the hotel pick. */
export interface FormApi {
  value(name: string): string;
  set(name: string, value: string): void;
  /** The first error for a field, as plain text. */
  error(name: string): string | undefined;
  pickHotel(end: End, leg: Leg, hotelId: string): void;
  /** A change of several fields at once, through a domain function. */
  apply(change: (draft: BookingDraft) => BookingDraft, reprice?: boolean): void;
}
