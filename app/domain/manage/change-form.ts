/**
 * The traveller's change form (docs/product.md, Managing a booking): what a traveller may change
 * online until the free-cancellation deadline, under the booking form's own field names, so the
 * booking form's rules can be run on the result. One schema, read by the page (its limits) and by
 * the server (the post, parsed once at the boundary).
 *
 * Every field is optional text: a field the post leaves out keeps the booking's value. Which
 * fields a booking shows (a flight end's flight, an address end's hotel, the return's own flight)
 * is decided by the booking (changes.ts, changeFieldsOf); the schema holds every name any booking
 * may show.
 */
import { z } from "../zod";
import { problemsOf, type FormProblem } from "../form-problems";
import { plainTextRefinement, type TextShape } from "../plain-text";
import type { ManageWordKey, ManageWords } from "./manage-words";
import { CHILD_SEATS } from "../booking/messages";
import { CUSTOMER, TRIP, endFields, legFields, pickupTerminalField, type End, type Leg } from "../booking/fields";

/** The longest text each kind of field may hold. */
export const CHANGE_LIMITS = {
  phone: 40,
  count: 6,
  note: 1000,
  flightTime: 8,
  flightNumber: 20,
  flightCity: 80,
  terminal: 4,
  hotelN: 6,
  hotel: 120,
  address: 200,
  zip: 20,
} as const;

export type ChangeLimit = keyof typeof CHANGE_LIMITS;

/** The luggage and child seat counts, as the booking form names them, with the words the business's e-mail uses for them. */
export const LUGGAGE_COUNTS = [
  [TRIP.checkInLuggage, "check-in luggage"],
  [TRIP.cabinBags, "cabin bags"],
  [TRIP.strollerSingle, "single strollers"],
  [TRIP.strollerDouble, "double strollers"],
  ...CHILD_SEATS.map(([field, , words]) => [field, words] as const),
] as const;

export type LuggageCountField = (typeof LUGGAGE_COUNTS)[number][0];

export const PHONE_FIELD = CUSTOMER.mobile;
export const LUGGAGE_NOTE_FIELD = TRIP.luggageNote;

/** The change form's fields of one end of a leg: its flight, or its hotel and address. */
export function endChangeFields(end: End, leg: Leg) {
  const f = endFields(end, leg);
  return {
    horaireVol: f.horaireVol,
    numVol: f.numVol,
    cityVol: f.cityVol,
    hotelN: f.hotelN,
    hotel: f.hotel,
    address: f.address,
    zip: f.zip,
  } as const;
}

export type EndChangeKey = keyof ReturnType<typeof endChangeFields>;

const END_LIMITS: Record<EndChangeKey, ChangeLimit> = {
  horaireVol: "flightTime",
  numVol: "flightNumber",
  cityVol: "flightCity",
  hotelN: "hotelN",
  hotel: "hotel",
  address: "address",
  zip: "zip",
};

const LEGS: readonly Leg[] = [1, 2];
const ENDS: readonly End[] = ["pu", "drop"];

/** Every field any booking's change form may hold, with its limit. */
export const CHANGE_FIELD_LIMITS: Readonly<Record<string, ChangeLimit>> = Object.fromEntries([
  [PHONE_FIELD, "phone"],
  ...LUGGAGE_COUNTS.map(([name]) => [name, "count"]),
  [LUGGAGE_NOTE_FIELD, "note"],
  ...LEGS.flatMap((leg) => [
    [legFields(leg).info, "note"],
    [pickupTerminalField(leg), "terminal"],
    ...ENDS.flatMap((end) => {
      const fields = endChangeFields(end, leg);
      return (Object.keys(fields) as EndChangeKey[]).map((key) => [fields[key], END_LIMITS[key]]);
    }),
  ]),
]);

/** The longest text a field of the form may hold. */
export function changeFieldMax(name: string): number {
  const limit = CHANGE_FIELD_LIMITS[name];
  return limit ? CHANGE_LIMITS[limit] : 0;
}

/** Each luggage count's label: the key of its words. */
export const LUGGAGE_COUNT_LABELS: Readonly<Record<LuggageCountField, ManageWordKey>> = {
  [TRIP.checkInLuggage]: "change.count.checkIn",
  [TRIP.cabinBags]: "change.count.cabin",
  [TRIP.strollerSingle]: "change.count.strollerSingle",
  [TRIP.strollerDouble]: "change.count.strollerDouble",
  [TRIP.babySeat]: "change.count.babySeat",
  [TRIP.childSeat]: "change.count.childSeat",
  [TRIP.boosterSeat]: "change.count.boosterSeat",
};

/** The words a message uses for each kind of field, as the page labels it: the keys of their words. */
const LIMIT_LABELS: Record<ChangeLimit, ManageWordKey> = {
  phone: "change.phone",
  count: "change.label.count",
  note: "change.label.note",
  flightTime: "change.label.flightTime",
  flightNumber: "change.flightNumber",
  flightCity: "change.label.flightCity",
  terminal: "change.terminal",
  hotelN: "change.hotel",
  hotel: "change.hotelName",
  address: "change.address",
  zip: "change.zip",
};

/** A field's label in the messages of the change form: the key of its words. */
function changeFieldLabel(name: string): ManageWordKey {
  if (name === LUGGAGE_NOTE_FIELD) return "change.luggageNotes";
  const count = LUGGAGE_COUNTS.find(([field]) => field === name);
  const limit = CHANGE_FIELD_LIMITS[name];
  return count ? LUGGAGE_COUNT_LABELS[count[0]] : limit ? LIMIT_LABELS[limit] : "change.label.count";
}

// The schema's messages are the keys of their words; changeProblems puts them into the page's language.
const NOT_TEXT: ManageWordKey = "change.problem.notText";
const TOO_LONG: ManageWordKey = "change.problem.tooLong";
const PLAIN_TEXT: ManageWordKey = "change.problem.plainText";
const NUL: ManageWordKey = "change.problem.nul";
const SCHEMA_MESSAGES: readonly string[] = [NOT_TEXT, TOO_LONG, PLAIN_TEXT, NUL];

function textField(max: number, shape: TextShape) {
  return (
    z
      .string({ error: NOT_TEXT })
      .max(max, { error: TOO_LONG })
      // The database cannot store a NUL character (its message predates the text rule and stays);
      // the other invisible and control characters are refused by the site's text rule.
      .superRefine(plainTextRefinement({ message: PLAIN_TEXT, nulMessage: NUL, shape }))
      .optional()
  );
}

/**
 * The change form's post: each of its fields, when present, is text within its limit; any other
 * field is dropped here (the server looks separately at fields only the phone can change).
 */
export const changeFormSchema = z.object(
  Object.fromEntries(
    Object.entries(CHANGE_FIELD_LIMITS).map(([name, limit]) => [
      name,
      // A line break in a one-line field is left to the change's own rules (changes.ts), whose
      // messages say what the field must hold (a postcode's five digits); every other control or
      // invisible character is refused here.
      textField(CHANGE_LIMITS[limit], "lines"),
    ]),
  ) as Record<string, ReturnType<typeof textField>>,
);

/** A parsed post: the fields it holds, by name. */
export type ChangeForm = Partial<Record<string, string>>;

/** The schema's refusal as the form's problems, each at its field, in the page's words (its label, its limit). */
export function changeProblems(error: z.ZodError, words: ManageWords): FormProblem[] {
  return problemsOf(error, (issue, field) => {
    const key = SCHEMA_MESSAGES.includes(issue.message) ? (issue.message as ManageWordKey) : NOT_TEXT;
    const values = field ? { max: changeFieldMax(field), label: words(changeFieldLabel(field)) } : { max: 0, label: "" };
    return words(key, values);
  });
}
