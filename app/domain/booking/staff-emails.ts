/**
 * The e-mails a staff action writes, in the same transaction as its change: the traveller's
 * confirmation, driver assigned, cancellation, refund and payment link, and the driver's job and
 * its withdrawal. Pure, like the paid booking's e-mails (paid-emails.ts).
 */
import { block, endLine, legTitle, pickupLine, travellerLegLines } from "./booking-lines";
import { luggageLines, luggageNote } from "./luggage-text";
import { parisDateTime } from "./paris-time";
import type { AdminWords } from "../back-office/admin-words";
import {
  contactLines,
  driverLines,
  legDriverLines,
  orderLines,
  price,
  staffWords,
  travellerWords,
  withManageLink,
  withTestSubject,
  type BookingEmailInput,
  type EmailDriver,
  type EmailSite,
} from "./email-frame";
import { bookingPassengers, greeting, oneLine, passengersText, placeText, serviceName, travellerName } from "./email-text";
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
function firstPickupWords(legs: readonly BookingLeg[], s: AdminWords): string {
  const first = legs[0];
  return first ? s("mail.on", parisDateTime(first.pickupAt)) : "";
}

/**
 * Which of the booking's legs a message is about, for the sentence that names the booking: the
 * outbound or the return when they are one of a round trip's two, else all of it.
 */
function drivenLegs(row: BookingEmailInput, details: StoredDetails | null, driven: StoredDetails | null): "outbound" | "return" | "all" {
  if (!row.roundTrip || !details || !driven || driven.legs.length !== 1 || details.legs.length === 1) return "all";
  return driven.legs[0]!.leg === 2 ? "return" : "outbound";
}

/** "Orly Airport (ORY) to Disneyland Paris": the booking's route, or the return's when the job is the return alone. */
function jobRoute(row: BookingEmailInput, driven: StoredDetails | null, s: AdminWords): string {
  const [from, to] = driven?.legs.length === 1 && driven.legs[0]!.leg === 2 ? [row.arrive, row.depart] : [row.depart, row.arrive];
  return s("mail.route", { from: placeText(from), to: placeText(to) });
}

/** "Hello Karim," to a driver, in the staff's language. */
function driverGreeting(driver: EmailDriver, s: AdminWords): string {
  const name = oneLine(driver.name);
  return name ? s("mail.job.greeting", { name }) : s("mail.job.greetingAnonymous");
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
  const w = travellerWords(row, site);
  // Every leg of readable details has its pickup moment, so the calendar file has an event for it.
  const calendar = details !== null;
  const lines = [
    greeting(row, w),
    "",
    w.t("confirmed.body", { orderId: row.orderId, siteName: site.siteName }),
    "",
    ...orderLines(row, w),
    ...luggageLines(details, w),
    ...travellerLegLines(row, details, w, site.meetingPoints),
    ...legDriverLines(drivers, details?.legs.length ?? 0, w),
    ...contactLines(row, site, w, calendar),
  ];
  return staffEmail(row, site, {
    kind: "booking_confirmed",
    recipient: oneLine(row.email),
    subject: oneLine(w.t("confirmed.subject", { siteName: site.siteName, orderId: row.orderId })),
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
  const w = travellerWords(row, site);
  const lines = [
    greeting(row, w),
    "",
    w.t("assigned.body", { legs: drivenLegs(row, details, driven), orderId: row.orderId }),
    ...driverLines(driver, w),
    ...travellerLegLines(row, driven, w, site.meetingPoints),
    ...contactLines(row, site, w),
  ];
  return staffEmail(row, site, {
    kind: "driver_assigned",
    recipient: oneLine(row.email),
    subject: oneLine(w.t("assigned.subject", { siteName: site.siteName, orderId: row.orderId })),
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
  const w = staffWords(site);
  const s = site.staff.words;
  const lines = [
    s("mail.job.assigned", { legs: drivenLegs(row, details, driven), orderId: row.orderId, service: serviceName(row.kind, w) }),
    "",
    s("mail.traveller"),
    w.t("line.name", { name: travellerName(row) }),
    w.t("line.phone", { phone: oneLine(row.phone) }),
    w.t("line.passengers", { passengers: bookingPassengers(row, w) }),
    ...luggageLines(details, w),
  ];
  const note = luggageNote(details);
  if (note !== "") lines.push(...block(s("mail.luggageNotes"), note));
  if (!details) lines.push("", s("mail.unreadForDriver"));
  for (const leg of driven?.legs ?? []) {
    const notes = leg.info.trim();
    lines.push("", w.t("leg.numbered", { title: legTitle(leg, row.roundTrip, w), number: leg.leg }), pickupLine(leg, w));
    lines.push(w.t("line.passengers", { passengers: passengersText(leg.passengers, w) }));
    lines.push(endLine(leg.pickup, "from", true, w), endLine(leg.dropoff, "to", true, w));
    if (notes !== "") lines.push(...block(s("mail.notes"), notes));
  }
  lines.push("", s("mail.job.questions", { phone: site.phone }), "", site.siteName);
  const about = { orderId: row.orderId, route: jobRoute(row, driven, s), when: firstPickupWords(driven?.legs ?? [], s) };
  return {
    recipient: oneLine(driver.email),
    greeting: driverGreeting(driver, s),
    lines,
    subject: oneLine(s("mail.job.subject", about)),
    changedSubject: oneLine(s("mail.job.changedSubject", about)),
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
  const w = staffWords(site);
  const s = site.staff.words;
  const what = s("mail.job.off", { legs: drivenLegs(row, details, driven), orderId: row.orderId, service: serviceName(row.kind, w), why });
  const lines = [driverGreeting(driver, s), "", what];
  if (!details) lines.push("", s("mail.unreadForDriver"));
  for (const leg of driven?.legs ?? []) {
    lines.push("", w.t("leg.numbered", { title: legTitle(leg, row.roundTrip, w), number: leg.leg }), pickupLine(leg, w));
  }
  lines.push("", s("mail.job.questions", { phone: site.phone }), "", site.siteName);
  return staffEmail(row, site, {
    kind: "driver_job_cancelled",
    recipient: oneLine(driver.email),
    subject: oneLine(
      s("mail.job.offSubject", {
        orderId: row.orderId,
        why,
        route: jobRoute(row, driven, s),
        when: firstPickupWords(driven?.legs ?? [], s),
      }),
    ),
    body: lines.join("\n") + "\n",
  });
}

/** The traveller's notice that the booking is cancelled, with the refund when one was made. */
export function bookingCancelledEmail(row: BookingEmailInput, site: EmailSite, refundedCents: number): StaffEmail {
  const w = travellerWords(row, site);
  const refund =
    refundedCents > 0 ? w.t("cancelled.refunded", { amount: price(refundedCents, row.currency, w) }) : w.t("cancelled.nothingToRefund");
  const lines = [
    greeting(row, w),
    "",
    w.t("cancelled.body", { orderId: row.orderId, siteName: site.siteName }),
    refund,
    // No meeting points: the traveller has nowhere to go now.
    ...travellerLegLines(row, readStoredDetails(row.details), w),
    ...contactLines(row, site, w),
  ];
  return staffEmail(row, site, {
    kind: "booking_cancelled",
    recipient: oneLine(row.email),
    subject: oneLine(w.t("cancelled.subject", { siteName: site.siteName, orderId: row.orderId })),
    body: lines.join("\n") + "\n",
  });
}

/**
 * The traveller's notice that the payment of a cancelled booking is refunded (a payment that came
 * after the cancellation): a cancellation notice too, so it goes as a booking_cancelled message.
 */
export function bookingRefundedEmail(row: BookingEmailInput, site: EmailSite, refundedCents: number): StaffEmail {
  const w = travellerWords(row, site);
  const lines = [
    greeting(row, w),
    "",
    w.t("refunded.body", { orderId: row.orderId, siteName: site.siteName, amount: price(refundedCents, row.currency, w) }),
    w.t("refunded.bank"),
    ...contactLines(row, site, w),
  ];
  return staffEmail(row, site, {
    kind: "booking_cancelled",
    recipient: oneLine(row.email),
    subject: oneLine(w.t("refunded.subject", { siteName: site.siteName, orderId: row.orderId })),
    body: lines.join("\n") + "\n",
  });
}

/** A booking taken by phone, paid by card: the link to pay it. */
export function paymentLinkEmail(row: BookingEmailInput, site: EmailSite, checkoutUrl: string): StaffEmail {
  const w = travellerWords(row, site);
  const lines = [
    greeting(row, w),
    "",
    w.t("paymentLink.body", { siteName: site.siteName, orderId: row.orderId, amount: price(row.priceCents, row.currency, w) }),
    oneLine(checkoutUrl),
    "",
    w.t("confirmation"),
    "",
    ...orderLines(row, w),
    ...travellerLegLines(row, readStoredDetails(row.details), w, site.meetingPoints),
    "",
    w.t("cancellation.title"),
    w.t("cancellation.rule"),
    ...contactLines(row, site, w),
  ];
  return staffEmail(row, site, {
    kind: "payment_link",
    recipient: oneLine(row.email),
    subject: oneLine(w.t("paymentLink.subject", { siteName: site.siteName, orderId: row.orderId })),
    body: lines.join("\n") + "\n",
  });
}
