/**
 * The booking rules (docs/product.md, Booking rules), one entry per rule, in the order the form
 * lists their messages: USER, then FIRST STEP, then SECOND STEP for round trips. Each rule names
 * the control to focus and its part (the customer or a leg), says when a draft breaks it, and
 * gives its message as a catalogue key and values (the page puts it into words, its part's prefix
 * first); the booking schema (validation.ts) runs them all in one zod check and passes each part
 * and message on in its issue. The small pure helpers below, and those of leg-timing.ts, are what
 * the rules share: reading a leg's date, its clocks, its passengers, and the route's durations,
 * delays and postal codes, which come from the price file and never from the draft.
 */
import { z } from "../zod";
import countryNames from "react-phone-number-input/locale/en.json";
import { HOTELS, hotelBySlug, hotelsForPostcodes } from "../hotels";
import type { PriceRow } from "../pricing/csv";
import { samePlace } from "../pricing/pricing";
import {
  ADDRESS_END,
  FLIGHT_END,
  MIN_LEAD_HOURS,
  PRIVATE,
  SHUTTLE,
  countOf,
  flightClock,
  isDeparture,
  isFlightEnd,
  isRoundTrip,
  isSmallWholeNumber,
  legCounts,
  pickupClock,
  transferKind,
  type Counts,
} from "./draft";
import { CUSTOMER, TRIP, endFields, legFields, pickupTerminalField, type BookingDraft, type End, type Leg } from "./fields";
import { CHILD_SEATS, LIMITS, LUGGAGE_FIELDS, MAX_EMAIL_LENGTH, MESSAGES, type BookingMessage, type BookingPart } from "./messages";
import { compareDates, dateBounds, formatFrenchDate, parisParts } from "./paris-time";
import { earliestPickup, pickupAtClock, pickupProblem, pickupText, type PickupProblem } from "./pickup-proposal";
import { TERMINALS } from "../terminals";
import { pickupAirport, terminalAdmitted } from "./terminal";
import { flightWindow, formatClock, formatDuration, inWindow, isOnQuarter, type Clock } from "./time-rules";
import {
  departureProposal,
  inBounds,
  legDate,
  legTiming,
  pickupMoment,
  pickupTimeGiven,
  routeDetailsOf,
  routeOf,
  text,
  type DepartureProposal,
} from "./leg-timing";

export {
  arrivalPickupAt,
  departureProposal,
  departureProposalOf,
  legDate,
  legsOf,
  legTiming,
  pickupMoment,
  routeDetailsOf,
  routeOf,
  text,
  type DepartureProposal,
  type LegDate,
  type LegTiming,
} from "./leg-timing";

/** What the rules measure a draft against: the clock, and the price file's rows for the route's details. */
export interface RuleContext {
  now: Date;
  rows: readonly PriceRow[];
}

/** One rule: the control it focuses, the part it is about, when a draft breaks it, and its message (after the part's prefix). */
export interface Rule {
  field: string;
  /** The customer, or the leg: what the message's prefix says, for code to read. */
  part: BookingPart;
  broken(draft: BookingDraft, context: RuleContext): boolean;
  message(draft: BookingDraft, context: RuleContext): BookingMessage;
}

// ---------------------------------------------------------------------------------------------
// Helpers the rules share

const ENDS: readonly End[] = ["pu", "drop"];
const OTHER_END: Record<End, End> = { pu: "drop", drop: "pu" };

/** The child seats a draft asks for, all groups together (a count out of range is the range rule's). */
function seatsOf(draft: BookingDraft): number {
  return CHILD_SEATS.reduce((sum, [field]) => sum + (countOf(draft[field]) || 0), 0);
}

/** The children and babies of the party booked (the outbound's party). */
function youngOf(draft: BookingDraft): number {
  const party = legCounts(draft, 1);
  return (party.children || 0) + (party.babies || 0);
}

/** The landing time of a pickup flight, or the takeoff time of a drop-off flight; null when not a flight or not a time. */
function flightAt(draft: BookingDraft, end: End, leg: Leg): Clock | null {
  return isFlightEnd(draft, end, leg) ? flightClock(draft, end, leg) : null;
}

function inRange(n: number, range: { min: number; max: number }): boolean {
  return Number.isSafeInteger(n) && n >= range.min && n <= range.max;
}

const validCounts = (c: Counts) => [c.adults, c.children, c.babies].every((n) => Number.isSafeInteger(n));

/** The party booked: its counts and total, which the form keeps equal to leg 1's counts. */
function partyOf(draft: BookingDraft): Counts {
  return {
    adults: countOf(draft[TRIP.partyAdults]),
    children: countOf(draft[TRIP.partyChildren]),
    babies: countOf(draft[TRIP.partyBabies]),
    total: countOf(draft[TRIP.partyTotal]),
  };
}

/** Whether leg N's counts and total are the party's: leg 1 the party booked, leg 2 leg 1's counts. */
function matchesParty(draft: BookingDraft, leg: Leg): boolean {
  const own = legCounts(draft, leg);
  const party = leg === 1 ? partyOf(draft) : legCounts(draft, 1);
  const total = countOf(draft[legFields(leg).pax]);
  return own.adults === party.adults && own.children === party.children && own.babies === party.babies && total === own.total;
}

let emailSchema: z.ZodType<string> | undefined;

/** One e-mail address in zod's own format, at most 254 characters: never a list a mailer would split. */
export function isOneEmailAddress(value: string): boolean {
  emailSchema ??= z.email().max(MAX_EMAIL_LENGTH);
  return emailSchema.safeParse(value).success;
}

/** The built-in hotels the form offers for the draft's route (its postal codes, from the file), and the link's own hotel. */
function offeredHotelIds(draft: BookingDraft, rows: readonly PriceRow[]): Set<number> {
  const d = routeDetailsOf(draft, rows);
  const ids = new Set(hotelsForPostcodes([...d[TRIP.postcodesDepart], ...d[TRIP.postcodesArrive]]).map((h) => h.id));
  const linked = hotelBySlug(text(draft, TRIP.hotel));
  if (linked) ids.add(linked.id);
  return ids;
}

/**
 * An address end's hotel number, when set, names the hotel the end describes: picking a hotel fills its
 * name, address and zip, and editing any of them unpicks it, so a number beside another hotel's
 * name, address or zip is not something the form sends.
 */
function hotelMatches(draft: BookingDraft, end: End, leg: Leg): boolean {
  const e = endFields(end, leg);
  const raw = text(draft, e.hotelN);
  if (raw === "") return true;
  const hotel = HOTELS.find((h) => h.id === countOf(raw));
  // A number that is no hotel at all is the "not offered" rule's to name.
  if (!hotel) return true;
  return text(draft, e.hotel) === hotel.name && text(draft, e.address) === hotel.address && text(draft, e.zip) === hotel.zip;
}

/**
 * The mobile phone as the form's phone control writes it: "+" and the digits of an international
 * number (E.164). Single spaces between digits, as the control shows the number, are admitted too;
 * letters, line breaks and other signs are not.
 */
const PHONE_PATTERN = /^\+\d+(?: \d+)*$/;

/** The country codes the form's lists offer (the phone input's and the postal country's): two capital letters. */
const COUNTRY_CODES: ReadonlySet<string> = new Set(Object.keys(countryNames).filter((code) => /^[A-Z]{2}$/.test(code)));

/** The phone's country as the phone control writes it: a country code of the list, in lower case. */
function isPhoneCountry(value: string): boolean {
  return /^[a-z]{2}$/.test(value) && COUNTRY_CODES.has(value.toUpperCase());
}

/** The postal country as its select writes it: empty (the select then shows France) or a code of the list. */
function isPostalCountry(value: string): boolean {
  return value === "" || COUNTRY_CODES.has(value);
}

/** An address end's hotel number: empty, or a built-in hotel the form offers for the route. */
function hotelOffered(draft: BookingDraft, end: End, leg: Leg, rows: readonly PriceRow[]): boolean {
  const raw = text(draft, endFields(end, leg).hotelN);
  if (raw === "") return true;
  const id = countOf(raw);
  return HOTELS.some((h) => h.id === id) && offeredHotelIds(draft, rows).has(id);
}

/** What the form copies from each outbound end to the return's mirrored end (mirrorReturnLeg), besides the place and its kind. */
const RETURN_COPIES = ["address", "zip", "hotel", "hotelN", "cityVol"] as const;

/** When the outbound arrives: its pickup moment plus its journey time from the price file; null when not computable. */
export function outboundArrival(draft: BookingDraft, rows: readonly PriceRow[]): Date | null {
  const timing = legTiming(draft, 1, rows);
  const pickup = pickupMoment(draft, 1, timing);
  return pickup ? new Date(pickup.getTime() + timing.duree * 60_000) : null;
}

/** The outbound arrival as the message shows it: HH:MM, with its dd/MM/yyyy when not the return's date. */
function arrivalText(arrival: Date, draft: BookingDraft): string {
  const p = parisParts(arrival);
  const clock = formatClock({ hour: p.hour, minute: p.minute });
  const day = legDate(draft, 2);
  const sameDay = day.state === "ok" && compareDates(day.date, p) === 0;
  return sameDay ? clock : `${formatFrenchDate(p)} ${clock}`;
}

// ---------------------------------------------------------------------------------------------
// The rules

function userRule(field: string, message: BookingMessage, broken: (draft: BookingDraft) => boolean): Rule {
  return { field, part: "customer", broken, message: () => message };
}

const customerRules: Rule[] = [
  userRule(CUSTOMER.lastname, MESSAGES.lastname, (d) => text(d, CUSTOMER.lastname) === ""),
  userRule(CUSTOMER.firstname, MESSAGES.firstname, (d) => text(d, CUSTOMER.firstname) === ""),
  userRule(CUSTOMER.email, MESSAGES.email, (d) => text(d, CUSTOMER.email) === ""),
  // A list, a name with an address, or any text that is not one address gets the same message.
  userRule(CUSTOMER.email, MESSAGES.email, (d) => text(d, CUSTOMER.email) !== "" && !isOneEmailAddress(text(d, CUSTOMER.email))),
  userRule(legFields(1).paxAdult, MESSAGES.minimumAdult, (d) => legCounts(d, 1).adults === 0),
  userRule(CUSTOMER.mobile, MESSAGES.phone, (d) => text(d, CUSTOMER.mobile).length < 5),
  userRule(CUSTOMER.mobile, MESSAGES.phone, (d) => text(d, CUSTOMER.mobile).length >= 5 && !PHONE_PATTERN.test(text(d, CUSTOMER.mobile))),
  userRule(CUSTOMER.mobile, MESSAGES.phoneCountry, (d) => !isPhoneCountry(d[CUSTOMER.phoneCountryCode] ?? "")),
  userRule(CUSTOMER.country, MESSAGES.country, (d) => !isPostalCountry(d[CUSTOMER.country] ?? "")),
];

/** The rules of one leg; leg 2's hold only for round trips. */
function legRules(leg: Leg): Rule[] {
  const f = legFields(leg);
  const rules: Rule[] = [];
  const applies = (d: BookingDraft) => leg === 1 || isRoundTrip(d);
  const add = (field: string, broken: Rule["broken"], message: BookingMessage | Rule["message"]) =>
    rules.push({
      field,
      part: leg,
      broken: (d, c) => applies(d) && broken(d, c),
      message: typeof message === "function" ? message : () => message,
    });

  // The choices the form offers: a kind, a trip type (its copy follows it).
  if (leg === 1) {
    add(TRIP.kind, (d) => ![SHUTTLE, PRIVATE].includes(d[TRIP.kind] ?? ""), MESSAGES.kind);
    add(TRIP.trips, (d) => !["1", "2"].includes(d[TRIP.trips] ?? "") || (d[TRIP.roundTrip] ?? "") !== d[TRIP.trips], MESSAGES.trip);
  }

  // Places: leg 1 runs from depart to arrive; the return runs the outbound leg backwards, its ends
  // the same kinds of place swapped. Each end is a flight or an address.
  for (const end of ENDS) {
    const e = endFields(end, leg);
    const expected = (d: BookingDraft) => {
      const route = routeOf(d);
      return (leg === 1) === (end === "pu") ? route.from : route.to;
    };
    add(
      e.lieu,
      (d) => !samePlace(text(d, e.lieu), expected(d)),
      (d) => MESSAGES.place(leg, end, expected(d)),
    );
    add(e.type, (d) => ![FLIGHT_END, ADDRESS_END].includes(d[e.type] ?? ""), MESSAGES.placeKind(end));
    if (leg === 2) {
      const mirror = endFields(OTHER_END[end], 1);
      add(e.type, (d) => (d[e.type] ?? "") !== (d[mirror.type] ?? ""), MESSAGES.returnKind(end));
      // The form copies these from the outbound's other end and locks them.
      for (const key of RETURN_COPIES) {
        add(e[key], (d) => text(d, e[key]) !== text(d, mirror[key]), MESSAGES.returnCopy(end, key));
      }
    }
  }

  // Date: required, a real dd/MM/yyyy, inside the leg's bounds; the return not before the outbound.
  add(f.frenchDate, (d) => legDate(d, leg).state === "missing", MESSAGES.dateRequired(leg));
  add(f.frenchDate, (d) => legDate(d, leg).state === "invalid", MESSAGES.dateInvalid);
  add(
    f.frenchDate,
    (d, c) => {
      const day = legDate(d, leg);
      return day.state === "ok" && !inBounds(day.date, leg, c.now);
    },
    (_d, c) => {
      const { min, max } = dateBounds(leg, c.now);
      return MESSAGES.dateBounds(leg, formatFrenchDate(min), formatFrenchDate(max));
    },
  );
  if (leg === 2) {
    add(
      f.frenchDate,
      (d, c) => {
        const day = legDate(d, 2);
        const outbound = legDate(d, 1);
        return day.state === "ok" && inBounds(day.date, 2, c.now) && outbound.state === "ok" && compareDates(day.date, outbound.date) < 0;
      },
      MESSAGES.returnBeforeOutbound,
    );
  }

  // The return is picked up after the outbound has arrived: its pickup moment against the
  // outbound's pickup moment plus the outbound's journey time, both in Paris time.
  if (leg === 2) {
    add(
      f.frenchDate,
      (d, c) => {
        const arrival = outboundArrival(d, c.rows);
        const pickup = pickupMoment(d, 2, legTiming(d, 2, c.rows));
        return arrival !== null && pickup !== null && pickup.getTime() <= arrival.getTime();
      },
      (d, c) => MESSAGES.returnBeforeArrival(arrivalText(outboundArrival(d, c.rows)!, d)),
    );
  }

  // The 20-hour lead time, measured between now and the pickup moment in Paris.
  add(
    f.frenchDate,
    (d, c) => {
      const moment = pickupMoment(d, leg, legTiming(d, leg, c.rows));
      return moment !== null && moment.getTime() - c.now.getTime() < MIN_LEAD_HOURS * 3_600_000;
    },
    MESSAGES.leadTime,
  );

  // Passengers: at least one, each count in its range, and the party booked on every leg.
  add(f.paxAdult, (d) => !(legCounts(d, leg).total >= 1), MESSAGES.atLeastOnePassenger);
  const countFields = { adults: f.paxAdult, children: f.paxChild, babies: f.paxBaby } as const;
  for (const key of ["adults", "children", "babies"] as const) {
    add(
      countFields[key],
      (d) => {
        const counts = legCounts(d, leg);
        // Leg 1 with no adults already has the USER message.
        if (key === "adults" && leg === 1 && counts.adults === 0) return false;
        return !inRange(counts[key], LIMITS[key]);
      },
      MESSAGES.countRange(key),
    );
  }
  add(
    f.paxAdult,
    (d) => validCounts(legCounts(d, leg)) && (leg === 1 || validCounts(legCounts(d, 1))) && !matchesParty(d, leg),
    MESSAGES.party,
  );

  // Flight windows: a pickup flight lands, a drop-off flight takes off.
  for (const [end, direction] of [
    ["pu", "landing"],
    ["drop", "takeoff"],
  ] as const) {
    const window = (d: BookingDraft) => flightWindow(transferKind(d), direction);
    add(
      endFields(end, leg).horaireVol,
      (d) => {
        const clock = flightAt(d, end, leg);
        return clock !== null && !inWindow(clock, window(d));
      },
      (d) => {
        const w = window(d);
        return MESSAGES.flightWindow(formatClock(w.min), formatClock(w.max), formatClock(flightAt(d, end, leg)!));
      },
    );
  }

  // Both ends flights: the gap must cover the pickup delay, the trip and the arrival delay.
  const needed = (d: BookingDraft, c: RuleContext) => {
    const t = legTiming(d, leg, c.rows);
    return t.delaiDepart + t.duree + t.delaiArrive;
  };
  add(
    endFields("drop", leg).horaireVol,
    (d, c) => {
      const landing = flightAt(d, "pu", leg);
      const takeoff = flightAt(d, "drop", leg);
      if (!landing || !takeoff) return false;
      return takeoff.hour * 60 + takeoff.minute - (landing.hour * 60 + landing.minute) < needed(d, c);
    },
    (d, c) => MESSAGES.gap(formatDuration(needed(d, c))),
  );

  // Each end's block: a flight's time, city and number; an address, its zip and an offered hotel.
  for (const end of ENDS) {
    const e = endFields(end, leg);
    const flight = (d: BookingDraft) => d[e.type] === FLIGHT_END;
    const address = (d: BookingDraft) => !flight(d);
    const rawTime = (d: BookingDraft) => text(d, e.horaireVol) || text(d, e.timeVol) || text(d, e.minuteVol);
    add(e.horaireVol, (d) => flight(d) && rawTime(d) === "", MESSAGES.flightTimeRequired(end));
    add(e.horaireVol, (d) => flight(d) && rawTime(d) !== "" && !flightClock(d, end, leg), MESSAGES.flightTimeInvalid(end));
    add(
      e.horaireVol,
      (d) => {
        const clock = flight(d) ? flightClock(d, end, leg) : null;
        return clock !== null && !isOnQuarter(clock);
      },
      MESSAGES.flightTimeQuarter(end),
    );
    add(e.cityVol, (d) => flight(d) && text(d, e.cityVol) === "", MESSAGES.flightCity(end));
    add(e.numVol, (d) => flight(d) && text(d, e.numVol) === "", MESSAGES.flightNumber(end));
    add(e.address, (d) => address(d) && text(d, e.address) === "", MESSAGES.address(end));
    add(e.zip, (d) => address(d) && text(d, e.zip) === "", MESSAGES.zip(end));
    add(e.hotelN, (d, c) => address(d) && !hotelOffered(d, end, leg, c.rows), MESSAGES.hotel(end));
    add(e.hotelN, (d) => address(d) && !hotelMatches(d, end, leg), MESSAGES.hotelMismatch(end));
  }

  // With no flight at either end, the pickup time is the visitor's to give.
  const noFlight = (d: BookingDraft) => !isFlightEnd(d, "pu", leg) && !isFlightEnd(d, "drop", leg);
  const timeGiven = (d: BookingDraft) => pickupTimeGiven(d, leg);
  add(f.timeH, (d) => noFlight(d) && !timeGiven(d), MESSAGES.pickupTimeRequired);
  add(f.timeH, (d) => noFlight(d) && timeGiven(d) && !pickupClock(d, leg), MESSAGES.pickupTimeInvalid);

  // A departure's pick-up time, when given: a time, on a quarter hour, not after the proposal and
  // not more than 3 hours before it. Left empty, the proposal is the pick-up.
  const departureGiven = (d: BookingDraft) => isDeparture(d, leg) && timeGiven(d);
  add(f.timeH, (d) => departureGiven(d) && !pickupClock(d, leg), MESSAGES.pickupTimeInvalid);
  const problem = (d: BookingDraft, c: RuleContext): { kind: PickupProblem; departure: DepartureProposal } | null => {
    const chosen = departureGiven(d) ? pickupClock(d, leg) : null;
    const departure = chosen ? departureProposal(d, leg, legTiming(d, leg, c.rows)) : null;
    if (!chosen || !departure) return null;
    const kind = pickupProblem(pickupAtClock(departure.proposal, chosen), departure.proposal);
    return kind ? { kind, departure } : null;
  };
  add(f.timeH, (d, c) => problem(d, c)?.kind === "off-quarter", MESSAGES.pickupTimeQuarter);
  add(
    f.timeH,
    (d, c) => problem(d, c)?.kind === "too-late",
    (d, c) => {
      const { departure } = problem(d, c)!;
      return MESSAGES.pickupTooLate(pickupText(departure.takeoff, departure.date), pickupText(departure.proposal, departure.date));
    },
  );
  add(
    f.timeH,
    (d, c) => problem(d, c)?.kind === "too-early",
    (d, c) => {
      const { departure } = problem(d, c)!;
      return MESSAGES.pickupTooEarly(
        pickupText(departure.proposal, departure.date),
        pickupText(earliestPickup(departure.proposal), departure.date),
      );
    },
  );

  // The pick-up terminal: one of the pick-up airport's, or not known (empty); none elsewhere.
  const terminal = pickupTerminalField(leg);
  add(
    terminal,
    (d) => !terminalAdmitted(d, leg),
    (d) => {
      const airport = pickupAirport(d, leg);
      return airport ? MESSAGES.terminal(airport.name, TERMINALS[airport.code]) : MESSAGES.terminalNotAirport;
    },
  );

  // Luggage belongs to the booking: checked once, with the first step.
  if (leg === 1) {
    for (const field of LUGGAGE_FIELDS) add(field, (d) => !inRange(countOf(d[field]), LIMITS.luggage), MESSAGES.luggage(field));
    for (const [field, seat] of CHILD_SEATS) add(field, (d) => !inRange(countOf(d[field]), LIMITS.childSeats), MESSAGES.childSeats(seat));
    // At the booster seats, the last of them: the message names the whole party.
    add(
      TRIP.boosterSeat,
      (d) => seatsOf(d) > youngOf(d),
      (d) => MESSAGES.seatsOverChildren(seatsOf(d), youngOf(d)),
    );
  }

  // The hour, minute and date-part fields no rule above reads must still be small whole numbers.
  const unread: [string, (d: BookingDraft) => boolean][] = [
    [f.day, () => true],
    [f.month, () => true],
    [f.year, () => true],
    [f.timeH, (d) => !noFlight(d) && !isDeparture(d, leg)],
    [f.timeM, (d) => !noFlight(d) && !isDeparture(d, leg)],
    ...ENDS.flatMap((end): [string, (d: BookingDraft) => boolean][] => {
      const e = endFields(end, leg);
      const unreadHere = (d: BookingDraft) => d[e.type] !== FLIGHT_END || text(d, e.horaireVol) !== "";
      return [
        [e.timeVol, unreadHere],
        [e.minuteVol, unreadHere],
      ];
    }),
  ];
  for (const [field, unreadHere] of unread) add(field, (d) => unreadHere(d) && !isSmallWholeNumber(d[field]), MESSAGES.wholeNumber);
  return rules;
}

let rules: readonly Rule[] | undefined;

/** Every rule, in the order the form lists their messages: USER, FIRST STEP, SECOND STEP. */
export function bookingRules(): readonly Rule[] {
  rules ??= [...customerRules, ...legRules(1), ...legRules(2)];
  return rules;
}
