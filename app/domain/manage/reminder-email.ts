import { greeting, oneLine, str } from "../booking/email-text";
import {
  bookingSummary,
  driverLines,
  manageLines,
  TEST_SUBJECT_PREFIX,
  withManageLink,
  type BookingEmailInput,
  type EmailDriver,
  type EmailSite,
} from "../booking/emails";
import { addDays, compareDates, formatFrenchDate, parisParts, parisToday } from "../booking/paris-time";

/**
 * The traveller's reminder the day before a leg's pickup (docs/product.md, Reminders), one per
 * leg: when and where in Paris time, the flight, the meeting point, the driver once assigned, the
 * business's phone and the manage link. Pure, like the booking e-mails it sits beside
 * (app/domain/booking/emails.ts): the worker (app/lib/reminders.server.ts) stores what this
 * returns in the outbox, and `details` is read defensively.
 */

export interface ReminderEmail {
  kind: "reminder";
  /** The leg the reminder is about: 1 outbound, 2 return. */
  leg: 1 | 2;
  recipient: string;
  subject: string;
  body: string;
  /** The text standing for the manage link in the body (EmailSite.manageUrl), when the body holds it. */
  manageLink?: string;
}

type Json = Record<string, unknown>;

function record(value: unknown): Json | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

/** A stored text on one line; anything else is "". */
function text(value: unknown): string {
  return oneLine(str(value));
}

/** One end of a stored leg, as the meeting point and the flight line read it. */
export interface ReminderEnd {
  /** The place as stored: the select's value ("Charles_de_Gaulle_Airport_(CDG)"). */
  place: string;
  kind: "flight" | "address" | "";
  /** The airport terminal given on the form ("" when not known yet, or not asked). */
  terminal: string;
  flightNumber: string;
}

/** The stored leg `leg` (1 or 2) of a booking's details: its two ends; null when it is not there. */
export function reminderLegEnds(details: unknown, leg: 1 | 2): { pickup: ReminderEnd; dropoff: ReminderEnd } | null {
  const legs = record(details)?.legs;
  if (!Array.isArray(legs)) return null;
  const found = legs.map(record).find((l, i) => l !== null && (l.leg === leg || (l.leg === undefined && i === leg - 1)));
  if (!found) return null;
  const end = (value: unknown): ReminderEnd => {
    const e = record(value) ?? {};
    return {
      place: text(e.place),
      kind: e.kind === "flight" || e.kind === "address" ? e.kind : "",
      terminal: text(e.terminal),
      flightNumber: text(e.flightNumber),
    };
  };
  return { pickup: end(found.pickup), dropoff: end(found.dropoff) };
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
  /** The driver assigned to the booking, if any. */
  driver: EmailDriver | null;
  /** Where the driver meets the traveller, in words (the meeting points file), when known. */
  meetingPoint: string | null;
  now: Date;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The reminder of one leg. A test booking's subject starts with `[TEST] `, as its other e-mails do. */
export function reminderEmail({ row, leg, pickupAt, site, driver, meetingPoint, now }: ReminderInput): ReminderEmail {
  const summary = bookingSummary(row);
  const shown = summary.legs.find((l) => l.title.endsWith(`(leg ${leg})`)) ?? summary.legs[leg - 1];
  const ends = reminderLegEnds(row.details, leg);
  const p = parisParts(pickupAt);
  const date = formatFrenchDate(p);
  const time = `${pad(p.hour)}:${pad(p.minute)}`;
  const when = whenWord(pickupAt, now);
  const title = row.roundTrip ? (leg === 2 ? "Your return transfer" : "Your outbound transfer") : "Your transfer";
  const flights = [ends?.pickup, ends?.dropoff].filter((e) => e?.kind === "flight" && e.flightNumber !== "").map((e) => e!.flightNumber);

  const lines = [
    greeting(row),
    "",
    `This is a reminder of your transfer ${when} with ${site.siteName}.`,
    "",
    `Order number: ${row.orderId}`,
    "",
    title,
    `Pick-up: ${date} at ${time} (Paris time)`,
  ];
  if (shown) lines.push(`From: ${shown.from}`, `To: ${shown.to}`);
  if (flights.length > 0) lines.push(`Flight: ${flights.join(", ")}`);
  if (shown?.passengers) lines.push(`Passengers: ${shown.passengers}`);
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
  const subject = oneLine(`${site.siteName}: your transfer ${when}, booking ${row.orderId}`);
  const message: ReminderEmail = {
    kind: "reminder",
    leg,
    recipient: oneLine(row.email),
    subject: row.test ? TEST_SUBJECT_PREFIX + subject : subject,
    body: lines.join("\n") + "\n",
  };
  return withManageLink(message, site);
}
