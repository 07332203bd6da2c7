import { samePlace } from "../pricing/pricing";
import { CUSTOMER_FIELDS, type BookingDraft } from "./fields";

/**
 * What a reload or a return visit restores (issue 4: nothing typed is lost). A stored draft for
 * the same route and kind comes back whole, its submission token included, so posting it again
 * is the same booking. For another route, only the visitor's own details come back.
 */
export function restoreDraft(fresh: BookingDraft, stored: BookingDraft | null): BookingDraft {
  if (!stored) return fresh;
  const sameTrip =
    samePlace(fresh.depart ?? "", stored.depart ?? "") &&
    samePlace(fresh.arrive ?? "", stored.arrive ?? "") &&
    fresh.shuttle_private === stored.shuttle_private;
  if (sameTrip) {
    const restored: BookingDraft = { ...fresh };
    for (const [name, value] of Object.entries(stored)) if (name in fresh) restored[name] = value;
    return restored;
  }
  const restored: BookingDraft = { ...fresh };
  for (const name of CUSTOMER_FIELDS) if (stored[name]) restored[name] = stored[name];
  return restored;
}
