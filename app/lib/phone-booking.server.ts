import { randomUUID } from "node:crypto";
import type { AdminWords } from "~/domain/back-office/admin-words";
import { phoneStartDraft, PHONE_FIELDS, type DoneCode, type PhoneRoute } from "~/domain/back-office/booking-actions";
import { FLIGHT_END, isRoundTrip } from "~/domain/booking/draft";
import { CUSTOMER, LINK_QUERY, TRIP, endFields, legFields, type End, type Leg } from "~/domain/booking/fields";
import type { BookingEnd } from "~/domain/booking/model";
import { hotelChoices } from "~/domain/booking/quote";
import type { VehicleCapacity } from "~/domain/fleet";
import type { PriceRow } from "~/domain/pricing/csv";
import type { EmailSite } from "~/domain/booking/email-frame";
import { paymentLinkEmail } from "~/domain/booking/staff-emails";
import type { Booking } from "~/domain/booking/validation";
import { formatEuros } from "~/domain/money";
import { auditChange, queueEmails, type Actor } from "./booking-tx.server";
import { saveBooking, type BookingRow } from "./bookings.server";
import type { Db } from "./db.server";
import type { Locale } from "~/domain/locales";
import { PaymentLinkFailed } from "./payment-links.server";

/**
 * A booking taken by phone (docs/product.md, Back office): the form's shape for a route, where the
 * rules' problems show on it, and the booking stored as the public form stores one.
 */

/** One end of a leg as the form asks for it: the form's end, its place and its kind. */
type FormEnd = { end: End } & Pick<BookingEnd, "place" | "kind">;

/** The form's shape for a route: each leg's two ends, which are flights, and the hotels of its zones. */
function shapeOf(draft: Record<string, string>) {
  const legs: Leg[] = isRoundTrip(draft) ? [1, 2] : [1];
  return {
    legs: legs.map((leg) => ({
      leg,
      ends: (["pu", "drop"] as const).map((end): FormEnd => ({
        end,
        place: draft[endFields(end, leg).lieu] ?? "",
        kind: draft[endFields(end, leg).type] === FLIGHT_END ? "flight" : "address",
      })),
    })),
    hotels: hotelChoices(draft).map((h) => ({ id: h.id, name: h.name })),
  };
}

/** The form for a route of the price file (null for any other): its starting values, hidden fields, shape and prices. */
export function phoneFormView(route: PhoneRoute, rows: readonly PriceRow[], known: readonly string[], fleet: readonly VehicleCapacity[]) {
  const [depart, arrive] = [route[LINK_QUERY.depart], route[LINK_QUERY.arrive]];
  if (!known.includes(depart) || !known.includes(arrive) || depart === arrive) return null;
  const start = phoneStartDraft(route, rows, fleet, new Date());
  return {
    values: Object.fromEntries([...PHONE_FIELDS, CUSTOMER.country].map((name) => [name, start[name] ?? ""])),
    hidden: {
      [TRIP.depart]: start[TRIP.depart] ?? "",
      [TRIP.arrive]: start[TRIP.arrive] ?? "",
      [TRIP.kind]: start[TRIP.kind] ?? "",
      [TRIP.trips]: start[TRIP.trips] ?? "1",
      [TRIP.submissionToken]: randomUUID(),
    },
    shape: shapeOf(start),
    filePrice: { card: Number(start[TRIP.priceCard]) || 0, cash: Number(start[TRIP.priceCash]) || 0 },
  };
}

const LEGS: readonly Leg[] = [1, 2];

/** Fields the rules name that this form asks as another: a leg's date as typed, its pick-up minute with the hour. */
const ASKED_AS: Readonly<Record<string, string>> = Object.fromEntries(
  LEGS.flatMap((leg) => [
    [legFields(leg).date, legFields(leg).frenchDate],
    [legFields(leg).timeM, legFields(leg).timeH],
  ]),
);

/** An end's hotel number, shown at its hotel name when the form asks for one (staff may type a hotel not in the list). */
const HOTEL_NAME_OF: Readonly<Record<string, string>> = Object.fromEntries(
  LEGS.flatMap((leg) => (["pu", "drop"] as const).map((end) => [endFields(end, leg).hotelN, endFields(end, leg).hotel])),
);

/** Where a rule's problem is shown on the phone form: the field staff fill, or the form as a whole. */
export function phoneProblemField(field: string, shown: ReadonlySet<string>): string | null {
  const alias = ASKED_AS[field] ?? field;
  const name = HOTEL_NAME_OF[alias] ?? alias;
  return shown.has(name) ? name : shown.has(alias) ? alias : null;
}

export interface PhoneBooking {
  booking: Booking;
  /** What the traveller pays, in cents: the price file's, or the staff's own with `overrideReason`. */
  priceCents: number;
  /** The price file's price, for the history when staff set another one. */
  filePriceCents: number;
  overrideReason: string | null;
  /** cash: paid to the driver on board; link: the traveller is e-mailed a payment link. */
  payment: "cash" | "link";
  /** The traveller's language: their e-mails, the payment link's first, speak it (English when not given). */
  locale?: Locale;
  test: boolean;
}

export type PhoneOutcome = { ok: true; orderId: string; done: DoneCode } | { ok: false; status: 409 | 502; message: string };

/**
 * Stores a booking taken by phone (source phone) with its history row and, for a card booking,
 * the payment link e-mail, in one transaction. `checkoutUrl` makes the link (an absolute URL); a
 * provider that fails rolls everything back. The form's one-time token makes a second post of the
 * same form (a double click) find the first booking, with nothing written twice. A refusal is in
 * `words`, the member's; the history row is in English, the business's record.
 */
export async function createPhoneBooking(
  db: Db,
  input: PhoneBooking,
  actor: Actor,
  site: EmailSite,
  checkoutUrl: (row: BookingRow) => Promise<string>,
  words: AdminWords,
): Promise<PhoneOutcome> {
  try {
    return await db.transaction(async (tx): Promise<PhoneOutcome> => {
      const saved = await saveBooking(tx as unknown as Db, {
        booking: input.booking,
        priceCents: input.priceCents,
        test: input.test,
        source: "phone",
        paymentMode: input.payment === "cash" ? "cash" : "card",
        priceOverrideReason: input.overrideReason,
        locale: input.locale,
      });
      const { row } = saved;
      if (saved.outcome === "paid" || saved.outcome === "paid-differs") {
        return { ok: false, status: 409, message: words("phone.problem.alreadyPaid", { orderId: row.orderId }) };
      }
      const done: DoneCode = input.payment === "link" ? "created_link" : "created";
      if (saved.outcome === "unchanged") return { ok: true, orderId: row.orderId, done };
      const price = input.overrideReason
        ? `${formatEuros(input.priceCents)}, set by staff instead of the price file's ${input.filePriceCents > 0 ? formatEuros(input.filePriceCents) : "(none)"}: ${input.overrideReason}`
        : `${formatEuros(input.priceCents)} from the price file`;
      const how = input.payment === "cash" ? "to be paid on board" : "the payment link is e-mailed to the traveller";
      const what =
        saved.outcome === "created" ? "Took the booking by phone" : "Changed the booking taken by phone (its form was sent again)";
      if (input.payment === "link") {
        await queueEmails(tx, row.orderId, [paymentLinkEmail(row, site, await checkoutUrl(row))]);
      }
      await auditChange(tx, actor, row.orderId, "booking_created", `${what}: ${price}; ${how}.`);
      return { ok: true, orderId: row.orderId, done };
    });
  } catch (error) {
    if (!(error instanceof PaymentLinkFailed)) throw error;
    return { ok: false, status: 502, message: words("phone.problem.linkFailed", { reason: error.message }) };
  }
}
