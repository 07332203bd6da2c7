/**
 * The booking draft's field names (docs/product.md, Booking screen). The same names are the form
 * controls' `name` attributes, the keys of the draft kept in browser storage, and the fields posted
 * to BOOKING_ENDPOINT, so the form reads the same in the page and on the wire.
 *
 * They are the names a legacy booking back end reads (BOOKING_ENDPOINT may point at one): place
 * and detail fields use the trip number (`lieu_pu_1`, `hotel_drop_2`…); the other per-leg fields
 * use the t1/t2 suffix (`date_pu_t1`, `pax_t2`…).
 */

export type Leg = 1 | 2;
export type End = "pu" | "drop";

export const CUSTOMER_FIELDS = [
  "lastname",
  "firstname",
  "email",
  "phone",
  "phoneHome",
  "phone_mobile",
  "phoneMobile",
  "fax_number",
  "address",
  "postcode",
  "city",
  "country",
  "phoneCountryCode",
  "phoneCountryName",
  "phoneCountryFormat",
] as const;

export const TRIP_FIELDS = [
  "shuttle_private",
  "nb_trajet",
  "aller_retour",
  "depart",
  "arrive",
  "nb_pax_adults",
  "nb_pax_children",
  "nb_pax_babies",
  "nb_pax_total",
  "duree_aller",
  "duree_retour",
  "delai_depart",
  "delai_arrive",
  "delai_minimum_reservation",
  "stroller_single",
  "stroller_double",
  "baby_seat",
  "child_seat",
  "booster_seat",
  "cabin_bag",
  "check_in_luggage",
  "info_pax_luggage",
  "prix_cash",
  "prix_cb",
  "cp_depart",
  "cp_arrive",
  "hotel",
  "submission_token",
] as const;

/** Fields of one end (pickup or drop-off) of a leg. */
export function endFields(end: End, leg: Leg) {
  return {
    lieu: `lieu_${end}_${leg}`,
    type: `type_${end}_t${leg}`,
    horaireVol: `horaire_vol_${end}_${leg}`,
    timeVol: `time_vol_${end}_t${leg}`,
    minuteVol: `minute_vol_${end}_t${leg}`,
    cityVol: `city_vol_${end}_${leg}`,
    numVol: `num_vol_${end}_${leg}`,
    hotel: `hotel_${end}_${leg}`,
    hotelN: `hotel_n_${end}_${leg}`,
    address: `address_${end}_${leg}`,
    zip: `zip_${end}_${leg}`,
  } as const;
}

/** Fields of one leg, besides its two ends. */
export function legFields(leg: Leg) {
  const t = `t${leg}`;
  return {
    date: `date_pu_${t}`,
    frenchDate: `french_date_pu_${t}`,
    day: `date_jour_pu_${t}`,
    month: `date_mois_pu_${t}`,
    year: `date_annee_pu_${t}`,
    timeH: `time_h_pu_${t}`,
    timeM: `time_m_pu_${t}`,
    pax: `pax_${t}`,
    paxAdult: `pax_adult_${t}`,
    paxChild: `pax_child_${t}`,
    paxBaby: `pax_baby_${t}`,
    prix: `prix_${t}`,
    duree: `duree_${t}`,
    delaiDepart: `delai_depart_${t}`,
    delaiArrive: `delai_arrive_${t}`,
    info: `info_${t}`,
  } as const;
}

/**
 * The terminal of a leg's pick-up, asked when the pick-up is a flight at an airport: one of the
 * airport's terminals (app/domain/terminals.ts), or empty for "Not known yet".
 */
export function pickupTerminalField(leg: Leg): string {
  return `terminal_pu_${leg}`;
}

const LEGS: readonly Leg[] = [1, 2];
const ENDS: readonly End[] = ["pu", "drop"];

/** Every field of the draft, in a stable order (the order they are posted in). */
export const DRAFT_FIELDS: readonly string[] = [
  ...CUSTOMER_FIELDS,
  ...TRIP_FIELDS,
  ...LEGS.flatMap((leg) => [
    ...Object.values(legFields(leg)),
    ...ENDS.flatMap((end) => Object.values(endFields(end, leg))),
    pickupTerminalField(leg),
  ]),
];

/** The draft: every field as the text a form control holds. */
export type BookingDraft = Record<string, string>;
