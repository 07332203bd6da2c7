import { type AdminWords, bookingStatusIn, paymentStatusIn } from "./admin-words";
import { BOOKING_STATUSES, PAYMENT_STATUSES, type BookingStatus, type PaymentStatus } from "./statuses";

/**
 * The bookings list's filters as its page shows and links them: the status select's choices and
 * the query string of its page links and CSV link. The reading of a query or a posted search, with
 * its schema, is app/domain/back-office/booking-filters.ts, on the server only.
 */

/** The status filter: one of the booking statuses or one of the payment statuses (their values differ). */
export const STATUS_FILTERS = [...BOOKING_STATUSES, ...PAYMENT_STATUSES] as const;
export type StatusFilter = BookingStatus | PaymentStatus;

export function isBookingStatus(value: string): value is BookingStatus {
  return (BOOKING_STATUSES as readonly string[]).includes(value);
}

/** A group of the status select: its own name and its choices, in the member's words. */
export interface StatusFilterGroup {
  id: "booking" | "payment";
  label: string;
  options: ReadonlyArray<{ value: StatusFilter; label: string }>;
}

/** The status select's groups, in the order they are listed: "Booking status", then "Payment" ("Payment: Paid"…). */
export function statusFilterGroups(words: AdminWords): StatusFilterGroup[] {
  return [
    {
      id: "booking",
      label: words("bookings.filters.bookingStatus"),
      options: BOOKING_STATUSES.map((value) => ({ value, label: bookingStatusIn(words, value) })),
    },
    {
      id: "payment",
      label: words("bookings.filters.payment"),
      options: PAYMENT_STATUSES.map((value) => ({
        value,
        label: words("bookings.filters.paymentStatus", { status: paymentStatusIn(words, value) }),
      })),
    },
  ];
}

/** The filters of a valid query string. */
export interface BookingFilters {
  /** The search text, spaces normalised; null for none. */
  q: string | null;
  status: StatusFilter | null;
  /** First and last Paris day of the pickup range, yyyy-MM-dd; either may be open. */
  from: string | null;
  to: string | null;
  page: number;
}

/** The query string's parameter for the sealed search text. */
export const SEARCH_TOKEN_PARAM = "s";

/**
 * The query string of these filters, for the list's page links, the CSV link and the search
 * form's redirect: the search as its sealed token (never its text), then the readable filters,
 * without the first page and without empty filters ("" when there is nothing to say; else
 * starting with "?").
 */
export function filterQuery(filters: BookingFilters, page = filters.page, searchToken: string | null = null): string {
  const params = new URLSearchParams();
  if (filters.q && searchToken) params.set(SEARCH_TOKEN_PARAM, searchToken);
  if (filters.status) params.set("status", filters.status);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
