/**
 * The booking form's rules (docs/product.md, Booking rules): one zod schema that the browser runs
 * before posting and the server runs on what is posted. The messages are fixed texts, listed there
 * word for word with their prefixes ('minimun' included); `**…**` marks the bold parts.
 */
import { z } from "zod";

// zod 4 probes `new Function` on its first parse to pick a faster path; the site's CSP forbids
// eval, so the probe would be reported as a violation in every browser. The slower path is plenty.
z.config({ jitless: true });
import { DEFAULT_MINUTES } from "../pricing/csv";
import type { TransferKind } from "../site-paths";
import {
  FLIGHT_END,
  PRIVATE,
  countOf,
  flightClock,
  isFlightEnd,
  isRoundTrip,
  legCounts,
  pickupClock,
  MIN_LEAD_HOURS,
  type Counts,
} from "./draft";
import { CUSTOMER_FIELDS, DRAFT_FIELDS, endFields, legFields, type BookingDraft, type End, type Leg } from "./fields";
import {
  compareDates,
  dateBounds,
  formatFrenchDate,
  isoDate,
  parisInstant,
  parseFrenchDate,
  parseIsoDate,
  type ParisDate,
} from "./paris-time";
import { flightWindow, formatClock, formatDuration, inWindow, isOnQuarter, type Clock } from "./time-rules";

export type BookingError = { field: string /* the wire name of the control to focus */; message: string };

export const USER_PREFIX = "USER - ";
export const STEP_PREFIX: Record<Leg, string> = { 1: "FIRST STEP - ", 2: "SECOND STEP - " };

export const LIMITS = {
  adults: { min: 1, max: 50 },
  children: { min: 0, max: 50 },
  babies: { min: 0, max: 50 },
  luggage: { min: 0, max: 10 },
} as const;

/** Longest text a posted field may hold. */
export const MAX_FIELD_LENGTH = 2000;

// ---------------------------------------------------------------------------------------------
// Bold markup

/** The message without its bold markers. */
export function stripMarkup(message: string): string {
  return message.replace(/\*\*(.*?)\*\*/g, "$1");
}

/** The message cut into plain and bold runs, for <strong>. */
export function markupParts(message: string): { text: string; bold: boolean }[] {
  const parts: { text: string; bold: boolean }[] = [];
  const pattern = /\*\*(.*?)\*\*/g;
  let last = 0;
  for (const m of message.matchAll(pattern)) {
    if (m.index > last) parts.push({ text: message.slice(last, m.index), bold: false });
    if (m[1]) parts.push({ text: m[1], bold: true });
    last = m.index + m[0].length;
  }
  if (last < message.length) parts.push({ text: message.slice(last), bold: false });
  return parts;
}

const bold = (text: string) => `**${text}**`;

// ---------------------------------------------------------------------------------------------
// Reading the draft

const text = (draft: BookingDraft, field: string) => (draft[field] ?? "").trim();

function minutesField(draft: BookingDraft, field: string, fallback: number): number {
  const value = text(draft, field);
  return /^\d+$/.test(value) ? Number(value) : fallback;
}

export function transferKind(draft: BookingDraft): TransferKind {
  return draft.shuttle_private === PRIVATE ? "private" : "shuttle";
}

/** A leg's date: french_date_pu (dd/MM/yyyy, as typed) wins; else date_pu (yyyy-MM-dd). */
export function legDate(draft: BookingDraft, leg: Leg): { state: "missing" } | { state: "invalid" } | { state: "ok"; date: ParisDate } {
  const f = legFields(leg);
  const french = text(draft, f.frenchDate);
  const iso = text(draft, f.date);
  if (french === "" && iso === "") return { state: "missing" };
  const date = french !== "" ? parseFrenchDate(french) : parseIsoDate(iso);
  return date ? { state: "ok", date } : { state: "invalid" };
}

export function legTiming(draft: BookingDraft, leg: Leg) {
  const f = legFields(leg);
  return {
    duree: minutesField(draft, f.duree, leg === 1 ? DEFAULT_MINUTES.durationOut : DEFAULT_MINUTES.durationBack),
    delaiDepart: minutesField(draft, f.delaiDepart, DEFAULT_MINUTES.delayDepart),
    delaiArrive: minutesField(draft, f.delaiArrive, DEFAULT_MINUTES.delayArrive),
  };
}

/**
 * The leg's pickup moment, for the 20-hour rule: on the leg's date in
 * Paris, at the landing time when the pickup is a flight; at takeoff − (delai_arrive + duree)
 * when only the drop-off is a flight; else at the pickup time (time_h/time_m). null when the
 * date or the time it needs is missing or not valid.
 */
export function pickupMoment(draft: BookingDraft, leg: Leg): Date | null {
  const day = legDate(draft, leg);
  if (day.state !== "ok") return null;
  const on = (clock: Clock) => parisInstant({ ...day.date, ...clock });
  if (isFlightEnd(draft, "pu", leg)) {
    const landing = flightClock(draft, "pu", leg);
    return landing ? on(landing) : null;
  }
  if (isFlightEnd(draft, "drop", leg)) {
    const takeoff = flightClock(draft, "drop", leg);
    if (!takeoff) return null;
    const { duree, delaiArrive } = legTiming(draft, leg);
    return new Date(on(takeoff).getTime() - (delaiArrive + duree) * 60_000);
  }
  const pickup = pickupClock(draft, leg);
  return pickup ? on(pickup) : null;
}

// ---------------------------------------------------------------------------------------------
// The rules

const END_WORDS: Record<End, { name: string; city: string }> = {
  pu: { name: "pick-up", city: "origin city" },
  drop: { name: "drop-off", city: "destination city" },
};

const COUNT_WORDS = { adults: "adults", children: "children", babies: "babies" } as const;

const LUGGAGE = [
  ["check_in_luggage", "check-in luggage"],
  ["cabin_bag", "cabin bags"],
  ["stroller_single", "single strollers"],
  ["stroller_double", "double strollers"],
] as const;

function inRange(n: number, range: { min: number; max: number }): boolean {
  return Number.isSafeInteger(n) && n >= range.min && n <= range.max;
}

function customerErrors(draft: BookingDraft): BookingError[] {
  const errors: BookingError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message: USER_PREFIX + message });
  if (text(draft, "lastname") === "") add("lastname", "Please enter your last name.");
  if (text(draft, "firstname") === "") add("firstname", "Please enter your first name.");
  // Only emptiness is checked, not the address's format.
  if (text(draft, "email") === "") add("email", "Please enter a valid email.");
  if (legCounts(draft, 1).adults === 0) add(legFields(1).paxAdult, "Please enter a minimun adult pax.");
  if (text(draft, "phone_mobile").length < 5) add("phone_mobile", "Please enter your phone number.");
  return errors;
}

function legErrors(draft: BookingDraft, leg: Leg, now: Date): BookingError[] {
  const errors: BookingError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message: STEP_PREFIX[leg] + message });
  const f = legFields(leg);
  const kind = transferKind(draft);

  // Date: required, a real dd/MM/yyyy, inside the leg's bounds; the return not before the outbound.
  const day = legDate(draft, leg);
  if (day.state === "missing") add(f.frenchDate, ` Date Departure (t${leg}) is required.`);
  else if (day.state === "invalid") add(f.frenchDate, "Date input not valid.");
  else {
    const { min, max } = dateBounds(leg, now);
    if (compareDates(day.date, min) < 0 || compareDates(day.date, max) > 0) {
      add(f.frenchDate, `Date Departure (t${leg}) must be between ${bold(formatFrenchDate(min))} and ${bold(formatFrenchDate(max))}.`);
    } else if (leg === 2) {
      const outbound = legDate(draft, 1);
      if (outbound.state === "ok" && compareDates(day.date, outbound.date) < 0) {
        add(f.frenchDate, "The return date cannot be before the departure date.");
      }
    }
  }

  // The 20-hour lead time, measured between now and the pickup moment in Paris.
  const moment = pickupMoment(draft, leg);
  if (moment && moment.getTime() - now.getTime() < MIN_LEAD_HOURS * 3_600_000) {
    add(f.frenchDate, "Reservation must be made at least 20 hours before departure.");
  }

  // Passengers.
  const counts = legCounts(draft, leg);
  if (!(counts.total >= 1)) add(f.paxAdult, "Please enter at least 1 passenger.");
  const countFields: Record<keyof typeof COUNT_WORDS, string> = { adults: f.paxAdult, children: f.paxChild, babies: f.paxBaby };
  for (const key of ["adults", "children", "babies"] as const) {
    // Leg 1 with no adults already has the USER message.
    if (key === "adults" && leg === 1 && counts.adults === 0) continue;
    if (!inRange(counts[key], LIMITS[key])) {
      add(countFields[key], `Please enter between ${LIMITS[key].min} and ${LIMITS[key].max} ${COUNT_WORDS[key]}.`);
    }
  }

  // Flight windows: a pickup flight lands, a drop-off flight takes off.
  const landing = isFlightEnd(draft, "pu", leg) ? flightClock(draft, "pu", leg) : null;
  const takeoff = isFlightEnd(draft, "drop", leg) ? flightClock(draft, "drop", leg) : null;
  for (const [end, clock, direction] of [
    ["pu", landing, "landing"],
    ["drop", takeoff, "takeoff"],
  ] as const) {
    if (!clock) continue;
    const w = flightWindow(kind, direction);
    if (!inWindow(clock, w)) {
      add(
        endFields(end, leg).horaireVol,
        `Departure flight time must be between ${bold(formatClock(w.min))} and ${bold(formatClock(w.max))}. You entered: ${bold(formatClock(clock))}`,
      );
    }
  }

  // Both ends flights: the gap must cover the pickup delay, the trip and the arrival delay.
  if (landing && takeoff) {
    const { duree, delaiDepart, delaiArrive } = legTiming(draft, leg);
    const needed = delaiDepart + duree + delaiArrive;
    const gap = takeoff.hour * 60 + takeoff.minute - (landing.hour * 60 + landing.minute);
    if (gap < needed) {
      add(
        endFields("drop", leg).horaireVol,
        `The delay between pickup and drop-off is insufficient. Time needed: ${bold(formatDuration(needed))}`,
      );
    }
  }

  // Each end's block.
  for (const end of ["pu", "drop"] as const) {
    const e = endFields(end, leg);
    const words = END_WORDS[end];
    if (draft[e.type] === FLIGHT_END) {
      const raw = text(draft, e.horaireVol) || text(draft, e.timeVol) || text(draft, e.minuteVol);
      const clock = flightClock(draft, end, leg);
      if (raw === "") add(e.horaireVol, `Please enter the ${words.name} flight time.`);
      else if (!clock) add(e.horaireVol, `Please enter a valid ${words.name} flight time (HH:MM).`);
      else if (!isOnQuarter(clock)) add(e.horaireVol, `The ${words.name} flight time must be in 15-minute intervals.`);
      if (text(draft, e.cityVol) === "") add(e.cityVol, `Please enter the ${words.name} flight ${words.city}.`);
      if (text(draft, e.numVol) === "") add(e.numVol, `Please enter the ${words.name} flight number.`);
    } else {
      if (text(draft, e.address) === "") add(e.address, `Please enter the ${words.name} address.`);
      if (text(draft, e.zip) === "") add(e.zip, `Please enter the ${words.name} zip code.`);
    }
  }

  // With no flight at either end, the pickup time is the visitor's to give.
  if (!isFlightEnd(draft, "pu", leg) && !isFlightEnd(draft, "drop", leg)) {
    const given = text(draft, f.timeH) !== "" || text(draft, f.timeM) !== "";
    if (!given) add(f.timeH, "Please enter the pick-up time.");
    else if (!pickupClock(draft, leg)) add(f.timeH, "Please enter a valid pick-up time (HH:MM).");
  }

  // Luggage belongs to the booking: checked once, with the first step.
  if (leg === 1) {
    for (const [field, words] of LUGGAGE) {
      if (!inRange(countOf(draft[field]), LIMITS.luggage)) {
        add(field, `Please enter between ${LIMITS.luggage.min} and ${LIMITS.luggage.max} ${words}.`);
      }
    }
  }
  return errors;
}

/** Every blocking problem, in order: USER, FIRST STEP, then SECOND STEP for round trips. */
export function bookingErrors(draft: BookingDraft, now: Date): BookingError[] {
  const legs: Leg[] = isRoundTrip(draft) ? [1, 2] : [1];
  return [...customerErrors(draft), ...legs.flatMap((leg) => legErrors(draft, leg, now))];
}

// ---------------------------------------------------------------------------------------------
// Phone check (not blocking)

function digitCount(s: string): number {
  return (s.match(/\d/g) ?? []).length;
}

/**
 * The phone check: the number's digit count may not be under the country
 * format's digit count minus 2. The format is the country's pattern with one dot (or digit) per
 * digit, dial code included, e.g. France "+.. . .. .. .. .." (11). Its result never blocks.
 */
export function phoneWarnings(draft: BookingDraft): BookingError[] {
  const phone = text(draft, "phone_mobile");
  const format = text(draft, "phoneCountryFormat");
  const code = text(draft, "phoneCountryCode");
  const warn = (message: string) => [{ field: "phone_mobile", message }];
  if (digitCount(phone) === 0 || format === "" || code === "") return warn("Missing phone number or country data.");
  if (!/^[a-z]{2}$/i.test(code)) return warn("Invalid country code.");
  const expected = (format.match(/[.\d]/g) ?? []).length;
  const digits = phone.replace(/\D/g, "");
  if (digits.length < expected - 2) {
    const country = text(draft, "phoneCountryName") || code.toUpperCase();
    return warn(`Phone number +${digits} is incorrect length. Expected ${expected} digits. Format must be ${format} for ${country}`);
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// The schema

export interface BookingEnd {
  place: string;
  kind: "flight" | "address";
  flightTime: string | null;
  flightCity: string;
  flightNumber: string;
  hotel: string;
  hotelId: number | null;
  address: string;
  zip: string;
}

export interface BookingLeg {
  leg: Leg;
  /** yyyy-MM-dd, Paris. */
  date: string;
  /** The pickup moment the 20-hour rule measured. */
  pickupAt: Date;
  /** HH:MM, when the visitor gave one (no flight at either end). */
  pickupTime: string | null;
  passengers: Counts;
  durationMinutes: number;
  delayDepartMinutes: number;
  delayArriveMinutes: number;
  pickup: BookingEnd;
  dropoff: BookingEnd;
  info: string;
}

/** A posted form, checked, with numbers as numbers. */
export interface Booking {
  customer: {
    lastname: string;
    firstname: string;
    email: string;
    phoneMobile: string;
    address: string;
    postcode: string;
    city: string;
    country: string;
    phoneCountryCode: string;
  };
  kind: TransferKind;
  roundTrip: boolean;
  depart: string;
  arrive: string;
  passengers: Counts;
  luggage: { checkIn: number; cabin: number; strollerSingle: number; strollerDouble: number; info: string };
  legs: BookingLeg[];
  /** As posted, in cents: the server recomputes the price and never trusts these. */
  postedPrices: { cb: number; cash: number };
  submissionToken: string;
  /** Every draft field as posted (trimmed of nothing), for storage and replay. */
  fields: BookingDraft;
}

function readEnd(draft: BookingDraft, end: End, leg: Leg): BookingEnd {
  const e = endFields(end, leg);
  const flight = draft[e.type] === FLIGHT_END;
  const clock = flight ? flightClock(draft, end, leg) : null;
  const hotelId = text(draft, e.hotelN);
  return {
    place: text(draft, e.lieu),
    kind: flight ? "flight" : "address",
    flightTime: clock ? formatClock(clock) : null,
    flightCity: flight ? text(draft, e.cityVol) : "",
    flightNumber: flight ? text(draft, e.numVol) : "",
    hotel: flight ? "" : text(draft, e.hotel),
    hotelId: !flight && /^\d+$/.test(hotelId) ? Number(hotelId) : null,
    address: flight ? "" : text(draft, e.address),
    zip: flight ? "" : text(draft, e.zip),
  };
}

function toBooking(draft: BookingDraft): Booking | null {
  const legs: BookingLeg[] = [];
  for (const leg of (isRoundTrip(draft) ? [1, 2] : [1]) as Leg[]) {
    const day = legDate(draft, leg);
    const pickupAt = pickupMoment(draft, leg);
    if (day.state !== "ok" || !pickupAt) return null;
    const f = legFields(leg);
    const noFlight = !isFlightEnd(draft, "pu", leg) && !isFlightEnd(draft, "drop", leg);
    const pickup = noFlight ? pickupClock(draft, leg) : null;
    const timing = legTiming(draft, leg);
    legs.push({
      leg,
      date: isoDate(day.date),
      pickupAt,
      pickupTime: pickup ? formatClock(pickup) : null,
      passengers: legCounts(draft, leg),
      durationMinutes: timing.duree,
      delayDepartMinutes: timing.delaiDepart,
      delayArriveMinutes: timing.delaiArrive,
      pickup: readEnd(draft, "pu", leg),
      dropoff: readEnd(draft, "drop", leg),
      info: draft[f.info] ?? "",
    });
  }
  const cents = (field: string) => (/^\d+$/.test(text(draft, field)) ? Number(text(draft, field)) : 0);
  return {
    customer: {
      lastname: text(draft, "lastname"),
      firstname: text(draft, "firstname"),
      email: text(draft, "email"),
      phoneMobile: text(draft, "phone_mobile"),
      address: text(draft, "address"),
      postcode: text(draft, "postcode"),
      city: text(draft, "city"),
      country: text(draft, "country"),
      phoneCountryCode: text(draft, "phoneCountryCode"),
    },
    kind: transferKind(draft),
    roundTrip: isRoundTrip(draft),
    depart: text(draft, "depart"),
    arrive: text(draft, "arrive"),
    passengers: legCounts(draft, 1),
    luggage: {
      checkIn: countOf(draft.check_in_luggage),
      cabin: countOf(draft.cabin_bag),
      strollerSingle: countOf(draft.stroller_single),
      strollerDouble: countOf(draft.stroller_double),
      info: draft.info_pax_luggage ?? "",
    },
    legs,
    postedPrices: { cb: cents("prix_cb"), cash: cents("prix_cash") },
    submissionToken: text(draft, "submission_token"),
    fields: draft,
  };
}

/** Which step a field belongs to, for messages about the field's form itself. */
function prefixFor(field: string): string {
  if ((CUSTOMER_FIELDS as readonly string[]).includes(field)) return USER_PREFIX;
  return /(_2|_t2)$/.test(field) ? STEP_PREFIX[2] : STEP_PREFIX[1];
}

function buildFieldsSchema() {
  const shape = Object.fromEntries(
    DRAFT_FIELDS.map((name) => [
      name,
      z
        .string({ error: `${prefixFor(name)}This field must be text.` })
        .max(MAX_FIELD_LENGTH, { error: `${prefixFor(name)}This field is too long.` })
        // The database cannot store a NUL character; no keyboard types one.
        .refine((v) => !v.includes("\u0000"), { error: `${prefixFor(name)}This field holds a character we cannot read.` })
        .default(""),
    ]),
  ) as Record<string, z.ZodDefault<z.ZodType<string>>>;
  return z.object(shape);
}

// Built once, on first use: zod compiles an object schema's parser on its first use, and for this
// many fields that costs more than a parse. Every call below wraps this one instance (z.lazy)
// instead of copying it, so the server compiles it once, not once per booking. Not at module
// load: building it costs the booking page a long task while it hydrates, before anything is
// validated.
let fieldsSchema: ReturnType<typeof buildFieldsSchema> | undefined;

/**
 * The schema of a posted booking form: every draft field a string (missing ones empty, unknown
 * ones dropped), every rule of bookingErrors checked against `now`, and the result a typed
 * Booking. Each zod issue's path is the field to focus; messages carry the prefixes and bold
 * markup.
 */
export function bookingFormSchema(options: { now: Date }) {
  return z
    .lazy(() => (fieldsSchema ??= buildFieldsSchema()))
    .superRefine((draft, ctx) => {
      for (const e of bookingErrors(draft, options.now)) ctx.addIssue({ code: "custom", path: [e.field], message: e.message });
    })
    .transform((draft, ctx): Booking => {
      const booking = toBooking(draft);
      if (booking) return booking;
      ctx.addIssue({ code: "custom", path: ["french_date_pu_t1"], message: `${STEP_PREFIX[1]}The pickup moment could not be worked out.` });
      return z.NEVER;
    });
}

export type BookingFormSchema = ReturnType<typeof bookingFormSchema>;

/** The form's check, as the browser runs it on submit: blocking errors, then phone warnings. */
export function validateDraft(draft: BookingDraft, options: { now: Date }): { errors: BookingError[]; warnings: BookingError[] } {
  const result = bookingFormSchema(options).safeParse(draft);
  const errors = result.success ? [] : result.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ""), message: issue.message }));
  return { errors, warnings: phoneWarnings(draft) };
}
