import type { bookings } from "../../../db/schema";
import { initialDraft, setFlightTime, setLegDate, withCounts, withTripMode } from "~/domain/booking/draft";
import type { BookingDraft } from "~/domain/booking/fields";
import { bookingFormSchema, type Booking } from "~/domain/booking/validation";

// Bookings the server-side tests share: one checked booking as the public form sends it, and the
// columns every stored booking row needs, so that each test writes only what it is about.

/** The moment the checked booking is made at (10 days before its pickup). */
export const BOOKED_AT = new Date("2026-05-10T10:00:00Z");

/**
 * A private shuttle from Orly to the Disneyland Hotel on 20 May 2026, flight BA 304 from London
 * landing at 10:00, for Claire Martin, checked by the booking form's schema as the server checks it.
 */
export function checkedBooking(submissionToken: string, edits: BookingDraft = {}): Booking {
  let draft = initialDraft(
    { depart: "Orly_Airport_(ORY)", arrive: "Disneyland_Paris", private_shuttle: "1", hotel: "disneyland-hotel" },
    { now: BOOKED_AT },
  );
  draft = setFlightTime(setLegDate(draft, 1, { year: 2026, month: 5, day: 20 }), "pu", 1, "10:00");
  draft = withCounts({
    ...draft,
    city_vol_pu_1: "London",
    num_vol_pu_1: "BA 304",
    lastname: "Martin",
    firstname: "Claire",
    email: "claire@example.com",
    phone_mobile: "+33 6 12 34 56 78",
    submission_token: submissionToken,
    ...edits,
  });
  return bookingFormSchema({ now: BOOKED_AT, rows: [] }).parse(draft);
}

/**
 * Claire Martin's round trip: checkedBooking's outbound on 20 May 2026, and back from the
 * Disneyland Hotel on 24 May 2026 for flight BA 305 to London taking off at 18:00.
 */
export function checkedRoundTrip(submissionToken: string): Booking {
  let draft = initialDraft(
    { depart: "Orly_Airport_(ORY)", arrive: "Disneyland_Paris", private_shuttle: "1", hotel: "disneyland-hotel" },
    { now: BOOKED_AT },
  );
  draft = setFlightTime(setLegDate(draft, 1, { year: 2026, month: 5, day: 20 }), "pu", 1, "10:00");
  draft = setFlightTime(setLegDate(withTripMode(draft, true), 2, { year: 2026, month: 5, day: 24 }), "drop", 2, "18:00");
  draft = withCounts({
    ...draft,
    city_vol_pu_1: "London",
    num_vol_pu_1: "BA 304",
    city_vol_drop_2: "London",
    num_vol_drop_2: "BA 305",
    lastname: "Martin",
    firstname: "Claire",
    email: "claire@example.com",
    phone_mobile: "+33 6 12 34 56 78",
    submission_token: submissionToken,
  });
  return bookingFormSchema({ now: BOOKED_AT, rows: [] }).parse(draft);
}

type BookingInsert = typeof bookings.$inferInsert;

/**
 * A bookings row to insert as is: Claire Martin's private transfer from Orly to Disneyland Paris
 * for two adults, 90 €, paid by card, one checked bag and one cabin bag, with `values` over it.
 */
export function bookingRowValues(values: Partial<BookingInsert> & Pick<BookingInsert, "orderId" | "submissionToken">): BookingInsert {
  return {
    kind: "private",
    roundTrip: false,
    depart: "Orly Airport (ORY)",
    arrive: "Disneyland Paris",
    lastname: "Martin",
    firstname: "Claire",
    email: "claire@example.com",
    phone: "+33612345678",
    adults: 2,
    children: 0,
    babies: 0,
    priceCents: 9_000,
    paymentMode: "card",
    details: { legs: [], luggage: { checkIn: 1, cabin: 1, strollerSingle: 0, strollerDouble: 0, info: "" } },
    ...values,
  };
}
