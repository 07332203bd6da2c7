/**
 * The two e-mails a paid booking sends: a plain-text summary for the traveller
 * and every detail for the business. Pure: the caller passes the stored row and the site's
 * contact details; the outbox (app/lib/mail.server.ts) sends what this returns.
 *
 * `details` is JSON read back from the database, so it is read defensively: a missing or
 * oddly shaped part is left out of the message, never thrown over.
 */
import { displayPhone } from "../back-office/driver-form";
import { formatParisDateTime } from "../back-office/statuses";
import { firstPickupOf } from "../manage/cancel";
import { freeCancellationUntil } from "../manage/deadline";
import { airportCodeOfPlace, meetingPointFor, type MeetingPoints } from "../meeting-points";
import { formatEuros } from "../money";
import type { TransferKind } from "../site-paths";
import { terminalLabel } from "../terminals";
import {
  bookingPassengers,
  greeting,
  oneLine,
  passengersText,
  placeText,
  plural,
  routeText,
  serviceName,
  str,
  travellerContactLines,
  travellerName,
} from "./email-text";
import { formatFrenchDate, parisParts, parseIsoDate } from "./paris-time";

export type BookingEmailKind = "traveller_confirmation" | "business_notification";

export interface BookingEmail {
  kind: BookingEmailKind;
  recipient: string;
  subject: string;
  body: string;
  /** The text standing for the manage link in the body (EmailSite.manageUrl), when the body holds it. */
  manageLink?: string;
  /** Whether the message carries the booking's calendar file (the outbox attaches it when sending). */
  calendar?: boolean;
}

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
  details: unknown;
  /** A sandbox booking: no money moved, and both subjects say so. */
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

export const CONFIRMATION_SENTENCE = "Your reservation will be confirmed within 12 hours.";
export const CANCELLATION_RULE =
  "Cancellations made at least 24 hours before departure are fully refunded. Cancellations made within 24 hours of departure are not refunded.";

// ---------------------------------------------------------------------------------------------
// Reading unknown JSON

type Json = Record<string, unknown>;

function record(value: unknown): Json | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

function count(value: unknown): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant stored as an ISO string (or a Date); null when unreadable. */
function instantOf(value: unknown): Date | null {
  if (typeof value !== "string" && !(value instanceof Date)) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** "12/05/2026 07:45" in Paris time, from an instant stored as an ISO string; null when unreadable. */
function parisDateTime(value: unknown): { date: string; time: string } | null {
  const instant = instantOf(value);
  if (!instant) return null;
  const p = parisParts(instant);
  return { date: formatFrenchDate(p), time: `${pad(p.hour)}:${pad(p.minute)}` };
}

function frenchDate(value: unknown): string {
  const d = parseIsoDate(str(value));
  return d ? formatFrenchDate(d) : oneLine(str(value));
}

function clock(value: unknown): string {
  const s = str(value);
  return /^\d{1,2}:\d{2}$/.test(s) ? s : "";
}

function price(cents: number, currency: string): string {
  if (!Number.isSafeInteger(cents)) return "see your payment receipt";
  const code = oneLine(currency).toUpperCase();
  if (code === "EUR" || code === "") return formatEuros(cents);
  return `${(cents / 100).toFixed(2)} ${code}`;
}

// ---------------------------------------------------------------------------------------------
// Legs

interface EndView {
  flight: boolean;
  place: string;
  /** The stored place name as the meeting points file matches it. */
  rawPlace: string;
  /** "Terminal 2E" or "Terminal not known yet" at an airport whose terminal is stored; null otherwise. */
  terminal: string | null;
  /** The stored terminal ("" = not known yet), for the meeting point. */
  terminalCode: string;
  flightNumber: string;
  flightCity: string;
  flightTime: string;
  hotel: string;
  address: string;
  zip: string;
}

interface LegView {
  number: number;
  date: string;
  /** The pickup moment in Paris, when known. */
  pickup: { date: string; time: string } | null;
  /** The pickup moment itself, when readable. */
  pickupInstant: Date | null;
  durationMinutes: number | null;
  delayDepartMinutes: number | null;
  pickupTime: string;
  passengers: { adults: number; children: number; babies: number } | null;
  from: EndView;
  to: EndView;
  info: string;
}

/**
 * One end of a leg. The booking form asks for the terminal of a pickup at an airport ("" = not
 * known yet); a drop-off's terminal shows only when one is stored.
 */
function readEnd(value: unknown, pickup: boolean): EndView {
  const e = record(value) ?? {};
  const atAirport = airportCodeOfPlace(str(e.place)) !== null;
  const stored = typeof e.terminal === "string" ? oneLine(e.terminal) : null;
  const terminal = pickup || stored !== "" ? stored : null;
  return {
    flight: e.kind === "flight",
    place: placeText(e.place),
    rawPlace: str(e.place),
    terminal: atAirport && terminal !== null ? terminalLabel(terminal) : null,
    terminalCode: stored ?? "",
    flightNumber: oneLine(str(e.flightNumber)),
    flightCity: oneLine(str(e.flightCity)),
    flightTime: clock(e.flightTime),
    hotel: oneLine(str(e.hotel)),
    address: oneLine(str(e.address)),
    zip: oneLine(str(e.zip)),
  };
}

function readLegs(details: Json | null): LegView[] {
  const legs = details && Array.isArray(details.legs) ? details.legs : [];
  return legs.flatMap((value, index): LegView[] => {
    const leg = record(value);
    if (!leg) return [];
    const p = record(leg.passengers);
    const adults = count(p?.adults);
    const children = count(p?.children);
    const babies = count(p?.babies);
    return [
      {
        number: count(leg.leg) ?? index + 1,
        date: frenchDate(leg.date),
        pickup: parisDateTime(leg.pickupAt),
        pickupInstant: instantOf(leg.pickupAt),
        durationMinutes: count(leg.durationMinutes),
        delayDepartMinutes: count(leg.delayDepartMinutes),
        pickupTime: clock(leg.pickupTime),
        passengers: adults !== null && children !== null && babies !== null ? { adults, children, babies } : null,
        from: readEnd(leg.pickup, true),
        to: readEnd(leg.dropoff, false),
        info: str(leg.info),
      },
    ];
  });
}

function legTitle(leg: LegView, roundTrip: boolean): string {
  if (!roundTrip) return "Transfer";
  return leg.number === 2 ? "Return" : "Outbound";
}

/** "Pick-up: 12/05/2026 at 07:45 (Paris time)" from the stored moment, else the date and given time. */
function pickupLine(leg: LegView): string {
  if (leg.pickup) return `Pick-up: ${leg.pickup.date} at ${leg.pickup.time} (Paris time)`;
  const time = leg.pickupTime || (leg.from.flight ? leg.from.flightTime : "");
  const date = leg.date || "date not given";
  return time ? `Pick-up: ${date} at ${time} (Paris time)` : `Pick-up: ${date} (Paris time)`;
}

function endLine(end: EndView, role: "from" | "to", full: boolean): string {
  const label = role === "from" ? "From" : "To";
  const place = (end.place || "(not given)") + (end.terminal ? `, ${end.terminal}` : "");
  if (end.flight) {
    const verb = role === "from" ? "landing" : "takeoff";
    const city = end.flightCity ? (role === "from" ? ` from ${end.flightCity}` : ` to ${end.flightCity}`) : "";
    const number = end.flightNumber ? ` ${end.flightNumber}` : "";
    const time = end.flightTime ? `, ${verb} ${end.flightTime} (Paris time)` : "";
    return `${label}: ${place} (flight${number}${city}${time})`;
  }
  const where = full ? [end.hotel, end.address, end.zip] : [end.hotel, end.address];
  const parts = where.filter((s) => s !== "");
  return parts.length > 0 ? `${label}: ${place} (${parts.join(", ")})` : `${label}: ${place}`;
}

function luggageLines(details: Json | null): string[] {
  const l = record(details?.luggage);
  if (!l) return [];
  const parts: string[] = [];
  const checkIn = count(l.checkIn);
  const cabin = count(l.cabin);
  const single = count(l.strollerSingle);
  const double = count(l.strollerDouble);
  if (checkIn !== null) parts.push(`${checkIn} check-in`);
  if (cabin !== null) parts.push(`${cabin} cabin`);
  if (single !== null) parts.push(plural(single, "single stroller", "single strollers"));
  if (double !== null) parts.push(plural(double, "double stroller", "double strollers"));
  return parts.length > 0 ? [`Luggage: ${parts.join(", ")}`] : [];
}

function luggageNote(details: Json | null): string {
  return str(record(details?.luggage)?.info);
}

/** A block of free text, indented so it reads as one item under its label. */
function block(label: string, text: string): string[] {
  const lines = text.split(/\r?\n/).map((l) => l.trimEnd());
  return [`${label}:`, ...lines.map((l) => `  ${l}`)];
}

// ---------------------------------------------------------------------------------------------
// The messages

function travellerEmail(row: BookingEmailInput, site: EmailSite, details: Json | null, legs: LegView[]): BookingEmail {
  const lines = [
    greeting(row),
    "",
    `Thank you for booking with ${site.siteName}. We have received your payment.`,
    CONFIRMATION_SENTENCE,
    "",
    `Order number: ${row.orderId}`,
    `Route: ${routeText(row)}`,
    `Service: ${serviceName(row.kind)}`,
    `Passengers: ${bookingPassengers(row)}`,
    ...luggageLines(details),
    `Price paid: ${price(row.priceCents, row.currency)}`,
  ];
  lines.push(...travellerLegLines(row, legs, site));
  lines.push("", "Cancellation", CANCELLATION_RULE);
  const deadline = cancellationDeadline(row);
  if (deadline) lines.push(`For this booking: cancel before ${deadline.date} at ${deadline.time} (Paris time) for a full refund.`);
  const calendar = hasCalendarEvents(legs);
  lines.push(
    ...manageLines(site),
    ...voucherLines(site, calendar),
    "",
    "Questions or changes",
    `Write to ${site.businessEmail} or call ${site.phone}, quoting your order number ${row.orderId}.`,
    site.siteUrl,
    "",
    site.siteName,
  );
  const message: BookingEmail = {
    kind: "traveller_confirmation",
    recipient: oneLine(row.email),
    subject: oneLine(`${site.siteName}: your booking ${row.orderId}`),
    body: lines.join("\n") + "\n",
    calendar,
  };
  return withManageLink(message, site);
}

/**
 * The end of free cancellation (app/domain/manage/deadline.ts) in Paris time, from the first
 * pickup as the booking's page reads it (firstPickupOf); null when the pickup is unknown.
 */
function cancellationDeadline(row: BookingEmailInput): { date: string; time: string } | null {
  const first = firstPickupOf({ firstPickupAt: row.firstPickupAt ?? null, details: row.details });
  return first ? parisDateTime(freeCancellationUntil(first)) : null;
}

function businessEmail(row: BookingEmailInput, site: EmailSite, details: Json | null, legs: LegView[]): BookingEmail {
  const customer = record(details?.customer) ?? {};
  const postal = [str(customer.address), [str(customer.postcode), str(customer.city)].filter(Boolean).join(" "), str(customer.country)]
    .map(oneLine)
    .filter((s) => s !== "");
  const first = legs[0];
  const when = first?.pickup ? ` on ${first.pickup.date} ${first.pickup.time}` : first?.date ? ` on ${first.date}` : "";
  const lines = [
    `A booking has been paid on ${site.siteName}.`,
    "",
    `Order number: ${row.orderId}`,
    `Price paid: ${price(row.priceCents, row.currency)}`,
    `Service: ${serviceName(row.kind)}`,
    `Route: ${routeText(row)}`,
    "",
    "Customer",
    ...travellerContactLines(row),
  ];
  if (postal.length > 0) lines.push(`Address: ${postal.join(", ")}`);
  lines.push("", `Passengers: ${bookingPassengers(row)}`, ...luggageLines(details));
  const note = luggageNote(details);
  if (note !== "") lines.push(...block("Luggage notes", note));
  if (legs.length === 0) lines.push("", "No leg details were stored with this booking.");
  for (const leg of legs) {
    lines.push("", `${legTitle(leg, row.roundTrip)} (leg ${leg.number})`, pickupLine(leg));
    if (leg.date) lines.push(`Date: ${leg.date}`);
    if (leg.pickupTime) lines.push(`Pick-up time given: ${leg.pickupTime}`);
    if (leg.passengers) lines.push(`Passengers: ${passengersText(leg.passengers)}`);
    lines.push(endLine(leg.from, "from", true), endLine(leg.to, "to", true));
    if (leg.info !== "") lines.push(...block("Notes", leg.info));
  }
  lines.push("", `Reply to the traveller at ${oneLine(row.email)}.`);
  return {
    kind: "business_notification",
    recipient: site.businessEmail,
    subject: oneLine(`New paid booking ${row.orderId}: ${placeText(row.depart)} to ${placeText(row.arrive)}${when}`),
    body: lines.join("\n") + "\n",
  };
}

/** What opens the subject of a test (sandbox) booking's e-mails. */
export const TEST_SUBJECT_PREFIX = "[TEST] ";

/**
 * The traveller's confirmation and the business's notification for a paid booking, in that
 * order. A test booking's subjects start with `[TEST] `, as its payment page says no card was
 * charged. Never throws on an unexpected `details` shape.
 */
export function bookingEmails(row: BookingEmailInput, site: EmailSite): BookingEmail[] {
  const details = record(row.details);
  const legs = readLegs(details);
  const messages = [travellerEmail(row, site, details, legs), businessEmail(row, site, details, legs)];
  return row.test ? messages.map((m) => ({ ...m, subject: TEST_SUBJECT_PREFIX + m.subject })) : messages;
}

// ---------------------------------------------------------------------------------------------
// The back office's messages: written by a staff action, in the same transaction as its change

export type StaffEmailKind =
  "booking_confirmed" | "driver_assigned" | "driver_job" | "driver_job_cancelled" | "booking_cancelled" | "payment_link";

export interface StaffEmail {
  kind: StaffEmailKind;
  recipient: string;
  subject: string;
  body: string;
  /** The text standing for the manage link in the body, when the body holds it. */
  manageLink?: string;
  /** Whether the message carries the booking's calendar file (the outbox attaches it when sending). */
  calendar?: boolean;
}

/** The driver as the e-mails name them. */
export interface EmailDriver {
  name: string;
  phone: string;
}

/** A test booking's subject starts with `[TEST] `, as the payment e-mails' do. */
function staffEmail(row: BookingEmailInput, site: EmailSite, message: StaffEmail): StaffEmail {
  const linked = withManageLink(message, site);
  return row.test ? { ...linked, subject: TEST_SUBJECT_PREFIX + linked.subject } : linked;
}

/**
 * Each leg as the traveller reads it: when (Paris time), from (with the terminal), to, and the
 * meeting point when the site's meeting points are given.
 */
function travellerLegLines(row: BookingEmailInput, legs: LegView[], site?: EmailSite): string[] {
  return legs.flatMap((leg) => {
    const meetingPoint = site ? pickupMeetingPoint(leg, row.kind, site.meetingPoints) : "";
    return [
      "",
      legTitle(leg, row.roundTrip),
      pickupLine(leg),
      endLine(leg.from, "from", false),
      endLine(leg.to, "to", false),
      ...(meetingPoint ? [`Meeting point: ${meetingPoint}`] : []),
    ];
  });
}

/**
 * The meeting points file's service for a booking's kind. The one rule for a kind that is neither
 * (none the site stores): no service, so no meeting point anywhere (e-mails, booking page, voucher,
 * calendar, reminder) rather than another service's, which could send the traveller to the wrong
 * place; the pickup place itself then stands for it.
 */
function serviceOf(kind: string): TransferKind | null {
  return kind === "shuttle" || kind === "private" ? kind : null;
}

/** Where the driver meets the traveller at the leg's pickup (its place, terminal and the service); "" when unknown. */
function pickupMeetingPoint(leg: LegView, kind: string, points: MeetingPoints | null | undefined): string {
  const service = serviceOf(kind);
  if (!points || !service || leg.from.rawPlace === "") return "";
  return meetingPointFor(points, leg.from.rawPlace, leg.from.terminalCode, service);
}

/**
 * The meeting point of leg `leg` (1 outbound, 2 return) of a stored booking: the meeting points
 * file's text for its pickup's place and terminal and the booking's service. "" without the file,
 * without such a leg or a stored pickup place, or for a kind that is not a service (serviceOf).
 */
export function meetingPointOfLeg(
  row: Pick<BookingEmailInput, "kind" | "details">,
  leg: number,
  points: MeetingPoints | null | undefined,
): string {
  const found = readLegs(record(row.details)).find((l) => l.number === leg);
  return found ? pickupMeetingPoint(found, row.kind, points) : "";
}

/** Whether the booking's calendar file has an event: a leg whose pickup moment is readable. */
function hasCalendarEvents(legs: LegView[]): boolean {
  return legs.some((leg) => leg.pickupInstant !== null);
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
function voucherLines(site: EmailSite, calendar: boolean): string[] {
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
function contactLines(row: BookingEmailInput, site: EmailSite, calendar?: boolean): string[] {
  return [...manageLines(site), ...(calendar === undefined ? [] : voucherLines(site, calendar)), ...questionsLines(row, site)];
}

/** The driver's name and phone under their heading; none without a driver. */
export function driverLines(driver: EmailDriver | null): string[] {
  if (!driver) return [];
  return ["", "Your driver", `Name: ${oneLine(driver.name)}`, `Phone: ${oneLine(displayPhone(driver.phone))}`];
}

/**
 * The traveller's confirmation, once staff confirm the booking: its order id in the subject, the
 * legs in Paris time, and the driver when one is already assigned.
 */
export function bookingConfirmedEmail(row: BookingEmailInput, site: EmailSite, driver: EmailDriver | null = null): StaffEmail {
  const details = record(row.details);
  const legs = readLegs(details);
  const calendar = hasCalendarEvents(legs);
  const lines = [
    greeting(row),
    "",
    `Your booking ${row.orderId} with ${site.siteName} is confirmed.`,
    "",
    `Order number: ${row.orderId}`,
    `Route: ${routeText(row)}`,
    `Service: ${serviceName(row.kind)}`,
    `Passengers: ${bookingPassengers(row)}`,
    ...luggageLines(details),
    ...travellerLegLines(row, legs, site),
    ...driverLines(driver),
    ...contactLines(row, site, calendar),
  ];
  return staffEmail(row, site, {
    kind: "booking_confirmed",
    recipient: oneLine(row.email),
    subject: oneLine(`${site.siteName}: booking ${row.orderId} confirmed`),
    body: lines.join("\n") + "\n",
    calendar,
  });
}

/**
 * The traveller's note that a driver is assigned: the driver's name and phone, with the legs
 * (a driver_assigned message, told apart from the confirmation on the booking's page).
 */
export function driverAssignedEmail(row: BookingEmailInput, site: EmailSite, driver: EmailDriver): StaffEmail {
  const legs = readLegs(record(row.details));
  const lines = [
    greeting(row),
    "",
    `A driver is assigned to your booking ${row.orderId}.`,
    ...driverLines(driver),
    ...travellerLegLines(row, legs, site),
    ...contactLines(row, site),
  ];
  return staffEmail(row, site, {
    kind: "driver_assigned",
    recipient: oneLine(row.email),
    subject: oneLine(`${site.siteName}: your driver for booking ${row.orderId}`),
    body: lines.join("\n") + "\n",
  });
}

/**
 * The driver's job: every leg's pickup in Paris time, places with flights, hotels and addresses,
 * passengers and luggage, the traveller's name and phone, and the notes.
 */
export function driverJobEmail(row: BookingEmailInput, site: EmailSite, driver: EmailDriver & { email: string }): StaffEmail {
  const details = record(row.details);
  const legs = readLegs(details);
  const lines = [
    `Hello ${oneLine(driver.name) || "driver"},`,
    "",
    `You are assigned to booking ${row.orderId} (${serviceName(row.kind)}).`,
    "",
    "Traveller",
    `Name: ${travellerName(row)}`,
    `Phone: ${oneLine(row.phone)}`,
    `Passengers: ${bookingPassengers(row)}`,
    ...luggageLines(details),
  ];
  const note = luggageNote(details);
  if (note !== "") lines.push(...block("Luggage notes", note));
  if (legs.length === 0) lines.push("", "No leg details were stored with this booking: call the office.");
  for (const leg of legs) {
    lines.push("", `${legTitle(leg, row.roundTrip)} (leg ${leg.number})`, pickupLine(leg));
    if (leg.passengers) lines.push(`Passengers: ${passengersText(leg.passengers)}`);
    lines.push(endLine(leg.from, "from", true), endLine(leg.to, "to", true));
    if (leg.info !== "") lines.push(...block("Notes", leg.info));
  }
  lines.push("", `Questions: call the office on ${site.phone}.`, "", site.siteName);
  const first = legs[0]?.pickup;
  const when = first ? ` on ${first.date} ${first.time}` : "";
  return staffEmail(row, site, {
    kind: "driver_job",
    recipient: oneLine(driver.email),
    subject: oneLine(`Job ${row.orderId}: ${placeText(row.depart)} to ${placeText(row.arrive)}${when}`),
    body: lines.join("\n") + "\n",
  });
}

/**
 * The driver's notice that a job they were given is off: the booking is cancelled, or it is given
 * to another driver. The legs' pickups name the job; no traveller's details are repeated.
 */
export function driverJobCancelledEmail(
  row: BookingEmailInput,
  site: EmailSite,
  driver: EmailDriver & { email: string },
  why: "cancelled" | "reassigned",
): StaffEmail {
  const legs = readLegs(record(row.details));
  const what =
    why === "cancelled"
      ? `Booking ${row.orderId} (${serviceName(row.kind)}) is cancelled: you no longer do this job.`
      : `Booking ${row.orderId} (${serviceName(row.kind)}) is given to another driver: you no longer do this job.`;
  const lines = [`Hello ${oneLine(driver.name) || "driver"},`, "", what];
  for (const leg of legs) lines.push("", `${legTitle(leg, row.roundTrip)} (leg ${leg.number})`, pickupLine(leg));
  lines.push("", `Questions: call the office on ${site.phone}.`, "", site.siteName);
  const first = legs[0]?.pickup;
  const when = first ? ` on ${first.date} ${first.time}` : "";
  return staffEmail(row, site, {
    kind: "driver_job_cancelled",
    recipient: oneLine(driver.email),
    subject: oneLine(
      `Job ${row.orderId} ${why === "cancelled" ? "cancelled" : "withdrawn"}: ${placeText(row.depart)} to ${placeText(row.arrive)}${when}`,
    ),
    body: lines.join("\n") + "\n",
  });
}

/** The traveller's notice that the booking is cancelled, with the refund when one was made. */
export function bookingCancelledEmail(row: BookingEmailInput, site: EmailSite, refundedCents: number): StaffEmail {
  const legs = readLegs(record(row.details));
  const refund =
    refundedCents > 0
      ? `We have refunded ${price(refundedCents, row.currency)} to the card you paid with. Depending on your bank, it shows on your account within 5 to 10 days.`
      : "No payment was taken for this booking, so there is nothing to refund.";
  const lines = [
    greeting(row),
    "",
    `Your booking ${row.orderId} with ${site.siteName} is cancelled.`,
    refund,
    ...travellerLegLines(row, legs),
    ...contactLines(row, site),
  ];
  return staffEmail(row, site, {
    kind: "booking_cancelled",
    recipient: oneLine(row.email),
    subject: oneLine(`${site.siteName}: booking ${row.orderId} cancelled`),
    body: lines.join("\n") + "\n",
  });
}

/**
 * The traveller's notice that the payment of a cancelled booking is refunded (a payment that came
 * after the cancellation): a cancellation notice too, so it goes as a booking_cancelled message.
 */
export function bookingRefundedEmail(row: BookingEmailInput, site: EmailSite, refundedCents: number): StaffEmail {
  const lines = [
    greeting(row),
    "",
    `Your booking ${row.orderId} with ${site.siteName} is cancelled, and we have refunded the ${price(refundedCents, row.currency)} you paid for it to the card you paid with.`,
    "Depending on your bank, it shows on your account within 5 to 10 days.",
    ...contactLines(row, site),
  ];
  return staffEmail(row, site, {
    kind: "booking_cancelled",
    recipient: oneLine(row.email),
    subject: oneLine(`${site.siteName}: refund for booking ${row.orderId}`),
    body: lines.join("\n") + "\n",
  });
}

/** A booking taken by phone, paid by card: the link to pay it. */
export function paymentLinkEmail(row: BookingEmailInput, site: EmailSite, checkoutUrl: string): StaffEmail {
  const legs = readLegs(record(row.details));
  const lines = [
    greeting(row),
    "",
    `Thank you for booking with ${site.siteName} by phone. To complete booking ${row.orderId}, please pay ${price(row.priceCents, row.currency)} here:`,
    oneLine(checkoutUrl),
    "",
    CONFIRMATION_SENTENCE,
    "",
    `Order number: ${row.orderId}`,
    `Route: ${routeText(row)}`,
    `Service: ${serviceName(row.kind)}`,
    `Passengers: ${bookingPassengers(row)}`,
    ...travellerLegLines(row, legs, site),
    "",
    "Cancellation",
    CANCELLATION_RULE,
    ...contactLines(row, site),
  ];
  return staffEmail(row, site, {
    kind: "payment_link",
    recipient: oneLine(row.email),
    subject: oneLine(`${site.siteName}: pay for your booking ${row.orderId}`),
    body: lines.join("\n") + "\n",
  });
}

// ---------------------------------------------------------------------------------------------
// The same reading for the traveller's voucher and calendar file

/** One leg as the voucher and the calendar file show it. */
export interface TravellerLeg {
  number: number;
  /** "Transfer", "Outbound" or "Return". */
  title: string;
  /** The pickup moment, when readable. */
  pickupAt: Date | null;
  /** "12/05/2026 at 07:45 (Paris time)", or the leg's date and given time when the moment is unreadable. */
  when: string;
  /** The pickup place, with its terminal at an airport ("Charles de Gaulle Airport (CDG), Terminal 2E"). */
  from: string;
  to: string;
  /** Each end in full: place, terminal, flight or hotel and address, as the e-mails write it. */
  fromDetail: string;
  toDetail: string;
  /** "BA304 from London, landing 10:00 (Paris time)" for a flight at either end; null without one. */
  flight: string | null;
  /** The pickup's terminal ("Terminal 2E", "Terminal not known yet") at an airport; null elsewhere. */
  terminal: string | null;
  passengers: string | null;
  /** Where the driver meets the traveller; "" when the meeting points have none for it. */
  meetingPoint: string;
  durationMinutes: number | null;
  /** The wait at the pickup (luggage at the airport) before the drive, from the price file. */
  delayDepartMinutes: number | null;
  /** Whether the pickup is a flight's landing. */
  pickupIsFlight: boolean;
}

function flightText(end: EndView, role: "from" | "to"): string | null {
  if (!end.flight) return null;
  const verb = role === "from" ? "landing" : "takeoff";
  const city = end.flightCity ? (role === "from" ? ` from ${end.flightCity}` : ` to ${end.flightCity}`) : "";
  const time = end.flightTime ? `, ${verb} ${end.flightTime} (Paris time)` : "";
  const text = `${end.flightNumber || "Flight"}${city}${time}`;
  return text;
}

/** A stored booking's legs for the voucher and the calendar file, with each pickup's meeting point. */
export function travellerLegs(row: Pick<BookingEmailInput, "kind" | "roundTrip" | "details">, points?: MeetingPoints): TravellerLeg[] {
  return readLegs(record(row.details)).map((leg) => {
    const withTerminal = (end: EndView) => (end.place || "(not given)") + (end.terminal ? `, ${end.terminal}` : "");
    return {
      number: leg.number,
      title: legTitle(leg, row.roundTrip),
      pickupAt: leg.pickupInstant,
      when: pickupLine(leg).replace(/^Pick-up: /, ""),
      from: withTerminal(leg.from),
      to: withTerminal(leg.to),
      fromDetail: endLine(leg.from, "from", true).replace(/^From: /, ""),
      toDetail: endLine(leg.to, "to", true).replace(/^To: /, ""),
      flight: flightText(leg.from, "from") ?? flightText(leg.to, "to"),
      terminal: leg.from.terminal ?? leg.to.terminal,
      passengers: leg.passengers ? passengersText(leg.passengers) : null,
      meetingPoint: pickupMeetingPoint(leg, row.kind, points),
      durationMinutes: leg.durationMinutes,
      delayDepartMinutes: leg.delayDepartMinutes,
      pickupIsFlight: leg.from.flight,
    };
  });
}

/** The booking's luggage in words ("2 check-in, 1 cabin, 0 single strollers, …"); null when not stored. */
export function luggageText(details: unknown): string | null {
  return luggageLines(record(details))[0]?.replace(/^Luggage: /, "") ?? null;
}

// The voucher and the calendar file read the booking's words from here too.
export { placeText, serviceName } from "./email-text";

// ---------------------------------------------------------------------------------------------
// The same reading for the back office's booking page

export interface LegSummary {
  /** 1 outbound, 2 return. */
  number: number;
  title: string;
  /** The pickup moment as stored (an ISO instant), when readable. */
  pickupAt: string | null;
  /** The leg's date and given time, for a leg whose moment is unreadable. */
  pickupText: string;
  /** "12/05/2026 07:45 (Paris time)" from the moment, else pickupText: the pickup as the traveller's page and notices give it. */
  when: string;
  from: string;
  to: string;
  passengers: string | null;
  notes: string;
}

/**
 * A stored booking's legs, luggage and postal address as the booking page lists them: each end
 * with its place, flight (number, city, time), hotel, address and postcode, in the e-mails' words.
 */
export function bookingSummary(row: Pick<BookingEmailInput, "roundTrip" | "details">): {
  legs: LegSummary[];
  luggage: string | null;
  luggageNote: string;
  address: string | null;
} {
  const details = record(row.details);
  const rawLegs = details && Array.isArray(details.legs) ? details.legs : [];
  const legs = readLegs(details).map((leg, i) => {
    const at = record(rawLegs[i])?.pickupAt;
    const instant = typeof at === "string" && !Number.isNaN(new Date(at).getTime()) ? at : null;
    const pickupText = pickupLine(leg).replace(/^Pick-up: /, "");
    return {
      number: leg.number,
      title: `${legTitle(leg, row.roundTrip)} (leg ${leg.number})`,
      pickupAt: instant,
      pickupText,
      when: instant ? `${formatParisDateTime(new Date(instant))} (Paris time)` : pickupText,
      from: endLine(leg.from, "from", true).replace(/^From: /, ""),
      to: endLine(leg.to, "to", true).replace(/^To: /, ""),
      passengers: leg.passengers ? passengersText(leg.passengers) : null,
      notes: leg.info,
    };
  });
  const customer = record(details?.customer) ?? {};
  const postal = [str(customer.address), [str(customer.postcode), str(customer.city)].filter(Boolean).join(" "), str(customer.country)]
    .map(oneLine)
    .filter((s) => s !== "");
  const luggage = luggageLines(details)[0]?.replace(/^Luggage: /, "") ?? null;
  return { legs, luggage, luggageNote: luggageNote(details), address: postal.length > 0 ? postal.join(", ") : null };
}
