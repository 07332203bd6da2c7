/**
 * What only the phone changes (date, route, passengers): the fields, and a post that touches them.
 */
import { samePlace } from "../pricing/pricing";
import { countOf } from "../booking/draft";
import { endFields, legFields, type BookingDraft } from "../booking/fields";
import { parseFrenchDate, parseIsoDate } from "../booking/paris-time";

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
