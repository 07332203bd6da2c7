import { parisDateTime } from "../booking/paris-time";
import { bookingSummary } from "../booking/booking-lines";
import type { AdminWords } from "../back-office/admin-words";
import {
  orderLines,
  questionsLines,
  staffWords,
  travellerWords,
  withManageLink,
  withTestSubject,
  type BookingEmailInput,
  type EmailSite,
} from "../booking/email-frame";
import type { MailWords } from "../booking/mail-words";
import { greeting, oneLine, placeText, routeText, travellerContactLines } from "../booking/email-text";
import { legOf, readStoredDetails } from "../booking/model";
import { formatEuros } from "../money";
import type { EmailKind } from "../email-registry";

/**
 * The messages of the traveller's own actions on the booking's page (docs/product.md, Managing a
 * booking): the link sent again through 'Lost your link?', and the business's notice that the
 * traveller cancelled. Plain text; pure: the caller passes the stored row and the site's details,
 * and the outbox sends what these return.
 */

export type TravellerEmailKind = Extract<EmailKind, "manage_link" | "traveller_cancelled">;

export interface TravellerEmail {
  kind: TravellerEmailKind;
  recipient: string;
  subject: string;
  body: string;
  /** The text standing for the manage link in the body, when the body holds it. */
  manageLink?: string;
}

/** Each leg's pickup (Paris time), from and to, as the back office reads them; a line saying so when the details do not read. */
function legLines(row: BookingEmailInput, w: MailWords, s: AdminWords): string[] {
  const { legs } = bookingSummary(row, w);
  if (legs.length === 0) return ["", s("legs.unread")];
  return legs.flatMap((leg) => [
    "",
    leg.title,
    w.t("leg.pickup", { when: leg.when }),
    w.t("end.from", { end: leg.from }),
    w.t("end.to", { end: leg.to }),
  ]);
}

/** "12/05/2026" and "07:45": the first pickup; null when the details do not read. */
function firstPickupTime(row: BookingEmailInput): { date: string; time: string } | null {
  const first = legOf(readStoredDetails(row.details), 1);
  return first ? parisDateTime(first.pickupAt) : null;
}

/** " on 12/05/2026 07:45": the first pickup, for the staff's subject; "" when the details do not read. */
function firstPickup(row: BookingEmailInput, s: AdminWords): string {
  const first = firstPickupTime(row);
  return first ? s("mail.on", first) : "";
}

/**
 * The booking's link, sent again to the booking's own address after a 'Lost your link?' request.
 * `site.manageUrl` is the marker the outbox replaces with a link made as the message is sent.
 */
export function manageLinkEmail(row: BookingEmailInput, site: EmailSite & { manageUrl: string }): TravellerEmail {
  const w = travellerWords(row, site);
  const when = firstPickupTime(row);
  const asked = { orderId: row.orderId, siteName: site.siteName, route: routeText(row, w) };
  const lines = [
    greeting(row, w),
    "",
    when ? w.t("manageLink.body", { ...asked, ...when }) : w.t("manageLink.bodyUndated", asked),
    "",
    site.manageUrl,
    "",
    w.t("manageLink.opens"),
    "",
    w.t("manageLink.notAsked"),
    ...questionsLines(row, site, w),
  ];
  const message: TravellerEmail = {
    kind: "manage_link",
    recipient: oneLine(row.email),
    subject: oneLine(w.t("manageLink.subject", { siteName: site.siteName, orderId: row.orderId })),
    body: lines.join("\n") + "\n",
  };
  return withTestSubject(row, withManageLink(message, site));
}

function providerName(provider: string | null, s: AdminWords): string {
  if (provider === "stripe") return "Stripe";
  if (provider === "sandbox") return s("mail.cancel.sandbox");
  return provider ?? s("mail.cancel.provider");
}

export interface TravellerCancellation {
  /** When the traveller cancelled. */
  at: Date;
  /** What was refunded now, in cents (0: nothing was paid). */
  refundedCents: number;
  /** The provider that refunded it ("sandbox", "stripe"), when a refund was made. */
  provider: string | null;
  /** The drivers of the booking's legs, each once, who were assigned and are told the job is cancelled. */
  drivers: readonly { name: string }[];
}

/** Who drove the booking's legs and is told it is cancelled: a round trip's two legs may have two drivers. */
function driversLine(drivers: readonly { name: string }[], s: AdminWords): string {
  const names = drivers.map((d) => oneLine(d.name));
  const last = names.pop();
  if (last === undefined) return s("mail.cancel.noDriver");
  if (names.length === 0) return s("mail.cancel.driver", { name: last });
  return s("mail.cancel.drivers", { first: names.join(", "), last });
}

/**
 * The business's notice that the traveller cancelled the booking online: when, the refund made,
 * which drivers are told, and the booking as staff need it to release the job.
 */
export function travellerCancelledEmail(row: BookingEmailInput, site: EmailSite, done: TravellerCancellation): TravellerEmail {
  const w = staffWords(site);
  const s = site.staff.words;
  const refund =
    done.refundedCents > 0
      ? s("mail.cancel.refunded", { amount: formatEuros(done.refundedCents, site.staff.locale), provider: providerName(done.provider, s) })
      : s("mail.cancel.nothingPaid");
  const lines = [
    s("mail.cancel.body", { orderId: row.orderId, siteName: site.siteName, ...parisDateTime(done.at) }),
    refund,
    driversLine(done.drivers, s),
    s("mail.cancel.travellerTold"),
    "",
    ...orderLines(row, w),
    "",
    s("mail.traveller"),
    ...travellerContactLines(row, s),
    ...legLines(row, w, s),
  ];
  return withTestSubject(row, {
    kind: "traveller_cancelled",
    recipient: site.businessEmail,
    subject: oneLine(
      s("mail.cancel.subject", { orderId: row.orderId, from: placeText(row.depart), to: placeText(row.arrive), when: firstPickup(row, s) }),
    ),
    body: lines.join("\n") + "\n",
  });
}
