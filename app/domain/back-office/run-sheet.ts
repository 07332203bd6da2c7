import { shortLuggageText } from "../booking/luggage-text";
import { legOf, type BookingEnd, type BookingLeg, type StoredDetails } from "../booking/model";
import { addDays, isoDate, parisClock, parisDayRange, parisToday, parseIsoDate, type ParisDate } from "../booking/paris-time";
import { type AdminWords, bookingStatusIn } from "./admin-words";
import type { BookingStatus, PaymentStatus } from "./statuses";

/**
 * The dispatcher's list of pickups (the run sheet, and the dashboard's today and tomorrow): one
 * line per leg picked up on a Paris day, in time order, with what a driver needs on paper, in the
 * member's words. Pure: the bookings, the day (or `now`) and the words are arguments.
 */

/** What the run sheet reads of a booking: its columns, and its details as readStoredDetails gives them. */
export interface PickupBooking {
  orderId: string;
  test: boolean;
  bookingStatus: BookingStatus;
  paymentStatus: PaymentStatus;
  paymentMode: "card" | "cash";
  source: "web" | "phone";
  depart: string;
  arrive: string;
  adults: number;
  children: number;
  babies: number;
  /** The outbound leg's pickup moment, and the return's (null for a one-way booking). */
  firstPickupAt: Date | null;
  returnPickupAt: Date | null;
  /** Each leg's driver's name, or null while it has none. */
  firstDriverName: string | null;
  returnDriverName: string | null;
  /** bookings.details read by readStoredDetails; null when they do not have a booking's shape. */
  details: StoredDetails | null;
}

/** One pickup: a leg of a booking. */
export interface PickupLine {
  /** orderId and leg: unique on a sheet. */
  key: string;
  orderId: string;
  leg: 1 | 2;
  roundTrip: boolean;
  pickupAt: Date;
  /** HH:mm, Paris. */
  time: string;
  test: boolean;
  /** The flight at either end of the leg ("BA304 from London, lands 10:00"), or "" when none. */
  flight: string;
  from: string;
  to: string;
  passengers: string;
  luggage: string;
  driver: string | null;
  bookingStatus: BookingStatus;
  status: string;
  /** The leg's stored details could not be read: the line holds the booking's columns only. */
  unread: boolean;
}

// ---------------------------------------------------------------------------------------------
// The words of a leg

/** The `admin` catalogue's words a pickup line is written in here, on the server: a page showing lines need not ship them. */
export const PICKUP_LINE_WORDS = ["sheet.flight.", "sheet.adults", "sheet.children", "sheet.babies"] as const;

/** A leg's end as the driver reads it: the place, then the hotel or address when there is one. */
function endText(end: BookingEnd | undefined, fallback: string): string {
  if (!end) return fallback;
  const place = end.place.trim() || fallback;
  const where = end.hotel.trim() || [end.address.trim(), end.zip.trim()].filter(Boolean).join(" ");
  return where && where !== place ? `${place}, ${where}` : place;
}

/** The flight of a leg: the landing one at the pickup, else the departing one at the drop-off. */
function flightText(leg: BookingLeg | null, words: AdminWords): string {
  if (!leg) return "";
  for (const [end, verb, toward] of [
    [leg.pickup, "sheet.flight.lands", "sheet.flight.from"],
    [leg.dropoff, "sheet.flight.takesOff", "sheet.flight.to"],
  ] as const) {
    if (end.kind !== "flight") continue;
    const city = end.flightCity.trim();
    const time = (end.flightTime ?? "").trim();
    const head = [end.flightNumber.trim(), city ? words(toward, { city }) : ""].filter(Boolean).join(" ");
    return [head, time ? words(verb, { time }) : ""].filter(Boolean).join(", ");
  }
  return "";
}

/** "2 adults, 1 child" (babies when there are some): the leg's own party, else the booking's. */
function passengersText(leg: BookingLeg | null, booking: PickupBooking, words: AdminWords): string {
  const { adults, children, babies } = leg ? leg.passengers : booking;
  const parts = [words("sheet.adults", { count: adults })];
  if (children > 0) parts.push(words("sheet.children", { count: children }));
  if (babies > 0) parts.push(words("sheet.babies", { count: babies }));
  return parts.join(", ");
}

// ---------------------------------------------------------------------------------------------
// Which bookings are jobs

/**
 * Whether a booking is a job to drive: not cancelled, and paid, paid in cash on board, entered by
 * staff, or already handled by them. An unpaid web booking still new is a form the traveller
 * left on the payment page, not a job.
 */
export function isJob(b: Pick<PickupBooking, "bookingStatus" | "paymentStatus" | "paymentMode" | "source">): boolean {
  if (b.bookingStatus === "cancelled") return false;
  if (b.bookingStatus !== "new") return true;
  return b.paymentStatus === "paid" || b.paymentStatus === "partly_refunded" || b.paymentMode === "cash" || b.source === "phone";
}

function lineOf(b: PickupBooking, leg: 1 | 2, pickupAt: Date, words: AdminWords): PickupLine {
  const l = legOf(b.details, leg);
  const roundTrip = b.returnPickupAt !== null;
  const [fromPlace, toPlace] = leg === 1 ? [b.depart, b.arrive] : [b.arrive, b.depart];
  return {
    key: `${b.orderId}-${leg}`,
    orderId: b.orderId,
    leg,
    roundTrip,
    pickupAt,
    time: parisClock(pickupAt),
    test: b.test,
    flight: flightText(l, words),
    from: endText(l?.pickup, fromPlace),
    to: endText(l?.dropoff, toPlace),
    passengers: passengersText(l, b, words),
    luggage: shortLuggageText(b.details, words),
    driver: leg === 1 ? b.firstDriverName : b.returnDriverName,
    bookingStatus: b.bookingStatus,
    status: bookingStatusIn(words, b.bookingStatus),
    unread: l === null,
  };
}

/** Earlier first; at one moment, by order id, then outbound before return. */
function byTime(a: PickupLine, b: PickupLine): number {
  return a.pickupAt.getTime() - b.pickupAt.getTime() || (a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0) || a.leg - b.leg;
}

/**
 * Every leg of these bookings picked up within [start, end), one line each, in time order; jobs
 * only (see isJob), and how many cancelled bookings had a pickup there.
 */
export function pickupsBetween(
  bookings: readonly PickupBooking[],
  start: Date,
  end: Date,
  words: AdminWords,
): { lines: PickupLine[]; cancelled: number } {
  const lines: PickupLine[] = [];
  const cancelled = new Set<string>();
  const within = (at: Date | null): at is Date => at !== null && at.getTime() >= start.getTime() && at.getTime() < end.getTime();
  for (const b of bookings) {
    const legs = ([1, 2] as const).flatMap((leg) => {
      const at = leg === 1 ? b.firstPickupAt : b.returnPickupAt;
      return within(at) ? [{ leg, at }] : [];
    });
    if (legs.length === 0) continue;
    if (b.bookingStatus === "cancelled") cancelled.add(b.orderId);
    if (!isJob(b)) continue;
    for (const { leg, at } of legs) lines.push(lineOf(b, leg, at, words));
  }
  return { lines: lines.sort(byTime), cancelled: cancelled.size };
}

/** The pickups of one Paris day (a day of 23 or 25 hours when the clocks change). */
export function pickupsOfDay(
  bookings: readonly PickupBooking[],
  day: ParisDate,
  words: AdminWords,
): { lines: PickupLine[]; cancelled: number } {
  const { start, end } = parisDayRange(day);
  return pickupsBetween(bookings, start, end, words);
}

// ---------------------------------------------------------------------------------------------
// The run sheet's day

export type RunSheetDay = { ok: true; day: ParisDate; iso: string } | { ok: false; message: string };

/** The ?date= of the run sheet: yyyy-MM-dd, a real date; today in Paris when absent or empty. */
export function runSheetDay(param: string | null, now: Date, words: AdminWords): RunSheetDay {
  if (param === null || param.trim() === "") {
    const day = parisToday(now);
    return { ok: true, day, iso: isoDate(day) };
  }
  const day = parseIsoDate(param);
  if (!day || day.year < 2000 || day.year > 2999) {
    return { ok: false, message: words("day.invalid") };
  }
  return { ok: true, day, iso: isoDate(day) };
}

/** The days before and after, yyyy-MM-dd, for the previous and next links. */
export function neighbourDays(day: ParisDate): { previous: string; next: string } {
  return { previous: isoDate(addDays(day, -1)), next: isoDate(addDays(day, 1)) };
}
