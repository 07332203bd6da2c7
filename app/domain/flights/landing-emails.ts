/**
 * The e-mails of a flight's new landing time (docs/product.md, Flight delays): the traveller is
 * told that the pickup follows the flight, and the leg's driver gets the job as it now is with the
 * new time on top. Pure, like the staff e-mails (booking/staff-emails.ts): the caller passes the
 * booking as it is after the change and the leg as changed.
 */
import { pickupLine, travellerLegLines, legTitle } from "../booking/booking-lines";
import {
  contactLines,
  staffWords,
  travellerWords,
  withManageLink,
  withTestSubject,
  type BookingEmailInput,
  type EmailDriver,
  type EmailSite,
} from "../booking/email-frame";
import { greeting, oneLine } from "../booking/email-text";
import type { MailWords } from "../booking/mail-words";
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
function flightName(leg: BookingLeg, own: boolean, w: MailWords): string {
  const number = oneLine(leg.pickup.flightNumber);
  if (number !== "") return w.t("flight.named", { number });
  return w.t(own ? "landing.yourFlight" : "landing.theFlight");
}

/** "08:30 instead of 07:45 (Paris time)", or "08:30 (Paris time)" when no time was stored before. */
function timeChange(notice: LandingNotice, w: MailWords): string {
  return notice.from ? w.t("landing.changeFrom", { to: notice.to, from: notice.from }) : w.t("landing.change", { to: notice.to });
}

/**
 * The traveller's notice: the flight's new landing time, the leg as it now is (its pickup, ends and
 * meeting point) and how to reach the business if the time is wrong.
 */
export function landingChangedTravellerEmail(row: BookingEmailInput, site: EmailSite, notice: LandingNotice): LandingEmail {
  const details = readStoredDetails(row.details);
  const shown = details ? { ...details, legs: [notice.leg] } : null;
  const w = travellerWords(row, site);
  const lines = [
    greeting(row, w),
    "",
    w.t("landing.body", { flight: flightName(notice.leg, true, w), orderId: row.orderId, change: timeChange(notice, w) }),
    w.t("landing.nothingToDo"),
    ...travellerLegLines(row, shown, w, site.meetingPoints),
    "",
    w.t("landing.notYours"),
    ...contactLines(row, site, w),
  ];
  return withTestSubject(
    row,
    withManageLink(
      {
        kind: "landing_changed_traveller" as const,
        recipient: oneLine(row.email),
        subject: oneLine(w.t("landing.subject", { siteName: site.siteName, orderId: row.orderId })),
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
  const w = staffWords(site);
  const s = site.staff.words;
  const flight = flightName(notice.leg, false, w);
  const line = pickupLine(notice.leg, w);
  const lines = [
    job.greeting,
    "",
    s("mail.landing.body", {
      flight,
      orderId: row.orderId,
      title: legTitle(notice.leg, row.roundTrip, w),
      leg: notice.leg.leg,
      change: timeChange(notice, w),
    }),
    // "Pick-up: 01/07/2026 at 08:30 (Paris time)" becomes "New pick-up: …".
    s("mail.landing.newPickup", { line: line.charAt(0).toLowerCase() + line.slice(1) }),
    "",
    s("mail.jobNow"),
    "",
    ...job.lines,
  ];
  return withTestSubject(row, {
    kind: "landing_changed_driver" as const,
    recipient: job.recipient,
    subject: oneLine(s("mail.landing.subject", { orderId: row.orderId, flight, time: notice.to })),
    body: lines.join("\n") + "\n",
    leg: notice.leg.leg,
  });
}
