/**
 * The e-mails a staff action writes, in the same transaction as its change: the traveller's
 * confirmation, driver assigned, cancellation, refund and payment link, and the driver's job and
 * its withdrawal. Pure, like the paid booking's e-mails (paid-emails.ts).
 */
import { block, endLine, legTitle, pickupLine, travellerLegLines, UNREAD_LEGS_DRIVER } from "./booking-lines";
import { luggageLines, luggageNote } from "./luggage-text";
import { parisDateTime } from "./paris-time";
import {
  CANCELLATION_RULE,
  CONFIRMATION_SENTENCE,
  contactLines,
  driverLines,
  legDriverLines,
  price,
  withManageLink,
  withTestSubject,
  type BookingEmailInput,
  type EmailDriver,
  type EmailSite,
} from "./email-frame";
import { bookingPassengers, greeting, oneLine, passengersText, placeText, routeText, serviceName, travellerName } from "./email-text";
import { readStoredDetails, type BookingLeg, type LegNumber, type StoredDetails } from "./model";
import type { EmailKind } from "../email-registry";

export type StaffEmailKind = Extract<
  EmailKind,
  "booking_confirmed" | "driver_assigned" | "driver_job" | "driver_job_cancelled" | "booking_cancelled" | "payment_link"
>;

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

/** A test booking's subject starts with `[TEST] `, as the payment e-mails' do. */
function staffEmail(row: BookingEmailInput, site: EmailSite, message: StaffEmail): StaffEmail {
  return withTestSubject(row, withManageLink(message, site));
}

/** " on 01/07/2026 07:45": the first of these legs' pickups, for a driver's subject; "" when there is none. */
function firstPickupWords(legs: readonly BookingLeg[]): string {
  const first = legs[0];
  if (!first) return "";
  const { date, time } = parisDateTime(first.pickupAt);
  return ` on ${date} ${time}`;
}

/** "the return of ", when these legs are some of a round trip's, for the sentence that names the booking; else "". */
function legsWords(row: BookingEmailInput, details: StoredDetails | null, driven: StoredDetails | null): string {
  if (!row.roundTrip || !details || !driven || driven.legs.length === details.legs.length) return "";
  return driven.legs.map((leg) => (leg.leg === 2 ? "the return of " : "the outbound of ")).join("");
}

/** "Orly Airport (ORY) to Disneyland Paris": the booking's route, or the return's when the job is the return alone. */
function jobRoute(row: BookingEmailInput, driven: StoredDetails | null): string {
  const [from, to] = driven?.legs.length === 1 && driven.legs[0]!.leg === 2 ? [row.arrive, row.depart] : [row.depart, row.arrive];
  return `${placeText(from)} to ${placeText(to)}`;
}

/**
 * The traveller's confirmation, once staff confirm the booking: its order id in the subject, the
 * legs in Paris time, and each leg's driver when one is already assigned.
 */
export function bookingConfirmedEmail(
  row: BookingEmailInput,
  site: EmailSite,
  drivers: ReadonlyMap<LegNumber, EmailDriver> = new Map(),
): StaffEmail {
  const details = readStoredDetails(row.details);
  // Every leg of readable details has its pickup moment, so the calendar file has an event for it.
  const calendar = details !== null;
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
    ...travellerLegLines(row, details, site.meetingPoints),
    ...legDriverLines(drivers, details?.legs.length ?? 0),
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
 * The traveller's note that a driver is assigned to some of the booking's legs (all of them when
 * `legs` is left out): the driver's name and phone, with those legs (a driver_assigned message,
 * told apart from the confirmation on the booking's page).
 */
export function driverAssignedEmail(row: BookingEmailInput, site: EmailSite, driver: EmailDriver, legs?: readonly LegNumber[]): StaffEmail {
  const details = readStoredDetails(row.details);
  const driven = details && legs ? { ...details, legs: details.legs.filter((leg) => legs.includes(leg.leg)) } : details;
  const lines = [
    greeting(row),
    "",
    `A driver is assigned to ${legsWords(row, details, driven)}your booking ${row.orderId}.`,
    ...driverLines(driver),
    ...travellerLegLines(row, driven, site.meetingPoints),
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
 * A driver's job in its parts: the job e-mail puts them together, and a traveller's change sends
 * the same job with what changed between the greeting and the job (change-email.ts).
 */
export interface DriverJob {
  recipient: string;
  /** "Hello <name>,", the job e-mail's first line. */
  greeting: string;
  /** What follows the greeting and its blank line: the assignment, the traveller, each leg, the office's phone. */
  lines: string[];
  /** "Job <order>: <route> on <first pickup>", before a test booking's mark. */
  subject: string;
  /** The same subject for the job sent again after a change: "Job <order> changed: …". */
  changedSubject: string;
}

/**
 * The driver's job: the pickup of each of its legs (every leg when `legs` is left out) in Paris time,
 * places with flights, hotels and addresses, passengers and luggage, the traveller's name and
 * phone, and the notes. Another driver's leg is not in it.
 */
export function driverJob(
  row: BookingEmailInput,
  site: EmailSite,
  driver: EmailDriver & { email: string },
  legs?: readonly LegNumber[],
): DriverJob {
  const details = readStoredDetails(row.details);
  const driven = details && legs ? { ...details, legs: details.legs.filter((leg) => legs.includes(leg.leg)) } : details;
  const lines = [
    `You are assigned to ${legsWords(row, details, driven)}booking ${row.orderId} (${serviceName(row.kind)}).`,
    "",
    "Traveller",
    `Name: ${travellerName(row)}`,
    `Phone: ${oneLine(row.phone)}`,
    `Passengers: ${bookingPassengers(row)}`,
    ...luggageLines(details),
  ];
  const note = luggageNote(details);
  if (note !== "") lines.push(...block("Luggage notes", note));
  if (!details) lines.push("", UNREAD_LEGS_DRIVER);
  for (const leg of driven?.legs ?? []) {
    const notes = leg.info.trim();
    lines.push("", `${legTitle(leg, row.roundTrip)} (leg ${leg.leg})`, pickupLine(leg));
    lines.push(`Passengers: ${passengersText(leg.passengers)}`);
    lines.push(endLine(leg.pickup, "from", true), endLine(leg.dropoff, "to", true));
    if (notes !== "") lines.push(...block("Notes", notes));
  }
  lines.push("", `Questions: call the office on ${site.phone}.`, "", site.siteName);
  const about = `${jobRoute(row, driven)}${firstPickupWords(driven?.legs ?? [])}`;
  return {
    recipient: oneLine(driver.email),
    greeting: `Hello ${oneLine(driver.name) || "driver"},`,
    lines,
    subject: oneLine(`Job ${row.orderId}: ${about}`),
    changedSubject: oneLine(`Job ${row.orderId} changed: ${about}`),
  };
}

/** The driver's job as its e-mail (driverJob): the greeting, then the job. */
export function driverJobEmail(
  row: BookingEmailInput,
  site: EmailSite,
  driver: EmailDriver & { email: string },
  legs?: readonly LegNumber[],
): StaffEmail {
  const job = driverJob(row, site, driver, legs);
  return staffEmail(row, site, {
    kind: "driver_job",
    recipient: job.recipient,
    subject: job.subject,
    body: [job.greeting, "", ...job.lines].join("\n") + "\n",
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
  legs?: readonly LegNumber[],
): StaffEmail {
  const details = readStoredDetails(row.details);
  const driven = details && legs ? { ...details, legs: details.legs.filter((leg) => legs.includes(leg.leg)) } : details;
  const named = `${legsWords(row, details, driven)}booking ${row.orderId} (${serviceName(row.kind)})`;
  const booking = named.charAt(0).toUpperCase() + named.slice(1);
  const what =
    why === "cancelled"
      ? `${booking} is cancelled: you no longer do this job.`
      : `${booking} is given to another driver: you no longer do this job.`;
  const lines = [`Hello ${oneLine(driver.name) || "driver"},`, "", what];
  if (!details) lines.push("", UNREAD_LEGS_DRIVER);
  for (const leg of driven?.legs ?? []) lines.push("", `${legTitle(leg, row.roundTrip)} (leg ${leg.leg})`, pickupLine(leg));
  lines.push("", `Questions: call the office on ${site.phone}.`, "", site.siteName);
  return staffEmail(row, site, {
    kind: "driver_job_cancelled",
    recipient: oneLine(driver.email),
    subject: oneLine(
      `Job ${row.orderId} ${why === "cancelled" ? "cancelled" : "withdrawn"}: ${jobRoute(row, driven)}${firstPickupWords(driven?.legs ?? [])}`,
    ),
    body: lines.join("\n") + "\n",
  });
}

/** The traveller's notice that the booking is cancelled, with the refund when one was made. */
export function bookingCancelledEmail(row: BookingEmailInput, site: EmailSite, refundedCents: number): StaffEmail {
  const refund =
    refundedCents > 0
      ? `We have refunded ${price(refundedCents, row.currency)} to the card you paid with. Depending on your bank, it shows on your account within 5 to 10 days.`
      : "No payment was taken for this booking, so there is nothing to refund.";
  const lines = [
    greeting(row),
    "",
    `Your booking ${row.orderId} with ${site.siteName} is cancelled.`,
    refund,
    // No meeting points: the traveller has nowhere to go now.
    ...travellerLegLines(row, readStoredDetails(row.details)),
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
    ...travellerLegLines(row, readStoredDetails(row.details), site.meetingPoints),
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
