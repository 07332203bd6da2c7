/**
 * What the printable voucher says (docs/product.md, Voucher and calendar): the order id, the
 * traveller's party, each leg in Paris time with its flight, terminal and meeting point, the
 * business phone, and what to do if the driver cannot be found. Pure: the page
 * (app/routes/my-booking/voucher.tsx) draws the QR code of the booking's link and lays this out.
 *
 * The advice repeats what the site already says (the Information page): a private driver follows
 * the flight and is there at its real landing time; a shared shuttle may wait 15 to 30 minutes
 * for the other passengers; at a hotel, the shuttle collects its travellers in the lobby and they
 * are there 10 minutes before the pick-up time.
 */
import type { MailWords } from "../booking/mail-words";
import { travellerLegs, type TravellerLeg } from "../booking/booking-lines";
import type { BookingEmailInput } from "../booking/email-frame";
import { bookingPassengers, routeText, serviceName, travellerName } from "../booking/email-text";
import { freeWaitingText } from "../booking/free-waiting";
import { luggageText } from "../booking/luggage-text";
import { readStoredDetails, type LegNumber } from "../booking/model";
import type { MeetingPoints } from "../meeting-points";
import type { LegRunTime } from "../runs/run-time-text";
import type { TransferKind } from "../site-paths";
import { shownDrivers, type ShownDriver, type TravellerDriver } from "./leg-drivers";

export type VoucherBooking = Pick<
  BookingEmailInput,
  "orderId" | "kind" | "roundTrip" | "depart" | "arrive" | "firstname" | "lastname" | "adults" | "children" | "babies" | "details"
> & {
  bookingStatus: string;
  /** The payment's status: a booking not paid by card yet has a voucher that says so. */
  status: string;
  paymentMode: string;
  test?: boolean;
};

export interface VoucherView {
  orderId: string;
  service: string;
  route: string;
  /** The name the driver asks for (and writes on the sign of a private transfer). */
  name: string;
  party: string;
  luggage: string | null;
  /** None when the booking's details do not read: the page then says so. */
  legs: TravellerLeg[];
  /** Each driver assigned, with their leg when they do not drive every leg (leg-drivers.ts). */
  drivers: ShownDriver[];
  /** Why the voucher cannot be used as it stands (cancelled, not paid yet); null when it can. */
  warning: string | null;
  /** A sandbox booking: no money moved. */
  test: boolean;
  /** What to do on the day, in order. */
  onTheDay: string[];
  /** What to do if the driver cannot be found, in order. */
  driverNotFound: string[];
}

function warningOf(row: VoucherBooking): string | null {
  if (row.bookingStatus === "cancelled") return "This booking is cancelled: this voucher is no longer valid.";
  if (row.bookingStatus === "completed" || row.bookingStatus === "no_show") return "This booking's transfers have taken place.";
  if (row.paymentMode === "card" && row.status !== "paid") return "This booking is not paid yet: the voucher is valid once it is paid.";
  return null;
}

function onTheDay(kind: string, legs: TravellerLeg[]): string[] {
  const arrival = legs.some((l) => l.pickupIsFlight);
  const fromPlace = legs.some((l) => !l.pickupIsFlight);
  const lines: string[] = [];
  // The free waiting time closes the advice it belongs to: a voucher still prints on one page.
  const kindOf: TransferKind = kind === "private" ? "private" : "shuttle";
  const waits = (pickupIsFlight: boolean) => ` ${freeWaitingText(kindOf, pickupIsFlight)}`;
  if (arrival) {
    lines.push(
      kind === "shuttle"
        ? "After collecting your luggage, go to the meeting point given for your transfer, where the driver checks your name on the passenger list. The shuttle is shared: you may wait 15 to 30 minutes for the other passengers."
        : "After collecting your luggage, go to the meeting point given for your transfer: your driver waits there with a sign bearing your name. We follow your flight, so the driver is there at its real landing time, even if it is early or late.",
    );
    lines[lines.length - 1] += waits(true);
  }
  if (fromPlace) {
    lines.push(
      kind === "shuttle"
        ? "From a hotel or an address: be in the lobby (or at the door) 10 minutes before the pick-up time, with your luggage."
        : "From a hotel or an address: be ready in the lobby (or at the door) a few minutes before the pick-up time, with your luggage and travel documents.",
    );
    lines[lines.length - 1] += waits(false);
  }
  lines.push("Keep your phone on: the driver may call you on the number you gave when booking.");
  return lines;
}

/** "Call your driver, …" with each driver's name and phone, and their leg when they do not drive every leg; none before one is assigned. */
function callDriver(drivers: readonly ShownDriver[]): string[] {
  const [only] = drivers;
  if (!only) return [];
  if (drivers.length === 1 && only.leg === null) return [`Call your driver, ${only.name}, on ${only.phone}.`];
  return [`Call your driver: ${drivers.map((d) => `${d.leg ? `for the ${d.leg}, ` : ""}${d.name}, on ${d.phone}`).join("; ")}.`];
}

function driverNotFound(orderId: string, phone: string, drivers: readonly ShownDriver[]): string[] {
  return [
    "Stay at the meeting point: the driver looks for you there.",
    ...callDriver(drivers),
    `Call us on ${phone}, quoting your order number ${orderId}.`,
    "Do not leave with another driver or a taxi driver who offers to take you: your driver knows your name and this order number.",
  ];
}

/**
 * The voucher of a stored booking, with each pickup's meeting point when the file is given, and
 * each leg's driver the traveller is told of (booking-tx's assignedDrivers), by leg number.
 */
export function voucherView(
  row: VoucherBooking,
  options: {
    phone: string;
    points?: MeetingPoints;
    drivers?: ReadonlyMap<LegNumber, TravellerDriver>;
    /** Each leg's planned shuttle run, by leg number. */
    runs?: ReadonlyMap<LegNumber, LegRunTime>;
    /** The booking's words, in the voucher's language. */
    words: MailWords;
  },
): VoucherView {
  const w = options.words;
  const legs = travellerLegs(row, w, options.points, options.runs);
  const drivers = shownDrivers(options.drivers ?? new Map(), row.roundTrip);
  return {
    orderId: row.orderId,
    service: serviceName(row.kind, w),
    route: routeText(row, w),
    name: travellerName(row),
    party: bookingPassengers(row, w),
    luggage: luggageText(readStoredDetails(row.details), w),
    legs,
    drivers,
    warning: warningOf(row),
    test: row.test === true,
    onTheDay: onTheDay(row.kind, legs),
    driverNotFound: driverNotFound(row.orderId, options.phone, drivers),
  };
}
