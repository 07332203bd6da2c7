import { LINK_QUERY } from "./booking/fields";
import type { RatesTable } from "./pricing/pricing";

/** The rates-side draft (party code and price tables), kept in browser storage under this key. */
export const RATES_DRAFT_KEY = "reservationData";

export interface RatesDraft {
  /** The party code, under the booking link's name for it. */
  [LINK_QUERY.party]: string;
  shuttlePrices: RatesTable;
  privatePrices: RatesTable;
}

/** The part of Web Storage used here, so tests can hand in a plain object. */
export interface KeyValueStore {
  setItem(key: string, value: string): void;
}

export function saveRatesDraft(store: KeyValueStore, draft: { party: string; shuttle: RatesTable; private: RatesTable }): void {
  const value: RatesDraft = { [LINK_QUERY.party]: draft.party, shuttlePrices: draft.shuttle, privatePrices: draft.private };
  try {
    store.setItem(RATES_DRAFT_KEY, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private browsing): the booking link still carries everything.
  }
}
