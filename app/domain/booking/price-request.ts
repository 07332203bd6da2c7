import type { PriceRow } from "../pricing/csv";
import { quote, type PriceRequest } from "../pricing/pricing";
import { applyQuote } from "./quote";
import type { BookingDraft } from "./fields";

function count(text: string | undefined): number {
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

/** The price question a draft asks: its route, kind, trip type and leg-1 party. */
export function priceRequestOf(draft: BookingDraft): PriceRequest {
  return {
    from: draft.depart ?? "",
    to: draft.arrive ?? "",
    kind: draft.shuttle_private === "Private" ? "private" : "shuttle",
    tripType: draft.nb_trajet === "2" ? 2 : 1,
    party: {
      adults: count(draft.pax_adult_t1),
      children: count(draft.pax_child_t1),
      babies: count(draft.pax_baby_t1),
    },
  };
}

/** The fields whose change asks for a new price: the kind, the trip type and leg 1's party. */
export const PRICE_FIELDS: ReadonlySet<string> = new Set(["shuttle_private", "nb_trajet", "pax_adult_t1", "pax_child_t1", "pax_baby_t1"]);

/** The draft priced from the price file as it stands: its route, kind, trip and party. */
export function repriceDraft<D extends BookingDraft>(draft: D, rows: readonly PriceRow[]): D & BookingDraft {
  return applyQuote(draft, quote(rows, priceRequestOf(draft)));
}
