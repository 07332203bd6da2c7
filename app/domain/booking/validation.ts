/**
 * The booking form's schema (docs/product.md, Booking rules): one zod schema that the browser runs
 * before posting and the server runs on what is posted. It reads every draft field as text, checks
 * each rule of rules.ts as one refinement, and turns the draft into the typed `Booking`, whose type
 * is the schema's own output. Everything after the boundary (the price, the stored booking, the
 * e-mails) reads the Booking, never the posted fields.
 *
 * What the Booking holds is what the visitor chose; what follows from the choice comes from the
 * price file: each leg's places are the route's ends, its duration and delays the route's row's.
 */
import { z } from "zod";

// zod 4 probes `new Function` on its first parse to pick a faster path; the site's CSP forbids
// eval, so the probe would be reported as a violation in every browser. The slower path is plenty.
z.config({ jitless: true });
import type { PriceRow } from "../pricing/csv";
import { orientRow, rowsServing, type PriceRequest } from "../pricing/pricing";
import { TERMINAL_NOT_KNOWN } from "../terminals";
import { FLIGHT_END, countOf, flightClock, isDeparture, isFlightEnd, isRoundTrip, legCounts, pickupClock, transferKind } from "./draft";
import { DRAFT_FIELDS, endFields, legFields, type BookingDraft, type End, type Leg } from "./fields";
import { MAX_FIELD_LENGTH, MESSAGES, STEP_PREFIX, prefixFor, type BookingError } from "./messages";
import type { BookingEnd, BookingLeg, Customer, Luggage } from "./model";
import { isoDate, parisParts } from "./paris-time";
import { bookingRules, legDate, legTiming, legsOf, pickupMoment, routeOf, text, type RuleContext } from "./rules";
import { notesWithSummary } from "./summary";
import { pickupAirport, terminalOf } from "./terminal";
import { formatClock } from "./time-rules";

export { transferKind } from "./draft";
export { LIMITS, MAX_FIELD_LENGTH, STEP_PREFIX, USER_PREFIX, markupParts, stripMarkup, type BookingError } from "./messages";
export { legDate, pickupMoment, type RuleContext } from "./rules";

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
// The typed booking

function readEnd(draft: BookingDraft, end: End, leg: Leg, place: string): BookingEnd & { terminal: string } {
  const e = endFields(end, leg);
  // The rules admit a terminal only on a pick-up from a flight at an airport.
  const terminal = end === "pu" && pickupAirport(draft, leg) ? terminalOf(draft, leg) : TERMINAL_NOT_KNOWN;
  const flight = draft[e.type] === FLIGHT_END;
  const clock = flight ? flightClock(draft, end, leg) : null;
  const hotelId = countOf(text(draft, e.hotelN) || "x");
  return {
    place,
    kind: flight ? "flight" : "address",
    flightTime: clock ? formatClock(clock) : null,
    flightCity: flight ? text(draft, e.cityVol) : "",
    // The form upper-cases the flight number as it is typed; a post is read the same way.
    flightNumber: flight ? text(draft, e.numVol).toUpperCase() : "",
    hotel: flight ? "" : text(draft, e.hotel),
    hotelId: !flight && Number.isSafeInteger(hotelId) ? hotelId : null,
    address: flight ? "" : text(draft, e.address),
    zip: flight ? "" : text(draft, e.zip),
    /** The pick-up terminal; "" when not known, and on every other end. Stored bookings made before it lack it (storedTerminal). */
    terminal,
  };
}

/**
 * One leg of a checked draft: its places are the route's ends (the return reversed), its duration
 * and delays the route's price-file row's. null when its date or pickup moment cannot be read,
 * which the rules have already refused.
 */
function readLeg(draft: BookingDraft, leg: Leg, rows: readonly PriceRow[], route: { from: string; to: string }): BookingLeg | null {
  const day = legDate(draft, leg);
  const timing = legTiming(draft, leg, rows);
  const pickupAt = pickupMoment(draft, leg, timing);
  if (day.state !== "ok" || !pickupAt) return null;
  const f = legFields(leg);
  const [from, to] = leg === 1 ? [route.from, route.to] : [route.to, route.from];
  const noFlight = !isFlightEnd(draft, "pu", leg) && !isFlightEnd(draft, "drop", leg);
  const departureTime = isDeparture(draft, leg) && pickupClock(draft, leg) !== null;
  const pickup = noFlight ? pickupClock(draft, leg) : departureTime ? parisParts(pickupAt) : null;
  return {
    leg,
    /** yyyy-MM-dd, Paris. */
    date: isoDate(day.date),
    /** The pickup moment the 20-hour rule measured. */
    pickupAt,
    /** HH:MM, when the visitor gave one: on a leg with no flight, or a departure's kept or changed proposal. */
    pickupTime: pickup ? formatClock(pickup) : null,
    passengers: legCounts(draft, leg),
    durationMinutes: timing.duree,
    delayDepartMinutes: timing.delaiDepart,
    delayArriveMinutes: timing.delaiArrive,
    pickup: readEnd(draft, "pu", leg, from),
    dropoff: readEnd(draft, "drop", leg, to),
    info: draft[f.info] ?? "",
  };
}

/**
 * The route with the price file's own names for its places (the first row serving it, seen from
 * the draft's depart), whatever spelling of them matched: the booking stores what the file calls
 * them. As posted when no row serves the route, which the server then refuses for want of a price.
 */
function canonicalRoute(draft: BookingDraft, rows: readonly PriceRow[]): { from: string; to: string } {
  const route = routeOf(draft);
  const row = rowsServing(rows, route)[0];
  if (!row) return route;
  const oriented = orientRow(row, route.from);
  return { from: oriented.from, to: oriented.to };
}

function toBooking(draft: BookingDraft, rows: readonly PriceRow[]) {
  const route = canonicalRoute(draft, rows);
  const legs = legsOf(draft).map((leg) => readLeg(draft, leg, rows, route));
  if (legs.some((leg) => leg === null)) return null;
  const cents = (field: string) => {
    const n = countOf(text(draft, field) || "x");
    return Number.isSafeInteger(n) ? n : 0;
  };
  const customer: Customer = {
    lastname: text(draft, "lastname"),
    firstname: text(draft, "firstname"),
    email: text(draft, "email"),
    phoneMobile: text(draft, "phone_mobile"),
    address: text(draft, "address"),
    postcode: text(draft, "postcode"),
    city: text(draft, "city"),
    country: text(draft, "country"),
    phoneCountryCode: text(draft, "phoneCountryCode"),
  };
  const luggage: Luggage = {
    checkIn: countOf(draft.check_in_luggage),
    cabin: countOf(draft.cabin_bag),
    strollerSingle: countOf(draft.stroller_single),
    strollerDouble: countOf(draft.stroller_double),
    info: draft.info_pax_luggage ?? "",
  };
  const booking = {
    customer,
    kind: transferKind(draft),
    roundTrip: isRoundTrip(draft),
    depart: route.from,
    arrive: route.to,
    passengers: legCounts(draft, 1),
    luggage,
    legs: legs.filter((leg) => leg !== null),
    /** As posted, in cents, for the log only: the server prices the booking itself. */
    postedPrices: { cb: cents("prix_cb"), cash: cents("prix_cash") },
    submissionToken: text(draft, "submission_token"),
  };
  // Each leg's notes: the visitor's own, without any passengers-and-luggage block posted with them,
  // then that block written from the checked booking, as the form writes it.
  return { ...booking, legs: booking.legs.map((leg) => ({ ...leg, info: notesWithSummary(leg.info, booking, leg.leg) })) };
}

// ---------------------------------------------------------------------------------------------
// The schema

function buildFieldsSchema() {
  const shape = Object.fromEntries(
    DRAFT_FIELDS.map((name) => [
      name,
      z
        .string({ error: `${prefixFor(name)}${MESSAGES.notText}` })
        .max(MAX_FIELD_LENGTH, { error: `${prefixFor(name)}${MESSAGES.tooLong}` })
        // The database cannot store a NUL character; no keyboard types one.
        .refine((v) => !v.includes("\u0000"), { error: `${prefixFor(name)}${MESSAGES.nul}` })
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
 * The schema of a posted booking form, measured against `now` and the price file's `rows`: every
 * draft field a string (missing ones empty, unknown ones dropped), then one refinement per booking
 * rule, in the order the form lists them, and the result a typed Booking. Each issue's path is the
 * field to focus; messages carry the prefixes and bold markup.
 */
export function bookingFormSchema(context: RuleContext) {
  const drafts: z.ZodType<BookingDraft> = z.lazy(() => (fieldsSchema ??= buildFieldsSchema()));
  // Every rule's refinement attached in one call: attaching them one by one copies the schema
  // each time, which costs more than checking a booking.
  const refined = drafts.check(
    ...bookingRules().map((rule) =>
      z.refine<BookingDraft>((draft) => !rule.broken(draft, context), {
        path: [rule.field],
        error: (issue) => rule.message(issue.input as BookingDraft, context),
      }),
    ),
  );
  return refined.transform((draft, ctx) => {
    const booking = toBooking(draft, context.rows);
    if (booking) return booking;
    ctx.addIssue({ code: "custom", path: [legFields(1).frenchDate], message: `${STEP_PREFIX[1]}${MESSAGES.noPickupMoment}` });
    return z.NEVER;
  });
}

export type BookingFormSchema = ReturnType<typeof bookingFormSchema>;

/** A posted form, checked, with numbers as numbers: the schema's own output type. */
export type Booking = z.output<BookingFormSchema>;

/** The price question a checked booking asks: its route, kind, trip type and party. */
export function bookingPriceRequest(booking: Booking): PriceRequest {
  const { adults, children, babies } = booking.passengers;
  return {
    from: booking.depart,
    to: booking.arrive,
    kind: booking.kind,
    tripType: booking.roundTrip ? 2 : 1,
    party: { adults, children, babies },
  };
}

/**
 * The form's check, as the browser runs it on submit: blocking errors, then phone warnings, and
 * the typed booking when there is no error.
 */
export function validateDraft(
  draft: BookingDraft,
  context: RuleContext,
): { errors: BookingError[]; warnings: BookingError[]; booking: Booking | null } {
  const result = bookingFormSchema(context).safeParse(draft);
  const errors = result.success ? [] : result.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ""), message: issue.message }));
  return { errors, warnings: phoneWarnings(draft), booking: result.success ? result.data : null };
}
