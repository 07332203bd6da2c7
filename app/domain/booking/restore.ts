import { samePlace } from "../pricing/pricing";
import { CUSTOMER_FIELDS, TRIP, endFields, legFields, type BookingDraft, type End, type Leg } from "./fields";

/** The fields a booking link chooses: a new link's choice wins over a stored draft. */
const LINK_FIELDS: readonly string[] = [
  TRIP.kind,
  TRIP.trips,
  TRIP.roundTrip,
  TRIP.partyAdults,
  TRIP.partyChildren,
  TRIP.partyBabies,
  TRIP.partyTotal,
  ...([1, 2] as const).flatMap((leg) => {
    const f = legFields(leg);
    return [f.pax, f.paxAdult, f.paxChild, f.paxBaby];
  }),
  ...([1, 2] as const).flatMap((leg) => [endFields("pu", leg).type, endFields("drop", leg).type]),
  TRIP.hotel,
  TRIP.submissionToken,
];

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
  const sameRoute =
    samePlace(fresh[TRIP.depart] ?? "", stored[TRIP.depart] ?? "") && samePlace(fresh[TRIP.arrive] ?? "", stored[TRIP.arrive] ?? "");
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
