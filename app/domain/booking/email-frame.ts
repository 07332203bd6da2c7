/**
 * What every booking e-mail is written from and framed with: the stored row and the site's contact
 * details it reads, the price, the [TEST] mark of a sandbox booking, and the lines that close a
 * traveller's message (the booking's page, the voucher, how to reach the business, the driver).
 * Pure; the outbox (app/lib/mail.server.ts) sends what the builders return.
 */
import { displayPhone } from "../phone";
import type { MeetingPoints } from "../meeting-points";
import { formatEuros } from "../money";
import { oneLine } from "./email-text";
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
}

/** The driver as the e-mails name them. */
export interface EmailDriver {
  name: string;
  phone: string;
}

export const CONFIRMATION_SENTENCE = "Your reservation will be confirmed within 12 hours.";
export const CANCELLATION_RULE =
  "Cancellations made at least 24 hours before departure are fully refunded. Cancellations made within 24 hours of departure are not refunded.";

/** What opens the subject of a test (sandbox) booking's e-mails. */
export const TEST_SUBJECT_PREFIX = "[TEST] ";

/** The message with `[TEST] ` before its subject when the booking is a sandbox one. */
export function withTestSubject<T extends { subject: string }>(row: { test?: boolean }, message: T): T {
  return row.test ? { ...message, subject: TEST_SUBJECT_PREFIX + message.subject } : message;
}

/** An amount in cents in the booking's currency ("159,50 €", "12.34 USD"). */
export function price(cents: number, currency: string): string {
  if (!Number.isSafeInteger(cents)) return "see your payment receipt";
  const code = oneLine(currency).toUpperCase();
  if (code === "EUR" || code === "") return formatEuros(cents);
  return `${(cents / 100).toFixed(2)} ${code}`;
}

/** The line that gives the traveller their booking's page, when the site has a link for it. */
export function manageLines(site: EmailSite): string[] {
  return site.manageUrl ? ["", "Your booking online: see it, change or cancel it, print your voucher", site.manageUrl] : [];
}

/** Where a booking's voucher is, below its page's address (the manage link or its marker). */
export function voucherUrl(manageUrl: string): string {
  return `${manageUrl}/voucher`;
}

/** The voucher's link (when the site has a manage link) and, on a message carrying it, the calendar file's note. */
export function voucherLines(site: EmailSite, calendar: boolean): string[] {
  const lines = site.manageUrl ? ["", `Print your voucher: ${voucherUrl(site.manageUrl)}`] : [];
  if (calendar) lines.push("", "Your calendar file is attached: open it to add each transfer to your calendar, with its meeting point.");
  return lines;
}

/** The manage link a traveller's message carries, for the outbox to put the real link in its place. */
export function withManageLink<T extends { body: string }>(message: T, site: EmailSite): T & { manageLink?: string } {
  return site.manageUrl && message.body.includes(site.manageUrl) ? { ...message, manageLink: site.manageUrl } : message;
}

/** How the traveller reaches the business about the booking, and the site's address and name that close a message. */
export function questionsLines(row: Pick<BookingEmailInput, "orderId">, site: EmailSite): string[] {
  return [
    "",
    "Questions or changes",
    `Call us on ${site.phone} or write to ${site.businessEmail}, quoting your order number ${row.orderId}.`,
    site.siteUrl,
    "",
    site.siteName,
  ];
}

/** The booking's page, the voucher with the calendar file's note on a confirmation, and how to reach the business. */
export function contactLines(row: Pick<BookingEmailInput, "orderId">, site: EmailSite, calendar?: boolean): string[] {
  return [...manageLines(site), ...(calendar === undefined ? [] : voucherLines(site, calendar)), ...questionsLines(row, site)];
}

/** The driver's name and phone under their heading; none without a driver. */
export function driverLines(driver: EmailDriver | null): string[] {
  if (!driver) return [];
  return ["", "Your driver", `Name: ${oneLine(driver.name)}`, `Phone: ${oneLine(displayPhone(driver.phone))}`];
}

const LEG_DRIVER_TITLE: Record<LegNumber, string> = { 1: "Your driver for the outbound", 2: "Your driver for the return" };

/**
 * The traveller's lines of each leg's driver: one "Your driver" block when one driver drives every
 * one of the booking's `legCount` legs, else a block per leg that has one, named by its leg.
 */
export function legDriverLines(drivers: ReadonlyMap<LegNumber, EmailDriver>, legCount: number): string[] {
  const assigned = [...drivers].sort(([a], [b]) => a - b);
  const [first] = assigned;
  if (!first) return [];
  const same = assigned.every(([, d]) => d.name === first[1].name && d.phone === first[1].phone);
  if (same && assigned.length === legCount) return driverLines(first[1]);
  return assigned.flatMap(([leg, d]) => [
    "",
    LEG_DRIVER_TITLE[leg],
    `Name: ${oneLine(d.name)}`,
    `Phone: ${oneLine(displayPhone(d.phone))}`,
  ]);
}
