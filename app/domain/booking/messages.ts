/**
 * The booking rules' messages (docs/product.md, Booking rules): fixed texts, listed there word for
 * word with their prefixes ('minimun' included). `**…**` marks the bold parts of a message; the
 * error list shows them bold, the message under a field shows them plain.
 */
import { CUSTOMER, CUSTOMER_FIELDS, TRIP, endFields, fieldsOfLeg, legFields, pickupTerminalField, type End, type Leg } from "./fields";

export const USER_PREFIX = "USER - ";
export const STEP_PREFIX: Record<Leg, string> = { 1: "FIRST STEP - ", 2: "SECOND STEP - " };

/**
 * The part of the booking a message is about: the customer, or leg 1 or 2. The message's prefix
 * says it to the visitor; code reads it from here, never from the prefix.
 */
export type BookingPart = "customer" | Leg;

/** The prefix a part's messages start with. */
export function prefixOf(part: BookingPart): string {
  return part === "customer" ? USER_PREFIX : STEP_PREFIX[part];
}

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

export const END_WORDS: Record<End, { name: string; city: string }> = {
  pu: { name: "pick-up", city: "origin city" },
  drop: { name: "drop-off", city: "destination city" },
};

const OTHER_END_OF: Record<End, End> = { pu: "drop", drop: "pu" };

/** What the return copies from the outbound, as its message names it. */
export const RETURN_COPY_WORDS = {
  address: "address",
  zip: "zip code",
  hotel: "hotel name",
  hotelN: "hotel picked",
  cityVol: "flight city",
} as const;

export const COUNT_WORDS = { adults: "adults", children: "children", babies: "babies" } as const;

/** The luggage fields and the words their message uses. */
export const LUGGAGE = [
  [TRIP.checkInLuggage, "check-in luggage"],
  [TRIP.cabinBags, "cabin bags"],
  [TRIP.strollerSingle, "single strollers"],
  [TRIP.strollerDouble, "double strollers"],
] as const;

/** The child seat fields, the model's name for each, the words their messages use, and their label with the weights each group takes. */
export const CHILD_SEATS = [
  [TRIP.babySeat, "baby", "baby seats", "Baby seats (group 0+, up to 13 kg)"],
  [TRIP.childSeat, "child", "child seats", "Child seats (group 1, 9-18 kg)"],
  [TRIP.boosterSeat, "booster", "booster seats", "Booster seats (groups 2-3, 15-36 kg)"],
] as const;

/** Every message after its prefix, by rule. */
export const MESSAGES = {
  lastname: "Please enter your last name.",
  firstname: "Please enter your first name.",
  email: "Please enter a valid email.",
  minimumAdult: "Please enter a minimun adult pax.",
  phone: "Please enter your phone number.",
  phoneCountry: "Please choose your phone number's country from the list.",
  country: "Please choose your country from the list.",
  kind: "Please choose Shuttle or Private.",
  trip: "Please choose one way or round trip.",
  place: (leg: Leg, end: End, name: string) => {
    if (leg === 1) {
      return end === "pu"
        ? `The pick-up place must be the start of the route, ${bold(name)}.`
        : `The drop-off place must be the end of the route, ${bold(name)}.`;
    }
    return end === "pu"
      ? `The return must start where the outbound leg ends, ${bold(name)}.`
      : `The return must end where the outbound leg starts, ${bold(name)}.`;
  },
  placeKind: (end: End) => `The ${END_WORDS[end].name} place must be a flight or an address, as the form offers.`,
  returnKind: (end: End) =>
    end === "pu"
      ? "The return's pick-up must be the same kind of place as the outbound drop-off."
      : "The return's drop-off must be the same kind of place as the outbound pick-up.",
  returnCopy: (end: End, key: keyof typeof RETURN_COPY_WORDS) =>
    `The return's ${END_WORDS[end].name} ${RETURN_COPY_WORDS[key]} must be the outbound ${END_WORDS[OTHER_END_OF[end]].name}'s, as the form copies it.`,
  dateRequired: (leg: Leg) => ` Date Departure (t${leg}) is required.`,
  dateInvalid: "Date input not valid.",
  dateBounds: (leg: Leg, min: string, max: string) => `Date Departure (t${leg}) must be between ${bold(min)} and ${bold(max)}.`,
  returnBeforeOutbound: "The return date cannot be before the departure date.",
  returnBeforeArrival: (arrival: string) => `The return pick-up must be after the outbound arrival (${bold(arrival)}).`,
  leadTime: "Reservation must be made at least 20 hours before departure.",
  atLeastOnePassenger: "Please enter at least 1 passenger.",
  countRange: (key: keyof typeof COUNT_WORDS) => `Please enter between ${LIMITS[key].min} and ${LIMITS[key].max} ${COUNT_WORDS[key]}.`,
  party: "The passengers of this leg differ from the party booked.",
  flightWindow: (min: string, max: string, entered: string) =>
    `Departure flight time must be between ${bold(min)} and ${bold(max)}. You entered: ${bold(entered)}`,
  gap: (needed: string) => `The delay between pickup and drop-off is insufficient. Time needed: ${bold(needed)}`,
  flightTimeRequired: (end: End) => `Please enter the ${END_WORDS[end].name} flight time.`,
  flightTimeInvalid: (end: End) => `Please enter a valid ${END_WORDS[end].name} flight time (HH:MM).`,
  flightTimeQuarter: (end: End) => `The ${END_WORDS[end].name} flight time must be in 15-minute intervals.`,
  flightCity: (end: End) => `Please enter the ${END_WORDS[end].name} flight ${END_WORDS[end].city}.`,
  flightNumber: (end: End) => `Please enter the ${END_WORDS[end].name} flight number.`,
  address: (end: End) => `Please enter the ${END_WORDS[end].name} address.`,
  zip: (end: End) => `Please enter the ${END_WORDS[end].name} zip code.`,
  hotel: (end: End) => `The ${END_WORDS[end].name} hotel is not one of the hotels offered for this route.`,
  hotelMismatch: (end: End) => `The ${END_WORDS[end].name} hotel's name, address and zip code must be those of the hotel picked.`,
  pickupTimeRequired: "Please enter the pick-up time.",
  pickupTimeInvalid: "Please enter a valid pick-up time (HH:MM).",
  pickupTimeQuarter: "The pick-up time must be in 15-minute intervals.",
  pickupTooLate: (flight: string, latest: string) =>
    `To be at the airport in time for your ${bold(flight)} flight, pick-up must be at ${bold(latest)} at the latest.`,
  pickupTooEarly: (proposal: string, earliest: string) =>
    `Pick-up can be at most 3 hours before the proposed ${bold(proposal)}: at ${bold(earliest)} at the earliest.`,
  terminal: (airport: string, terminals: readonly string[]) =>
    `The pick-up terminal must be a terminal of ${bold(airport)} (${terminals.join(", ")}), or 'Not known yet'.`,
  terminalNotAirport: "A terminal is asked only for a pick-up from a flight at an airport: please leave it empty.",
  luggage: (words: string) => `Please enter between ${LIMITS.luggage.min} and ${LIMITS.luggage.max} ${words}.`,
  childSeats: (words: string) => `Please enter between ${LIMITS.childSeats.min} and ${LIMITS.childSeats.max} ${words}.`,
  seatsOverChildren: (seats: number, young: number) =>
    `You asked for ${bold(String(seats))} child ${seats === 1 ? "seat" : "seats"} for ${bold(String(young))} ${young === 1 ? "child or baby" : "children and babies"}: there can be no more seats than children and babies.`,
  wholeNumber: "This field must be a whole number.",
  notText: "This field must be text.",
  tooLong: "This field is too long.",
  nul: "This field holds a character we cannot read.",
  noPickupMoment: "The pickup moment could not be worked out.",
} as const;

// ---------------------------------------------------------------------------------------------
// Field labels

const CUSTOMER_LABELS: Record<string, string> = {
  [CUSTOMER.lastname]: "Last name",
  [CUSTOMER.firstname]: "First name",
  [CUSTOMER.email]: "E-mail",
  [CUSTOMER.phone]: "Phone",
  [CUSTOMER.phoneHome]: "Phone",
  [CUSTOMER.mobile]: "Mobile phone",
  [CUSTOMER.mobileCopy]: "Mobile phone",
  [CUSTOMER.fax]: "Fax",
  [CUSTOMER.address]: "Address",
  [CUSTOMER.postcode]: "Postcode",
  [CUSTOMER.city]: "City",
  [CUSTOMER.country]: "Country",
  [CUSTOMER.phoneCountryCode]: "Phone country",
  [CUSTOMER.phoneCountryName]: "Phone country",
  [CUSTOMER.phoneCountryFormat]: "Phone country",
};

const TRIP_LABELS: Record<string, string> = {
  [TRIP.luggageNote]: "Luggage notes",
  [TRIP.hotel]: "Hotel",
  [TRIP.depart]: "From",
  [TRIP.arrive]: "To",
  ...Object.fromEntries(LUGGAGE.map(([field, words]) => [field, words.charAt(0).toUpperCase() + words.slice(1)])),
  ...Object.fromEntries(CHILD_SEATS.map(([field, , words]) => [field, words.charAt(0).toUpperCase() + words.slice(1)])),
};

const LEG_LABELS: Partial<Record<keyof ReturnType<typeof legFields>, string>> = {
  frenchDate: "date",
  date: "date",
  day: "date",
  month: "date",
  year: "date",
  timeH: "pick-up time",
  timeM: "pick-up time",
  info: "notes for the driver",
  paxAdult: "adults",
  paxChild: "children",
  paxBaby: "babies",
};

const END_LABELS: Partial<Record<keyof ReturnType<typeof endFields>, string>> = {
  lieu: "place",
  horaireVol: "flight time",
  timeVol: "flight time",
  minuteVol: "flight time",
  cityVol: "flight city",
  numVol: "flight number",
  hotel: "hotel name",
  hotelN: "hotel",
  address: "address",
  zip: "zip code",
};

/**
 * A booking form field's label in a message about the field itself ("Last name", "Return pick-up
 * address"): the leg and end it belongs to, and what it holds. A field the visitor never types
 * (a total, a duration) is named by the part of the form it belongs to.
 */
export function fieldLabel(field: string): string {
  const known = CUSTOMER_LABELS[field] ?? TRIP_LABELS[field];
  if (known) return known;
  for (const leg of [1, 2] as const) {
    const step = leg === 1 ? "" : "Return ";
    const capital = (words: string) => (step === "" ? words.charAt(0).toUpperCase() + words.slice(1) : `${step}${words}`);
    if (field === pickupTerminalField(leg)) return capital("pick-up terminal");
    const legKeys = legFields(leg);
    for (const key of Object.keys(legKeys) as (keyof typeof legKeys)[]) {
      if (legKeys[key] === field) return capital(LEG_LABELS[key] ?? "trip details");
    }
    for (const end of ["pu", "drop"] as const) {
      const endKeys = endFields(end, leg);
      for (const key of Object.keys(endKeys) as (keyof typeof endKeys)[]) {
        if (endKeys[key] === field) return capital(`${END_WORDS[end].name} ${END_LABELS[key] ?? "place"}`);
      }
    }
  }
  return CUSTOMER_FIELDS.includes(field as (typeof CUSTOMER_FIELDS)[number]) ? "Your details" : "Trip details";
}
