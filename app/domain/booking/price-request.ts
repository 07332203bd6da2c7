import type { PriceRow } from "../pricing/csv";
import { quote, type PriceRequest } from "../pricing/pricing";
import { isRoundTrip, legCounts, transferKind } from "./draft";
import { applyQuote } from "./quote";
import { TRIP, legFields, type BookingDraft } from "./fields";

/**
 * The price question a draft asks as the visitor types (the form's own price): its route, kind,
 * trip type and leg-1 party. A count that is not a count asks for no price. The server prices the
 * checked booking instead (validation.ts, bookingPriceRequest).
 */
export function priceRequestOf(draft: BookingDraft): PriceRequest {
  const { adults, children, babies } = legCounts(draft, 1);
  return {
    from: draft[TRIP.depart] ?? "",
    to: draft[TRIP.arrive] ?? "",
    kind: transferKind(draft),
    tripType: isRoundTrip(draft) ? 2 : 1,
    party: { adults, children, babies },
  };
}

/** The fields whose change asks for a new price: the kind, the trip type and leg 1's party. */
export const PRICE_FIELDS: ReadonlySet<string> = new Set([
  TRIP.kind,
  TRIP.trips,
  legFields(1).paxAdult,
  legFields(1).paxChild,
  legFields(1).paxBaby,
]);

/** The draft priced from the price file as it stands: its route, kind, trip and party. */
export function repriceDraft<D extends BookingDraft>(draft: D, rows: readonly PriceRow[]): D & BookingDraft {
  return applyQuote(draft, quote(rows, priceRequestOf(draft)));
}
