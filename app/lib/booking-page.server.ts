import { and, asc, desc, eq, lt } from "drizzle-orm";
import { bookings, drivers, outbox, paymentEvents } from "../../db/schema";
import { bookingStatusIn, paymentStatusIn, type AdminWords } from "~/domain/back-office/admin-words";
import { historyActionIn, vehicleNeededIn } from "~/domain/back-office/booking-page-words";
import { auditActorText } from "~/domain/back-office/staff-accounts";
import { availableActions, canRefund, type StatusAction } from "~/domain/back-office/statuses";
import { bookingSummary } from "~/domain/booking/booking-lines";
import { bookingLoad } from "~/domain/booking/capacity";
import { type LegNumber, legOf, readStoredDetails } from "~/domain/booking/model";
import { formatParisDateTime, parisDateTime } from "~/domain/booking/paris-time";
import { trackerUrl } from "~/domain/flights/tracker";
import { activeCapacities, driverVehicleText, type Vehicle } from "~/domain/fleet";
import { type BackOfficeLocale, LOCALE_NAMES } from "~/domain/locales";
import { formatEuros } from "~/domain/money";
import { bookingHistory, type AuditEvent } from "./audit.server";
import { resendRefusal } from "./booking-admin.server";
import { OUTSIDE_PROVIDER, refundableCents } from "./booking-refunds.server";
import { legDrivers, statusFacts, type DriverRow, type OutboxRow } from "./booking-tx.server";
import { bookingColumns } from "./booking-store.server";
import type { BookingRow } from "./bookings.server";
import type { Db } from "./db.server";
import { adminWordsIn, mailWordsIn } from "./i18n.server";
import { outboxState, type OutboxState } from "./mail.server";

/**
 * What the back office's page of one booking reads (the booking, its legs' drivers, e-mails,
 * refunds and history), and how it shows them in the member's language (bookingView).
 */

export interface PageEmail {
  id: number;
  kind: OutboxRow["kind"];
  recipient: string;
  subject: string;
  state: OutboxState;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
  resentFrom: number | null;
  /** Whether its text is still kept, so it can be sent again. */
  resendable: boolean;
  /** Why the booking's state keeps it from being sent again (resendRefusal), in the member's words, or null. */
  notAgain: string | null;
}

export interface RefundRecord {
  eventId: string;
  provider: string;
  amountCents: number;
  at: Date;
}

export interface BookingPage {
  row: BookingRow;
  /** Each leg's driver, by leg number. */
  legDrivers: Map<LegNumber, DriverRow>;
  activeDrivers: DriverRow[];
  emails: PageEmail[];
  refunds: RefundRecord[];
  history: AuditEvent[];
  actions: StatusAction[];
}

/** Everything the booking's page shows, its sentences in the member's `words`, or null when there is no such order. */
export async function loadBookingPage(db: Db, orderId: string, words: AdminWords): Promise<BookingPage | null> {
  const row = (await db.select(bookingColumns).from(bookings).where(eq(bookings.orderId, orderId)).limit(1))[0];
  if (!row) return null;
  const [byLeg, activeDrivers, mails, refunds, history] = await Promise.all([
    legDrivers(db, orderId),
    db.select().from(drivers).where(eq(drivers.active, true)).orderBy(asc(drivers.name), asc(drivers.id)),
    db.select().from(outbox).where(eq(outbox.orderId, orderId)).orderBy(asc(outbox.id)),
    db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.orderId, orderId), lt(paymentEvents.amountCents, 0)))
      .orderBy(desc(paymentEvents.receivedAt)),
    bookingHistory(db, orderId),
  ]);
  return {
    row,
    legDrivers: byLeg,
    activeDrivers,
    emails: mails.map((m) => ({
      id: m.id,
      kind: m.kind,
      recipient: m.recipient,
      subject: m.subject,
      state: outboxState(m),
      attempts: m.attempts,
      createdAt: m.createdAt,
      sentAt: m.sentAt,
      resentFrom: m.resentFrom,
      resendable: m.body !== "",
      notAgain: resendRefusal(row, m, byLeg, words),
    })),
    refunds: refunds.map((r) => ({ eventId: r.eventId, provider: r.provider, amountCents: -r.amountCents, at: r.receivedAt })),
    history,
    actions: availableActions(statusFacts(row)),
  };
}

/** A date as the page gives it, in Paris time ("12/05/2026 07:45"); "" for none. */
const at = (d: Date | string | null) => (d ? formatParisDateTime(new Date(d)) : "");

/**
 * The booking as its page shows it, in the member's language (`locale`): every value already in
 * words (the legs in the e-mails' words), dates in Paris time, the active `fleet` naming the
 * drivers' vehicles and the vehicle a private party needs.
 */
export function bookingView(page: BookingPage, fleet: readonly Vehicle[], locale: BackOfficeLocale) {
  const words = adminWordsIn(locale);
  const { row } = page;
  const summary = bookingSummary(row, mailWordsIn(locale));
  const stored = readStoredDetails(row.details);
  const paid = row.status === "paid" || row.status === "refunded" || row.status === "partly_refunded";
  const vehicle = (id: number | null, note: string) => driverVehicleText(fleet, id, note);
  return {
    booking: {
      orderId: row.orderId,
      test: row.test,
      source: words("booking.source", { source: row.source }),
      locale: row.locale,
      language: LOCALE_NAMES[row.locale],
      bookingStatus: bookingStatusIn(words, row.bookingStatus),
      paymentStatus: paymentStatusIn(words, row.status),
      kind: words("booking.service", { kind: row.kind }),
      route: words("booking.route", { from: row.depart, to: row.arrive, roundTrip: row.roundTrip ? "yes" : "no" }),
      roundTrip: row.roundTrip,
      /** Still to be driven: a flight's landing time may change. */
      open: row.bookingStatus === "new" || row.bookingStatus === "confirmed" || row.bookingStatus === "driver_assigned",
      passengers: words("booking.passengers", { adults: row.adults, children: row.children, babies: row.babies }),
      legs: summary.legs.map((leg) => {
        const driver = page.legDrivers.get(leg.number === 2 ? 2 : 1);
        const storedLeg = legOf(stored, leg.number === 2 ? 2 : 1);
        const pickup = storedLeg?.pickup;
        return {
          ...leg,
          // An arriving flight's landing time, which staff change when the flight is late or early.
          landing:
            pickup?.kind === "flight" ? { time: pickup.flightTime ?? "", tracker: trackerUrl(pickup.flightNumber, storedLeg!.date) } : null,
          when: at(leg.pickupAt),
          driver: driver
            ? { id: driver.id, name: driver.name, phone: driver.phone, vehicle: vehicle(driver.vehicleId, driver.vehicleNote) }
            : null,
        };
      }),
      luggage: summary.luggage,
      luggageNote: summary.luggageNote,
      vehicleNeeded: stored
        ? vehicleNeededIn(
            words,
            row.kind,
            bookingLoad({ ...stored, passengers: { total: row.adults + row.children + row.babies } }),
            activeCapacities(fleet),
          )
        : null,
      childSeats: summary.childSeats,
      traveller: {
        name: `${row.firstname} ${row.lastname}`.trim(),
        email: row.email,
        phone: row.phone,
        address: summary.address,
      },
      refundable: refundableCents(row),
      refundableText: formatEuros(refundableCents(row), locale),
      createdAt: at(row.createdAt),
      confirmedAt: at(row.confirmedAt),
      cancelledAt: at(row.cancelledAt),
    },
    payment: {
      price: formatEuros(row.priceCents, locale),
      priceOverrideReason: row.priceOverrideReason,
      paymentMode: words("booking.paymentMode", { mode: row.paymentMode }),
      paidAmount: paid ? formatEuros(row.paidAmountCents ?? row.priceCents, locale) : null,
      paidAt: at(row.paidAt),
      refunded: formatEuros(row.refundedCents, locale),
      paymentProvider: row.paymentProvider,
      paymentRef: row.paymentRef,
      paymentIssue: row.paymentIssue,
    },
    drivers: page.activeDrivers.map((d) => ({ id: d.id, name: d.name, vehicle: vehicle(d.vehicleId, d.vehicleNote) })),
    emails: page.emails.map((e) => ({
      id: e.id,
      kind: e.kind,
      recipient: e.recipient,
      subject: e.subject,
      state: e.state,
      attempts: e.attempts,
      createdAt: at(e.createdAt),
      sentAt: at(e.sentAt),
      copyOf: e.resentFrom,
      resendable: e.resendable,
      notAgain: e.notAgain,
    })),
    refunds: page.refunds.map((r) => ({
      id: r.eventId,
      outside: r.provider === OUTSIDE_PROVIDER,
      provider: r.provider,
      amount: formatEuros(r.amountCents, locale),
      ...parisDateTime(r.at),
    })),
    notes: page.history
      .filter((h) => h.action === "note_added")
      .map((h) => ({ id: h.id, at: at(h.at), actor: auditActorText(h, words), text: h.detail })),
    history: page.history.map((h) => ({
      id: h.id,
      at: at(h.at),
      actor: auditActorText(h, words),
      action: historyActionIn(words, h.action),
      detail: h.detail,
    })),
    actions: page.actions,
    canRefund: canRefund({ bookingStatus: row.bookingStatus, refundableCents: refundableCents(row) }).ok,
  };
}
