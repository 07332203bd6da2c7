import { formatParisDateTime } from "../back-office/statuses";
import {
  bookingSummary,
  questionsLines,
  TEST_SUBJECT_PREFIX,
  withManageLink,
  type BookingEmailInput,
  type EmailSite,
} from "../booking/emails";
import { bookingPassengers, greeting, oneLine, placeText, routeText, serviceName, travellerContactLines } from "../booking/email-text";
import { formatEuros } from "../money";

/**
 * The messages of the traveller's own actions on the booking's page (docs/product.md, Managing a
 * booking): the link sent again through 'Lost your link?', and the business's notice that the
 * traveller cancelled. Plain text; pure: the caller passes the stored row and the site's details,
 * and the outbox sends what these return.
 */

export type TravellerEmailKind = "manage_link" | "traveller_cancelled";

export interface TravellerEmail {
  kind: TravellerEmailKind;
  recipient: string;
  subject: string;
  body: string;
  /** The text standing for the manage link in the body, when the body holds it. */
  manageLink?: string;
}

function tested(row: BookingEmailInput, message: TravellerEmail): TravellerEmail {
  return row.test ? { ...message, subject: TEST_SUBJECT_PREFIX + message.subject } : message;
}

/** Each leg's pickup (Paris time), from and to, as the back office reads them. */
function legLines(row: BookingEmailInput): string[] {
  return bookingSummary(row).legs.flatMap((leg) => ["", leg.title, `Pick-up: ${leg.when}`, `From: ${leg.from}`, `To: ${leg.to}`]);
}

/** "on 12/05/2026 07:45": the first pickup, for a subject; "" when unknown. */
function firstPickup(row: BookingEmailInput): string {
  const at = bookingSummary(row).legs[0]?.pickupAt;
  return at ? ` on ${formatParisDateTime(new Date(at))}` : "";
}

/**
 * The booking's link, sent again to the booking's own address after a 'Lost your link?' request.
 * `site.manageUrl` is the marker the outbox replaces with a link made as the message is sent.
 */
export function manageLinkEmail(row: BookingEmailInput, site: EmailSite & { manageUrl: string }): TravellerEmail {
  const lines = [
    greeting(row),
    "",
    `You asked for the link to your booking ${row.orderId} with ${site.siteName} (${routeText(row)}${firstPickup(row)}, Paris time). Here it is:`,
    "",
    site.manageUrl,
    "",
    "It opens your booking's own page: see it, change or cancel it, print your voucher. Keep it to yourself: whoever has it can see and cancel the booking.",
    "",
    "If you did not ask for this link, you can ignore this e-mail: it was sent only to you, and your booking is unchanged.",
    ...questionsLines(row, site),
  ];
  const message: TravellerEmail = {
    kind: "manage_link",
    recipient: oneLine(row.email),
    subject: oneLine(`${site.siteName}: the link to your booking ${row.orderId}`),
    body: lines.join("\n") + "\n",
  };
  return tested(row, withManageLink(message, site));
}

function providerName(provider: string | null): string {
  if (provider === "stripe") return "Stripe";
  if (provider === "sandbox") return "the sandbox (a test payment: no money moved)";
  return provider ?? "the payment provider";
}

export interface TravellerCancellation {
  /** When the traveller cancelled. */
  at: Date;
  /** What was refunded now, in cents (0: nothing was paid). */
  refundedCents: number;
  /** The provider that refunded it ("sandbox", "stripe"), when a refund was made. */
  provider: string | null;
  /** The driver who was assigned and is told the job is cancelled, if any. */
  driverName: string | null;
}

/**
 * The business's notice that the traveller cancelled the booking online: when, the refund made,
 * whether the driver is told, and the booking as staff need it to release the job.
 */
export function travellerCancelledEmail(row: BookingEmailInput, site: EmailSite, done: TravellerCancellation): TravellerEmail {
  const refund =
    done.refundedCents > 0
      ? `Refunded in full: ${formatEuros(done.refundedCents)} through ${providerName(done.provider)}.`
      : "Nothing was paid, so nothing is refunded.";
  const driver = done.driverName
    ? `Driver: ${oneLine(done.driverName)} was assigned and is e-mailed that the job is cancelled.`
    : "Driver: none was assigned.";
  const lines = [
    `The traveller cancelled booking ${row.orderId} on its page on ${site.siteName}, on ${formatParisDateTime(done.at)} (Paris time).`,
    refund,
    driver,
    "The traveller is e-mailed the cancellation.",
    "",
    `Order number: ${row.orderId}`,
    `Route: ${routeText(row)}`,
    `Service: ${serviceName(row.kind)}`,
    `Passengers: ${bookingPassengers(row)}`,
    "",
    "Traveller",
    ...travellerContactLines(row),
    ...legLines(row),
  ];
  return tested(row, {
    kind: "traveller_cancelled",
    recipient: site.businessEmail,
    subject: oneLine(
      `Booking ${row.orderId} cancelled by the traveller: ${placeText(row.depart)} to ${placeText(row.arrive)}${firstPickup(row)}`,
    ),
    body: lines.join("\n") + "\n",
  });
}
