/**
 * The two e-mails a paid booking sends: a plain-text confirmation for the traveller and every
 * detail for the business. Pure: the caller passes the stored row and the site's contact details;
 * the outbox (app/lib/mail.server.ts) sends what this returns.
 */
import { firstPickupOf } from "../manage/cancel";
import { freeCancellationUntil } from "../manage/deadline";
import { block, clock, endLine, legDate, legTitle, pickupLine, postalAddress, travellerLegLines } from "./booking-lines";
import { luggageLines, luggageNote } from "./luggage-text";
import { parisDateTime } from "./paris-time";
import {
  manageLines,
  orderLines,
  price,
  staffWords,
  travellerWords,
  voucherLines,
  withManageLink,
  withTestSubject,
  type BookingEmailInput,
  type EmailSite,
} from "./email-frame";
import {
  bookingPassengers,
  greeting,
  oneLine,
  passengersText,
  placeText,
  routeText,
  serviceName,
  travellerContactLines,
} from "./email-text";
import { readStoredDetails, type StoredDetails } from "./model";
import type { EmailKind } from "../email-registry";

export type BookingEmailKind = Extract<EmailKind, "traveller_confirmation" | "business_notification">;

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

/**
 * The end of free cancellation (app/domain/manage/deadline.ts) in Paris time, from the first
 * pickup as the booking's page reads it (firstPickupOf); null when the pickup is unknown.
 */
function cancellationDeadline(row: BookingEmailInput): { date: string; time: string } | null {
  const first = firstPickupOf({ firstPickupAt: row.firstPickupAt ?? null, details: row.details });
  return first ? parisDateTime(freeCancellationUntil(first)) : null;
}

function travellerEmail(row: BookingEmailInput, site: EmailSite, details: StoredDetails | null): BookingEmail {
  const w = travellerWords(row, site);
  const lines = [
    greeting(row, w),
    "",
    w.t("paid.thanks", { siteName: site.siteName }),
    w.t("confirmation"),
    "",
    ...orderLines(row, w),
    ...luggageLines(details, w),
    w.t("line.pricePaid", { price: price(row.priceCents, row.currency, w) }),
    ...travellerLegLines(row, details, w, site.meetingPoints),
    "",
    w.t("cancellation.title"),
    w.t("cancellation.rule"),
  ];
  const deadline = cancellationDeadline(row);
  if (deadline) lines.push(w.t("cancellation.deadline", deadline));
  // Every leg of readable details has its pickup moment, so the calendar file has an event for it.
  const calendar = details !== null;
  lines.push(
    ...manageLines(site, w),
    ...voucherLines(site, calendar, w),
    "",
    w.t("questions.title"),
    w.t("questions.writeOrCall", { email: site.businessEmail, phone: site.phone, orderId: row.orderId }),
    site.siteUrl,
    "",
    site.siteName,
  );
  const message: BookingEmail = {
    kind: "traveller_confirmation",
    recipient: oneLine(row.email),
    subject: oneLine(w.t("paid.subject", { siteName: site.siteName, orderId: row.orderId })),
    body: lines.join("\n") + "\n",
    calendar,
  };
  return withManageLink(message, site);
}

function businessEmail(row: BookingEmailInput, site: EmailSite, details: StoredDetails | null): BookingEmail {
  const w = staffWords(site);
  const s = site.staff.words;
  const address = details ? postalAddress(details.customer) : null;
  const first = details?.legs[0];
  const when = first ? s("mail.on", parisDateTime(first.pickupAt)) : "";
  const lines = [
    s("mail.paid.body", { siteName: site.siteName }),
    "",
    w.t("line.orderNumber", { orderId: row.orderId }),
    w.t("line.pricePaid", { price: price(row.priceCents, row.currency, w) }),
    w.t("line.service", { service: serviceName(row.kind, w) }),
    w.t("line.route", { route: routeText(row, w) }),
    "",
    s("mail.customer"),
    ...travellerContactLines(row, s),
  ];
  if (address) lines.push(s("mail.address", { address }));
  lines.push("", w.t("line.passengers", { passengers: bookingPassengers(row, w) }), ...luggageLines(details, w));
  const note = luggageNote(details);
  if (note !== "") lines.push(...block(s("mail.luggageNotes"), note));
  if (!details) lines.push("", s("legs.unread"));
  for (const leg of details?.legs ?? []) {
    const date = legDate(leg);
    const given = clock(leg.pickupTime);
    const notes = leg.info.trim();
    lines.push("", w.t("leg.numbered", { title: legTitle(leg, row.roundTrip, w), number: leg.leg }), pickupLine(leg, w));
    if (date) lines.push(s("mail.date", { date }));
    if (given) lines.push(s("mail.timeGiven", { time: given }));
    lines.push(w.t("line.passengers", { passengers: passengersText(leg.passengers, w) }));
    lines.push(endLine(leg.pickup, "from", true, w), endLine(leg.dropoff, "to", true, w));
    if (notes !== "") lines.push(...block(s("mail.notes"), notes));
  }
  lines.push("", s("mail.reply", { email: oneLine(row.email) }));
  return {
    kind: "business_notification",
    recipient: site.businessEmail,
    subject: oneLine(s("mail.paid.subject", { orderId: row.orderId, from: placeText(row.depart), to: placeText(row.arrive), when })),
    body: lines.join("\n") + "\n",
  };
}

/**
 * The traveller's confirmation and the business's notification for a paid booking, in that
 * order. A test booking's subjects start with `[TEST] `, as its payment page says no card was
 * charged. Never throws: details that do not read leave the legs out, and the messages say so.
 */
export function bookingEmails(row: BookingEmailInput, site: EmailSite): BookingEmail[] {
  const details = readStoredDetails(row.details);
  return [travellerEmail(row, site, details), businessEmail(row, site, details)].map((m) => withTestSubject(row, m));
}
