/**
 * The e-mails of a flight's new landing time (docs/product.md, Flight delays): the traveller is
 * told that the pickup follows the flight, and the leg's driver gets the job as it now is with the
 * new time on top. Pure, like the staff e-mails (booking/staff-emails.ts): the caller passes the
 * booking as it is after the change and the leg as changed.
 */
import { pickupLine, travellerLegLines, legTitle } from "../booking/booking-lines";
import {
  contactLines,
  withManageLink,
  withTestSubject,
  type BookingEmailInput,
  type EmailDriver,
  type EmailSite,
} from "../booking/email-frame";
import { greeting, oneLine } from "../booking/email-text";
import { readStoredDetails, type BookingLeg, type LegNumber } from "../booking/model";
import { driverJob } from "../booking/staff-emails";
import type { EmailKind } from "../email-registry";

export type LandingEmailKind = Extract<EmailKind, "landing_changed_traveller" | "landing_changed_driver">;

export interface LandingEmail {
  kind: LandingEmailKind;
  recipient: string;
  subject: string;
  body: string;
  /** The text standing for the manage link in the body, when the body holds it. */
  manageLink?: string;
  /** The leg whose landing moved: a copy sent again is about that leg's driver. */
  leg: LegNumber;
}

/** A landing time changed on one leg: the leg as it now is, and the landing time before and after (HH:MM, Paris). */
export interface LandingNotice {
  leg: BookingLeg;
  from: string | null;
  to: string;
}

/** "flight AF007" or "your flight", as a sentence names it. */
function flightName(leg: BookingLeg, own: boolean): string {
  const number = oneLine(leg.pickup.flightNumber);
  if (number !== "") return `flight ${number}`;
  return own ? "your flight" : "the flight";
}

/** "08:30 instead of 07:45 (Paris time)", or "08:30 (Paris time)" when no time was stored before. */
function timeChange(notice: LandingNotice): string {
  return notice.from ? `${notice.to} instead of ${notice.from} (Paris time)` : `${notice.to} (Paris time)`;
}

/**
 * The traveller's notice: the flight's new landing time, the leg as it now is (its pickup, ends and
 * meeting point) and how to reach the business if the time is wrong.
 */
export function landingChangedTravellerEmail(row: BookingEmailInput, site: EmailSite, notice: LandingNotice): LandingEmail {
  const details = readStoredDetails(row.details);
  const shown = details ? { ...details, legs: [notice.leg] } : null;
  const lines = [
    greeting(row),
    "",
    `We have noted the new landing time of ${flightName(notice.leg, true)} for booking ${row.orderId}: ${timeChange(notice)}.`,
    "Your pick-up follows your flight: there is nothing for you to do.",
    ...travellerLegLines(row, shown, site.meetingPoints),
    "",
    "If this is not your flight's landing time, tell us at once.",
    ...contactLines(row, site),
  ];
  return withTestSubject(
    row,
    withManageLink(
      {
        kind: "landing_changed_traveller" as const,
        recipient: oneLine(row.email),
        subject: oneLine(`${site.siteName}: new landing time for booking ${row.orderId}`),
        body: lines.join("\n") + "\n",
        leg: notice.leg.leg,
      },
      site,
    ),
  );
}

/**
 * The leg's driver's notice: the new landing time and pickup first, then the job of that leg as it
 * now is (the driver's job e-mail's own lines).
 */
export function landingChangedDriverEmail(
  row: BookingEmailInput,
  site: EmailSite,
  driver: EmailDriver & { email: string },
  notice: LandingNotice,
): LandingEmail {
  const job = driverJob(row, site, driver, [notice.leg.leg]);
  const lines = [
    job.greeting,
    "",
    `The landing time of ${flightName(notice.leg, false)} of booking ${row.orderId} changed (${legTitle(notice.leg, row.roundTrip)}, leg ${notice.leg.leg}): ${timeChange(notice)}.`,
    // "Pick-up: 01/07/2026 at 08:30 (Paris time)" becomes "New pick-up: …".
    `New p${pickupLine(notice.leg).slice(1)}`,
    "",
    "The job as it is now:",
    "",
    ...job.lines,
  ];
  return withTestSubject(row, {
    kind: "landing_changed_driver" as const,
    recipient: job.recipient,
    subject: oneLine(`Job ${row.orderId}: ${flightName(notice.leg, false)} now lands at ${notice.to}`),
    body: lines.join("\n") + "\n",
    leg: notice.leg.leg,
  });
}
