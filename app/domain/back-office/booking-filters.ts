import { z } from "../zod";
import { plainTextRefinement } from "../plain-text";
import { compareDates, isoDate, parseIsoDate, type ParisDate } from "../booking/paris-time";
import { problemsOf, type FormProblem } from "../form-problems";
import type { AdminWordKey, AdminWords } from "./admin-words";
import { type BookingFilters, STATUS_FILTERS, type StatusFilter } from "./booking-list-query";

/**
 * The bookings list's filters: one schema for the list's search form (posted), its query string
 * (the page links and the CSV export carry the same parameters), so the page, the form and the
 * export can never disagree on what a filter means. The search text is personal data (a name, an
 * e-mail, a phone number) and never travels in the query string itself: the server seals it into
 * an opaque token, `s`, and opens it before reading the filters
 * (docs/decisions/0016-booking-list-indexes.md). Unknown parameters are ignored, `q` among them;
 * a bad value is a message for its field, never an exception, in the member's words: the
 * schema's messages are keys of the `admin` catalogue, worded when the filters are read.
 */

/** Longer search text is refused rather than cut: nothing a person types into the box is this long. */
export const MAX_SEARCH_LENGTH = 100;
/** At most this many words of a name are matched. */
const MAX_SEARCH_WORDS = 4;
/** A phone search needs this many digits, so that it names a few bookings rather than thousands. */
const MIN_PHONE_DIGITS = 4;
/**
 * A phone search matches the end of a number, at most this many digits of it: a French number's
 * own nine digits, so +33 6 12 34 56 78, 0033 6… and 06 12 34 56 78 find each other whichever
 * way the booking was typed.
 */
const PHONE_SUFFIX_DIGITS = 9;
/** Pages beyond this are refused: a search narrows the list long before. */
export const MAX_PAGE = 10_000;

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
function normaliseSearch(text: string): string {
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

/** The filters' fields: the search form's names, and the schema's. */
const FILTER_FIELDS = ["q", "status", "from", "to", "page"] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
/** The filters the query string carries readably: none of them is personal. */
const QUERY_FILTER_PARAMS = ["status", "from", "to", "page"] as const satisfies readonly FilterField[];

/** The years a pickup-day filter may name. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;

/** An empty or blank parameter is the same as none. */
const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const day = (message: AdminWordKey) =>
  z.preprocess(
    blank,
    z
      .string()
      .trim()
      .refine((v) => {
        // A real day within the years bookings can have: the database's dates go no further.
        const d = parseIsoDate(v);
        return d !== null && d.year >= FIRST_YEAR && d.year <= LAST_YEAR;
      }, message)
      .optional(),
  );

/** The list's query string: every value as text, as URLSearchParams gives it. */
const bookingFiltersSchema = z
  .object({
    q: z.preprocess(
      blank,
      z
        .string()
        .superRefine(
          plainTextRefinement({
            message: "bookings.problem.searchText" satisfies AdminWordKey,
            nulMessage: "bookings.problem.searchNul" satisfies AdminWordKey,
            // Tabs and line breaks of a pasted text read as spaces (normaliseSearch).
            shape: "lines",
          }),
        )
        .transform(normaliseSearch)
        .pipe(z.string().max(MAX_SEARCH_LENGTH, "bookings.problem.searchLong" satisfies AdminWordKey))
        .refine((v) => {
          const term = searchTermOf(v);
          return term?.kind !== "phone" || term.digits.length >= MIN_PHONE_DIGITS;
        }, "bookings.problem.phoneDigits" satisfies AdminWordKey)
        .optional(),
    ),
    status: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .refine(
          (v): v is StatusFilter => (STATUS_FILTERS as readonly string[]).includes(v),
          "bookings.problem.status" satisfies AdminWordKey,
        )
        .optional(),
    ),
    from: day("bookings.problem.from"),
    to: day("bookings.problem.to"),
    page: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .regex(/^\d{1,9}$/, "bookings.problem.pageWhole" satisfies AdminWordKey)
        .transform(Number)
        .pipe(
          z
            .number()
            .min(1, "bookings.problem.pageMin" satisfies AdminWordKey)
            .max(MAX_PAGE, "bookings.problem.pageMax" satisfies AdminWordKey),
        )
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    const from = v.from ? parseIsoDate(v.from) : null;
    const to = v.to ? parseIsoDate(v.to) : null;
    if (from && to && compareDates(from, to) > 0) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "bookings.problem.toBeforeFrom" satisfies AdminWordKey });
    }
  })
  .transform((v): BookingFilters => ({
    q: v.q ?? null,
    status: (v.status as StatusFilter | undefined) ?? null,
    from: v.from ? isoDate(parseIsoDate(v.from) as ParisDate) : null,
    to: v.to ? isoDate(parseIsoDate(v.to) as ParisDate) : null,
    page: v.page ?? 1,
  }));

/** The numbers the filters' messages name. */
const PROBLEM_VALUES: Partial<Record<AdminWordKey, Readonly<Record<string, number>>>> = {
  "bookings.problem.searchLong": { max: MAX_SEARCH_LENGTH },
  "bookings.problem.phoneDigits": { min: MIN_PHONE_DIGITS },
  "bookings.problem.pageMax": { max: MAX_PAGE },
};

/** A sealed search that no longer opens (too old, altered, or sealed under another secret): its message's key. */
export const SEARCH_EXPIRED = "bookings.problem.expired" satisfies AdminWordKey;

export type FilterReading =
  | { ok: true; filters: BookingFilters }
  | {
      ok: false;
      problems: FormProblem[];
      /** The values as they were sent, for the form to show them again. */
      typed: Partial<Record<FilterField, string>>;
    };

/** The filters of a set of fields (the search form's, as fieldsOf gives them), or their problems in `words`. */
export function readFilterFields(fields: Readonly<Record<string, string | undefined>>, words: AdminWords): FilterReading {
  const typed: Partial<Record<FilterField, string>> = {};
  for (const name of FILTER_FIELDS) {
    const value = fields[name];
    if (value !== undefined) typed[name] = value;
  }
  const parsed = bookingFiltersSchema.safeParse(typed);
  if (parsed.success) return { ok: true, filters: parsed.data };
  const say = (issue: z.core.$ZodIssue) => {
    const key = issue.message as AdminWordKey;
    return words(key, PROBLEM_VALUES[key]);
  };
  return { ok: false, problems: problemsOf(parsed.error, say), typed };
}

/**
 * The filters of every field in these parameters, the search text `q` included (a repeated name
 * counts once: its first value). For a form's fields and for tests; never for the list's URL,
 * whose search arrives sealed: see readListQuery.
 */
export function readBookingFilters(params: URLSearchParams, words: AdminWords): FilterReading {
  const fields: Record<string, string | undefined> = {};
  for (const name of FILTER_FIELDS) fields[name] = params.get(name) ?? undefined;
  return readFilterFields(fields, words);
}

/**
 * The list's query string (the page's, its page links', the CSV link's): its readable filters,
 * and the search text opened from its token by the server (null for none). A `q` in the query
 * string is not read: a search arrives only sealed.
 */
export function readListQuery(params: URLSearchParams, search: string | null, words: AdminWords): FilterReading {
  const fields: Record<string, string | undefined> = {};
  for (const name of QUERY_FILTER_PARAMS) fields[name] = params.get(name) ?? undefined;
  if (search !== null) fields.q = search;
  return readFilterFields(fields, words);
}

/** The Paris day as a date, for the query (the schema has already checked it). */
export function filterDay(value: string): ParisDate {
  const parsed = parseIsoDate(value);
  if (!parsed) throw new RangeError(`Not a date: ${value}`);
  return parsed;
}
