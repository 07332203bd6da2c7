import { LINK_QUERY } from "./booking/fields";
import type { PlaceType } from "./pricing/csv";
import type { TransferKind } from "./site-paths";

/** What a rates-table price or a hotel card hands the booking form (docs/product.md, Booking screen). */
export interface BookingLink {
  depart: string;
  arrive: string;
  kind: TransferKind;
  /** A passenger code: 1…50 that many adults, 22 two adults and two children, sup nine adults. */
  nbPax: string;
  departType: PlaceType;
  arriveType: PlaceType;
  /** 2 a round trip, 1 one way. */
  tripType: 1 | 2;
  hotel?: string;
}

/** Place names travel in links with underscores for spaces. */
export function underscored(name: string): string {
  return name.trim().replace(/\s+/g, "_");
}

export function reservationHref(link: BookingLink): string {
  const query = new URLSearchParams({
    [LINK_QUERY.depart]: underscored(link.depart),
    [LINK_QUERY.arrive]: underscored(link.arrive),
    [LINK_QUERY.privateShuttle]: link.kind === "private" ? "1" : "0",
    [LINK_QUERY.party]: link.nbPax,
    [LINK_QUERY.departType]: String(link.departType),
    [LINK_QUERY.arriveType]: String(link.arriveType),
    [LINK_QUERY.tripType]: String(link.tripType),
  });
  if (link.hotel) query.set(LINK_QUERY.hotel, link.hotel);
  return `/reservation?${query.toString()}`;
}

/** A hotel card's link: from an airport to the resort, one way, the hotel preselected. */
export function hotelTransferHref(airportPlace: string, resortPlace: string, kind: TransferKind, hotelSlug: string): string {
  return reservationHref({
    depart: airportPlace,
    arrive: resortPlace,
    kind,
    nbPax: "1",
    departType: 1,
    arriveType: 2,
    tripType: 1,
    hotel: hotelSlug,
  });
}
