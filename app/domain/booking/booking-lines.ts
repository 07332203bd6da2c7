/**
 * A stored booking in the words its messages and pages use: each leg's title, pickup and two ends,
 * the postal address and each pickup's meeting point (the luggage: luggage-text.ts). Every reader here takes the
 * row's `details` through `readStoredDetails` (model.ts). Details that do not read are a data
 * fault: the readers then give no legs, no luggage and no address, and each message or page keeps
 * to the row's own columns and says that the legs could not be read.
 */
import { airportCodeOfPlace, meetingPointFor, type MeetingPoints } from "../meeting-points";
import type { TransferKind } from "../site-paths";
import type { Locale } from "../locales";
import { TERMINAL_NOT_KNOWN } from "../terminals";
import { oneLine, passengersText, placeText } from "./email-text";
import type { MailWords } from "./mail-words";
import { bagsText, childSeatsText, luggageNote } from "./luggage-text";
import { runTimeText, type LegRunTime } from "../runs/run-time-text";
import { readStoredDetails, type BookingEnd, type BookingLeg, type Customer, type LegNumber, type StoredDetails } from "./model";
import { formatFrenchDate, formatParisDateTime, parisDateTime, parseIsoDate } from "./paris-time";

/** What the business's messages say in place of the legs when the details could not be read. */
export const UNREAD_LEGS = "The leg details stored with this booking could not be read.";

/** Which end of a leg: the pickup ("from") or the drop-off ("to"). */
export type EndRole = "from" | "to";

/** The leg's yyyy-MM-dd day as "12/05/2026"; as written when it is not such a day. */
export function legDate(leg: BookingLeg): string {
  const d = parseIsoDate(leg.date);
  return d ? formatFrenchDate(d) : oneLine(leg.date);
}

/** An HH:MM time as given; "" for anything else. */
export function clock(value: string | null): string {
  const s = (value ?? "").trim();
  return /^\d{1,2}:\d{2}$/.test(s) ? s : "";
}

/** Which leg this is, as the words name it: a one-way trip's one transfer, or a round trip's outbound or return. */
export type LegKind = "transfer" | "outbound" | "return";

export function legKind(leg: number, roundTrip: boolean): LegKind {
  if (!roundTrip) return "transfer";
  return leg === 2 ? "return" : "outbound";
}

/** "Transfer" for a one-way trip; "Outbound" or "Return" for a round trip's legs. */
export function legTitle(leg: BookingLeg, roundTrip: boolean, w: MailWords): string {
  return w.t(`leg.${legKind(leg.leg, roundTrip)}`);
}

/** "12/05/2026 at 07:45 (Paris time)": the pickup moment the booking rules measured. */
function pickupText(leg: Pick<BookingLeg, "pickupAt">, w: MailWords): string {
  return w.t("leg.when", parisDateTime(leg.pickupAt));
}

/** "Pick-up: 12/05/2026 at 07:45 (Paris time)". */
export function pickupLine(leg: Pick<BookingLeg, "pickupAt">, w: MailWords): string {
  return w.t("leg.pickup", { when: pickupText(leg, w) });
}

/**
 * "Terminal 2E" or "Terminal not known yet" at an airport end whose terminal is stored; null
 * elsewhere. The booking form asks for a pickup's terminal only, so a drop-off's shows only when one
 * is given.
 */
function terminalOf(end: BookingEnd, role: EndRole, w: MailWords): string | null {
  if (end.terminal === undefined || airportCodeOfPlace(end.place.trim()) === null) return null;
  const stored = oneLine(end.terminal);
  if (role === "to" && stored === "") return null;
  return stored === TERMINAL_NOT_KNOWN ? w.t("end.terminalNotKnown") : w.t("end.terminal", { terminal: stored });
}

/** The end's place as people read it; "(not given)" when none is stored. */
function placeName(end: BookingEnd, w: MailWords): string {
  return placeText(end.place) || w.t("end.notGiven");
}

/** The end's place as people read it, with its terminal at an airport. */
function placeWithTerminal(end: BookingEnd, role: EndRole, w: MailWords): string {
  const terminal = terminalOf(end, role, w);
  return placeName(end, w) + (terminal ? `, ${terminal}` : "");
}

/**
 * A flight's words after its name: "from London, landing 10:00 (Paris time)" at a pickup,
 * "to Rome, takeoff …" at a drop-off; each part only when given. `name` opens them ("flight BA304").
 */
function flightWords(end: BookingEnd, role: EndRole, name: string, w: MailWords): string {
  const city = oneLine(end.flightCity);
  const time = clock(end.flightTime);
  const named = city ? `${name} ${w.t(role === "from" ? "flight.fromCity" : "flight.toCity", { city })}` : name;
  return time ? `${named}, ${w.t(role === "from" ? "flight.landing" : "flight.takeoff", { time })}` : named;
}

/**
 * The end after its label: the place, then the flight (number, city, time) at an airport, or the
 * hotel and address, with the postcode when `full`.
 */
function endText(end: BookingEnd, role: EndRole, full: boolean, w: MailWords): string {
  const place = placeWithTerminal(end, role, w);
  if (end.kind === "flight") {
    const number = oneLine(end.flightNumber);
    return `${place} (${flightWords(end, role, number ? w.t("flight.named", { number }) : w.t("flight.unnamed"), w)})`;
  }
  const where = full ? [end.hotel, end.address, end.zip] : [end.hotel, end.address];
  const parts = where.map(oneLine).filter((s) => s !== "");
  return parts.length > 0 ? `${place} (${parts.join(", ")})` : place;
}

/** "From: …" or "To: …". */
export function endLine(end: BookingEnd, role: EndRole, full: boolean, w: MailWords): string {
  return w.t(role === "from" ? "end.from" : "end.to", { end: endText(end, role, full, w) });
}

/** "BA304 from London, landing 10:00 (Paris time)" at a flight's end; null at a place. */
function flightText(end: BookingEnd, role: EndRole, w: MailWords): string | null {
  if (end.kind !== "flight") return null;
  return flightWords(end, role, oneLine(end.flightNumber) || w.t("flight.title"), w);
}

/** "1 rue de Rivoli, 75001 Paris, France"; null when no part of it is given. */
export function postalAddress(customer: Customer): string | null {
  const town = [customer.postcode, customer.city]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(" ");
  const parts = [customer.address, town, customer.country].map(oneLine).filter((s) => s !== "");
  return parts.length > 0 ? parts.join(", ") : null;
}

/** A block of free text, indented so it reads as one item under its label. */
export function block(label: string, text: string): string[] {
  const lines = text.split(/\r?\n/).map((l) => l.trimEnd());
  return [`${label}:`, ...lines.map((l) => `  ${l}`)];
}

/**
 * The meeting points file's service for a booking's kind. The one rule for a kind that is neither
 * (none the site stores): no service, so no meeting point anywhere (e-mails, booking page, voucher,
 * calendar, reminder) rather than another service's, which could send the traveller to the wrong
 * place; the pickup place itself then stands for it.
 */
function serviceOf(kind: string): TransferKind | null {
  return kind === "shuttle" || kind === "private" ? kind : null;
}

/**
 * Where the driver meets the traveller at the leg's pickup (its place, terminal and the service),
 * in `locale` where the file gives it; "" when unknown.
 */
function pickupMeetingPoint(leg: BookingLeg, kind: string, points: MeetingPoints | null | undefined, locale: Locale): string {
  const service = serviceOf(kind);
  const place = leg.pickup.place.trim();
  if (!points || !service || place === "") return "";
  return meetingPointFor(points, place, oneLine(leg.pickup.terminal ?? ""), service, locale);
}

/**
 * The meeting point of leg `leg` (1 outbound, 2 return) of a stored booking: the meeting points
 * file's text for its pickup's place and terminal and the booking's service, in `locale` where the
 * file gives it. "" without the file, without such a leg or a stored pickup place, or for a kind
 * that is not a service (serviceOf).
 */
export function meetingPointOfLeg(
  row: { kind: string; details: unknown },
  leg: number,
  points: MeetingPoints | null | undefined,
  locale: Locale = "en",
): string {
  const found = readStoredDetails(row.details)?.legs.find((l) => l.leg === leg);
  return found ? pickupMeetingPoint(found, row.kind, points, locale) : "";
}

/**
 * Each leg as the traveller reads it: when (Paris time), from (with the terminal), to, and the
 * meeting point when the site's meeting points are given; a line saying so when the details do
 * not read.
 */
export function travellerLegLines(
  row: { kind: string; roundTrip: boolean },
  details: StoredDetails | null,
  w: MailWords,
  points?: MeetingPoints | null,
): string[] {
  if (!details) return ["", w.t("legs.unread")];
  return details.legs.flatMap((leg) => {
    const meetingPoint = pickupMeetingPoint(leg, row.kind, points, w.locale);
    return [
      "",
      legTitle(leg, row.roundTrip, w),
      pickupLine(leg, w),
      endLine(leg.pickup, "from", false, w),
      endLine(leg.dropoff, "to", false, w),
      ...(meetingPoint ? [w.t("line.meetingPoint", { point: meetingPoint })] : []),
    ];
  });
}

// ---------------------------------------------------------------------------------------------
// The traveller's voucher and calendar file

/** One leg as the voucher and the calendar file show it. */
export interface TravellerLeg {
  number: number;
  /** "Transfer", "Outbound" or "Return". */
  title: string;
  pickupAt: Date;
  /** "12/05/2026 at 07:45 (Paris time)". */
  when: string;
  /** The pickup place, with its terminal at an airport ("Charles de Gaulle Airport (CDG), Terminal 2E"). */
  from: string;
  to: string;
  /** The pickup and drop-off places alone ("Charles de Gaulle Airport (CDG)"). */
  fromPlace: string;
  toPlace: string;
  /** Each end in full: place, terminal, flight or hotel and address, as the e-mails write it. */
  fromDetail: string;
  toDetail: string;
  /** "BA304 from London, landing 10:00 (Paris time)" for a flight at either end; null without one. */
  flight: string | null;
  /** The pickup's terminal ("Terminal 2E", "Terminal not known yet") at an airport; null elsewhere. */
  terminal: string | null;
  passengers: string;
  /** Where the driver meets the traveller; "" when the meeting points have none for it. */
  meetingPoint: string;
  durationMinutes: number;
  /** The wait at the pickup (luggage at the airport) before the drive, from the price file. */
  delayDepartMinutes: number;
  /** Whether the pickup is a flight's landing. */
  pickupIsFlight: boolean;
  /** The shared shuttle's planned time for this leg (run-time-text.ts), or null before its run is planned. */
  shuttleRun: string | null;
}

/** The leg's shuttle time in words, when its run is planned. */
export function shuttleRunOf(runs: ReadonlyMap<number, LegRunTime>, leg: number, w: MailWords): string | null {
  const run = runs.get(leg);
  return run ? runTimeText(run, w) : null;
}

/** A stored booking's legs for the voucher and the calendar file, with each pickup's meeting point; none when the details do not read. */
export function travellerLegs(
  row: { kind: string; roundTrip: boolean; details: unknown },
  w: MailWords,
  points?: MeetingPoints,
  runs: ReadonlyMap<LegNumber, LegRunTime> = new Map(),
): TravellerLeg[] {
  const details = readStoredDetails(row.details);
  return (details?.legs ?? []).map((leg) => ({
    number: leg.leg,
    title: legTitle(leg, row.roundTrip, w),
    pickupAt: leg.pickupAt,
    when: pickupText(leg, w),
    from: placeWithTerminal(leg.pickup, "from", w),
    to: placeWithTerminal(leg.dropoff, "to", w),
    fromPlace: placeName(leg.pickup, w),
    toPlace: placeName(leg.dropoff, w),
    fromDetail: endText(leg.pickup, "from", true, w),
    toDetail: endText(leg.dropoff, "to", true, w),
    flight: flightText(leg.pickup, "from", w) ?? flightText(leg.dropoff, "to", w),
    terminal: terminalOf(leg.pickup, "from", w) ?? terminalOf(leg.dropoff, "to", w),
    passengers: passengersText(leg.passengers, w),
    meetingPoint: pickupMeetingPoint(leg, row.kind, points, w.locale),
    durationMinutes: leg.durationMinutes,
    delayDepartMinutes: leg.delayDepartMinutes,
    pickupIsFlight: leg.pickup.kind === "flight",
    shuttleRun: shuttleRunOf(runs, leg.leg, w),
  }));
}

// ---------------------------------------------------------------------------------------------
// The booking's pages

export interface LegSummary {
  /** 1 outbound, 2 return. */
  number: number;
  title: string;
  /** The pickup moment (an ISO instant). */
  pickupAt: string;
  /** "12/05/2026 at 07:45 (Paris time)". */
  pickupText: string;
  /** "12/05/2026 07:45 (Paris time)": the pickup as the traveller's page and notices give it. */
  when: string;
  from: string;
  to: string;
  passengers: string;
  notes: string;
}

/**
 * A stored booking's legs, luggage and postal address as its pages list them: each end with its
 * place, flight (number, city, time), hotel, address and postcode, in the e-mails' words. No legs,
 * luggage or address when the details do not read.
 */
export function bookingSummary(
  row: { roundTrip: boolean; details: unknown },
  w: MailWords,
): {
  legs: LegSummary[];
  luggage: string | null;
  luggageNote: string;
  /** The child seats to fit, in words; "" when none is asked or the details do not read. */
  childSeats: string;
  address: string | null;
} {
  const details = readStoredDetails(row.details);
  if (!details) return { legs: [], luggage: null, luggageNote: "", childSeats: "", address: null };
  const legs = details.legs.map((leg) => ({
    number: leg.leg,
    title: w.t("leg.numbered", { title: legTitle(leg, row.roundTrip, w), number: leg.leg }),
    pickupAt: leg.pickupAt.toISOString(),
    pickupText: pickupText(leg, w),
    when: w.t("leg.whenShort", { dateTime: formatParisDateTime(leg.pickupAt) }),
    from: endText(leg.pickup, "from", true, w),
    to: endText(leg.dropoff, "to", true, w),
    passengers: passengersText(leg.passengers, w),
    notes: leg.info.trim(),
  }));
  return {
    legs,
    luggage: bagsText(details.luggage, w),
    childSeats: childSeatsText(details.childSeats, w),
    luggageNote: luggageNote(details),
    address: postalAddress(details.customer),
  };
}
