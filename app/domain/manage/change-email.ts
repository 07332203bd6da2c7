/**
 * The e-mails a traveller's change sends (docs/product.md, Managing a booking): the business is
 * told what changed, old → new, leg by leg; an assigned driver whose job moved (a flight time, a
 * terminal, a hotel or an address) gets the job again as it is now, with what changed on top.
 * Pure: the caller passes the booking as it is after the change and the changes in words.
 */
import { formatParisDateTime } from "../booking/paris-time";
import { TEST_SUBJECT_PREFIX, type BookingEmailInput, type EmailDriver, type EmailSite } from "../booking/email-frame";
import { driverJob } from "../booking/staff-emails";
import type { Leg } from "../booking/fields";
import type { LegNumber } from "../booking/model";
import { shownValue, type Change } from "./change-description";
import { legTitle } from "./change-layout";
import type { EmailKind } from "../email-registry";

export interface ChangeEmail {
  kind: Extract<EmailKind, "booking_changed" | "driver_job">;
  recipient: string;
  subject: string;
  body: string;
}

/** What the builders read of the booking, after the change. */
export type ChangedRow = BookingEmailInput & { firstPickupAt: Date | null };

function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

function placeName(value: string): string {
  return oneLine(value.replace(/_/g, " "));
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * The changes grouped under their leg ("Outbound (leg 1)", "Return (leg 2)", "Transfer"), then the
 * booking's own ("Contact and luggage"), one indented "what: old → new" line each.
 */
export function changeLines(changes: readonly Change[], roundTrip: boolean): string[] {
  const lines: string[] = [];
  const groups: [Leg | null, string][] = [
    [1, legTitle(1, roundTrip)],
    [2, legTitle(2, roundTrip)],
    [null, "Contact and luggage"],
  ];
  for (const [leg, title] of groups) {
    const here = changes.filter((c) => c.leg === leg);
    if (here.length === 0) continue;
    if (lines.length > 0) lines.push("");
    lines.push(title);
    for (const c of here) lines.push(`  ${capitalise(c.what)}: ${shownValue(c.before)} → ${shownValue(c.after)}`);
  }
  return lines;
}

function testSubject(row: BookingEmailInput, subject: string): string {
  return oneLine(row.test ? TEST_SUBJECT_PREFIX + subject : subject);
}

/** How the business e-mail says what the driver was told. */
/** A driver of the booking's legs, and whether the change is e-mailed to them. */
export interface DriverNotice {
  driver: EmailDriver;
  told: boolean;
}

/**
 * The business's e-mail (kind booking_changed): the order, route and traveller, every change
 * old → new by leg, whether the driver was told, and the booking's back-office page.
 */
export function bookingChangedEmail(
  row: ChangedRow,
  site: EmailSite,
  changes: readonly Change[],
  notices: readonly DriverNotice[],
): ChangeEmail {
  const route = `${placeName(row.depart)} to ${placeName(row.arrive)}${row.roundTrip ? " (round trip)" : " (one way)"}`;
  const first = row.firstPickupAt ? `First pick-up: ${formatParisDateTime(row.firstPickupAt)} (Paris time)` : null;
  const driver =
    notices.length === 0
      ? "No driver is assigned yet."
      : notices
          .map((n) =>
            n.told
              ? `The driver, ${oneLine(n.driver.name)}, is e-mailed the job as it is now.`
              : `The driver, ${oneLine(n.driver.name)}, is not e-mailed: nothing the driver needs changed.`,
          )
          .join("\n");
  const lines = [
    `The traveller changed booking ${row.orderId} on ${site.siteName}.`,
    "",
    `Order number: ${row.orderId}`,
    `Route: ${route}`,
    `Traveller: ${oneLine(`${row.firstname} ${row.lastname}`)}, ${oneLine(row.phone)}`,
    ...(first ? [first] : []),
    "",
    "What changed (old → new)",
    "",
    ...changeLines(changes, row.roundTrip),
    "",
    driver,
    "",
    `The booking's page: ${new URL(`/admin/bookings/${encodeURIComponent(row.orderId)}`, `${site.siteUrl}/`).href}`,
  ];
  return {
    kind: "booking_changed",
    recipient: site.businessEmail,
    subject: testSubject(row, `Booking ${row.orderId} changed by the traveller: ${placeName(row.depart)} to ${placeName(row.arrive)}`),
    body: lines.join("\n") + "\n",
  };
}

/**
 * The assigned driver's job again, as it is after the change (the driver's job e-mail), with what
 * changed on top; a driver_job message, like the job it replaces.
 */
export function driverChangedJobEmail(
  row: ChangedRow,
  site: EmailSite,
  driver: EmailDriver & { email: string },
  changes: readonly Change[],
  legs?: readonly LegNumber[],
): ChangeEmail {
  const job = driverJob(row, site, driver, legs);
  // What changed comes between the job's greeting and the job itself.
  const lines = [
    job.greeting,
    "",
    `The traveller changed booking ${row.orderId}. What changed (old → new):`,
    "",
    ...changeLines(changes, row.roundTrip),
    "",
    "The job as it is now:",
    "",
    ...job.lines,
  ];
  return { kind: "driver_job", recipient: job.recipient, subject: testSubject(row, job.changedSubject), body: lines.join("\n") + "\n" };
}
