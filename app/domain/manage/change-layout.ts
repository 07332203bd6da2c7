/**
 * The change form of a booking, laid out from its draft: which fields each leg's ends show.
 */
import { AIRPORTS } from "../airports";
import { samePlace } from "../pricing/pricing";
import { FLIGHT_END, isRoundTrip } from "../booking/draft";
import { DRAFT_FIELDS, endFields, legFields, pickupTerminalField, type BookingDraft, type End, type Leg } from "../booking/fields";
import { TERMINALS, TERMINAL_NOT_KNOWN } from "../terminals";
import { LUGGAGE_COUNTS, LUGGAGE_NOTE_FIELD, PHONE_FIELD, endChangeFields, type EndChangeKey } from "./change-form";

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
const TERMINALS_ASKED = DRAFT_FIELDS.includes(pickupTerminalField(1));

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
  const roundTrip = isRoundTrip(draft);
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
        if (terminals.length > 0) picked.terminal = pickupTerminalField(leg);
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
    return { leg, date: draft[legFields(leg).frenchDate] ?? "", ends, noteField };
  });
  fields.push(PHONE_FIELD, ...LUGGAGE_COUNTS.map(([name]) => name), LUGGAGE_NOTE_FIELD);
  return { roundTrip, legs: layouts, fields };
}
