/**
 * The booking rules' messages (docs/product.md, Booking rules): each a key of the booking
 * catalogue and its values, put into words by the page or the e-mail in its own language. The
 * English words stay those the specification lists, prefixes and 'minimun' included. `**…**`
 * marks the bold parts; the error list shows them bold, the message under a field plain.
 */
import type bookingCatalogue from "../../locales/en/booking.json";
import { CUSTOMER, CUSTOMER_FIELDS, TRIP, endFields, fieldsOfLeg, legFields, pickupTerminalField, type End, type Leg } from "./fields";

/**
 * The part of the booking a message is about: the customer, or leg 1 or 2. The message's prefix
 * says it to the visitor; code reads it from here, never from the prefix.
 */
export type BookingPart = "customer" | Leg;

export const LIMITS = {
  adults: { min: 1, max: 50 },
  children: { min: 0, max: 50 },
  babies: { min: 0, max: 50 },
  luggage: { min: 0, max: 10 },
  childSeats: { min: 0, max: 4 },
} as const;

/** Longest text a posted field may hold. */
export const MAX_FIELD_LENGTH = 2000;

/** Longest e-mail address (RFC 5321's path limit, less the angle brackets). */
export const MAX_EMAIL_LENGTH = 254;

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

export const bold = (text: string) => `**${text}**`;

const RETURN_FIELDS: ReadonlySet<string> = new Set(fieldsOfLeg(2));

/** Which part a field belongs to, for messages about the field itself. */
export function partFor(field: string): BookingPart {
  if ((CUSTOMER_FIELDS as readonly string[]).includes(field)) return "customer";
  return RETURN_FIELDS.has(field) ? 2 : 1;
}

/** The luggage count fields. */
export const LUGGAGE_FIELDS = [TRIP.checkInLuggage, TRIP.cabinBags, TRIP.strollerSingle, TRIP.strollerDouble] as const;

/**
 * The child seat fields, the model's name for each, and the English words and label (with the
 * weights each group takes) of the staff's pages, still in English: the business's e-mail of a
 * change and the phone booking. The booking form and the change page take theirs from the catalogues.
 */
export const CHILD_SEATS = [
  [TRIP.babySeat, "baby", "baby seats", "Baby seats (group 0+, up to 13 kg)"],
  [TRIP.childSeat, "child", "child seats", "Child seats (group 1, 9-18 kg)"],
  [TRIP.boosterSeat, "booster", "booster seats", "Booster seats (groups 2-3, 15-36 kg)"],
] as const;

/**
 * A message of the booking catalogue (app/locales/<language>/booking.json) and its values: the
 * rules say what is wrong in these, and the page or e-mail puts them into its own language.
 * The values a message shows in bold arrive wrapped in `**` (bold()).
 */
export interface BookingMessage {
  key: BookingWordKey;
  /** A value may itself be a message, such as a field's label. */
  values?: Readonly<Record<string, string | number | BookingMessage>>;
  /** Shown in bold as a whole, as a value of another message ("**06:30 on 12/05/2026**"). */
  bold?: true;
}

/** The booking catalogue's keys, from its English source. */
export type BookingWordKey = Extract<keyof typeof bookingCatalogue, string>;

/** A booking message in one language: a translator over the booking catalogue. */
export type BookingWords = (key: BookingWordKey, values?: Readonly<Record<string, string | number>>) => string;

/** The message in `words`' language. */
export function say(words: BookingWords, { key, values, bold: whole }: BookingMessage): string {
  const filled = values && Object.fromEntries(Object.entries(values).map(([name, v]) => [name, typeof v === "object" ? say(words, v) : v]));
  const text = words(key, filled);
  return whole ? bold(text) : text;
}

const PREFIX_KEY: Record<BookingPart, BookingWordKey> = { customer: "prefix.customer", 1: "prefix.outbound", 2: "prefix.return" };

/** The prefix of a part's messages ("USER - ", "FIRST STEP - "), in `words`' language. */
export function prefixIn(words: BookingWords, part: BookingPart): string {
  return words(PREFIX_KEY[part]);
}

/** A value shown in bold: a text, or a message in words (a time and its date). */
function emphasised(value: string | BookingMessage): string | BookingMessage {
  return typeof value === "string" ? bold(value) : { ...value, bold: true };
}

const message = (key: BookingWordKey, values?: BookingMessage["values"]): BookingMessage => (values ? { key, values } : { key });

const END_KEY: Record<End, "Pickup" | "Dropoff"> = { pu: "Pickup", drop: "Dropoff" };
const COPY_KEY = { address: "Address", zip: "Zip", hotel: "Hotel", hotelN: "HotelN", cityVol: "CityVol" } as const;
const COUNT_KEY = { adults: "rule.countAdults", children: "rule.countChildren", babies: "rule.countBabies" } as const;

/** The luggage counts' messages, by field. */
const LUGGAGE_RULE_KEY: Readonly<Record<(typeof LUGGAGE_FIELDS)[number], BookingWordKey>> = {
  [TRIP.checkInLuggage]: "rule.luggageCheckIn",
  [TRIP.cabinBags]: "rule.luggageCabin",
  [TRIP.strollerSingle]: "rule.luggageStrollerSingle",
  [TRIP.strollerDouble]: "rule.luggageStrollerDouble",
};

/** The child seat counts' messages, by the model's name of the seat. */
const SEATS_RULE_KEY: Readonly<Record<(typeof CHILD_SEATS)[number][1], BookingWordKey>> = {
  baby: "rule.seatsBaby",
  child: "rule.seatsChild",
  booster: "rule.seatsBooster",
};

/** Every message after its prefix, by rule (docs/product.md lists the English words). */
export const MESSAGES = {
  lastname: message("rule.lastname"),
  firstname: message("rule.firstname"),
  email: message("rule.email"),
  minimumAdult: message("rule.minimumAdult"),
  phone: message("rule.phone"),
  phoneCountry: message("rule.phoneCountry"),
  country: message("rule.country"),
  kind: message("rule.kind"),
  trip: message("rule.trip"),
  place: (leg: Leg, end: End, name: string) =>
    message(`rule.place${leg === 1 ? "Outbound" : "Return"}${END_KEY[end]}`, { place: bold(name) }),
  placeKind: (end: End) => message(`rule.placeKind${END_KEY[end]}`),
  returnKind: (end: End) => message(`rule.returnKind${END_KEY[end]}`),
  returnCopy: (end: End, key: keyof typeof COPY_KEY) => message(`rule.returnCopy${END_KEY[end]}${COPY_KEY[key]}`),
  dateRequired: (leg: Leg) => message("rule.dateRequired", { leg }),
  dateInvalid: message("rule.dateInvalid"),
  dateBounds: (leg: Leg, min: string, max: string) => message("rule.dateBounds", { leg, min: bold(min), max: bold(max) }),
  returnBeforeOutbound: message("rule.returnBeforeOutbound"),
  returnBeforeArrival: (arrival: string) => message("rule.returnBeforeArrival", { arrival: bold(arrival) }),
  leadTime: message("rule.leadTime"),
  atLeastOnePassenger: message("rule.atLeastOnePassenger"),
  countRange: (key: keyof typeof COUNT_KEY) => message(COUNT_KEY[key], LIMITS[key]),
  party: message("rule.party"),
  flightWindow: (min: string, max: string, entered: string) =>
    message("rule.flightWindow", { min: bold(min), max: bold(max), entered: bold(entered) }),
  gap: (needed: string) => message("rule.gap", { needed: bold(needed) }),
  flightTimeRequired: (end: End) => message(`rule.flightTimeRequired${END_KEY[end]}`),
  flightTimeInvalid: (end: End) => message(`rule.flightTimeInvalid${END_KEY[end]}`),
  flightTimeQuarter: (end: End) => message(`rule.flightTimeQuarter${END_KEY[end]}`),
  flightCity: (end: End) => message(`rule.flightCity${END_KEY[end]}`),
  flightNumber: (end: End) => message(`rule.flightNumber${END_KEY[end]}`),
  address: (end: End) => message(`rule.address${END_KEY[end]}`),
  zip: (end: End) => message(`rule.zip${END_KEY[end]}`),
  hotel: (end: End) => message(`rule.hotel${END_KEY[end]}`),
  hotelMismatch: (end: End) => message(`rule.hotelMismatch${END_KEY[end]}`),
  pickupTimeRequired: message("rule.pickupTimeRequired"),
  pickupTimeInvalid: message("rule.pickupTimeInvalid"),
  pickupTimeQuarter: message("rule.pickupTimeQuarter"),
  pickupTooLate: (flight: string | BookingMessage, latest: string | BookingMessage) =>
    message("rule.pickupTooLate", { flight: emphasised(flight), latest: emphasised(latest) }),
  pickupTooEarly: (proposal: string | BookingMessage, earliest: string | BookingMessage) =>
    message("rule.pickupTooEarly", { proposal: emphasised(proposal), earliest: emphasised(earliest) }),
  terminal: (airport: string, terminals: readonly string[]) =>
    message("rule.terminal", { airport: bold(airport), terminals: terminals.join(", ") }),
  terminalNotAirport: message("rule.terminalNotAirport"),
  luggage: (field: (typeof LUGGAGE_FIELDS)[number]) => message(LUGGAGE_RULE_KEY[field], LIMITS.luggage),
  childSeats: (seat: (typeof CHILD_SEATS)[number][1]) => message(SEATS_RULE_KEY[seat], LIMITS.childSeats),
  seatsOverChildren: (seats: number, young: number) =>
    message("rule.seatsOverChildren", { seatsShown: bold(String(seats)), seats, youngShown: bold(String(young)), young }),
  wholeNumber: message("rule.wholeNumber"),
  notText: message("rule.notText"),
  tooLong: message("rule.tooLong"),
  nul: message("rule.nul"),
  plainText: (field: string) => message("rule.plainText", { label: fieldLabel(field) }),
  noPickupMoment: message("rule.noPickupMoment"),
} as const;

// ---------------------------------------------------------------------------------------------
// Field labels

const CUSTOMER_LABELS: Record<string, BookingWordKey> = {
  [CUSTOMER.lastname]: "label.lastname",
  [CUSTOMER.firstname]: "label.firstname",
  [CUSTOMER.email]: "label.email",
  [CUSTOMER.phone]: "label.phone",
  [CUSTOMER.phoneHome]: "label.phone",
  [CUSTOMER.mobile]: "label.mobile",
  [CUSTOMER.mobileCopy]: "label.mobile",
  [CUSTOMER.fax]: "label.fax",
  [CUSTOMER.address]: "label.address",
  [CUSTOMER.postcode]: "label.postcode",
  [CUSTOMER.city]: "label.city",
  [CUSTOMER.country]: "label.country",
  [CUSTOMER.phoneCountryCode]: "label.phoneCountry",
  [CUSTOMER.phoneCountryName]: "label.phoneCountry",
  [CUSTOMER.phoneCountryFormat]: "label.phoneCountry",
};

const TRIP_LABELS: Record<string, BookingWordKey> = {
  [TRIP.luggageNote]: "label.luggageNote",
  [TRIP.hotel]: "label.hotel",
  [TRIP.depart]: "label.from",
  [TRIP.arrive]: "label.to",
  [TRIP.checkInLuggage]: "label.luggageCheckIn",
  [TRIP.cabinBags]: "label.luggageCabin",
  [TRIP.strollerSingle]: "label.strollerSingle",
  [TRIP.strollerDouble]: "label.strollerDouble",
  [TRIP.babySeat]: "label.babySeats",
  [TRIP.childSeat]: "label.childSeats",
  [TRIP.boosterSeat]: "label.boosterSeats",
};

/** A leg's fields' labels; each label's message names the return on leg 2. */
const LEG_LABELS: Partial<Record<keyof ReturnType<typeof legFields>, BookingWordKey>> = {
  frenchDate: "label.date",
  date: "label.date",
  day: "label.date",
  month: "label.date",
  year: "label.date",
  timeH: "label.pickupTime",
  timeM: "label.pickupTime",
  info: "label.notes",
  paxAdult: "label.adults",
  paxChild: "label.children",
  paxBaby: "label.babies",
};

/** What an end's field holds, as its label names it after the end ("Pick-up" + "flight time"). */
const END_FIELD_WORDS = {
  horaireVol: "FlightTime",
  timeVol: "FlightTime",
  minuteVol: "FlightTime",
  cityVol: "FlightCity",
  numVol: "FlightNumber",
  hotel: "HotelName",
  hotelN: "Hotel",
  address: "Address",
  zip: "Zip",
} as const satisfies Partial<Record<keyof ReturnType<typeof endFields>, string>>;

const END_LABEL = { pu: "label.pickup", drop: "label.dropoff" } as const;

/** An end's field's label: the end, then what the field holds (its place, for any other field). */
function endLabel(end: End, key: keyof ReturnType<typeof endFields>): BookingWordKey {
  const words: (typeof END_FIELD_WORDS)[keyof typeof END_FIELD_WORDS] | "Place" =
    key in END_FIELD_WORDS ? END_FIELD_WORDS[key as keyof typeof END_FIELD_WORDS] : "Place";
  return `${END_LABEL[end]}${words}`;
}

/**
 * A booking form field's label in a message about the field itself ("Last name", "Return pick-up
 * address"): the leg and end it belongs to, and what it holds. A field the visitor never types
 * (a total, a duration) is named by the part of the form it belongs to.
 */
export function fieldLabel(field: string): BookingMessage {
  const known = CUSTOMER_LABELS[field] ?? TRIP_LABELS[field];
  if (known) return message(known);
  for (const leg of [1, 2] as const) {
    const onLeg = (key: BookingWordKey) => message(key, { leg: leg === 1 ? "outbound" : "return" });
    if (field === pickupTerminalField(leg)) return onLeg("label.terminal");
    const legKeys = legFields(leg);
    for (const key of Object.keys(legKeys) as (keyof typeof legKeys)[]) {
      if (legKeys[key] === field) return onLeg(LEG_LABELS[key] ?? "label.legDetails");
    }
    for (const end of ["pu", "drop"] as const) {
      const endKeys = endFields(end, leg);
      for (const key of Object.keys(endKeys) as (keyof typeof endKeys)[]) {
        if (endKeys[key] === field) return onLeg(endLabel(end, key));
      }
    }
  }
  return message(CUSTOMER_FIELDS.includes(field as (typeof CUSTOMER_FIELDS)[number]) ? "label.customerDetails" : "label.tripDetails");
}
