/**
 * The words a stored booking's columns are written in, wherever the traveller or the business reads
 * them: the e-mails (paid-emails.ts, staff-emails.ts, app/domain/manage/*-email.ts), the booking's
 * page and the voucher, in the language of the words given (mail-words.ts). Pure; user text never
 * breaks a line apart.
 */
import type { AdminWords } from "../back-office/admin-words";
import type { MailWords } from "./mail-words";

/** What the booking's own words are drawn from (structurally a bookings row). */
export interface BookingWords {
  kind: string;
  roundTrip: boolean;
  depart: string;
  arrive: string;
  firstname: string;
  lastname: string;
  adults: number;
  children: number;
  babies: number;
}

/**
 * One line: user text never breaks a "Label: value" line apart. No-break spaces stay: French
 * writes one before a colon, and they break no line.
 */
export function oneLine(value: string): string {
  return value.replace(/[^\S\u00a0\u202f]+/g, " ").trim();
}

/** A stored place name as people read it: "Charles_de_Gaulle_Airport_(CDG)" → "Charles de Gaulle Airport (CDG)". */
export function placeText(value: string): string {
  return oneLine(value.replace(/_/g, " "));
}

/** "1 adult", "2 adults". */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "Shared shuttle" or "Private transfer"; another kind as it is written, "Transfer" when empty. */
export function serviceName(kind: string, w: MailWords): string {
  if (kind === "shuttle") return w.t("service.shuttle");
  if (kind === "private") return w.t("service.private");
  return oneLine(kind) || w.t("service.other");
}

export interface Passengers {
  adults: number;
  children: number;
  babies: number;
}

/** "2 adults, 1 child, 0 babies". */
export function passengersText(p: Passengers, w: MailWords): string {
  return w.t("passengers", { adults: p.adults, children: p.children, babies: p.babies });
}

/** The booking's party; a count that is not a whole number of people reads as 0. */
export function bookingPassengers(row: Passengers, w: MailWords): string {
  const n = (v: number) => (Number.isSafeInteger(v) && v >= 0 ? v : 0);
  return passengersText({ adults: n(row.adults), children: n(row.children), babies: n(row.babies) }, w);
}

/** "Charles de Gaulle Airport (CDG) to Disneyland Paris (round trip)". */
export function routeText(row: Pick<BookingWords, "depart" | "arrive" | "roundTrip">, w: MailWords): string {
  return w.t("route", { from: placeText(row.depart), to: placeText(row.arrive), trip: row.roundTrip ? "round" : "one-way" });
}

/** The traveller's name on one line; "" when none is stored. */
export function travellerName(row: Pick<BookingWords, "firstname" | "lastname">): string {
  return oneLine(`${row.firstname} ${row.lastname}`);
}

/** The traveller as the business reaches them: name, e-mail and phone, a line each. */
export function travellerContactLines(
  row: Pick<BookingWords, "firstname" | "lastname"> & { email: string; phone: string },
  s: AdminWords,
): string[] {
  return [
    s("mail.name", { name: travellerName(row) }),
    s("mail.email", { email: oneLine(row.email) }),
    s("mail.phone", { phone: oneLine(row.phone) }),
  ];
}

/** "Hello Alice Martin," or "Hello traveller,". */
export function greeting(row: Pick<BookingWords, "firstname" | "lastname">, w: MailWords): string {
  const name = travellerName(row);
  return name ? w.t("greeting", { name }) : w.t("greetingAnonymous");
}
