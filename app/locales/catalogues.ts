import { BACK_OFFICE_LOCALES, type Locale, LOCALES } from "~/domain/locales";
import type admin from "./en/admin.json";
import type booking from "./en/booking.json";
import type cars from "./en/cars.json";
import type common from "./en/common.json";
import type contact from "./en/contact.json";
import type email from "./en/email.json";
import type home from "./en/home.json";
import type legal from "./en/legal.json";
import type manage from "./en/manage.json";
import type pages from "./en/pages.json";
import type payment from "./en/payment.json";
import type prices from "./en/prices.json";

/**
 * The catalogues: one JSON file per catalogue and language, `<language>/<catalogue>.json`, each a
 * flat map of key → ICU message. A message's id is `<catalogue>.<key>`. English is the source; the
 * check in catalogues.test.ts holds every language to its keys and placeholders.
 *
 * A page is sent the catalogues it renders, in its own language only: `common` (the frame: header,
 * footer, errors) with every page, the others by the routes that need them. The back office's
 * own catalogue, `admin`, exists in its two languages only (BACK_OFFICE_LOCALES).
 */
export const CATALOGUES = [
  "common",
  "home",
  "pages",
  "legal",
  "prices",
  "cars",
  "contact",
  "booking",
  "payment",
  "email",
  "manage",
  "admin",
] as const;
export type Catalogue = (typeof CATALOGUES)[number];

type Ids<C extends Catalogue, Source> = `${C}.${Extract<keyof Source, string>}`;

/** Every message id, from the English catalogues: a typo in an id is a type error. */
export type MessageId =
  | Ids<"common", typeof common>
  | Ids<"home", typeof home>
  | Ids<"pages", typeof pages>
  | Ids<"legal", typeof legal>
  | Ids<"prices", typeof prices>
  | Ids<"cars", typeof cars>
  | Ids<"contact", typeof contact>
  | Ids<"booking", typeof booking>
  | Ids<"payment", typeof payment>
  | Ids<"email", typeof email>
  | Ids<"manage", typeof manage>
  | Ids<"admin", typeof admin>;

/** A key of catalogue `C`, without the catalogue's name: what a catalogue's own words take. */
export type CatalogueKey<C extends Catalogue> = MessageId extends infer Id ? (Id extends `${C}.${infer Key}` ? Key : never) : never;

/** The languages a catalogue exists in: every language of the site, but the back office's two for `admin`. */
export function languagesOf(catalogue: Catalogue): readonly Locale[] {
  return catalogue === "admin" ? BACK_OFFICE_LOCALES : LOCALES;
}
