/**
 * What a traveller changed, in words: the values they may change, compared before and after.
 */
import { TRIP, type End, type Leg } from "../booking/fields";
import type { BookingEnd, ChildSeats, Luggage } from "../booking/model";
import { withoutSummary } from "../booking/summary";
import { TERMINAL_NOT_KNOWN } from "../terminals";
import { CHILD_SEATS } from "../booking/messages";
import { LUGGAGE_COUNTS, type LuggageCountField } from "./change-form";
import { END_WORD, legTitle } from "./change-layout";

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

function editableLuggage(l: Luggage, seats: ChildSeats): Editable["luggage"] {
  return {
    [TRIP.checkInLuggage]: l.checkIn,
    [TRIP.cabinBags]: l.cabin,
    [TRIP.strollerSingle]: l.strollerSingle,
    [TRIP.strollerDouble]: l.strollerDouble,
    [TRIP.babySeat]: seats.baby,
    [TRIP.childSeat]: seats.child,
    [TRIP.boosterSeat]: seats.booster,
    info: l.info,
  };
}

const SEAT_FIELDS: ReadonlySet<string> = new Set(CHILD_SEATS.map(([field]) => field));

/** What may change, as a stored booking holds it, or as a checked booking holds it. */
export function editableOf(source: {
  customer: { phoneMobile: string };
  luggage: Luggage;
  childSeats: ChildSeats;
  legs: readonly { leg: number; pickup: EndLike; dropoff: EndLike; info: string }[];
}): Editable {
  return {
    phone: source.customer.phoneMobile,
    luggage: editableLuggage(source.luggage, source.childSeats),
    legs: source.legs.map((leg) => ({
      leg: leg.leg === 2 ? 2 : 1,
      pickup: editableEnd(leg.pickup),
      dropoff: editableEnd(leg.dropoff),
      note: withoutSummary(leg.info).trimEnd(),
    })),
  };
}

/** What changed, as a key the staff's e-mails word in their language: an end's field, a count, or one of the booking's own. */
export type ChangeField = `${End}.${keyof EditableEnd}` | `count.${LuggageCountField}` | "note" | "phone" | "luggageNote" | "pickup";

/** One change: where (the leg, or the booking), what, and the values before and after. */
export interface Change {
  leg: Leg | null;
  /** What changed, in the English of the audit log. */
  what: string;
  field: ChangeField;
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

/**
 * The legs whose reminder e-mail reads differently after these changes: a change of a leg's
 * pickup, flight, terminal, hotel or address (all in its reminder's lines), not of its note, nor
 * of the phone or the luggage.
 */
export function legsInReminderChanged(changes: readonly Change[]): Leg[] {
  const legs = new Set<Leg>();
  for (const c of changes) if (c.leg !== null && c.field !== "note") legs.add(c.leg);
  return [...legs].sort();
}

/** Every difference between two readings of one booking, in the order the form lists its fields. */
export function describeChanges(before: Editable, after: Editable): Change[] {
  const changes: Change[] = [];
  const add = (leg: Leg | null, field: ChangeField, what: string, a: string, b: string, forDriver = false, movesPickup = false) => {
    if (a !== b) changes.push({ leg, what, field, before: a, after: b, forDriver, movesPickup });
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
        add(leg.leg, `${end}.${key}`, `${END_WORD[end]} ${words(end)}`, was, now, forDriver, key === "flightTime");
      }
    }
    add(leg.leg, "note", "note", leg.note, next.note);
  }
  add(null, "phone", "mobile phone", before.phone, after.phone);
  // The driver brings the child seats: a change of them is the driver's to know.
  for (const [name, words] of LUGGAGE_COUNTS) {
    add(null, `count.${name}`, words, String(before.luggage[name]), String(after.luggage[name]), SEAT_FIELDS.has(name));
  }
  add(null, "luggageNote", "luggage note", before.luggage.info, after.luggage.info);
  return changes;
}

/** A pick-up's terminal not known yet, as a change's value says it (in English: the staff's e-mails word it again). */
export const TERMINAL_NOT_KNOWN_WORDS = "not known yet";

/** A pick-up's terminal in words: "2E", or "not known yet"; nothing on other ends. */
function terminalWords(e: EditableEnd, end: End): string {
  if (end !== "pu" || !e.flight) return "";
  return e.terminal === TERMINAL_NOT_KNOWN ? TERMINAL_NOT_KNOWN_WORDS : e.terminal;
}

/** A value as a change line shows it: on one line, "(none)" when empty. */
export function shownValue(value: string): string {
  const line = value.replace(/\s+/g, " ").trim();
  return line === "" ? "(none)" : line;
}

/** "Outbound (leg 1), pick-up flight number: BA304 → BA306"; "Mobile phone: … → …". */
export function changeText(change: Change, roundTrip: boolean): string {
  const where = change.leg === null ? capitalise(change.what) : `${legTitle(change.leg, roundTrip)}, ${change.what}`;
  const shown = (value: string) => (change.field === "pickup" ? `${value} (Paris time)` : shownValue(value));
  return `${where}: ${shown(change.before)} → ${shown(change.after)}`;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
