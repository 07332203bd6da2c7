import { endLine, UNREAD_LEGS_TRAVELLER } from "../booking/booking-lines";
import { runTimeText, type LegRunTime } from "../runs/run-time-text";
import {
  driverLines,
  manageLines,
  withManageLink,
  withTestSubject,
  type BookingEmailInput,
  type EmailDriver,
  type EmailSite,
} from "../booking/email-frame";
import { bookingPassengers, greeting, oneLine, passengersText, routeText } from "../booking/email-text";
import { legOf, readStoredDetails } from "../booking/model";
import { addDays, compareDates, formatFrenchDate, parisDateTime, parisToday } from "../booking/paris-time";
import type { EmailKind } from "../email-registry";

/**
 * The traveller's reminder the day before a leg's pickup (docs/product.md, Reminders), one per
 * leg: when and where in Paris time, the flight, the meeting point, the driver once assigned, the
 * business's phone and the manage link. Pure, like the booking e-mails it sits beside
 * (app/domain/booking/staff-emails.ts): the worker (app/lib/reminders.server.ts) stores what this
 * returns in the outbox. The pickup comes from the row's column; details that do not read leave
 * the leg's places out, and the reminder gives the route and party of the row's columns instead.
 */

export interface ReminderEmail {
  kind: Extract<EmailKind, "reminder">;
  /** The leg the reminder is about: 1 outbound, 2 return. */
  leg: 1 | 2;
  recipient: string;
  subject: string;
  body: string;
  /** The text standing for the manage link in the body (EmailSite.manageUrl), when the body holds it. */
  manageLink?: string;
}

/** "tomorrow" or "today" as the traveller reads the pickup's Paris day on the day it is sent; else the date. */
export function whenWord(pickupAt: Date, now: Date): string {
  const day = parisToday(pickupAt);
  const today = parisToday(now);
  if (compareDates(day, addDays(today, 1)) === 0) return "tomorrow";
  if (compareDates(day, today) === 0) return "today";
  return `on ${formatFrenchDate(day)}`;
}

export interface ReminderInput {
  row: BookingEmailInput;
  leg: 1 | 2;
  /** The leg's pickup moment (bookings.firstPickupAt or returnPickupAt). */
  pickupAt: Date;
  site: EmailSite;
  /** The leg's own driver, if one is assigned (a round trip's two legs may have two). */
  driver: EmailDriver | null;
  /** Where the driver meets the traveller, in words (the meeting points file), when known. */
  meetingPoint: string | null;
  /** The leg's planned shuttle run, when there is one. */
  run?: LegRunTime | null;
  now: Date;
  /** Whether this reminder puts right one already sent: its subject then starts "Updated: ". */
  updated?: boolean;
}

/** The reminder of one leg. A test booking's subject starts with `[TEST] `, as its other e-mails do. */
export function reminderEmail({
  row,
  leg,
  pickupAt,
  site,
  driver,
  meetingPoint,
  run = null,
  now,
  updated = false,
}: ReminderInput): ReminderEmail {
  const details = readStoredDetails(row.details);
  const shown = legOf(details, leg);
  const { date, time } = parisDateTime(pickupAt);
  const when = whenWord(pickupAt, now);
  const title = row.roundTrip ? (leg === 2 ? "Your return transfer" : "Your outbound transfer") : "Your transfer";
  const flights = shown
    ? [shown.pickup, shown.dropoff]
        .filter((e) => e.kind === "flight")
        .map((e) => oneLine(e.flightNumber))
        .filter((n) => n !== "")
    : [];

  const lines = [
    greeting(row),
    "",
    `This is a reminder of your transfer ${when} with ${site.siteName}.`,
    "",
    `Order number: ${row.orderId}`,
    "",
    title,
    `Pick-up: ${date} at ${time} (Paris time)`,
    ...(run ? [`Shuttle: ${runTimeText(run)}`] : []),
  ];
  if (shown) lines.push(endLine(shown.pickup, "from", true), endLine(shown.dropoff, "to", true));
  if (flights.length > 0) lines.push(`Flight: ${flights.join(", ")}`);
  if (shown) lines.push(`Passengers: ${passengersText(shown.passengers)}`);
  if (!details) lines.push(`Route: ${routeText(row)}`, `Passengers: ${bookingPassengers(row)}`, "", UNREAD_LEGS_TRAVELLER);
  if (meetingPoint && meetingPoint.trim() !== "") lines.push("", "Meeting point", ...meetingPoint.trim().split(/\r?\n/));
  lines.push(
    ...(driver
      ? driverLines(driver)
      : ["", "Your driver", "Your driver's name and phone number will reach you by e-mail as soon as a driver is assigned."]),
    "",
    "On the day",
    `If you cannot find your driver, or your flight is delayed, call us on ${site.phone}, quoting your order number ${row.orderId}.`,
    ...manageLines(site),
    "",
    site.siteUrl,
    "",
    site.siteName,
  );
  const subject = (updated ? "Updated: " : "") + oneLine(`${site.siteName}: your transfer ${when}, booking ${row.orderId}`);
  const message: ReminderEmail = {
    kind: "reminder",
    leg,
    recipient: oneLine(row.email),
    subject,
    body: lines.join("\n") + "\n",
  };
  return withTestSubject(row, withManageLink(message, site));
}
