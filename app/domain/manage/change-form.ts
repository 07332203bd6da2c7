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
import { plainTextMessage, plainTextRefinement, type TextShape } from "../plain-text";
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

/** The luggage and child seat counts, as the booking form names them, with the words the page and the e-mails use. */
export const LUGGAGE_COUNTS = [
  [TRIP.checkInLuggage, "Check-in luggage", "check-in luggage"],
  [TRIP.cabinBags, "Cabin bags", "cabin bags"],
  [TRIP.strollerSingle, "Single strollers", "single strollers"],
  [TRIP.strollerDouble, "Double strollers", "double strollers"],
  ...CHILD_SEATS.map(([field, , words, label]) => [field, label, words] as const),
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

/** The words a message uses for each kind of field, as the page labels it. */
const LIMIT_LABELS: Record<ChangeLimit, string> = {
  phone: "Mobile phone",
  count: "Count",
  note: "Notes for the driver",
  flightTime: "Flight time",
  flightNumber: "Flight number",
  flightCity: "Flight city",
  terminal: "Terminal",
  hotelN: "Hotel",
  hotel: "Hotel name",
  address: "Address",
  zip: "Postcode",
};

/** A field's label in the messages of the change form. */
function changeFieldLabel(name: string, limit: ChangeLimit): string {
  if (name === LUGGAGE_NOTE_FIELD) return "Luggage notes";
  const count = LUGGAGE_COUNTS.find(([field]) => field === name);
  return count ? count[1] : LIMIT_LABELS[limit];
}

function textField(max: number, label: string, shape: TextShape) {
  return (
    z
      .string({ error: "This field must be text." })
      .max(max, { error: `This field is too long: at most ${max} characters.` })
      // The database cannot store a NUL character (its message predates the text rule and stays);
      // the other invisible and control characters are refused by the site's text rule.
      .superRefine(
        plainTextRefinement({ message: plainTextMessage(label), nulMessage: "This field holds a character we cannot read.", shape }),
      )
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
      textField(CHANGE_LIMITS[limit], changeFieldLabel(name, limit), "lines"),
    ]),
  ) as Record<string, ReturnType<typeof textField>>,
);

/** A parsed post: the fields it holds, by name. */
export type ChangeForm = Partial<Record<string, string>>;
