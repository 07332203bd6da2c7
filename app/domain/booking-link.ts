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
    depart: underscored(link.depart),
    arrive: underscored(link.arrive),
    private_shuttle: link.kind === "private" ? "1" : "0",
    nb_pax: link.nbPax,
    depart_type: String(link.departType),
    arrive_type: String(link.arriveType),
    type_trajet: String(link.tripType),
  });
  if (link.hotel) query.set("hotel", link.hotel);
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
