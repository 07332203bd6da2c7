/**
 * The built-in hotel list: 20 real hotels in the
 * Disneyland Paris resort area and nearby towns, with their public addresses.
 * Sources for every address are listed in docs/hotels-sources.md. Where no
 * source confirmed a street, the address holds the hotel's name (a driver finds
 * a resort hotel by name) rather than an invented street or number.
 */
export interface Hotel {
  id: number;
  slug: string;
  name: string;
  address: string;
  zip: string;
  city: string;
  image: string;
}

/** The business replaces this placeholder with one photo per hotel later. */
const HOTEL_IMAGE = "/images/hotels/hotel.svg";

export const HOTELS: readonly Hotel[] = [
  {
    id: 1,
    slug: "disneyland-hotel",
    name: "Disneyland Hotel",
    address: "Rue de la Marnière",
    zip: "77700",
    city: "Chessy",
    image: HOTEL_IMAGE,
  },
  {
    id: 2,
    slug: "disney-hotel-new-york-the-art-of-marvel",
    name: "Disney Hotel New York – The Art of Marvel",
    address: "Avenue René Goscinny",
    zip: "77700",
    city: "Chessy",
    image: HOTEL_IMAGE,
  },
  {
    id: 3,
    slug: "disney-newport-bay-club",
    name: "Disney Newport Bay Club",
    address: "Avenue Robert Schuman",
    zip: "77700",
    city: "Chessy",
    image: HOTEL_IMAGE,
  },
  {
    id: 4,
    slug: "disney-sequoia-lodge",
    name: "Disney Sequoia Lodge",
    address: "Avenue Robert Schuman",
    zip: "77700",
    city: "Coupvray",
    image: HOTEL_IMAGE,
  },
  {
    id: 5,
    slug: "disney-hotel-cheyenne",
    name: "Disney Hotel Cheyenne",
    address: "Rue du Bœuf Agile",
    zip: "77700",
    city: "Coupvray",
    image: HOTEL_IMAGE,
  },
  // Street not confirmed by any source: the address is the hotel's name.
  {
    id: 6,
    slug: "disney-hotel-santa-fe",
    name: "Disney Hotel Santa Fe",
    address: "Disney Hotel Santa Fe",
    zip: "77700",
    city: "Coupvray",
    image: HOTEL_IMAGE,
  },
  // Street not confirmed by any source: the address is the hotel's name.
  {
    id: 7,
    slug: "disney-davy-crockett-ranch",
    name: "Disney Davy Crockett Ranch",
    address: "Disney Davy Crockett Ranch",
    zip: "77700",
    city: "Bailly-Romainvilliers",
    image: HOTEL_IMAGE,
  },
  {
    id: 8,
    slug: "radisson-blu-hotel-paris-marne-la-vallee",
    name: "Radisson Blu Hotel Paris, Marne-la-Vallée",
    address: "Allée de la Mare Houleuse",
    zip: "77700",
    city: "Magny-le-Hongre",
    image: HOTEL_IMAGE,
  },
  {
    id: 9,
    slug: "grand-magic-hotel",
    name: "Grand Magic Hotel",
    address: "20 Avenue de la Fosse des Pressoirs",
    zip: "77700",
    city: "Magny-le-Hongre",
    image: HOTEL_IMAGE,
  },
  {
    id: 10,
    slug: "campanile-val-de-france",
    name: "Campanile Val de France",
    address: "10 Avenue de la Fosse des Pressoirs",
    zip: "77700",
    city: "Magny-le-Hongre",
    image: HOTEL_IMAGE,
  },
  // Street from memory, not confirmed by a source; no street number given.
  {
    id: 11,
    slug: "dream-castle-hotel",
    name: "Dream Castle Hotel",
    address: "Avenue de la Fosse des Pressoirs",
    zip: "77700",
    city: "Magny-le-Hongre",
    image: HOTEL_IMAGE,
  },
  // Street not confirmed by any source: the address is the hotel's name.
  {
    id: 12,
    slug: "b-and-b-hotel-disneyland-paris",
    name: "B&B Hotel Disneyland Paris",
    address: "B&B Hotel Disneyland Paris",
    zip: "77700",
    city: "Magny-le-Hongre",
    image: HOTEL_IMAGE,
  },
  // Street not confirmed by any source: the address is the hotel's name.
  {
    id: 13,
    slug: "marriotts-village-d-ile-de-france",
    name: "Marriott's Village d'Île-de-France",
    address: "Marriott's Village d'Île-de-France",
    zip: "77700",
    city: "Bailly-Romainvilliers",
    image: HOTEL_IMAGE,
  },
  {
    id: 14,
    slug: "aparthotel-adagio-val-d-europe",
    name: "Aparthotel Adagio Val d'Europe",
    address: "42 Cours du Danube",
    zip: "77700",
    city: "Serris",
    image: HOTEL_IMAGE,
  },
  {
    id: 15,
    slug: "aparthotel-adagio-serris-val-d-europe",
    name: "Aparthotel Adagio Serris Val d'Europe",
    address: "18 Cours de l'Elbe",
    zip: "77700",
    city: "Serris",
    image: HOTEL_IMAGE,
  },
  // Street from memory, not confirmed by a source; no street number given.
  {
    id: 16,
    slug: "hotel-l-elysee-val-d-europe",
    name: "Hôtel l'Élysée Val d'Europe",
    address: "Cours du Danube",
    zip: "77700",
    city: "Serris",
    image: HOTEL_IMAGE,
  },
  // Street from memory, not confirmed by a source; no street number given.
  {
    id: 17,
    slug: "relais-spa-chessy-val-d-europe",
    name: "Relais Spa Chessy Val d'Europe",
    address: "Avenue de l'Europe",
    zip: "77700",
    city: "Chessy",
    image: HOTEL_IMAGE,
  },
  {
    id: 18,
    slug: "residhome-val-d-europe",
    name: "Residhome Val d'Europe",
    address: "3 Place Jean Monnet",
    zip: "77144",
    city: "Montévrain",
    image: HOTEL_IMAGE,
  },
  // The street exists in Bussy-Saint-Georges; that the hotel stands on it is from memory.
  {
    id: 19,
    slug: "mercure-marne-la-vallee-bussy-saint-georges",
    name: "Mercure Marne-la-Vallée Bussy-Saint-Georges",
    address: "Boulevard Antoine Giroust",
    zip: "77600",
    city: "Bussy-Saint-Georges",
    image: HOTEL_IMAGE,
  },
  // UNVERIFIED: no source confirmed any hotel in 95200; to be checked by the business.
  {
    id: 20,
    slug: "campanile-sarcelles",
    name: "Campanile Sarcelles",
    address: "Campanile Sarcelles",
    zip: "95200",
    city: "Sarcelles",
    image: HOTEL_IMAGE,
  },
];

function byName(a: Hotel, b: Hotel): number {
  return a.name.localeCompare(b.name, "en", { sensitivity: "base" });
}

/** The hotel with this slug, ignoring case. */
export function hotelBySlug(slug: string): Hotel | undefined {
  const wanted = slug.toLowerCase();
  return HOTELS.find((h) => h.slug === wanted);
}

/** Hotels whose postcode starts with 77, sorted by name: the cards of the airport pages and the hotel list. */
export function resortHotels(): Hotel[] {
  return HOTELS.filter((h) => h.zip.startsWith("77")).sort(byName);
}

/**
 * Hotels whose zip equals one of the zone's postal codes, sorted by name: the booking form's
 * hotel pick list. Each entry is a string whose first word is the code, such as "77700 Chessy".
 */
export function hotelsForPostcodes(postcodes: readonly string[]): Hotel[] {
  const codes = new Set(postcodes.map((entry) => entry.trim().split(/\s+/)[0] ?? "").filter((code) => code !== ""));
  return HOTELS.filter((h) => codes.has(h.zip)).sort(byName);
}
