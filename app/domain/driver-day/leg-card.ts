import type { AdminWords } from "../back-office/admin-words";
import type { MailWords } from "../booking/mail-words";
import { travellerLegs } from "../booking/booking-lines";
import { noShowFrom } from "../booking/free-waiting";
import { bagsText, childSeatsText, luggageNote } from "../booking/luggage-text";
import { readStoredDetails, type BookingLeg } from "../booking/model";
import { parisClock } from "../booking/paris-time";
import { withoutSummary } from "../booking/summary";
import { trackerUrl } from "../flights/tracker";
import type { MeetingPoints } from "../meeting-points";
import { displayPhone, telHref } from "../phone";
import type { TransferKind } from "../site-paths";
import { LEG_STEPS, orderedSteps, stepLabel, stepText, type LegStep, type RecordedStep } from "./steps";

/**
 * One leg as its driver reads it on the phone: when, where to meet, from and to, the flight, and
 * the party (name, passengers, luggage, child seats, phone, notes), with the steps recorded and
 * the buttons left. In the staff's language (the drivers have no account of their own): the
 * booking's lines in the e-mails' words, the card's own in the back office's. Pure.
 */

/** What a leg card is made from: the booking's columns and details (with legs), the leg's own. */
export interface DriverLegSource {
  orderId: string;
  leg: 1 | 2;
  pickupAt: Date;
  kind: TransferKind;
  roundTrip: boolean;
  lastname: string;
  firstname: string;
  phone: string;
  /** bookings.details with its legs (bookingColumns). */
  details: unknown;
  rideStatus: "scheduled" | "completed" | "no_show";
  steps: readonly RecordedStep[];
}

export interface DriverLegCard {
  /** orderId-leg: unique on the page. */
  key: string;
  orderId: string;
  leg: 1 | 2;
  /** HH:mm, Paris. */
  time: string;
  title: string;
  meetingPoint: string;
  from: string;
  to: string;
  flight: string | null;
  /** The flight's page on a public tracker, when the site follows no flight itself; else null. */
  tracker: string | null;
  name: string;
  passengers: string;
  luggage: string;
  childSeats: string;
  phone: string;
  phoneHref: string;
  notes: string[];
  /** The steps recorded, in the ride's order, in words ("On my way at 07:12 (Paris time)"). */
  recorded: { step: LegStep; text: string }[];
  /** Each button: its step, its words, and whether its step is already recorded. */
  buttons: { step: LegStep; label: string; done: boolean }[];
  /** "08:15": when a no-show may be recorded. */
  noShowFrom: string;
  noShow: boolean;
  /** The leg's details could not be read: only the booking's columns are shown. */
  unread: boolean;
}

/** The tracker link of the leg's flight: the landing one at the pickup, else the departing one. */
function flightTracker(leg: BookingLeg): string | null {
  const end = leg.pickup.kind === "flight" ? leg.pickup : leg.dropoff.kind === "flight" ? leg.dropoff : null;
  return end ? trackerUrl(end.flightNumber, leg.date) : null;
}

export function driverLegCard(
  source: DriverLegSource,
  points: MeetingPoints | null | undefined,
  w: MailWords,
  words: AdminWords,
  options: { trackers?: boolean } = {},
): DriverLegCard {
  const details = readStoredDetails(source.details);
  const leg = travellerLegs({ kind: source.kind, roundTrip: source.roundTrip, details: source.details }, w, points ?? undefined).find(
    (l) => l.number === source.leg,
  );
  const stored = details?.legs.find((l) => l.leg === source.leg);
  const steps = orderedSteps(source.steps);
  // The form's passengers-and-luggage block is left out: the card states both already.
  const notes = [withoutSummary(stored?.info ?? "").trim(), luggageNote(details)].filter((n) => n !== "");
  return {
    key: `${source.orderId}-${source.leg}`,
    orderId: source.orderId,
    leg: source.leg,
    time: parisClock(source.pickupAt),
    title: `${source.orderId}, ${leg?.title ?? words("driver.leg", { leg: source.leg })}`,
    meetingPoint: leg?.meetingPoint ?? "",
    from: leg?.from ?? "",
    to: leg?.to ?? "",
    flight: leg?.flight ?? null,
    tracker: options.trackers && stored ? flightTracker(stored) : null,
    name: `${source.firstname} ${source.lastname}`.trim(),
    passengers: leg?.passengers ?? "",
    luggage: details ? bagsText(details.luggage, w) : words("driver.card.notKnown"),
    childSeats: details ? childSeatsText(details.childSeats, w) || words("driver.none") : words("driver.card.notKnown"),
    phone: displayPhone(source.phone),
    phoneHref: telHref(source.phone),
    notes,
    recorded: steps.map((s) => ({ step: s.step, text: stepText(s, words) })),
    buttons: LEG_STEPS.map((step) => ({ step, label: stepLabel(step, words), done: steps.some((s) => s.step === step) })),
    noShowFrom: parisClock(noShowFrom(source.kind, { pickupAt: source.pickupAt, pickupIsFlight: leg?.pickupIsFlight ?? false })),
    noShow: source.rideStatus === "no_show",
    unread: details === null || !leg,
  };
}
