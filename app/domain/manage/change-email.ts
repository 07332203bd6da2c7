/**
 * The e-mails a traveller's change sends (docs/product.md, Managing a booking): the business is
 * told what changed, old → new, leg by leg; an assigned driver whose job moved (a flight time, a
 * terminal, a hotel or an address) gets the job again as it is now, with what changed on top.
 * Pure: the caller passes the booking as it is after the change and the changes in words.
 */
import { formatParisDateTime } from "../booking/paris-time";
import { TEST_SUBJECT_PREFIX, type BookingEmailInput, type EmailDriver, type EmailSite } from "../booking/email-frame";
import { driverJob } from "../booking/staff-emails";
import { oneLine } from "../booking/email-text";
import type { Leg } from "../booking/fields";
import type { LegNumber } from "../booking/model";
import { TERMINAL_NOT_KNOWN_WORDS, type Change } from "./change-description";
import type { AdminWords } from "../back-office/admin-words";
import type { EmailKind } from "../email-registry";

export interface ChangeEmail {
  kind: Extract<EmailKind, "booking_changed" | "driver_job">;
  recipient: string;
  subject: string;
  body: string;
}

/** What the builders read of the booking, after the change. */
export type ChangedRow = BookingEmailInput & { firstPickupAt: Date | null };

function placeName(value: string): string {
  return oneLine(value.replace(/_/g, " "));
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** What changed, in the staff's words: "Pick-up landing time", "Mobile phone", "Baby seats". */
function fieldText(change: Change, s: AdminWords): string {
  const [group, name = ""] = change.field.split(".");
  if (group === "pu" || group === "drop") return s("mail.change.end", { end: group, field: name });
  if (group === "count") return s("mail.change.count", { field: name });
  return s("mail.change.own", { field: change.field });
}

/** A value as a change line shows it, on one line: "(none)" when empty, a terminal not known yet in the staff's words. */
function valueText(change: Change, value: string, s: AdminWords): string {
  const line = value.replace(/\s+/g, " ").trim();
  if (line === "") return s("mail.change.none");
  if (change.field === "pickup") return s("mail.change.pickupAt", { dateTime: line });
  return change.field === "pu.terminal" && line === TERMINAL_NOT_KNOWN_WORDS ? s("mail.change.terminalNotKnown") : line;
}

/**
 * The changes grouped under their leg ("Outbound (leg 1)", "Return (leg 2)", "Transfer"), then the
 * booking's own ("Contact and luggage"), one indented "what: old → new" line each, in the staff's words.
 */
export function changeLines(changes: readonly Change[], roundTrip: boolean, s: AdminWords): string[] {
  const lines: string[] = [];
  const legTitle = (leg: Leg) => s("mail.change.leg", { leg: roundTrip ? leg : "transfer" });
  const groups: [Leg | null, string][] = [
    [1, legTitle(1)],
    [2, legTitle(2)],
    [null, s("mail.change.contact")],
  ];
  for (const [leg, title] of groups) {
    const here = changes.filter((c) => c.leg === leg);
    if (here.length === 0) continue;
    if (lines.length > 0) lines.push("");
    lines.push(title);
    for (const c of here) {
      lines.push(
        s("mail.change.line", { what: capitalise(fieldText(c, s)), before: valueText(c, c.before, s), after: valueText(c, c.after, s) }),
      );
    }
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
  const s = site.staff.words;
  const places = { from: placeName(row.depart), to: placeName(row.arrive) };
  const first = row.firstPickupAt ? s("mail.changed.firstPickup", { dateTime: formatParisDateTime(row.firstPickupAt) }) : null;
  const driver =
    notices.length === 0
      ? s("mail.changed.noDriver")
      : notices
          .map((n) => s(n.told ? "mail.changed.driverTold" : "mail.changed.driverNotTold", { name: oneLine(n.driver.name) }))
          .join("\n");
  const lines = [
    s("mail.changed.body", { orderId: row.orderId, siteName: site.siteName }),
    "",
    s("mail.changed.orderNumber", { orderId: row.orderId }),
    s("mail.changed.route", { ...places, roundTrip: row.roundTrip ? "yes" : "no" }),
    s("mail.changed.traveller", { name: oneLine(`${row.firstname} ${row.lastname}`), phone: oneLine(row.phone) }),
    ...(first ? [first] : []),
    "",
    s("mail.changed.what"),
    "",
    ...changeLines(changes, row.roundTrip, s),
    "",
    driver,
    "",
    s("mail.changed.page", { url: new URL(`/admin/bookings/${encodeURIComponent(row.orderId)}`, `${site.siteUrl}/`).href }),
  ];
  return {
    kind: "booking_changed",
    recipient: site.businessEmail,
    subject: testSubject(row, s("mail.changed.subject", { orderId: row.orderId, ...places })),
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
  const s = site.staff.words;
  const lines = [
    job.greeting,
    "",
    s("mail.changed.forDriver", { orderId: row.orderId }),
    "",
    ...changeLines(changes, row.roundTrip, s),
    "",
    s("mail.jobNow"),
    "",
    ...job.lines,
  ];
  return { kind: "driver_job", recipient: job.recipient, subject: testSubject(row, job.changedSubject), body: lines.join("\n") + "\n" };
}
