import { endLine, legKind, pickupLine } from "../booking/booking-lines";
import { runTimeText, type LegRunTime } from "../runs/run-time-text";
import {
  driverLines,
  manageLines,
  travellerWords,
  withManageLink,
  withTestSubject,
  type BookingEmailInput,
  type EmailDriver,
  type EmailSite,
} from "../booking/email-frame";
import { bookingPassengers, greeting, oneLine, passengersText, routeText } from "../booking/email-text";
import { legOf, readStoredDetails } from "../booking/model";
import { addDays, compareDates, formatFrenchDate, parisToday } from "../booking/paris-time";
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

/**
 * "tomorrow" or "today" as the traveller reads the pickup's Paris day on the day it is sent, else
 * "on" its date: the reminder's messages' `when` and `date`.
 */
export function reminderWhen(pickupAt: Date, now: Date): { when: "tomorrow" | "today" | "on"; date: string } {
  const day = parisToday(pickupAt);
  const today = parisToday(now);
  const date = formatFrenchDate(day);
  if (compareDates(day, addDays(today, 1)) === 0) return { when: "tomorrow", date };
  if (compareDates(day, today) === 0) return { when: "today", date };
  return { when: "on", date };
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
  const w = travellerWords(row, site);
  const shown = legOf(details, leg);
  const when = reminderWhen(pickupAt, now);
  const title = w.t(`reminder.${legKind(leg, row.roundTrip)}`);
  const flights = shown
    ? [shown.pickup, shown.dropoff]
        .filter((e) => e.kind === "flight")
        .map((e) => oneLine(e.flightNumber))
        .filter((n) => n !== "")
    : [];

  const lines = [
    greeting(row, w),
    "",
    w.t("reminder.body", { ...when, siteName: site.siteName }),
    "",
    w.t("line.orderNumber", { orderId: row.orderId }),
    "",
    title,
    pickupLine({ pickupAt }, w),
    ...(run ? [w.t("line.shuttle", { run: runTimeText(run, w) })] : []),
  ];
  if (shown) lines.push(endLine(shown.pickup, "from", true, w), endLine(shown.dropoff, "to", true, w));
  if (flights.length > 0) lines.push(w.t("line.flight", { flights: flights.join(", ") }));
  if (shown) lines.push(w.t("line.passengers", { passengers: passengersText(shown.passengers, w) }));
  if (!details) {
    lines.push(
      w.t("line.route", { route: routeText(row, w) }),
      w.t("line.passengers", { passengers: bookingPassengers(row, w) }),
      "",
      w.t("legs.unread"),
    );
  }
  if (meetingPoint && meetingPoint.trim() !== "") lines.push("", w.t("reminder.meetingPoint"), ...meetingPoint.trim().split(/\r?\n/));
  lines.push(
    ...(driver ? driverLines(driver, w) : ["", w.t("driver.title"), w.t("reminder.driverToCome")]),
    "",
    w.t("reminder.onTheDay"),
    w.t("reminder.call", { phone: site.phone, orderId: row.orderId }),
    ...manageLines(site, w),
    "",
    site.siteUrl,
    "",
    site.siteName,
  );
  const subject = oneLine(w.t("reminder.subject", { ...when, siteName: site.siteName, orderId: row.orderId }));
  const message: ReminderEmail = {
    kind: "reminder",
    leg,
    recipient: oneLine(row.email),
    subject: updated ? w.t("reminder.updated", { subject }) : subject,
    body: lines.join("\n") + "\n",
  };
  return withTestSubject(row, withManageLink(message, site));
}
