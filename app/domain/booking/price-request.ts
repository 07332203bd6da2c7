import type { VehicleCapacity } from "../fleet";
import type { PriceRow } from "../pricing/csv";
import { draftCapacity } from "./capacity";
import { CHILD_SEATS } from "./messages";
import { quote, type PriceRequest } from "../pricing/pricing";
import { isRoundTrip, legCounts, transferKind } from "./draft";
import { applyQuote } from "./quote";
import { TRIP, legFields, type BookingDraft } from "./fields";

/**
 * The price question a draft asks as the visitor types (the form's own price): its route, kind,
 * trip type and leg-1 party, priced as the count whose vehicle carries its luggage. A count that
 * is not a count asks for no price. The server prices the checked booking instead
 * (validation.ts, bookingPriceRequest).
 */
export function priceRequestOf(draft: BookingDraft, fleet: readonly VehicleCapacity[]): PriceRequest {
  const { adults, children, babies } = legCounts(draft, 1);
  const capacity = draftCapacity(draft, fleet);
  return {
    from: draft[TRIP.depart] ?? "",
    to: draft[TRIP.arrive] ?? "",
    kind: transferKind(draft),
    tripType: isRoundTrip(draft) ? 2 : 1,
    party: { adults, children, babies },
    ...(capacity.ok && capacity.upsized ? { seatsPriced: capacity.seatsPriced } : {}),
  };
}

/** The fields whose change asks for a new price: the kind, the trip type, leg 1's party, the luggage and the child seats. */
export const PRICE_FIELDS: ReadonlySet<string> = new Set([
  TRIP.kind,
  TRIP.trips,
  legFields(1).paxAdult,
  legFields(1).paxChild,
  legFields(1).paxBaby,
  TRIP.checkInLuggage,
  TRIP.cabinBags,
  TRIP.strollerSingle,
  TRIP.strollerDouble,
  ...CHILD_SEATS.map(([field]) => field),
]);

/** The draft priced from the price file as it stands: its route, kind, trip, party and luggage. */
export function repriceDraft<D extends BookingDraft>(
  draft: D,
  rows: readonly PriceRow[],
  fleet: readonly VehicleCapacity[],
): D & BookingDraft {
  return applyQuote(draft, quote(rows, priceRequestOf(draft, fleet)));
}
