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
import { FREE_WAITING_MINUTES } from "../booking/free-waiting";
import { luggageText } from "../booking/luggage-text";
import { readStoredDetails, type LegNumber } from "../booking/model";
import type { MeetingPoints } from "../meeting-points";
import type { LegRunTime } from "../runs/run-time-text";
import { shownDrivers, titledDrivers, type ShownDriver, type TravellerDriver } from "./leg-drivers";
import type { ManageWords } from "./manage-words";

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
  /** Each driver assigned, with their leg when they do not drive every leg (leg-drivers.ts), and its title in words. */
  drivers: (ShownDriver & { title: string })[];
  /** Why the voucher cannot be used as it stands (cancelled, not paid yet); null when it can. */
  warning: string | null;
  /** A sandbox booking: no money moved. */
  test: boolean;
  /** What to do on the day, in order. */
  onTheDay: string[];
  /** What to do if the driver cannot be found, in order. */
  driverNotFound: string[];
}

function warningOf(row: VoucherBooking, words: ManageWords): string | null {
  if (row.bookingStatus === "cancelled") return words("voucher.cancelled");
  if (row.bookingStatus === "completed" || row.bookingStatus === "no_show") return words("voucher.taken");
  if (row.paymentMode === "card" && row.status !== "paid") return words("voucher.unpaid");
  return null;
}

function onTheDay(kind: string, legs: TravellerLeg[], words: ManageWords): string[] {
  const arrival = legs.some((l) => l.pickupIsFlight);
  const fromPlace = legs.some((l) => !l.pickupIsFlight);
  const lines: string[] = [];
  // The free waiting time closes the advice it belongs to: a voucher still prints on one page.
  const pickupWait = words("voucher.waitPickup", { minutes: FREE_WAITING_MINUTES.otherPickup });
  if (arrival) {
    const advice = words(kind === "shuttle" ? "voucher.arrivalShuttle" : "voucher.arrivalPrivate");
    const wait = kind === "private" ? words("voucher.waitLanding", { minutes: FREE_WAITING_MINUTES.privateArrival }) : pickupWait;
    lines.push(`${advice} ${wait}`);
  }
  if (fromPlace) lines.push(`${words(kind === "shuttle" ? "voucher.placeShuttle" : "voucher.placePrivate")} ${pickupWait}`);
  lines.push(words("voucher.phoneOn"));
  return lines;
}

/** "Call your driver, …" with each driver's name and phone, and their leg when they do not drive every leg; none before one is assigned. */
function callDriver(drivers: readonly ShownDriver[], words: ManageWords): string[] {
  const [first, second] = drivers;
  if (!first) return [];
  if (second) {
    return [
      words("voucher.callDrivers", { outbound: first.name, outboundPhone: first.phone, return: second.name, returnPhone: second.phone }),
    ];
  }
  if (first.leg) return [words("voucher.callDriverOfLeg", { leg: first.leg, name: first.name, phone: first.phone })];
  return [words("voucher.callDriver", { name: first.name, phone: first.phone })];
}

function driverNotFound(orderId: string, phone: string, drivers: readonly ShownDriver[], words: ManageWords): string[] {
  return [words("voucher.stay"), ...callDriver(drivers, words), words("voucher.callUs", { phone, orderId }), words("voucher.noOther")];
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
    /** The voucher's own words, in the same language. */
    manage: ManageWords;
  },
): VoucherView {
  const w = options.words;
  const legs = travellerLegs(row, w, options.points, options.runs);
  const drivers = shownDrivers(options.drivers ?? new Map(), row.roundTrip);
  const { manage } = options;
  return {
    orderId: row.orderId,
    service: serviceName(row.kind, w),
    route: routeText(row, w),
    name: travellerName(row),
    party: bookingPassengers(row, w),
    luggage: luggageText(readStoredDetails(row.details), w),
    legs,
    drivers: titledDrivers(drivers, manage),
    warning: warningOf(row, manage),
    test: row.test === true,
    onTheDay: onTheDay(row.kind, legs, manage),
    driverNotFound: driverNotFound(row.orderId, options.phone, drivers, manage),
  };
}
