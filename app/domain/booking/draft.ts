/**
 * The booking draft's starting values (docs/product.md, Booking screen) and the pure edits the
 * form makes to it: the return leg mirroring the outbound leg, passenger totals, flight times and
 * dates written in every shape the draft keeps them.
 */
import { hotelBySlug } from "../hotels";
import { DEFAULT_MINUTES } from "../pricing/csv";
import { defaultPlaceType, parsePassengerCode } from "../pricing/pricing";
import type { TransferKind } from "../site-paths";
import { CUSTOMER, DRAFT_FIELDS, LINK_QUERY, TRIP, endFields, legFields, type BookingDraft, type End, type Leg } from "./fields";
import { formatFrenchDate, isoDate, type ParisDate } from "./paris-time";
import { formatClock, parseClock, roundToQuarter, type Clock } from "./time-rules";

export type { BookingDraft, End, Leg } from "./fields";

/** The minimum lead time in hours (docs/product.md, Time rules); the draft carries it too. */
export const MIN_LEAD_HOURS = 20;

/** Place type values: "1" a flight (airport) end, "2" a hotel or address end. */
export const FLIGHT_END = "1";
export const ADDRESS_END = "2";

export const SHUTTLE = "Shuttle";
export const PRIVATE = "Private";

/**
 * Phone defaults: France, like the postal country, for a French business whose visitors book
 * transfers in France. The format is the country's number pattern with one dot per digit (11
 * digits: +33 and 9 more).
 */
export const DEFAULT_PHONE_COUNTRY = { code: "fr", name: "France", format: "+.. . .. .. .. .." } as const;

const OTHER_END: Record<End, End> = { pu: "drop", drop: "pu" };

/** Place names travel in links with underscores for spaces. */
export function readPlaceName(value: string | undefined): string {
  return (value ?? "").replace(/_/g, " ").replace(/\s+/g, " ").trim();
}

/** Every draft field, empty. */
export function emptyDraft(): BookingDraft {
  return Object.fromEntries(DRAFT_FIELDS.map((f) => [f, ""]));
}

/** Whether the draft is a round trip: the one way to ask (two legs). */
/** The draft with `number` as its mobile number, and in the two copies of it the form posts. */
export function withMobileNumber(draft: BookingDraft, number: string): BookingDraft {
  return { ...draft, [CUSTOMER.mobile]: number, [CUSTOMER.mobileCopy]: number, [CUSTOMER.phone]: number };
}

export function isRoundTrip(draft: BookingDraft): boolean {
  return draft[TRIP.trips] === "2";
}

/** The draft's kind of transfer: the one way to ask (PRIVATE is private). */
export function transferKind(draft: BookingDraft): TransferKind {
  return draft[TRIP.kind] === PRIVATE ? "private" : "shuttle";
}

export function isFlightEnd(draft: BookingDraft, end: End, leg: Leg): boolean {
  return draft[endFields(end, leg).type] === FLIGHT_END;
}

export type Counts = { adults: number; children: number; babies: number; total: number };

/** The most digits a count, an hour or a minute field may have: larger numbers are not counts. */
const MAX_COUNT_DIGITS = 6;

/**
 * The one reading of a count field (passengers, luggage, the party), for the rules, the price
 * request and the screens alike: blank is 0, a whole number of at most six digits is itself, and
 * anything else (a sign, a decimal point, an exponent, 400 nines) is NaN, which no range admits.
 */
export function countOf(value: string | undefined): number {
  const text = (value ?? "").trim();
  if (text === "") return 0;
  return text.length <= MAX_COUNT_DIGITS && /^\d+$/.test(text) ? Number(text) : NaN;
}

/** Whether a field holds a small whole number (at most six digits), or nothing. */
export function isSmallWholeNumber(value: string | undefined): boolean {
  return !Number.isNaN(countOf(value));
}

/** A leg's passenger counts, read from its adults, children and babies. */
export function legCounts(draft: BookingDraft, leg: Leg): Counts {
  const f = legFields(leg);
  const adults = countOf(draft[f.paxAdult]);
  const children = countOf(draft[f.paxChild]);
  const babies = countOf(draft[f.paxBaby]);
  return { adults, children, babies, total: adults + children + babies };
}

/**
 * Totals kept in step: each leg's total = its adults + children + babies, and the party booked
 * (the summary's counts) is leg 1's. A count that is not a whole number leaves its total blank.
 */
export function withCounts<D extends BookingDraft>(draft: D): D & BookingDraft {
  const next: BookingDraft = { ...draft };
  for (const leg of [1, 2] as const) {
    const total = legCounts(draft, leg).total;
    next[legFields(leg).pax] = Number.isFinite(total) ? String(total) : "";
  }
  const one = legFields(1);
  next[TRIP.partyAdults] = draft[one.paxAdult] ?? "";
  next[TRIP.partyChildren] = draft[one.paxChild] ?? "";
  next[TRIP.partyBabies] = draft[one.paxBaby] ?? "";
  next[TRIP.partyTotal] = next[one.pax] ?? "";
  return next as D & BookingDraft;
}

/**
 * Round trip: leg 2 runs leg 1 backwards. Leg 2's pickup takes leg 1's drop-off place and type
 * and the other way round; passenger counts are copied, and each end's address, zip, hotel,
 * hotel number and flight city go to the mirrored end (leg 1's drop-off hotel is leg 2's pickup
 * hotel). Flight times and numbers are not copied: the return flight is another flight. One-way
 * drafts come back unchanged. Call it after every edit of leg 1 ("as the visitor types").
 */
export function mirrorReturnLeg<D extends BookingDraft>(draft: D): D & BookingDraft {
  if (!isRoundTrip(draft)) return draft;
  const next: BookingDraft = { ...draft };
  for (const end of ["pu", "drop"] as const) {
    const from = endFields(end, 1);
    const to = endFields(OTHER_END[end], 2);
    for (const key of ["lieu", "type", "address", "zip", "hotel", "hotelN", "cityVol"] as const) {
      next[to[key]] = draft[from[key]] ?? "";
    }
  }
  const one = legFields(1);
  const two = legFields(2);
  for (const key of ["pax", "paxAdult", "paxChild", "paxBaby"] as const) next[two[key]] = draft[one[key]] ?? "";
  return next as D & BookingDraft;
}

/** Switch between one way ("1") and round trip ("2"); a round trip mirrors leg 1 at once. */
export function withTripMode(draft: BookingDraft, roundTrip: boolean): BookingDraft {
  const mode = roundTrip ? "2" : "1";
  return mirrorReturnLeg({ ...draft, [TRIP.trips]: mode, [TRIP.roundTrip]: mode });
}

/**
 * A flight time typed or picked for one end: rounded to the nearest quarter hour ("60 becomes 45")
 * and written as the time (HH:MM), its hour and its minute. Text that is not a time clears all
 * three.
 */
export function setFlightTime(draft: BookingDraft, end: End, leg: Leg, text: string): BookingDraft {
  const f = endFields(end, leg);
  const parsed = parseClock(text);
  const clock = parsed ? roundToQuarter(parsed) : null;
  return {
    ...draft,
    [f.horaireVol]: clock ? formatClock(clock) : "",
    [f.timeVol]: clock ? String(clock.hour).padStart(2, "0") : "",
    [f.minuteVol]: clock ? String(clock.minute).padStart(2, "0") : "",
  };
}

/** An end's flight time as entered (not rounded): the time (HH:MM), else its hour and minute. */
export function flightClock(draft: BookingDraft, end: End, leg: Leg): Clock | null {
  const f = endFields(end, leg);
  const text = (draft[f.horaireVol] ?? "").trim();
  if (text !== "") return parseClock(text);
  const hour = (draft[f.timeVol] ?? "").trim();
  const minute = (draft[f.minuteVol] ?? "").trim();
  return hour === "" && minute === "" ? null : parseClock(`${hour}:${minute.padStart(2, "0")}`);
}

/** A leg's pickup time (its hour and minute): the traveller's on a leg with no flight, the proposal or the traveller's on a departure. */
export function pickupClock(draft: BookingDraft, leg: Leg): Clock | null {
  const f = legFields(leg);
  const hour = (draft[f.timeH] ?? "").trim();
  const minute = (draft[f.timeM] ?? "").trim();
  if (hour === "" && minute === "") return null;
  return parseClock(`${hour}:${minute.padStart(2, "0")}`);
}

/** A departure: the drop-off is a flight and the pick-up is not; the form proposes its pick-up time. */
export function isDeparture(draft: BookingDraft, leg: Leg): boolean {
  return isFlightEnd(draft, "drop", leg) && !isFlightEnd(draft, "pu", leg);
}

/** A leg's pick-up time written as the pick-up time control writes it (hour and minute); null clears it. */
export function setPickupClock(draft: BookingDraft, leg: Leg, clock: Clock | null): BookingDraft {
  const f = legFields(leg);
  return { ...draft, [f.timeH]: clock ? String(clock.hour) : "", [f.timeM]: clock ? String(clock.minute) : "" };
}

/**
 * A departure's pick-up time following a new proposal: the form writes the proposal into the
 * pick-up time when that is empty or still the previous proposal, and keeps a time the traveller
 * chose since. `previous` is the proposal last written (null when none was).
 */
export function followProposal(draft: BookingDraft, leg: Leg, proposed: Clock, previous: Clock | null): BookingDraft {
  const f = legFields(leg);
  const empty = (draft[f.timeH] ?? "").trim() === "" && (draft[f.timeM] ?? "").trim() === "";
  const current = pickupClock(draft, leg);
  const untouched = previous !== null && current !== null && current.hour === previous.hour && current.minute === previous.minute;
  return empty || untouched ? setPickupClock(draft, leg, proposed) : draft;
}

/**
 * A leg's date picked: as yyyy-MM-dd, as dd/MM/yyyy and as its day, month and year parts. null
 * clears them all.
 */
export function setLegDate(draft: BookingDraft, leg: Leg, date: ParisDate | null): BookingDraft {
  const f = legFields(leg);
  return {
    ...draft,
    [f.date]: date ? isoDate(date) : "",
    [f.frenchDate]: date ? formatFrenchDate(date) : "",
    [f.day]: date ? String(date.day).padStart(2, "0") : "",
    [f.month]: date ? String(date.month).padStart(2, "0") : "",
    [f.year]: date ? String(date.year) : "",
  };
}

function placeType(param: string | undefined, place: string): string {
  const value = (param ?? "").trim();
  // Missing: decided by the place itself (an airport of the price file is a flight end).
  if (value === "") return String(defaultPlaceType(place));
  return value === "1" ? FLIGHT_END : ADDRESS_END;
}

/**
 * The draft a /reservation or /booking URL starts with (docs/product.md, Booking screen): every
 * draft field present, empty where unset, with the defaults (phone and postal country France, one
 * cabin bag and one check-in bag, 45/45/30/135 minutes of durations and delays, the 20-hour lead
 * time). The date and times stay empty for the visitor to choose; `now` is taken for the API's sake
 * and does not change the result.
 *
 * The link's query (LINK_QUERY):
 * - the places: underscores read as spaces; they are leg 1's pickup and drop-off places.
 * - their place types: "1" a flight end, any other value a hotel or address end; when the
 *   parameter is missing, an airport place is a flight end and anything else an address end.
 * - the kind: "1" → Private, otherwise Shuttle; the trip type: "2" → round trip.
 * - the party: a passenger code (1…50, 22, sup); anything else is one adult.
 * - the hotel: a hotel slug, preselected on the hotel/address end (the drop-off when both ends are).
 */
export function initialDraft(query: Record<string, string | undefined>, _options: { now: Date }): BookingDraft {
  const draft = emptyDraft();
  const depart = readPlaceName(query[LINK_QUERY.depart]);
  const arrive = readPlaceName(query[LINK_QUERY.arrive]);
  const roundTrip = (query[LINK_QUERY.tripType] ?? "").trim() === "2";
  const group = parsePassengerCode(query[LINK_QUERY.party] ?? "") ?? { adults: 1, children: 0, babies: 0, total: 1 };

  Object.assign(draft, {
    [CUSTOMER.country]: "FR",
    [CUSTOMER.phoneCountryCode]: DEFAULT_PHONE_COUNTRY.code,
    [CUSTOMER.phoneCountryName]: DEFAULT_PHONE_COUNTRY.name,
    [CUSTOMER.phoneCountryFormat]: DEFAULT_PHONE_COUNTRY.format,
    [TRIP.kind]: (query[LINK_QUERY.privateShuttle] ?? "").trim() === "1" ? PRIVATE : SHUTTLE,
    [TRIP.trips]: roundTrip ? "2" : "1",
    [TRIP.roundTrip]: roundTrip ? "2" : "1",
    [TRIP.depart]: depart,
    [TRIP.arrive]: arrive,
    [TRIP.durationOut]: String(DEFAULT_MINUTES.durationOut),
    [TRIP.durationBack]: String(DEFAULT_MINUTES.durationBack),
    [TRIP.delayDepart]: String(DEFAULT_MINUTES.delayDepart),
    [TRIP.delayArrive]: String(DEFAULT_MINUTES.delayArrive),
    [TRIP.minimumLeadHours]: String(MIN_LEAD_HOURS),
    [TRIP.strollerSingle]: "0",
    [TRIP.strollerDouble]: "0",
    [TRIP.babySeat]: "0",
    [TRIP.childSeat]: "0",
    [TRIP.boosterSeat]: "0",
    [TRIP.cabinBags]: "1",
    [TRIP.checkInLuggage]: "1",
  });
  for (const leg of [1, 2] as const) {
    const f = legFields(leg);
    draft[f.paxAdult] = String(group.adults);
    draft[f.paxChild] = String(group.children);
    draft[f.paxBaby] = String(group.babies);
    draft[f.duree] = String(leg === 1 ? DEFAULT_MINUTES.durationOut : DEFAULT_MINUTES.durationBack);
    draft[f.delaiDepart] = String(DEFAULT_MINUTES.delayDepart);
    draft[f.delaiArrive] = String(DEFAULT_MINUTES.delayArrive);
  }
  const pu = endFields("pu", 1);
  const drop = endFields("drop", 1);
  draft[pu.lieu] = depart;
  draft[drop.lieu] = arrive;
  draft[pu.type] = placeType(query[LINK_QUERY.departType], depart);
  draft[drop.type] = placeType(query[LINK_QUERY.arriveType], arrive);

  const hotel = hotelBySlug((query[LINK_QUERY.hotel] ?? "").trim());
  if (hotel) {
    draft[TRIP.hotel] = hotel.slug;
    const end = draft[drop.type] === ADDRESS_END ? drop : draft[pu.type] === ADDRESS_END ? pu : null;
    if (end) {
      draft[end.hotel] = hotel.name;
      draft[end.hotelN] = String(hotel.id);
      draft[end.address] = hotel.address;
      draft[end.zip] = hotel.zip;
    }
  }
  return mirrorReturnLeg(withCounts(draft));
}
