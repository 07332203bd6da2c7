/**
 * What every booking e-mail is written from and framed with: the stored row and the site's contact
 * details it reads, the price, the [TEST] mark of a sandbox booking, and the lines that close a
 * traveller's message (the booking's page, the voucher, how to reach the business, the driver).
 * Pure; the outbox (app/lib/mail.server.ts) sends what the builders return.
 */
import type { AdminWords } from "../back-office/admin-words";
import type { BackOfficeLocale, Locale } from "../locales";
import { displayPhone } from "../phone";
import type { MeetingPoints } from "../meeting-points";
import { formatEuros } from "../money";
import { bookingPassengers, oneLine, routeText, serviceName } from "./email-text";
import type { MailWords } from "./mail-words";
import type { LegNumber } from "./model";

/** What the builders read of a stored booking (structurally a bookings row). */
export interface BookingEmailInput {
  orderId: string;
  kind: string;
  roundTrip: boolean;
  depart: string;
  arrive: string;
  lastname: string;
  firstname: string;
  email: string;
  phone: string;
  adults: number;
  children: number;
  babies: number;
  priceCents: number;
  currency: string;
  /** The stored details, read through readStoredDetails (model.ts). */
  details: unknown;
  /** A sandbox booking: no money moved, and every subject says so. */
  test?: boolean;
  /** The first pickup's column, read before the first leg's instant in `details` (firstPickupOf). */
  firstPickupAt?: Date | null;
  /** The traveller's language: their e-mails speak it. */
  locale: Locale;
}

export interface EmailSite {
  siteName: string;
  /** The business's own address: where the notification goes. */
  businessEmail: string;
  phone: string;
  siteUrl: string;
  /**
   * The traveller's link to the booking's own page, or the marker that stands for it until the
   * message is sent: traveller e-mails carry it when given.
   */
  manageUrl?: string;
  /** The meeting points file (MEETING_POINTS_CSV): the confirmations give each pickup's meeting point from it. */
  meetingPoints?: MeetingPoints;
  /** The e-mails' words in a language (app/lib/i18n.server.ts, mailWordsIn). */
  words: (locale: Locale) => MailWords;
  /** The staff's language (STAFF_LANGUAGE): the business's and the drivers' messages speak it. */
  staff: StaffLanguage;
}

/** The staff's language, and the back office's words in it for the lines only staff read. */
export interface StaffLanguage {
  locale: BackOfficeLocale;
  words: AdminWords;
}

/** The words of the booking's traveller: their language's. */
export function travellerWords(row: Pick<BookingEmailInput, "locale">, site: EmailSite): MailWords {
  return site.words(row.locale);
}

/** The e-mails' words of the staff's and the drivers' messages: the staff's language, whatever the booking's. */
export function staffWords(site: EmailSite): MailWords {
  return site.words(site.staff.locale);
}

/** The driver as the e-mails name them. */
export interface EmailDriver {
  name: string;
  phone: string;
}

/** What opens the subject of a test (sandbox) booking's e-mails. */
export const TEST_SUBJECT_PREFIX = "[TEST] ";

/** The message with `[TEST] ` before its subject when the booking is a sandbox one. */
export function withTestSubject<T extends { subject: string }>(row: { test?: boolean }, message: T): T {
  return row.test ? { ...message, subject: TEST_SUBJECT_PREFIX + message.subject } : message;
}

/** An amount in cents in the booking's currency, as the words' language writes euros ("159,50 €", "12.34 USD"). */
export function price(cents: number, currency: string, w: MailWords): string {
  if (!Number.isSafeInteger(cents)) return w.t("price.unknown");
  const code = oneLine(currency).toUpperCase();
  if (code === "EUR" || code === "") return formatEuros(cents, w.locale);
  return `${(cents / 100).toFixed(2)} ${code}`;
}

/** The order number, route, service and party, a line each, as the traveller's messages open with them. */
export function orderLines(row: BookingEmailInput, w: MailWords): string[] {
  return [
    w.t("line.orderNumber", { orderId: row.orderId }),
    w.t("line.route", { route: routeText(row, w) }),
    w.t("line.service", { service: serviceName(row.kind, w) }),
    w.t("line.passengers", { passengers: bookingPassengers(row, w) }),
  ];
}

/** The line that gives the traveller their booking's page, when the site has a link for it. */
export function manageLines(site: EmailSite, w: MailWords): string[] {
  return site.manageUrl ? ["", w.t("manage.title"), site.manageUrl] : [];
}

/** Where a booking's voucher is, below its page's address (the manage link or its marker). */
export function voucherUrl(manageUrl: string): string {
  return `${manageUrl}/voucher`;
}

/** The voucher's link (when the site has a manage link) and, on a message carrying it, the calendar file's note. */
export function voucherLines(site: EmailSite, calendar: boolean, w: MailWords): string[] {
  const lines = site.manageUrl ? ["", w.t("voucher.print", { url: voucherUrl(site.manageUrl) })] : [];
  if (calendar) lines.push("", w.t("calendar.attached"));
  return lines;
}

/** The manage link a traveller's message carries, for the outbox to put the real link in its place. */
export function withManageLink<T extends { body: string }>(message: T, site: EmailSite): T & { manageLink?: string } {
  return site.manageUrl && message.body.includes(site.manageUrl) ? { ...message, manageLink: site.manageUrl } : message;
}

/** How the traveller reaches the business about the booking, and the site's address and name that close a message. */
export function questionsLines(row: Pick<BookingEmailInput, "orderId">, site: EmailSite, w: MailWords): string[] {
  return [
    "",
    w.t("questions.title"),
    w.t("questions.callOrWrite", { phone: site.phone, email: site.businessEmail, orderId: row.orderId }),
    site.siteUrl,
    "",
    site.siteName,
  ];
}

/** The booking's page, the voucher with the calendar file's note on a confirmation, and how to reach the business. */
export function contactLines(row: Pick<BookingEmailInput, "orderId">, site: EmailSite, w: MailWords, calendar?: boolean): string[] {
  return [...manageLines(site, w), ...(calendar === undefined ? [] : voucherLines(site, calendar, w)), ...questionsLines(row, site, w)];
}

/** A driver's name and phone under a heading. */
function driverBlock(title: string, driver: EmailDriver, w: MailWords): string[] {
  return ["", title, w.t("line.name", { name: oneLine(driver.name) }), w.t("line.phone", { phone: oneLine(displayPhone(driver.phone)) })];
}

/** The driver's name and phone under their heading; none without a driver. */
export function driverLines(driver: EmailDriver | null, w: MailWords): string[] {
  return driver ? driverBlock(w.t("driver.title"), driver, w) : [];
}

/**
 * The traveller's lines of each leg's driver: one "Your driver" block when one driver drives every
 * one of the booking's `legCount` legs, else a block per leg that has one, named by its leg.
 */
export function legDriverLines(drivers: ReadonlyMap<LegNumber, EmailDriver>, legCount: number, w: MailWords): string[] {
  const assigned = [...drivers].sort(([a], [b]) => a - b);
  const [first] = assigned;
  if (!first) return [];
  const same = assigned.every(([, d]) => d.name === first[1].name && d.phone === first[1].phone);
  if (same && assigned.length === legCount) return driverLines(first[1], w);
  return assigned.flatMap(([leg, d]) => driverBlock(w.t(leg === 2 ? "driver.titleReturn" : "driver.titleOutbound"), d, w));
}
