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

/**
 * What the rates page hands its script so that choosing a price stores the draft: the storage key,
 * the field the chosen party code goes in, and the rest of the draft (the two tables shown).
 */
export interface RatesDraftTemplate {
  key: typeof RATES_DRAFT_KEY;
  partyField: typeof LINK_QUERY.party;
  tables: Omit<RatesDraft, typeof LINK_QUERY.party>;
}

export function ratesDraftTemplate(tables: { shuttle: RatesTable; private: RatesTable }): RatesDraftTemplate {
  return { key: RATES_DRAFT_KEY, partyField: LINK_QUERY.party, tables: { shuttlePrices: tables.shuttle, privatePrices: tables.private } };
}
