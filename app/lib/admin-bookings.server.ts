import { and, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { bookings } from "../../db/schema";
import { filterDay, searchTermOf, type SearchTerm } from "~/domain/back-office/booking-filters";
import { isBookingStatus, type BookingFilters } from "~/domain/back-office/booking-list-query";
import { bookingStatusIn, paymentStatusIn } from "~/domain/back-office/admin-words";
import type { BookingStatus, PaymentStatus } from "~/domain/back-office/statuses";
import { formatParisDateTime, parisDayRange } from "~/domain/booking/paris-time";
import { UNREAD_LEGS } from "~/domain/booking/booking-lines";
import { shortLuggageText } from "~/domain/booking/luggage-text";
import { readStoredDetails, type BookingEnd, type BookingLeg } from "~/domain/booking/model";
import { detailsWithLegs, legDriverName } from "./booking-store.server";
import type { Db } from "./db.server";
import { adminWordsIn } from "./i18n.server";

/**
 * The back office's bookings list and its CSV export: one query, searched and filtered as
 * app/domain/back-office/booking-filters.ts reads the query string, newest booking first. Every
 * search is served by an index of docs/decisions/0016-booking-list-indexes.md: the exact order id,
 * the start of lower(lastname), lower(firstname) or lower(email), and the end of the phone
 * number's digits (the index holds them reversed, so the end becomes a start).
 */

/** Bookings per page of the list. */
const PAGE_SIZE = 50;
/** The list counts its matches up to this many, so a broad filter costs no more than a narrow one. */
export const COUNT_CAP = 10_000;

/** LIKE's own characters, taken literally in a search. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const startsWith = (expression: SQL, prefix: string): SQL => sql`${expression} like ${`${escapeLike(prefix)}%`}`;

// The expressions below are the indexes' own, written the same way, so the planner matches them.
const lastnameKey = sql`lower(${bookings.lastname})`;
const firstnameKey = sql`lower(${bookings.firstname})`;
const emailKey = sql`lower(${bookings.email})`;
const phoneKey = sql`reverse(regexp_replace(${bookings.phone}, '[^0-9]', '', 'g'))`;

function searchCondition(term: SearchTerm): SQL {
  switch (term.kind) {
    case "order":
      return eq(bookings.orderId, term.orderId);
    case "email":
      return startsWith(emailKey, term.prefix);
    case "phone":
      return startsWith(phoneKey, [...term.digits].reverse().join(""));
    case "words": {
      const anyName = (word: string) => or(startsWith(lastnameKey, word), startsWith(firstnameKey, word), startsWith(emailKey, word))!;
      if (term.words.length === 1) return anyName(term.words[0]!);
      // "de la Fontaine" is the start of one last name; "Ada Lovelace" a first and a last name.
      return or(startsWith(lastnameKey, term.phrase), startsWith(firstnameKey, term.phrase), and(...term.words.map(anyName)))!;
    }
  }
}

/** The pickup range: either leg's pickup within it counts. */
function pickupCondition(from: string | null, to: string | null): SQL | undefined {
  if (!from && !to) return undefined;
  const start = from ? parisDayRange(filterDay(from)).start : null;
  const end = to ? parisDayRange(filterDay(to)).end : null;
  const within = (column: typeof bookings.firstPickupAt | typeof bookings.returnPickupAt) =>
    and(start ? gte(column, start) : undefined, end ? lt(column, end) : undefined);
  return or(within(bookings.firstPickupAt), within(bookings.returnPickupAt));
}

/** The WHERE of these filters (the page number aside). */
export function filterCondition(filters: BookingFilters): SQL | undefined {
  const term = filters.q ? searchTermOf(filters.q) : null;
  const status = filters.status
    ? isBookingStatus(filters.status)
      ? eq(bookings.bookingStatus, filters.status)
      : eq(bookings.status, filters.status)
    : undefined;
  return and(term ? searchCondition(term) : undefined, status, pickupCondition(filters.from, filters.to));
}

const listColumns = {
  id: bookings.id,
  orderId: bookings.orderId,
  createdAt: bookings.createdAt,
  test: bookings.test,
  source: bookings.source,
  kind: bookings.kind,
  roundTrip: bookings.roundTrip,
  depart: bookings.depart,
  arrive: bookings.arrive,
  firstname: bookings.firstname,
  lastname: bookings.lastname,
  email: bookings.email,
  phone: bookings.phone,
  adults: bookings.adults,
  children: bookings.children,
  babies: bookings.babies,
  priceCents: bookings.priceCents,
  currency: bookings.currency,
  paymentStatus: bookings.status,
  bookingStatus: bookings.bookingStatus,
  firstPickupAt: bookings.firstPickupAt,
  returnPickupAt: bookings.returnPickupAt,
  firstDriverName: legDriverName(1),
  returnDriverName: legDriverName(2),
};

/** A booking as the list shows it. */
export interface BookingListRow {
  id: number;
  orderId: string;
  createdAt: Date;
  test: boolean;
  source: "web" | "phone";
  kind: "shuttle" | "private";
  roundTrip: boolean;
  depart: string;
  arrive: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  adults: number;
  children: number;
  babies: number;
  priceCents: number;
  currency: string;
  paymentStatus: PaymentStatus;
  bookingStatus: BookingStatus;
  firstPickupAt: Date | null;
  returnPickupAt: Date | null;
  /** Each leg's driver's name, or null while it has none. */
  firstDriverName: string | null;
  returnDriverName: string | null;
}

export interface BookingPage {
  rows: BookingListRow[];
  page: number;
  pageSize: number;
  hasNext: boolean;
  /** How many bookings match, counted up to COUNT_CAP. */
  total: number;
  /** More than COUNT_CAP match: `total` is the cap. */
  totalCapped: boolean;
}

/** The longest pickup range that is searched through its own indexes first (see listQueries). */
const SHORT_RANGE_DAYS = 62;

/** Whether these filters name few enough bookings to find them first and sort them after. */
export function filteredFirst(filters: BookingFilters): boolean {
  if (filters.q && searchTermOf(filters.q)) return true;
  if (!filters.from || !filters.to) return false;
  const days = (parisDayRange(filterDay(filters.to)).end.getTime() - parisDayRange(filterDay(filters.from)).start.getTime()) / 86_400_000;
  return Math.round(days) <= SHORT_RANGE_DAYS;
}

/**
 * The two statements behind a page of the list: the page's rows (one more than shown, to know
 * whether a next page exists) and the capped count. Exposed for the benchmark's EXPLAIN ANALYZE.
 */
export function listQueries(db: Db, filters: BookingFilters, pageSize = PAGE_SIZE) {
  const where = filterCondition(filters);
  const page = Math.max(1, filters.page);
  // A search or a short pickup range names a few thousand bookings at most: they are found through
  // their own indexes, then sorted. Left to itself, the planner may instead walk the creation-time
  // index from the newest booking, filtering as it goes, which reads the whole table when the
  // matches are old (last January's pickups, a name last seen two years ago). The sort key written
  // as an expression no index holds keeps it from that walk; the order is the same.
  const newest = filteredFirst(filters) ? sql`${bookings.createdAt} + interval '0 seconds' desc` : desc(bookings.createdAt);
  return {
    rows: db
      .select(listColumns)
      .from(bookings)
      .where(where)
      .orderBy(newest, desc(bookings.id))
      .limit(pageSize + 1)
      .offset((page - 1) * pageSize),
    count: db.select({ n: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1` })
        .from(bookings)
        .where(where)
        .limit(COUNT_CAP + 1)
        .as("matched"),
    ),
  };
}

/** One page of the list, newest booking first (creation time, then id), with the driver's name. */
export async function listBookings(db: Db, filters: BookingFilters, pageSize = PAGE_SIZE): Promise<BookingPage> {
  const queries = listQueries(db, filters, pageSize);
  const [rows, counted] = await Promise.all([queries.rows, queries.count]);
  const matched = counted[0]?.n ?? 0;
  return {
    rows: rows.slice(0, pageSize),
    page: Math.max(1, filters.page),
    pageSize,
    hasNext: rows.length > pageSize,
    total: Math.min(matched, COUNT_CAP),
    totalCapped: matched > COUNT_CAP,
  };
}

// ---------------------------------------------------------------------------------------------
// The CSV export: one row per leg

/** One leg of a booking, as the CSV export writes it. */
export interface BookingLegRecord {
  orderId: string;
  leg: "outbound" | "return";
  pickup: string;
  from: string;
  to: string;
  flight: string;
  traveller: string;
  email: string;
  phone: string;
  passengers: number;
  luggage: string;
  bookingStatus: string;
  paymentStatus: string;
  amount: string;
  driver: string;
  test: "yes" | "no";
}

/** The export's words: English, whoever downloads it (a spreadsheet is shared and read by the business's tools). */
const EXPORT_WORDS = adminWordsIn("en");

/** The export's columns, in order, with their header. */
export const CSV_COLUMNS: ReadonlyArray<{ key: keyof BookingLegRecord; header: string }> = [
  { key: "orderId", header: "Order id" },
  { key: "leg", header: "Leg" },
  { key: "pickup", header: "Pickup (Paris)" },
  { key: "from", header: "From" },
  { key: "to", header: "To" },
  { key: "flight", header: "Flight" },
  { key: "traveller", header: "Traveller" },
  { key: "email", header: "E-mail" },
  { key: "phone", header: "Phone" },
  { key: "passengers", header: "Passengers" },
  { key: "luggage", header: "Luggage" },
  { key: "bookingStatus", header: "Booking status" },
  { key: "paymentStatus", header: "Payment status" },
  { key: "amount", header: "Booking amount" },
  { key: "driver", header: "Driver" },
  { key: "test", header: "Test" },
];

function placeText(end: BookingEnd, fallback: string): string {
  const place = end.place || fallback;
  if (end.kind === "flight") return place;
  const where = [end.hotel, [end.address, end.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return where ? `${place}: ${where}` : place;
}

function flightText(leg: BookingLeg): string {
  const parts: string[] = [];
  if (leg.pickup.kind === "flight" && leg.pickup.flightNumber) {
    parts.push(
      `${leg.pickup.flightNumber}${leg.pickup.flightCity ? ` from ${leg.pickup.flightCity}` : ""}${leg.pickup.flightTime ? `, lands ${leg.pickup.flightTime}` : ""}`,
    );
  }
  if (leg.dropoff.kind === "flight" && leg.dropoff.flightNumber) {
    parts.push(
      `${leg.dropoff.flightNumber}${leg.dropoff.flightCity ? ` to ${leg.dropoff.flightCity}` : ""}${leg.dropoff.flightTime ? `, takes off ${leg.dropoff.flightTime}` : ""}`,
    );
  }
  return parts.join("; ");
}

/** An amount as a spreadsheet reads it: 1234.50 (euros), the currency named when it is not EUR. */
function amountText(cents: number, currency: string): string {
  const text = (cents / 100).toFixed(2);
  return currency.toUpperCase() === "EUR" ? text : `${text} ${currency.toUpperCase()}`;
}

/** The columns the export reads: the list's, and the stored legs. */
const exportColumns = { ...listColumns, details: detailsWithLegs };
type ExportRow = BookingListRow & { details: unknown };

/**
 * A booking's legs as export records: both legs of a round trip, each with its own pickup, ends
 * and passengers. A booking whose stored details cannot be read gives one record per pickup
 * column instead, from the booking's own columns, saying so in the Flight column: the export
 * never stops on one odd row.
 */
export function legRecords(row: ExportRow): BookingLegRecord[] {
  const details = readStoredDetails(row.details);
  const common = {
    orderId: row.orderId,
    traveller: `${row.firstname} ${row.lastname}`.trim(),
    email: row.email,
    phone: row.phone,
    luggage: shortLuggageText(details, EXPORT_WORDS),
    bookingStatus: bookingStatusIn(EXPORT_WORDS, row.bookingStatus),
    paymentStatus: paymentStatusIn(EXPORT_WORDS, row.paymentStatus),
    amount: amountText(row.priceCents, row.currency),
    test: row.test ? ("yes" as const) : ("no" as const),
  };
  if (details) {
    return details.legs.map((leg) => {
      const outbound = leg.leg === 1;
      return {
        ...common,
        leg: outbound ? ("outbound" as const) : ("return" as const),
        pickup: formatParisDateTime(leg.pickupAt),
        from: placeText(leg.pickup, outbound ? row.depart : row.arrive),
        to: placeText(leg.dropoff, outbound ? row.arrive : row.depart),
        flight: flightText(leg),
        passengers: leg.passengers.total,
        driver: (outbound ? row.firstDriverName : row.returnDriverName) ?? "",
      };
    });
  }
  const passengers = row.adults + row.children + row.babies;
  const fallback = [
    { leg: "outbound" as const, at: row.firstPickupAt, from: row.depart, to: row.arrive },
    { leg: "return" as const, at: row.returnPickupAt, from: row.arrive, to: row.depart },
  ].filter((l, i) => i === 0 || l.at !== null || row.roundTrip);
  return fallback.map((l) => ({
    ...common,
    leg: l.leg,
    pickup: l.at ? formatParisDateTime(l.at) : "",
    from: l.from,
    to: l.to,
    flight: UNREAD_LEGS,
    passengers,
    driver: (l.leg === "outbound" ? row.firstDriverName : row.returnDriverName) ?? "",
  }));
}

/** Bookings read per query while exporting: memory stays flat however many match. */
const EXPORT_BATCH = 500;

/**
 * Every booking that matches (the page number aside), newest first, as leg records: read in
 * batches that each continue after the last booking of the one before (its creation time and id,
 * compared in the database, so no booking is skipped or repeated whatever the clock's precision).
 */
export async function* exportLegRecords(db: Db, filters: BookingFilters, batch = EXPORT_BATCH): AsyncGenerator<BookingLegRecord> {
  const where = filterCondition(filters);
  let lastId: number | null = null;
  for (;;) {
    const after: SQL | undefined =
      lastId === null
        ? undefined
        : sql`(${bookings.createdAt}, ${bookings.id}) < (select b.created_at, b.id from bookings b where b.id = ${lastId})`;
    const rows: ExportRow[] = await db
      .select(exportColumns)
      .from(bookings)
      .where(and(where, after))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(batch);
    for (const row of rows) yield* legRecords(row);
    if (rows.length < batch) return;
    lastId = rows[rows.length - 1]!.id;
  }
}
