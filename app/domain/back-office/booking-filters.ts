import { z } from "zod";
import { compareDates, isoDate, parseIsoDate, type ParisDate } from "../booking/paris-time";
import { problemsOf } from "./login";
import {
  BOOKING_STATUSES,
  BOOKING_STATUS_LABELS,
  PAYMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  type BookingStatus,
  type PaymentStatus,
} from "./statuses";

/**
 * The bookings list's filters, read from its query string (the list page's GET form, its page
 * links and the CSV export all carry the same parameters): one schema, so the page and the export
 * can never disagree on what a filter means. Unknown parameters are ignored; a bad value is a
 * message for its field, never an exception.
 */

/** Longer search text is refused rather than cut: nothing a person types into the box is this long. */
export const MAX_SEARCH_LENGTH = 100;
/** At most this many words of a name are matched. */
export const MAX_SEARCH_WORDS = 4;
/** A phone search needs this many digits, so that it names a few bookings rather than thousands. */
export const MIN_PHONE_DIGITS = 4;
/**
 * A phone search matches the end of a number, at most this many digits of it: a French number's
 * own nine digits, so +33 6 12 34 56 78, 0033 6… and 06 12 34 56 78 find each other whichever
 * way the booking was typed.
 */
export const PHONE_SUFFIX_DIGITS = 9;
/** Pages beyond this are refused: a search narrows the list long before. */
export const MAX_PAGE = 10_000;

/** The status filter: one of the booking statuses or one of the payment statuses (their values differ). */
export const STATUS_FILTERS = [...BOOKING_STATUSES, ...PAYMENT_STATUSES] as const;
export type StatusFilter = BookingStatus | PaymentStatus;

export function isBookingStatus(value: string): value is BookingStatus {
  return (BOOKING_STATUSES as readonly string[]).includes(value);
}

export function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/** The status select's groups, in the order they are listed. */
export const STATUS_FILTER_GROUPS: ReadonlyArray<{ label: string; options: ReadonlyArray<{ value: StatusFilter; label: string }> }> = [
  { label: "Booking status", options: BOOKING_STATUSES.map((value) => ({ value, label: BOOKING_STATUS_LABELS[value] })) },
  { label: "Payment", options: PAYMENT_STATUSES.map((value) => ({ value, label: `Payment: ${PAYMENT_STATUS_LABELS[value]}` })) },
];

/**
 * What the search text looks for: an order id (NV- and six characters, any case, the hyphen
 * optional), the start of an e-mail address (text with an @), the end of a phone number (text of
 * digits, spaces and + ( ) . - /: its last PHONE_SUFFIX_DIGITS digits, leading zeros dropped, so
 * that 06 12… and +33 6 12… find the same number), or else words, each the start of a first name,
 * a last name or an e-mail.
 */
export type SearchTerm =
  | { kind: "order"; orderId: string }
  | { kind: "email"; prefix: string }
  | { kind: "phone"; digits: string }
  | { kind: "words"; phrase: string; words: string[] };

const ORDER_SEARCH = /^nv-?([23456789abcdefghjkmnpqrstuvwxyz]{6})$/i;
const PHONE_SEARCH = /^[+\d\s().\-/]+$/;

/** Spaces of any kind, runs of them, as one space; trimmed. */
export function normaliseSearch(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** What a (normalised) search text looks for; null when it is empty. */
export function searchTermOf(text: string): SearchTerm | null {
  const q = normaliseSearch(text);
  if (q === "") return null;
  const order = ORDER_SEARCH.exec(q);
  if (order) return { kind: "order", orderId: `NV-${order[1]!.toUpperCase()}` };
  if (q.includes("@")) return { kind: "email", prefix: q.toLowerCase().replace(/ /g, "") };
  if (PHONE_SEARCH.test(q) && /\d/.test(q))
    return { kind: "phone", digits: q.replace(/\D/g, "").replace(/^0+/, "").slice(-PHONE_SUFFIX_DIGITS) };
  const phrase = q.toLowerCase();
  return { kind: "words", phrase, words: phrase.split(" ").slice(0, MAX_SEARCH_WORDS) };
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

export const NO_FILTERS: BookingFilters = { q: null, status: null, from: null, to: null, page: 1 };

/** An empty or blank parameter is the same as none. */
const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const day = (message: string) =>
  z.preprocess(
    blank,
    z
      .string()
      .trim()
      .refine((v) => parseIsoDate(v) !== null, message)
      .optional(),
  );

/** The list's query string: every value as text, as URLSearchParams gives it. */
export const bookingFiltersSchema = z
  .object({
    q: z.preprocess(
      blank,
      z
        .string()
        .transform(normaliseSearch)
        .pipe(z.string().max(MAX_SEARCH_LENGTH, `Search for at most ${MAX_SEARCH_LENGTH} characters.`))
        .refine((v) => !v.includes("\u0000"), "The search text has a character that cannot be searched for.")
        .refine((v) => {
          const term = searchTermOf(v);
          return term?.kind !== "phone" || term.digits.length >= MIN_PHONE_DIGITS;
        }, `Type at least ${MIN_PHONE_DIGITS} digits to search by phone number.`)
        .optional(),
    ),
    status: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .refine((v): v is StatusFilter => (STATUS_FILTERS as readonly string[]).includes(v), "Choose a status from the list.")
        .optional(),
    ),
    from: day("Enter the first pickup day as a date (yyyy-mm-dd)."),
    to: day("Enter the last pickup day as a date (yyyy-mm-dd)."),
    page: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .regex(/^\d{1,9}$/, "The page number must be a whole number.")
        .transform(Number)
        .pipe(z.number().min(1, "The page number must be 1 or more.").max(MAX_PAGE, `The list has at most ${MAX_PAGE} pages.`))
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    const from = v.from ? parseIsoDate(v.from) : null;
    const to = v.to ? parseIsoDate(v.to) : null;
    if (from && to && compareDates(from, to) > 0) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "The last pickup day is before the first one." });
    }
  })
  .transform((v): BookingFilters => ({
    q: v.q ?? null,
    status: (v.status as StatusFilter | undefined) ?? null,
    from: v.from ? isoDate(parseIsoDate(v.from) as ParisDate) : null,
    to: v.to ? isoDate(parseIsoDate(v.to) as ParisDate) : null,
    page: v.page ?? 1,
  }));

/** The names the list's query string uses; anything else in it is ignored. */
export const FILTER_PARAMS = ["q", "status", "from", "to", "page"] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

export type FilterReading =
  | { ok: true; filters: BookingFilters }
  | {
      ok: false;
      problems: { field: string | null; message: string }[];
      /** The values as they were sent, for the form to show them again. */
      typed: Partial<Record<FilterParam, string>>;
    };

/** The query string's filters (a repeated parameter counts once: its first value), or their problems. */
export function readBookingFilters(params: URLSearchParams): FilterReading {
  const typed: Partial<Record<FilterParam, string>> = {};
  for (const name of FILTER_PARAMS) {
    const value = params.get(name);
    if (value !== null) typed[name] = value;
  }
  const parsed = bookingFiltersSchema.safeParse(typed);
  if (parsed.success) return { ok: true, filters: parsed.data };
  return { ok: false, problems: problemsOf(parsed.error), typed };
}

/**
 * The query string of these filters, without the first page and without empty filters, for the
 * list's page links and the CSV link ("" when there is nothing to say; else starting with "?").
 */
export function filterQuery(filters: BookingFilters, page = filters.page): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The Paris day as a date, for the query (the schema has already checked it). */
export function filterDay(value: string): ParisDate {
  const parsed = parseIsoDate(value);
  if (!parsed) throw new RangeError(`Not a date: ${value}`);
  return parsed;
}
