/**
 * The adapter between the booking model and the booking form's wire names (the draft the form
 * keeps, posts and restores: lieu_pu_1, nb_trajet, prix_cb...). The names belong to the wire, the
 * contract with an outside BOOKING_ENDPOINT; everything past this module reads the model.
 */
import { HOTELS } from "../hotels";
import type { TransferKind } from "../site-paths";
import type { PriceRow } from "../pricing/csv";
import { orientRow, rowsServing } from "../pricing/pricing";
import { TERMINAL_NOT_KNOWN } from "../terminals";
import {
  ADDRESS_END,
  FLIGHT_END,
  PRIVATE,
  SHUTTLE,
  countOf,
  emptyDraft,
  flightClock,
  isDeparture,
  isFlightEnd,
  isRoundTrip,
  legCounts,
  pickupClock,
  setLegDate,
  transferKind,
  withCounts,
} from "./draft";
import { CUSTOMER, TRIP, endFields, legFields, pickupTerminalField, type BookingDraft, type End, type Leg } from "./fields";
import { CHILD_SEATS } from "./messages";
import { readStoredDetails, type BookingEnd, type BookingLeg, type ChildSeats, type Customer, type Luggage } from "./model";
import { isoDate, parisParts, parseIsoDate } from "./paris-time";
import { legDate, legTiming, legsOf, pickupMoment, routeOf, text } from "./rules";
import { notesWithSummary, withoutSummary } from "./summary";
import { pickupAirport, terminalOf } from "./terminal";
import { formatClock, parseClock } from "./time-rules";

/** What the rules read of a stored booking's row besides its details. */
export interface StoredBooking {
  kind: string;
  roundTrip: boolean;
  depart: string;
  arrive: string;
  adults: number;
  children: number;
  babies: number;
  lastname: string;
  firstname: string;
  email: string;
  phone: string;
  submissionToken: string;
  details: unknown;
}

/** The columns a stored booking keeps of a checked booking beside its details: what lists search and sort on. */
export function storedColumns(booking: {
  kind: TransferKind;
  roundTrip: boolean;
  depart: string;
  arrive: string;
  customer: Customer;
  passengers: { adults: number; children: number; babies: number };
}) {
  return {
    kind: booking.kind,
    roundTrip: booking.roundTrip,
    depart: booking.depart,
    arrive: booking.arrive,
    lastname: booking.customer.lastname,
    firstname: booking.customer.firstname,
    email: booking.customer.email,
    phone: booking.customer.phoneMobile,
    adults: booking.passengers.adults,
    children: booking.passengers.children,
    babies: booking.passengers.babies,
  };
}

// ---------------------------------------------------------------------------------------------
// From the model to the wire: the draft that gives a stored booking

function writeEnd(draft: BookingDraft, end: End, leg: Leg, stored: BookingEnd): void {
  const f = endFields(end, leg);
  draft[f.lieu] = stored.place;
  draft[f.type] = stored.kind === "flight" ? FLIGHT_END : ADDRESS_END;
  if (stored.kind === "flight") {
    const clock = parseClock(stored.flightTime ?? "");
    draft[f.horaireVol] = stored.flightTime ?? "";
    draft[f.timeVol] = clock ? String(clock.hour).padStart(2, "0") : "";
    draft[f.minuteVol] = clock ? String(clock.minute).padStart(2, "0") : "";
    draft[f.cityVol] = stored.flightCity;
    draft[f.numVol] = stored.flightNumber;
    if (end === "pu") draft[pickupTerminalField(leg)] = stored.terminal ?? TERMINAL_NOT_KNOWN;
  } else {
    draft[f.hotel] = stored.hotel;
    draft[f.hotelN] = stored.hotelId === null ? "" : String(stored.hotelId);
    draft[f.address] = stored.address;
    draft[f.zip] = stored.zip;
  }
}

/**
 * The booking form's draft that gives the stored booking: every field the booking form would have
 * posted for it (customer, kind, trip type, route, each leg's date, pickup time, passengers and
 * ends, the luggage, and each leg's own note without the passengers-and-luggage block the form
 * appends). null when the stored details do not have the booking's shape.
 */
export function draftFromBooking(details: unknown, row: Omit<StoredBooking, "details">): BookingDraft | null {
  const stored = readStoredDetails(details);
  if (!stored) return null;
  const c = stored.customer;
  const draft = emptyDraft();
  Object.assign(draft, {
    [CUSTOMER.lastname]: c.lastname,
    [CUSTOMER.firstname]: c.firstname,
    [CUSTOMER.email]: c.email,
    [CUSTOMER.mobile]: c.phoneMobile,
    [CUSTOMER.address]: c.address,
    [CUSTOMER.postcode]: c.postcode,
    [CUSTOMER.city]: c.city,
    [CUSTOMER.country]: c.country,
    [CUSTOMER.phoneCountryCode]: c.phoneCountryCode || "fr",
    [TRIP.kind]: row.kind === "private" ? PRIVATE : SHUTTLE,
    [TRIP.trips]: row.roundTrip ? "2" : "1",
    [TRIP.roundTrip]: row.roundTrip ? "2" : "1",
    [TRIP.depart]: row.depart,
    [TRIP.arrive]: row.arrive,
    [TRIP.checkInLuggage]: String(stored.luggage.checkIn),
    [TRIP.cabinBags]: String(stored.luggage.cabin),
    [TRIP.strollerSingle]: String(stored.luggage.strollerSingle),
    [TRIP.strollerDouble]: String(stored.luggage.strollerDouble),
    [TRIP.luggageNote]: stored.luggage.info,
    ...Object.fromEntries(CHILD_SEATS.map(([field, seat]) => [field, String(stored.childSeats[seat])])),
    [TRIP.submissionToken]: row.submissionToken,
  });
  let out: BookingDraft = draft;
  for (const leg of stored.legs) {
    const n = leg.leg;
    const f = legFields(n);
    out = setLegDate(out, n, parseIsoDate(leg.date));
    out[f.paxAdult] = String(leg.passengers.adults);
    out[f.paxChild] = String(leg.passengers.children);
    out[f.paxBaby] = String(leg.passengers.babies);
    const pickup = leg.pickupTime ? parseClock(leg.pickupTime) : null;
    out[f.timeH] = pickup ? String(pickup.hour).padStart(2, "0") : "";
    out[f.timeM] = pickup ? String(pickup.minute).padStart(2, "0") : "";
    out[f.info] = withoutSummary(leg.info);
    writeEnd(out, "pu", n, leg.pickup);
    writeEnd(out, "drop", n, leg.dropoff);
  }
  // A hotel of the booking stays acceptable even if the route's area no longer lists its postcode.
  const storedHotel = stored.legs[0]!.pickup.hotelId ?? stored.legs[0]!.dropoff.hotelId;
  out[TRIP.hotel] = HOTELS.find((h) => h.id === storedHotel)?.slug ?? "";
  return withCounts(out);
}

// ---------------------------------------------------------------------------------------------
// From the wire to the model

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
    /** The pick-up terminal; "" when not known, and on every other end. Stored bookings made before it lack it, and show none. */
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

/**
 * The booking a checked draft describes, in the model's words; null when a leg's date or pickup
 * moment cannot be read (which the rules have already refused).
 */
export function bookingFromDraft(draft: BookingDraft, rows: readonly PriceRow[]) {
  const route = canonicalRoute(draft, rows);
  const legs = legsOf(draft).map((leg) => readLeg(draft, leg, rows, route));
  if (legs.some((leg) => leg === null)) return null;
  const cents = (field: string) => {
    const n = countOf(text(draft, field) || "x");
    return Number.isSafeInteger(n) ? n : 0;
  };
  const customer: Customer = {
    lastname: text(draft, CUSTOMER.lastname),
    firstname: text(draft, CUSTOMER.firstname),
    email: text(draft, CUSTOMER.email),
    phoneMobile: text(draft, CUSTOMER.mobile),
    address: text(draft, CUSTOMER.address),
    postcode: text(draft, CUSTOMER.postcode),
    city: text(draft, CUSTOMER.city),
    country: text(draft, CUSTOMER.country),
    phoneCountryCode: text(draft, CUSTOMER.phoneCountryCode),
  };
  const luggage: Luggage = {
    checkIn: countOf(draft[TRIP.checkInLuggage]),
    cabin: countOf(draft[TRIP.cabinBags]),
    strollerSingle: countOf(draft[TRIP.strollerSingle]),
    strollerDouble: countOf(draft[TRIP.strollerDouble]),
    info: draft[TRIP.luggageNote] ?? "",
  };
  const childSeats = Object.fromEntries(CHILD_SEATS.map(([field, seat]) => [seat, countOf(draft[field])])) as ChildSeats;
  const booking = {
    customer,
    kind: transferKind(draft),
    roundTrip: isRoundTrip(draft),
    depart: route.from,
    arrive: route.to,
    passengers: legCounts(draft, 1),
    luggage,
    childSeats,
    legs: legs.filter((leg) => leg !== null),
    /** As posted, in cents, for the log only: the server prices the booking itself. */
    postedPrices: { cb: cents(TRIP.priceCard), cash: cents(TRIP.priceCash) },
    submissionToken: text(draft, TRIP.submissionToken),
  };
  // Each leg's notes: the visitor's own, without any passengers-and-luggage block posted with them,
  // then that block written from the checked booking, as the form writes it.
  return { ...booking, legs: booking.legs.map((leg) => ({ ...leg, info: notesWithSummary(leg.info, booking, leg.leg) })) };
}
