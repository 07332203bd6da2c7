/**
 * What a traveller may change of a booking online, and how a change is checked and described
 * (docs/product.md, Managing a booking). Until the free-cancellation deadline, and while the booking
 * is not cancelled or over, the traveller may change what does not change the price: each flight's
 * time and number (and the outbound flight's city), the hotel and address of an address end within
 * the route's area, the mobile phone, the luggage and the notes. Date, route and passengers are
 * changed by phone.
 *
 * A change is checked by the booking form's own rules: the booking's draft is rebuilt from the
 * stored booking (draftFromBooking), the posted fields laid over it, and the booking form's schema
 * run on the result with the clock and the price file. Pure: the caller gives `now`, the price
 * rows and the stored row.
 */
import { formatParisDateTime } from "../back-office/statuses";
import { AIRPORTS } from "../airports";
import { HOTELS } from "../hotels";
import type { PriceRow } from "../pricing/csv";
import { samePlace } from "../pricing/pricing";
import {
  ADDRESS_END,
  FLIGHT_END,
  PRIVATE,
  SHUTTLE,
  countOf,
  emptyDraft,
  flightClock,
  mirrorReturnLeg,
  pickupClock,
  setLegDate,
  withCounts,
} from "../booking/draft";
import { DRAFT_FIELDS, endFields, legFields, type BookingDraft, type End, type Leg } from "../booking/fields";
import { readStoredDetails, type BookingEnd, type StoredDetails } from "../booking/model";
import { parseFrenchDate, parseIsoDate } from "../booking/paris-time";
import { editAddressEnd, pickHotel } from "../booking/quote";
import { routeDetailsOf } from "../booking/rules";
import { withoutSummary } from "../booking/summary";
import { TERMINALS, TERMINAL_NOT_KNOWN } from "../terminals";
import { formatClock, parseClock, type Clock } from "../booking/time-rules";
import { STEP_PREFIX, USER_PREFIX, bookingFormSchema, bookingPriceRequest, stripMarkup, type Booking } from "../booking/validation";
import {
  LUGGAGE_COUNTS,
  LUGGAGE_NOTE_FIELD,
  PHONE_FIELD,
  endChangeFields,
  terminalField,
  type ChangeForm,
  type EndChangeKey,
  type LuggageCountField,
} from "./change-form";
import { firstPickupOf } from "./cancel";
import { beforeDeadline, freeCancellationUntil } from "./deadline";

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

// ---------------------------------------------------------------------------------------------
// The booking's draft, rebuilt

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
    if (end === "pu") draft[terminalField(leg)] = stored.terminal ?? TERMINAL_NOT_KNOWN;
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
    lastname: c.lastname,
    firstname: c.firstname,
    email: c.email,
    phone_mobile: c.phoneMobile,
    address: c.address,
    postcode: c.postcode,
    city: c.city,
    country: c.country,
    phoneCountryCode: c.phoneCountryCode || "fr",
    shuttle_private: row.kind === "private" ? PRIVATE : SHUTTLE,
    nb_trajet: row.roundTrip ? "2" : "1",
    aller_retour: row.roundTrip ? "2" : "1",
    depart: row.depart,
    arrive: row.arrive,
    check_in_luggage: String(stored.luggage.checkIn),
    cabin_bag: String(stored.luggage.cabin),
    stroller_single: String(stored.luggage.strollerSingle),
    stroller_double: String(stored.luggage.strollerDouble),
    info_pax_luggage: stored.luggage.info,
    submission_token: row.submissionToken,
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
  out.hotel = HOTELS.find((h) => h.id === storedHotel)?.slug ?? "";
  return withCounts(out);
}

// ---------------------------------------------------------------------------------------------
// What the form shows

/** What an end's field holds: its flight, its terminal, or its hotel and address. */
export type EndFieldKey = EndChangeKey | "terminal";

/** One end of a leg on the change form: its place and the fields it holds (none for the return's mirrored address). */
export interface EndLayout {
  end: End;
  place: string;
  flight: boolean;
  /** The form's field names, by what they hold; an empty object when this end follows another. */
  fields: Partial<Record<EndFieldKey, string>>;
  /** The terminals a pick-up at an airport offers ("" is 'Not known yet' and comes first); empty elsewhere. */
  terminals: readonly string[];
  /** The return's address end: it follows the outbound's (the form copies it, as the booking form does). */
  follows: boolean;
}

export interface LegLayout {
  leg: Leg;
  title: string;
  /** dd/MM/yyyy */
  date: string;
  ends: [EndLayout, EndLayout];
  noteField: string;
}

export interface ChangeLayout {
  roundTrip: boolean;
  legs: LegLayout[];
  /** Every field of this booking's form. */
  fields: string[];
}

const LEG_TITLE: Record<Leg, string> = { 1: "Outbound (leg 1)", 2: "Return (leg 2)" };

export function legTitle(leg: Leg, roundTrip: boolean): string {
  return roundTrip ? LEG_TITLE[leg] : "Transfer";
}

export const END_WORD: Record<End, string> = { pu: "pick-up", drop: "drop-off" };

/** Whether the booking form asks for a pick-up terminal (its draft has the field). */
const TERMINALS_ASKED = DRAFT_FIELDS.includes(terminalField(1));

/** The terminals of a pick-up place when it is an airport served ("" first: not known yet), else none. */
function terminalsOf(place: string): readonly string[] {
  const airport = AIRPORTS.find((a) => samePlace(a.place, place));
  return airport ? [TERMINAL_NOT_KNOWN, ...TERMINALS[airport.code]] : [];
}

/**
 * The change form of a booking, from its draft: for each leg, a flight end's time and number (and,
 * on the outbound leg, the flight's city, which the return copies), an address end's hotel,
 * address and postcode on the outbound leg (the return's follow them, as on the booking form),
 * the leg's note; then the phone and the luggage.
 */
export function changeLayout(draft: BookingDraft): ChangeLayout {
  const roundTrip = draft.nb_trajet === "2";
  const legs: Leg[] = roundTrip ? [1, 2] : [1];
  const fields: string[] = [];
  const layouts = legs.map((leg): LegLayout => {
    const endLayout = (end: End): EndLayout => {
      const e = endFields(end, leg);
      const c = endChangeFields(end, leg);
      const flight = draft[e.type] === FLIGHT_END;
      const picked: Partial<Record<EndFieldKey, string>> = {};
      const terminals = flight && end === "pu" && TERMINALS_ASKED ? terminalsOf(draft[e.lieu] ?? "") : [];
      if (flight) {
        picked.horaireVol = c.horaireVol;
        picked.numVol = c.numVol;
        if (leg === 1) picked.cityVol = c.cityVol;
        if (terminals.length > 0) picked.terminal = terminalField(leg);
      } else if (leg === 1) {
        picked.hotelN = c.hotelN;
        picked.hotel = c.hotel;
        picked.address = c.address;
        picked.zip = c.zip;
      }
      fields.push(...Object.values(picked));
      return { end, place: (draft[e.lieu] ?? "").replace(/_/g, " "), flight, fields: picked, terminals, follows: !flight && leg === 2 };
    };
    const ends: [EndLayout, EndLayout] = [endLayout("pu"), endLayout("drop")];
    const noteField = legFields(leg).info;
    fields.push(noteField);
    return { leg, title: legTitle(leg, roundTrip), date: draft[legFields(leg).frenchDate] ?? "", ends, noteField };
  });
  fields.push(PHONE_FIELD, ...LUGGAGE_COUNTS.map(([name]) => name), LUGGAGE_NOTE_FIELD);
  return { roundTrip, legs: layouts, fields };
}

// ---------------------------------------------------------------------------------------------
// A post laid over the draft

function changed(form: ChangeForm, name: string, draft: BookingDraft): string | null {
  const value = form[name];
  return value !== undefined && value !== (draft[name] ?? "") ? value : null;
}

/**
 * The draft with the posted fields of this booking's form laid over it (a field left out keeps its
 * value; a field the booking's form does not show is ignored). An address end follows the booking
 * form's hotel list: a hotel picked fills its name, address and postcode, and a name, address or
 * postcode typed over a picked hotel unpicks it. The return then follows the outbound, as the
 * booking form makes it.
 */
export function overlayChanges(draft: BookingDraft, form: ChangeForm): BookingDraft {
  const layout = changeLayout(draft);
  let next: BookingDraft = { ...draft };
  for (const leg of layout.legs) {
    for (const end of leg.ends) {
      const f = end.fields;
      if (end.flight) {
        for (const key of ["numVol", "cityVol", "terminal"] as const) {
          const name = f[key];
          const value = name ? changed(form, name, next) : null;
          if (name && value !== null) next[name] = value;
        }
        const time = f.horaireVol ? changed(form, f.horaireVol, next) : null;
        if (f.horaireVol && time !== null) {
          const e = endFields(end.end, leg.leg);
          // The time as typed; the rules read it (and say when it is not on the quarter hour).
          next = { ...next, [e.horaireVol]: time.trim(), [e.timeVol]: "", [e.minuteVol]: "" };
          if (end.end === "drop" && next[endFields("pu", leg.leg).type] !== FLIGHT_END) next = followTakeoff(next, draft, leg.leg);
        }
      } else if (f.hotelN) {
        const picked = changed(form, f.hotelN, next);
        const known = picked !== null && HOTELS.some((h) => String(h.id) === picked.trim());
        // A number that names no hotel is kept as posted, for the rules to refuse: the list never sends one.
        if (picked !== null)
          next = known || picked.trim() === "" ? pickHotel(next, end.end, leg.leg, picked) : { ...next, [f.hotelN]: picked };
        for (const key of ["hotel", "address", "zip"] as const) {
          const name = f[key];
          // Compared with the booking as it was: a value the hotel picked just now wrote stays.
          const value = name ? changed(form, name, draft) : null;
          if (value !== null && value !== next[name!]) next = editAddressEnd(next, end.end, leg.leg, key, value);
        }
      }
    }
    const note = changed(form, leg.noteField, next);
    if (note !== null) next[leg.noteField] = note;
  }
  for (const name of [PHONE_FIELD, ...LUGGAGE_COUNTS.map(([n]) => n), LUGGAGE_NOTE_FIELD]) {
    const value = changed(form, name, next);
    if (value !== null) next[name] = value;
  }
  return mirrorReturnLeg(next);
}

const minutesOf = (c: Clock) => c.hour * 60 + c.minute;

/**
 * A departure's pick-up time (time_h/time_m, when the booking holds one) moved by as much as its
 * take-off time moved, so it keeps its distance from the flight: the booking form's proposal moves
 * by the same quarter hours, and a time the traveller chose stays as far before it as it was.
 */
export function followTakeoff(next: BookingDraft, before: BookingDraft, leg: Leg): BookingDraft {
  const chosen = pickupClock(before, leg);
  const was = flightClock(before, "drop", leg);
  const now = flightClock(next, "drop", leg);
  if (!chosen || !was || !now) return next;
  const minutes = (((minutesOf(chosen) + minutesOf(now) - minutesOf(was)) % 1440) + 1440) % 1440;
  const f = legFields(leg);
  const clock = formatClock({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
  return { ...next, [f.timeH]: clock.slice(0, 2), [f.timeM]: clock.slice(3) };
}

// ---------------------------------------------------------------------------------------------
// What only the phone changes

/** The booking form's fields of what is changed by phone: kind, trip type, route, dates, times and passengers. */
export const PHONE_ONLY_FIELDS: readonly string[] = [
  "shuttle_private",
  "nb_trajet",
  "aller_retour",
  "depart",
  "arrive",
  "nb_pax_adults",
  "nb_pax_children",
  "nb_pax_babies",
  "nb_pax_total",
  ...([1, 2] as const).flatMap((leg) => {
    const f = legFields(leg);
    return [
      f.date,
      f.frenchDate,
      f.day,
      f.month,
      f.year,
      f.timeH,
      f.timeM,
      f.pax,
      f.paxAdult,
      f.paxChild,
      f.paxBaby,
      ...(["pu", "drop"] as const).flatMap((end) => [endFields(end, leg).lieu, endFields(end, leg).type]),
    ];
  }),
];

const PLACE_FIELDS = new Set(["depart", "arrive", ...PHONE_ONLY_FIELDS.filter((f) => f.startsWith("lieu_"))]);
const TEXT_FIELDS = new Set(["shuttle_private", "nb_trajet", "aller_retour", ...PHONE_ONLY_FIELDS.filter((f) => f.startsWith("type_"))]);

/** Whether a posted value of a phone-only field means what the booking holds. */
function sameMeaning(field: string, posted: string, stored: string): boolean {
  if (PLACE_FIELDS.has(field)) return samePlace(posted, stored);
  if (TEXT_FIELDS.has(field)) return posted.trim() === stored.trim();
  if (field.startsWith("date_pu_")) {
    const [a, b] = [parseIsoDate(posted), parseIsoDate(stored)];
    return a !== null && b !== null ? a.year === b.year && a.month === b.month && a.day === b.day : posted.trim() === stored.trim();
  }
  if (field.startsWith("french_date_pu_")) {
    const [a, b] = [parseFrenchDate(posted), parseFrenchDate(stored)];
    return a !== null && b !== null ? a.year === b.year && a.month === b.month && a.day === b.day : posted.trim() === stored.trim();
  }
  // Counts, hours, minutes and date parts: the same number ("05" is 5), blank as 0.
  const [a, b] = [countOf(posted), countOf(stored)];
  return !Number.isNaN(a) && a === b;
}

/**
 * The fields of a post that would change what only the phone changes (a replayed booking form, an
 * edited post): their names, empty when the post leaves them out or repeats the booking's values.
 */
export function phoneOnlyChanges(stored: BookingDraft, posted: Readonly<Record<string, string>>): string[] {
  return PHONE_ONLY_FIELDS.filter((field) => Object.hasOwn(posted, field) && !sameMeaning(field, posted[field]!, stored[field] ?? ""));
}

// ---------------------------------------------------------------------------------------------
// The route's area

/** A price file's postal-code entry's code: "77700 Chessy" is 77700. Never used on what a traveller types. */
function codeOf(entry: string): string {
  return entry.trim().split(/\s+/)[0] ?? "";
}

/**
 * A French postal code, the route areas' own kind: five digits and nothing else. The booking form
 * asks only for a zip code that is not empty, and its hotels carry five-digit codes; here a code
 * typed is compared with the area's, so it must be exactly one ("77700 Paris 75001" is not 77700).
 */
export const POSTAL_CODE = /^\d{5}$/;

export interface Problem {
  field: string | null;
  message: string;
}

/** The postcodes of the route's area at one end of the outbound leg (the depart's, or the arrive's), from the price file. */
export function areaOf(draft: BookingDraft, rows: readonly PriceRow[], end: End): string[] {
  const details = routeDetailsOf(draft, rows);
  const codes = (end === "pu" ? details.cp_depart : details.cp_arrive).map(codeOf).filter((c) => c !== "");
  return [...new Set(codes)];
}

/**
 * An address end stays in the route's area: its postcode is exactly one the price file lists for
 * that end of the route (the depart's codes for the depart end, the arrive's for the arrive end),
 * five digits and nothing else, or the postcode the booking already has, unchanged. An empty one is
 * the booking form's own rule to name. Each problem is at the end's postcode field.
 */
export function zoneProblems(next: BookingDraft, before: BookingDraft, rows: readonly PriceRow[], phone: string): Problem[] {
  const problems: Problem[] = [];
  for (const end of ["pu", "drop"] as const) {
    const e = endFields(end, 1);
    if (next[e.type] !== ADDRESS_END) continue;
    const zip = (next[e.zip] ?? "").trim();
    if (zip === "" || zip === (before[e.zip] ?? "").trim()) continue;
    const area = areaOf(next, rows, end);
    if (POSTAL_CODE.test(zip) && area.includes(zip)) continue;
    const codes = area.length > 0 ? ` (${area.join(", ")})` : "";
    const elsewhere = `To be ${end === "pu" ? "picked up" : "dropped off"} elsewhere, call us on ${phone}.`;
    problems.push({
      field: e.zip,
      message: POSTAL_CODE.test(zip)
        ? `${zip} is outside this route's area${codes}. ${elsewhere}`
        : `Please enter the ${END_WORD[end]} postcode alone, as its 5 digits${area.length > 0 ? `: one of this route's area${codes}` : ""}. ${elsewhere}`,
    });
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Whether the booking can be changed now

const CLOSED: Partial<Record<string, string>> = {
  cancelled: "This booking is cancelled, so it cannot be changed.",
  completed: "This transfer has taken place, so the booking cannot be changed.",
  no_show: "This booking is closed, so it cannot be changed.",
};

/**
 * Why the booking cannot be changed online now, or null: it is cancelled or over, or the deadline
 * (24 hours before the first pickup) has passed. The first pickup is read as the cancel and the
 * booking's page read it (firstPickupOf): its column, else the first leg's instant in the details.
 */
export function changeClosedReason(
  row: { bookingStatus: string; firstPickupAt: Date | null; details: unknown },
  now: Date,
  phone: string,
): string | null {
  const closed = CLOSED[row.bookingStatus];
  if (closed) return `${closed} Questions: call us on ${phone}.`;
  const firstPickupAt = firstPickupOf(row);
  if (!firstPickupAt) return `This booking cannot be changed online: call us on ${phone}.`;
  if (!beforeDeadline(firstPickupAt, now)) {
    return (
      `Details can be changed online until 24 hours before the first pick-up, that is until ` +
      `${formatParisDateTime(freeCancellationUntil(firstPickupAt))} (Paris time). For a change now, call us on ${phone}.`
    );
  }
  return null;
}

export function phoneOnlyMessage(phone: string): string {
  return `Date, route and passengers are changed by phone: call us on ${phone}. Nothing was changed.`;
}

// ---------------------------------------------------------------------------------------------
// What changed, in words

/** The values a traveller may change, as one booking holds them. */
export interface EditableEnd {
  flight: boolean;
  flightTime: string;
  /** A pick-up's terminal ("" not known yet, and on every other end). */
  terminal: string;
  flightNumber: string;
  flightCity: string;
  hotel: string;
  address: string;
  zip: string;
}

export interface Editable {
  phone: string;
  luggage: Record<LuggageCountField, number> & { info: string };
  legs: { leg: Leg; pickup: EditableEnd; dropoff: EditableEnd; note: string }[];
}

type EndLike = Pick<BookingEnd, "kind" | "flightTime" | "flightNumber" | "flightCity" | "hotel" | "address" | "zip"> & {
  terminal?: string | undefined;
};

function editableEnd(e: EndLike): EditableEnd {
  return {
    flight: e.kind === "flight",
    flightTime: e.flightTime ?? "",
    terminal: e.terminal ?? TERMINAL_NOT_KNOWN,
    flightNumber: e.flightNumber,
    flightCity: e.flightCity,
    hotel: e.hotel,
    address: e.address,
    zip: e.zip,
  };
}

type LuggageLike = { checkIn: number; cabin: number; strollerSingle: number; strollerDouble: number; info: string };

function editableLuggage(l: LuggageLike): Editable["luggage"] {
  return {
    check_in_luggage: l.checkIn,
    cabin_bag: l.cabin,
    stroller_single: l.strollerSingle,
    stroller_double: l.strollerDouble,
    info: l.info,
  };
}

/** What may change, as a stored booking holds it, or as a checked booking holds it. */
export function editableOf(source: {
  customer: { phoneMobile: string };
  luggage: LuggageLike;
  legs: readonly { leg: number; pickup: EndLike; dropoff: EndLike; info: string }[];
}): Editable {
  return {
    phone: source.customer.phoneMobile,
    luggage: editableLuggage(source.luggage),
    legs: source.legs.map((leg) => ({
      leg: leg.leg === 2 ? 2 : 1,
      pickup: editableEnd(leg.pickup),
      dropoff: editableEnd(leg.dropoff),
      note: withoutSummary(leg.info).trimEnd(),
    })),
  };
}

/** One change: where (the leg, or the booking), what, and the values before and after. */
export interface Change {
  leg: Leg | null;
  what: string;
  before: string;
  after: string;
  /** Whether the assigned driver is told: a flight time, a hotel or an address moved. */
  forDriver: boolean;
  /** The flight time of this leg changed, so its pickup moment is worked out again. */
  movesPickup: boolean;
}

const END_CHANGES: readonly [keyof EditableEnd, (end: End) => string, boolean][] = [
  ["flightTime", (end) => (end === "pu" ? "landing time" : "take-off time"), true],
  ["flightNumber", () => "flight number", false],
  ["flightCity", (end) => (end === "pu" ? "flight arriving from" : "flight going to"), false],
  ["terminal", () => "terminal", true],
  ["hotel", () => "hotel", true],
  ["address", () => "address", true],
  ["zip", () => "postcode", true],
];

/** A leg's note: the one change of a leg its reminder e-mail does not show. */
const NOTE = "note";

/**
 * The legs whose reminder e-mail reads differently after these changes: a change of a leg's
 * pickup, flight, terminal, hotel or address (all in its reminder's lines), not of its note, nor
 * of the phone or the luggage.
 */
export function legsInReminderChanged(changes: readonly Change[]): Leg[] {
  const legs = new Set<Leg>();
  for (const c of changes) if (c.leg !== null && c.what !== NOTE) legs.add(c.leg);
  return [...legs].sort();
}

/** Every difference between two readings of one booking, in the order the form lists its fields. */
export function describeChanges(before: Editable, after: Editable): Change[] {
  const changes: Change[] = [];
  const add = (leg: Leg | null, what: string, a: string, b: string, forDriver = false, movesPickup = false) => {
    if (a !== b) changes.push({ leg, what, before: a, after: b, forDriver, movesPickup });
  };
  for (const leg of before.legs) {
    const next = after.legs.find((l) => l.leg === leg.leg);
    if (!next) continue;
    for (const [end, a, b] of [
      ["pu", leg.pickup, next.pickup],
      ["drop", leg.dropoff, next.dropoff],
    ] as const) {
      for (const [key, words, forDriver] of END_CHANGES) {
        const [was, now] = key === "terminal" ? [terminalWords(a, end), terminalWords(b, end)] : [a[key] as string, b[key] as string];
        add(leg.leg, `${END_WORD[end]} ${words(end)}`, was, now, forDriver, key === "flightTime");
      }
    }
    add(leg.leg, NOTE, leg.note, next.note);
  }
  add(null, "mobile phone", before.phone, after.phone);
  for (const [name, , words] of LUGGAGE_COUNTS) add(null, words, String(before.luggage[name]), String(after.luggage[name]));
  add(null, "luggage note", before.luggage.info, after.luggage.info);
  return changes;
}

/** A pick-up's terminal in words: "2E", or "not known yet"; nothing on other ends. */
function terminalWords(e: EditableEnd, end: End): string {
  if (end !== "pu" || !e.flight) return "";
  return e.terminal === TERMINAL_NOT_KNOWN ? "not known yet" : e.terminal;
}

/** A value as a change line shows it: on one line, "(none)" when empty. */
export function shownValue(value: string): string {
  const line = value.replace(/\s+/g, " ").trim();
  return line === "" ? "(none)" : line;
}

/** "Outbound (leg 1), pick-up flight number: BA304 → BA306"; "Mobile phone: … → …". */
export function changeText(change: Change, roundTrip: boolean): string {
  const where = change.leg === null ? capitalise(change.what) : `${legTitle(change.leg, roundTrip)}, ${change.what}`;
  return `${where}: ${shownValue(change.before)} → ${shownValue(change.after)}`;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// ---------------------------------------------------------------------------------------------
// A change, checked

export interface ChangeRequest {
  row: StoredBooking & { bookingStatus: string; firstPickupAt: Date | null };
  /** The post, parsed by the change form's schema. */
  form: ChangeForm;
  /** Every field of the post as sent, for the fields only the phone changes. */
  posted: Readonly<Record<string, string>>;
  now: Date;
  rows: readonly PriceRow[];
  /** The business's phone, for the messages. */
  phone: string;
}

/** What the booking becomes: its details, its phone column and its pickup moments. */
export interface ChangedBooking {
  details: StoredDetails;
  phone: string;
  firstPickupAt: Date;
  returnPickupAt: Date | null;
}

export type ChangePlan =
  | { ok: false; reason: "closed" | "phone"; message: string }
  | { ok: false; reason: "invalid"; problems: Problem[] }
  | { ok: true; changes: Change[]; next: ChangedBooking | null };

/** The booking form's message as this page shows it: no prefix, no bold marks, the leg named on a round trip. */
function problemMessage(message: string, roundTrip: boolean): string {
  const plain = stripMarkup(message);
  for (const leg of [1, 2] as const) {
    if (plain.startsWith(STEP_PREFIX[leg])) {
      const rest = plain.slice(STEP_PREFIX[leg].length).trim();
      return roundTrip ? `${legTitle(leg, true)}: ${rest}` : rest;
    }
  }
  return plain.startsWith(USER_PREFIX) ? plain.slice(USER_PREFIX.length).trim() : plain.trim();
}

/** The field a rule's problem is shown at: the field itself when the form has it, a leg's flight time for a leg's timing. */
function problemField(field: string, layout: ChangeLayout): string | null {
  if (layout.fields.includes(field)) return field;
  for (const leg of layout.legs) {
    if (field === legFields(leg.leg).frenchDate) {
      const times = leg.ends.map((e) => e.fields.horaireVol).filter((f): f is string => f !== undefined);
      return times[0] ?? null;
    }
  }
  return null;
}

/** The trip itself (route, kind, trip type, dates, times given, passengers, places, and so the price) is the booking's. */
function sameTrip(booking: Booking, row: StoredBooking, stored: StoredDetails): boolean {
  const question = bookingPriceRequest(booking);
  const party = question.party;
  if (
    !samePlace(question.from, row.depart) ||
    !samePlace(question.to, row.arrive) ||
    question.kind !== row.kind ||
    question.tripType !== (row.roundTrip ? 2 : 1) ||
    party.adults !== row.adults ||
    party.children !== row.children ||
    party.babies !== row.babies ||
    booking.legs.length !== stored.legs.length
  ) {
    return false;
  }
  return booking.legs.every((leg, i) => {
    const was = stored.legs[i]!;
    const samePassengers = (["adults", "children", "babies"] as const).every((k) => leg.passengers[k] === was.passengers[k]);
    const sameEnds = (
      [
        [leg.pickup, was.pickup],
        [leg.dropoff, was.dropoff],
      ] as const
    ).every(([a, b]) => samePlace(a.place, b.place) && a.kind === b.kind);
    // A leg with no flight keeps the pick-up time the traveller gave; a departure's follows its take-off.
    const noFlight = was.pickup.kind !== "flight" && was.dropoff.kind !== "flight";
    const sameTime = !noFlight || (leg.pickupTime ?? null) === (was.pickupTime ?? null);
    return leg.date === was.date && sameTime && samePassengers && sameEnds;
  });
}

/** The stored details with the checked booking's changeable values, and a leg's new pickup moment when its flight time moved. */
function changedDetails(stored: StoredDetails, booking: Booking, changes: readonly Change[]): StoredDetails {
  const endValues = (e: Booking["legs"][number]["pickup"] & { terminal?: string }) => ({
    ...(e.terminal !== undefined ? { terminal: e.terminal } : {}),
    flightTime: e.flightTime,
    flightCity: e.flightCity,
    flightNumber: e.flightNumber,
    hotel: e.hotel,
    hotelId: e.hotelId,
    address: e.address,
    zip: e.zip,
  });
  return {
    ...stored,
    customer: { ...stored.customer, phoneMobile: booking.customer.phoneMobile },
    luggage: { ...stored.luggage, ...booking.luggage },
    legs: stored.legs.map((leg, i) => {
      const checked = booking.legs[i]!;
      const moved = changes.some((c) => c.leg === leg.leg && c.movesPickup);
      return {
        ...leg,
        ...(moved
          ? {
              pickupAt: checked.pickupAt,
              pickupTime: checked.pickupTime,
              durationMinutes: checked.durationMinutes,
              delayDepartMinutes: checked.delayDepartMinutes,
              delayArriveMinutes: checked.delayArriveMinutes,
            }
          : {}),
        pickup: { ...leg.pickup, ...endValues(checked.pickup) },
        dropoff: { ...leg.dropoff, ...endValues(checked.dropoff) },
        info: checked.info,
      };
    }),
  };
}

/**
 * A traveller's post, checked against the booking as it is now: refused when the booking cannot
 * be changed now (closed), when the post touches what only the phone changes (phone), or when the
 * booking form's rules, the route's area or the deadline refuse the result (invalid, each problem
 * at its field). Otherwise the changes in words, and what the booking becomes (null when nothing
 * changed).
 */
export function planChange(request: ChangeRequest): ChangePlan {
  const { row, form, posted, now, rows, phone } = request;
  const closed = changeClosedReason(row, now, phone);
  if (closed) return { ok: false, reason: "closed", message: closed };
  const stored = readStoredDetails(row.details);
  const draft = stored ? draftFromBooking(row.details, row) : null;
  if (!stored || !draft) return { ok: false, reason: "closed", message: `This booking cannot be changed online: call us on ${phone}.` };
  if (phoneOnlyChanges(draft, posted).length > 0) return { ok: false, reason: "phone", message: phoneOnlyMessage(phone) };

  const layout = changeLayout(draft);
  const next = overlayChanges(draft, form);
  const problems: Problem[] = [];
  const parsed = bookingFormSchema({ now, rows }).safeParse(next);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = problemField(String(issue.path[0] ?? ""), layout);
      const message = problemMessage(issue.message, layout.roundTrip);
      if (!problems.some((p) => p.field === field && p.message === message)) problems.push({ field, message });
    }
  }
  problems.push(...zoneProblems(next, draft, rows, phone));
  if (problems.length > 0 || !parsed.success) return { ok: false, reason: "invalid", problems };

  const booking = parsed.data;
  if (!sameTrip(booking, row, stored)) return { ok: false, reason: "phone", message: phoneOnlyMessage(phone) };
  const changes = describeChanges(editableOf(stored), editableOf(booking));
  if (changes.length === 0) return { ok: true, changes, next: null };

  const details = changedDetails(stored, booking, changes);
  // A departure's pick-up follows its take-off: the new pick-up is a change of its own to read.
  for (const [i, leg] of details.legs.entries()) {
    const was = stored.legs[i]!;
    if (was.pickup.kind === "flight" || was.pickupAt.getTime() === leg.pickupAt.getTime()) continue;
    const at = (instant: Date) => `${formatParisDateTime(instant)} (Paris time)`;
    const index = changes.findIndex((c) => c.leg === leg.leg && c.movesPickup);
    changes.splice(index + 1, 0, {
      leg: leg.leg,
      what: "pick-up",
      before: at(was.pickupAt),
      after: at(leg.pickupAt),
      forDriver: true,
      movesPickup: false,
    });
  }
  const firstPickupAt = new Date(details.legs[0]!.pickupAt);
  const returnPickupAt = details.legs[1] ? new Date(details.legs[1].pickupAt) : null;
  if (!beforeDeadline(firstPickupAt, now)) {
    const field = layout.legs[0]!.ends.map((e) => e.fields.horaireVol).find((f) => f !== undefined) ?? null;
    return {
      ok: false,
      reason: "invalid",
      problems: [
        {
          field,
          message: `With this flight time the first pick-up would be at ${formatParisDateTime(firstPickupAt)} (Paris time), less than 24 hours from now: such a change is made by phone, on ${phone}.`,
        },
      ],
    };
  }
  return { ok: true, changes, next: { details, phone: booking.customer.phoneMobile, firstPickupAt, returnPickupAt } };
}
