import type { BookingStatus, PaymentStatus } from "~/domain/back-office/statuses";
import { bookingPassengers, routeText, serviceName, type BookingWords } from "~/domain/booking/email-text";
import { bookingSummary, meetingPointOfLeg, shuttleRunOf, type LegSummary } from "~/domain/booking/booking-lines";
import type { MailWords } from "~/domain/booking/mail-words";
import type { LegRunTime } from "~/domain/runs/run-time-text";
import type { LegNumber } from "~/domain/booking/model";
import { firstPickupOf, TRAVELLER_CANCELLABLE, travellerCancelCheck } from "~/domain/manage/cancel";
import { freeCancellationText, freeCancellationUntil, timeLeft } from "~/domain/manage/deadline";
import { shownDrivers, titledDrivers, type TravellerDriver } from "~/domain/manage/leg-drivers";
import type { ManageWords } from "~/domain/manage/manage-words";
import { travellerStatus, type TravellerStatus } from "~/domain/manage/status";
import type { MeetingPoints } from "~/domain/meeting-points";
import { formatEuros } from "~/domain/money";

/**
 * The booking's page as its traveller reads it (docs/product.md, Managing a booking): every value
 * already in words, times in Paris time, built on the server from the stored row and given to
 * the page as plain data. Pure: `now` is an argument.
 */

/** What the page reads of a stored booking (structurally a bookings row): its words, its money and its state. */
export interface ManagedRow extends Omit<BookingWords, "firstname" | "lastname"> {
  orderId: string;
  test: boolean;
  priceCents: number;
  currency: string;
  paymentMode: "card" | "cash";
  status: PaymentStatus;
  bookingStatus: BookingStatus;
  refundedCents: number;
  paidAmountCents: number | null;
  paidAt: Date | null;
  firstPickupAt: Date | null;
  details: unknown;
}

/** A leg as the page shows it: the summary's words, and where the driver meets the traveller (the meeting points file). */
export type ManageLeg = Pick<LegSummary, "title" | "when" | "from" | "to" | "passengers" | "notes"> & {
  meetingPoint: string | null;
  /** The shared shuttle's planned time, in words; null before its run is planned. */
  shuttleRun: string | null;
};

export interface ManageView {
  orderId: string;
  test: boolean;
  service: string;
  route: string;
  passengers: string;
  /** The booking's state, each driver with their title in words ("Your driver for the return"). */
  status: Omit<TravellerStatus, "drivers"> & { drivers: (TravellerStatus["drivers"][number] & { title: string })[] };
  /** None when the booking's details do not read: the page then says so. */
  legs: ManageLeg[];
  luggage: string | null;
  luggageNote: string;
  /** The child seats the driver brings, in words; "" when none. */
  childSeats: string;
  /** "Amount paid", "Refunded", "To pay the driver on board"…, each with its amount. */
  money: { label: string; amount: string }[];
  /** The booking is still to take place (new, confirmed, driver assigned). */
  open: boolean;
  /** Free cancellation, while it lasts: the line, its end (ISO) and the time left at `now`. */
  deadline: { text: string; until: string; left: string } | null;
  /** Why an open booking cannot be cancelled or changed online any more, or null. */
  closedBecause: string | null;
  /** What a cancellation now refunds ("€X"), or null when nothing was paid. */
  refund: string | null;
}

function moneyLines(row: ManagedRow, words: ManageWords, w: MailWords): ManageView["money"] {
  const paid = row.paidAmountCents ?? row.priceCents;
  const euros = (cents: number) => formatEuros(cents, w.locale);
  switch (row.status) {
    case "paid":
      return [{ label: words("money.paid"), amount: euros(paid) }];
    case "partly_refunded":
    case "refunded":
      return [
        { label: words("money.paid"), amount: euros(paid) },
        { label: words("money.refunded"), amount: euros(row.refundedCents) },
      ];
    default:
      if (row.bookingStatus === "cancelled") return [{ label: words("money.paid"), amount: euros(0) }];
      return [{ label: words(row.paymentMode === "cash" ? "money.onBoard" : "money.toPay"), amount: euros(row.priceCents) }];
  }
}

function manageLegs(
  row: ManagedRow,
  legs: readonly LegSummary[],
  points: MeetingPoints | undefined,
  runs: ReadonlyMap<LegNumber, LegRunTime>,
  w: MailWords,
): ManageLeg[] {
  return legs.map((leg) => ({
    title: leg.title,
    when: leg.when,
    from: leg.from,
    to: leg.to,
    meetingPoint: meetingPointOfLeg(row, leg.number, points, w.locale) || null,
    shuttleRun: shuttleRunOf(runs, leg.number, w),
    passengers: leg.passengers,
    notes: leg.notes,
  }));
}

export interface ManageViewInput {
  /** Each leg's driver the traveller is told of, by leg number (booking-tx's assignedDrivers). */
  drivers: ReadonlyMap<LegNumber, TravellerDriver>;
  /** What a cancellation now refunds, in cents (booking-admin's refundableCents). */
  refundableCents: number;
  /** The business's meeting points, when they could be read. */
  points: MeetingPoints | undefined;
  /** Each leg's planned shuttle run, by leg number (none for a private transfer or before planning). */
  runs?: ReadonlyMap<LegNumber, LegRunTime>;
  /** The booking's words (its route, legs and luggage), in the page's language. */
  words: MailWords;
  /** The page's own words, in the same language. */
  manage: ManageWords;
  now: Date;
}

/** The page's data for a booking, as of `now`. */
export function manageView(
  row: ManagedRow,
  { drivers, refundableCents, points, runs = new Map(), words, manage, now }: ManageViewInput,
): ManageView {
  const summary = bookingSummary(row, words);
  const status = travellerStatus(
    {
      bookingStatus: row.bookingStatus,
      paymentStatus: row.status,
      paymentMode: row.paymentMode,
      priceCents: row.priceCents,
      refundedCents: row.refundedCents,
      paidAt: row.paidAt,
      drivers: shownDrivers(drivers, row.roundTrip),
    },
    manage,
    words.locale,
  );
  const open = TRAVELLER_CANCELLABLE.includes(row.bookingStatus);
  const firstPickup = firstPickupOf(row);
  const check = travellerCancelCheck({ bookingStatus: row.bookingStatus, firstPickupAt: firstPickup }, now, manage);
  const left = firstPickup ? timeLeft(freeCancellationUntil(firstPickup), now, manage) : null;
  const deadline =
    check.ok && firstPickup && left
      ? { text: freeCancellationText(firstPickup, manage), until: freeCancellationUntil(firstPickup).toISOString(), left }
      : null;
  return {
    orderId: row.orderId,
    test: row.test,
    service: serviceName(row.kind, words),
    route: routeText(row, words),
    passengers: bookingPassengers(row, words),
    status: { ...status, drivers: titledDrivers(status.drivers, manage) },
    legs: manageLegs(row, summary.legs, points, runs, words),
    luggage: summary.luggage,
    luggageNote: summary.luggageNote,
    childSeats: summary.childSeats,
    money: moneyLines(row, manage, words),
    open,
    deadline,
    closedBecause: open && !deadline ? (check.ok ? null : check.message) : null,
    refund: refundableCents > 0 ? formatEuros(refundableCents, words.locale) : null,
  };
}
