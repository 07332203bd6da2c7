import { samePlace } from "../pricing/pricing";
import { CUSTOMER_FIELDS, endFields, type BookingDraft, type End, type Leg } from "./fields";

/** The fields a booking link chooses: a new link's choice wins over a stored draft. */
const LINK_FIELDS = [
  "shuttle_private",
  "nb_trajet",
  "aller_retour",
  "nb_pax_adults",
  "nb_pax_children",
  "nb_pax_babies",
  "nb_pax_total",
  "pax_t1",
  "pax_adult_t1",
  "pax_child_t1",
  "pax_baby_t1",
  "pax_t2",
  "pax_adult_t2",
  "pax_child_t2",
  "pax_baby_t2",
  "type_pu_t1",
  "type_drop_t1",
  "type_pu_t2",
  "type_drop_t2",
  "hotel",
  "submission_token",
] as const;

const ENDS: ReadonlyArray<[End, Leg]> = [
  ["pu", 1],
  ["drop", 1],
  ["pu", 2],
  ["drop", 2],
];

/**
 * What a reload or a return visit restores, so that nothing typed is lost.
 * - The same link again (a reload): the stored draft comes back whole, its token included, so
 *   posting it again is the same booking.
 * - A new link for the same route (say, another passenger count chosen on the rates page): the
 *   stored draft comes back with the link's own choices on top, and a new token.
 * - Another route: only the visitor's own details come back.
 */
export function restoreDraft(fresh: BookingDraft, stored: BookingDraft | null, options: { sameLink: boolean }): BookingDraft {
  if (!stored) return fresh;
  const restored: BookingDraft = { ...fresh };
  const sameRoute = samePlace(fresh.depart ?? "", stored.depart ?? "") && samePlace(fresh.arrive ?? "", stored.arrive ?? "");
  if (!sameRoute) {
    for (const name of CUSTOMER_FIELDS) if (stored[name]) restored[name] = stored[name];
    return restored;
  }
  for (const [name, value] of Object.entries(stored)) if (name in fresh) restored[name] = value;
  if (options.sameLink) return restored;
  for (const name of LINK_FIELDS) if (name in fresh) restored[name] = fresh[name] ?? "";
  // A hotel the link preselects fills its end afresh.
  for (const [end, leg] of ENDS) {
    const f = endFields(end, leg);
    if (fresh[f.hotelN]) for (const name of [f.hotel, f.hotelN, f.address, f.zip]) restored[name] = fresh[name] ?? "";
  }
  return restored;
}
