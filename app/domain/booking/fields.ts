/**
 * The booking draft's field names (docs/product.md, Booking screen). The same names are the form
 * controls' `name` attributes, the keys of the draft kept in browser storage, and the fields posted
 * to BOOKING_ENDPOINT, so the form reads the same in the page and on the wire.
 *
 * They are the names a legacy booking back end reads (BOOKING_ENDPOINT may point at one): place
 * and detail fields use the trip number (`lieu_pu_1`, `hotel_drop_2`…); the other per-leg fields
 * use the t1/t2 suffix (`date_pu_t1`, `pax_t2`…). They are written here and in the adapter
 * (wire.ts) only: every other module takes them from these maps by what the field holds.
 */

export type Leg = 1 | 2;
export type End = "pu" | "drop";

/** The traveller's fields, in the order they are posted. */
export const CUSTOMER = {
  lastname: "lastname",
  firstname: "firstname",
  email: "email",
  /** A copy of the mobile the phone control writes too. */
  phone: "phone",
  phoneHome: "phoneHome",
  /** The mobile as the phone control writes it (+ and the digits): the one the rules check and the booking keeps. */
  mobile: "phone_mobile",
  /** Another copy of the mobile the phone control writes. */
  mobileCopy: "phoneMobile",
  fax: "fax_number",
  address: "address",
  postcode: "postcode",
  city: "city",
  country: "country",
  /** The phone's country: its code in lower case, its English name, its number format (phone-country.ts). */
  phoneCountryCode: "phoneCountryCode",
  phoneCountryName: "phoneCountryName",
  phoneCountryFormat: "phoneCountryFormat",
} as const;

/** The trip's fields, besides each leg's own, in the order they are posted. */
export const TRIP = {
  /** shuttle_private: "Shuttle" or "Private" (SHUTTLE, PRIVATE). */
  kind: "shuttle_private",
  /** nb_trajet, the number of legs: "1" one way, "2" a round trip. */
  trips: "nb_trajet",
  /** aller_retour: the same "1" or "2", kept equal to nb_trajet. */
  roundTrip: "aller_retour",
  depart: "depart",
  arrive: "arrive",
  /** nb_pax_*: the party booked, kept equal to leg 1's counts. */
  partyAdults: "nb_pax_adults",
  partyChildren: "nb_pax_children",
  partyBabies: "nb_pax_babies",
  partyTotal: "nb_pax_total",
  /** duree_* and delai_*: the route's journey times and delays from the price file, in minutes. */
  durationOut: "duree_aller",
  durationBack: "duree_retour",
  delayDepart: "delai_depart",
  delayArrive: "delai_arrive",
  /** delai_minimum_reservation: the minimum lead time, in hours. */
  minimumLeadHours: "delai_minimum_reservation",
  strollerSingle: "stroller_single",
  strollerDouble: "stroller_double",
  babySeat: "baby_seat",
  childSeat: "child_seat",
  boosterSeat: "booster_seat",
  cabinBags: "cabin_bag",
  checkInLuggage: "check_in_luggage",
  /** info_pax_luggage: the traveller's note about passengers or luggage. */
  luggageNote: "info_pax_luggage",
  /** prix_cash and prix_cb: the booking's cash and card prices from the price file, in cents. */
  priceCash: "prix_cash",
  priceCard: "prix_cb",
  /** cp_depart and cp_arrive: the postal codes of the route's two zones, comma-joined. */
  postcodesDepart: "cp_depart",
  postcodesArrive: "cp_arrive",
  /** The slug of the hotel the booking link preselects. */
  hotel: "hotel",
  /** submission_token: one booking's token, the same on a reload so a second post is the same booking. */
  submissionToken: "submission_token",
} as const;

export type CustomerField = (typeof CUSTOMER)[keyof typeof CUSTOMER];
export type TripField = (typeof TRIP)[keyof typeof TRIP];

export const CUSTOMER_FIELDS: readonly CustomerField[] = Object.values(CUSTOMER);
export const TRIP_FIELDS: readonly TripField[] = Object.values(TRIP);

/**
 * The query of a link to the booking form (/reservation?depart=…&nb_pax=2), the legacy site's:
 * the rates table, the hotel cards and the phone booking's route write it; initialDraft reads it.
 * The rates page's stored draft keeps the party code under the same name.
 */
export const LINK_QUERY = {
  /** depart and arrive: place names, with underscores for spaces. */
  depart: "depart",
  arrive: "arrive",
  /** depart_type and arrive_type: "1" a flight end, "2" a hotel or an address. */
  departType: "depart_type",
  arriveType: "arrive_type",
  /** private_shuttle: "1" private, anything else a shuttle. */
  privateShuttle: "private_shuttle",
  /** nb_pax: a passenger code (1…50, 22, sup). */
  party: "nb_pax",
  /** type_trajet: "2" a round trip, anything else one way. */
  tripType: "type_trajet",
  /** A hotel slug, preselected on the hotel or address end. */
  hotel: "hotel",
} as const;

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

const ENDS: readonly End[] = ["pu", "drop"];

/** Every field of one leg: its own, its two ends', and its pick-up terminal. */
export function fieldsOfLeg(leg: Leg): string[] {
  return [...Object.values(legFields(leg)), ...ENDS.flatMap((end) => Object.values(endFields(end, leg))), pickupTerminalField(leg)];
}

/** Every field of the draft, in a stable order (the order they are posted in). */
export const DRAFT_FIELDS: readonly string[] = [...CUSTOMER_FIELDS, ...TRIP_FIELDS, ...fieldsOfLeg(1), ...fieldsOfLeg(2)];

/** The draft: every field as the text a form control holds. */
export type BookingDraft = Record<string, string>;
