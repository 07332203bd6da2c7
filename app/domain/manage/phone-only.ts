/**
 * What only the phone changes (date, route, passengers): the fields, and a post that touches them.
 */
import { samePlace } from "../pricing/pricing";
import { countOf } from "../booking/draft";
import { TRIP, endFields, legFields, type BookingDraft, type End, type Leg } from "../booking/fields";
import { parseFrenchDate, parseIsoDate } from "../booking/paris-time";

const LEGS: readonly Leg[] = [1, 2];
const ENDS: readonly End[] = ["pu", "drop"];

/** The booking form's fields of what is changed by phone: kind, trip type, route, dates, times and passengers. */
export const PHONE_ONLY_FIELDS: readonly string[] = [
  TRIP.kind,
  TRIP.trips,
  TRIP.roundTrip,
  TRIP.depart,
  TRIP.arrive,
  TRIP.partyAdults,
  TRIP.partyChildren,
  TRIP.partyBabies,
  TRIP.partyTotal,
  ...LEGS.flatMap((leg) => {
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
      ...ENDS.flatMap((end) => [endFields(end, leg).lieu, endFields(end, leg).type]),
    ];
  }),
];

const endsOf = (key: "lieu" | "type") => LEGS.flatMap((leg) => ENDS.map((end) => endFields(end, leg)[key]));
const PLACE_FIELDS = new Set<string>([TRIP.depart, TRIP.arrive, ...endsOf("lieu")]);
const TEXT_FIELDS = new Set<string>([TRIP.kind, TRIP.trips, TRIP.roundTrip, ...endsOf("type")]);
const ISO_DATE_FIELDS = new Set<string>(LEGS.map((leg) => legFields(leg).date));
const FRENCH_DATE_FIELDS = new Set<string>(LEGS.map((leg) => legFields(leg).frenchDate));

/** Whether a posted value of a phone-only field means what the booking holds. */
function sameMeaning(field: string, posted: string, stored: string): boolean {
  if (PLACE_FIELDS.has(field)) return samePlace(posted, stored);
  if (TEXT_FIELDS.has(field)) return posted.trim() === stored.trim();
  if (ISO_DATE_FIELDS.has(field)) {
    const [a, b] = [parseIsoDate(posted), parseIsoDate(stored)];
    return a !== null && b !== null ? a.year === b.year && a.month === b.month && a.day === b.day : posted.trim() === stored.trim();
  }
  if (FRENCH_DATE_FIELDS.has(field)) {
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
