/**
 * The fleet: what each kind of vehicle the business runs carries. Vehicles are data, kept in the
 * database and edited at /admin/vehicles (docs/product.md, Fleet); FIRST_FLEET is the fleet a new
 * database starts with, the nine vehicles of the cars page. Seats are passenger seats, the driver
 * not included. Suitcases are check-in suitcases the luggage space carries with every seat taken
 * (a cabin bag counts as half, a stroller as one), measured against the vehicles' luggage volumes
 * and rounded down.
 */
import { DEFAULT_LOCALE, type Locale, LOCALES } from "./locales";

export const VEHICLE_KINDS = ["saloon", "suv", "van", "minibus", "coach"] as const;
export type VehicleKind = (typeof VEHICLE_KINDS)[number];

export const VEHICLE_KIND_LABEL: Record<VehicleKind, string> = {
  saloon: "Saloon",
  suv: "SUV",
  van: "Van",
  minibus: "Minibus",
  coach: "Coach",
};

/** The pictures under public/images/cars/ (640 × 400 SVG files the business can replace). */
export const VEHICLE_PICTURES = [
  "caravelle",
  "trafic",
  "class-v",
  "class-s",
  "class-e",
  "peugeot-508",
  "peugeot-5008",
  "bus-50",
  "bus-61",
] as const;
export type VehiclePicture = (typeof VEHICLE_PICTURES)[number];

export const VEHICLE_IMAGE_WIDTH = 640;
export const VEHICLE_IMAGE_HEIGHT = 400;

export function vehicleImage(picture: VehiclePicture): string {
  return `/images/cars/${picture}.svg`;
}

/** What a vehicle carries: the capacity rule (capacity.ts) and the run planner read only this. */
export interface VehicleCapacity {
  kind: VehicleKind;
  seats: number;
  suitcases: number;
  /** Child seats or boosters the vehicle can be fitted with (ISOFIX and belted places). */
  childSeats: number;
}

/** The texts staff write for a vehicle: in English, and in each other language of the site if they wish. */
export const VEHICLE_TEXTS = ["pictureAlt", "description", "luggage"] as const;
export type VehicleText = (typeof VEHICLE_TEXTS)[number];

/** The site's languages other than English, in which a vehicle's texts are optional. */
export type TranslatedLocale = Exclude<Locale, "en">;
export const TRANSLATED_LOCALES = LOCALES.filter((l): l is TranslatedLocale => l !== DEFAULT_LOCALE);

/**
 * A vehicle's texts in the site's other languages: each one optional (a text staff have not
 * written is absent, never empty), the English one shown in its place.
 */
export type VehicleTranslations = { readonly [L in TranslatedLocale]?: Readonly<Partial<Record<VehicleText, string>>> };

/** A vehicle as staff edit it and the cars page shows it. */
export interface VehicleFields extends VehicleCapacity {
  name: string;
  /** Offered for new bookings and shown on the cars page. */
  active: boolean;
  picture: VehiclePicture;
  pictureAlt: string;
  /** Comfort and who the vehicle suits. */
  description: string;
  /** What fits in the luggage space, in words. */
  luggage: string;
  /** The three texts above in the other languages, as far as staff wrote them. */
  texts: VehicleTranslations;
}

export interface Vehicle extends VehicleFields {
  id: number;
}

/** A vehicle's figures, without its texts: what a list of the fleet shows of each. */
export function vehicleFigures({ id, name, kind, seats, suitcases, childSeats }: Vehicle) {
  return { id, name, kind, seats, suitcases, childSeats };
}

/** A staff text as a page in some language shows it: `lang` is set when it is not in the page's language. */
export interface ShownText {
  text: string;
  lang: "en" | undefined;
}

/**
 * A vehicle's text on a page in `locale`: the one staff wrote in that language, else the English
 * one, marked as English on a page in another language (WCAG 3.1.2).
 */
export function vehicleTextIn(vehicle: Pick<VehicleFields, VehicleText | "texts">, text: VehicleText, locale: Locale): ShownText {
  if (locale === "en") return { text: vehicle[text], lang: undefined };
  const own = vehicle.texts[locale]?.[text];
  return own ? { text: own, lang: undefined } : { text: vehicle[text], lang: "en" };
}

/** A translated text's form field: "description_fr" (the English one is the text's own name). */
export type VehicleTextField = `${VehicleText}_${TranslatedLocale}`;

export function vehicleTextField(text: VehicleText, locale: TranslatedLocale): VehicleTextField {
  return `${text}_${locale}`;
}

/** The text and language a form field names, or null for a field of no translated text. */
export function readVehicleTextField(field: string): { text: VehicleText; locale: TranslatedLocale } | null {
  const [text, locale, ...rest] = field.split("_");
  const known = VEHICLE_TEXTS.find((t) => t === text);
  const language = TRANSLATED_LOCALES.find((l) => l === locale);
  return known && language && rest.length === 0 ? { text: known, locale: language } : null;
}

/** Each translated text's form field with its text and language, languages in the site's order. */
export const VEHICLE_TEXT_FIELDS: readonly { field: VehicleTextField; text: VehicleText; locale: TranslatedLocale }[] =
  TRANSLATED_LOCALES.flatMap((locale) => VEHICLE_TEXTS.map((text) => ({ field: vehicleTextField(text, locale), text, locale })));

/** The form's fields for a vehicle as stored: what the edit form starts from. */
export function vehicleFormValues(v: Omit<VehicleFields, "active">): Record<string, string> {
  const values: Record<string, string> = {
    name: v.name,
    kind: v.kind,
    seats: String(v.seats),
    suitcases: String(v.suitcases),
    childSeats: String(v.childSeats),
    picture: v.picture,
    pictureAlt: v.pictureAlt,
    description: v.description,
    luggage: v.luggage,
  };
  for (const { field, text, locale } of VEHICLE_TEXT_FIELDS) values[field] = v.texts[locale]?.[text] ?? "";
  return values;
}

export { FIRST_FLEET } from "./first-fleet";

/** The active vehicles' capacities, as the booking form and the server price with them. */
export function activeCapacities(fleet: readonly (VehicleCapacity & { active: boolean })[]): VehicleCapacity[] {
  return fleet.filter((v) => v.active).map(({ kind, seats, suitcases, childSeats }) => ({ kind, seats, suitcases, childSeats }));
}

/** A driver's vehicle in words: the fleet's name for it and the driver's note ("Mercedes Class V, AB-123-CD"). */
export function driverVehicleText(fleet: readonly Pick<Vehicle, "id" | "name">[], vehicleId: number | null, note: string): string {
  const name = fleet.find((v) => v.id === vehicleId)?.name ?? "";
  return [name, note].filter((part) => part !== "").join(", ");
}
