/**
 * What the booking's calendar file says (docs/product.md, Voucher and calendar): one event per leg,
 * from the pickup to the arrival, in Paris time; none when the booking's details do not read.
 * Pure: the file itself is written by app/lib/calendar.server.ts from these events.
 *
 * Each event's UID is the order id and the leg number at the site's host, so the file sent again
 * (the confirmation at payment, the one staff send, the page's download) updates the same events
 * in the traveller's calendar instead of adding copies; its SEQUENCE grows with the booking's last
 * change, so a calendar that already holds an event takes the newer one.
 */
import { legKind, travellerLegs } from "../booking/booking-lines";
import type { BookingEmailInput } from "../booking/email-frame";
import { serviceName } from "../booking/email-text";
import type { MailWords } from "../booking/mail-words";
import type { MeetingPoints } from "../meeting-points";

export interface CalendarEvent {
  /** `NV-ABC123-leg-1@navette.example`: the same for an order's leg in every file. */
  uid: string;
  /** The pickup moment. */
  start: Date;
  /** The pickup plus the wait at a flight's pickup plus the trip's duration. */
  end: Date;
  summary: string;
  /** The meeting point, after the pickup place; the pickup place alone when there is none. */
  location: string;
  description: string;
  /** Grows with the booking's last change (seconds since 2026-01-01 UTC). */
  sequence: number;
  /** When the file is made (DTSTAMP). */
  stamp: Date;
}

export interface CalendarSite {
  siteName: string;
  siteUrl: string;
  phone: string;
}

export type CalendarBooking = Pick<BookingEmailInput, "orderId" | "kind" | "roundTrip" | "details"> & {
  updatedAt?: Date | null;
};

const SEQUENCE_EPOCH_MS = Date.UTC(2026, 0, 1);

/** The site's host for the UIDs; "navette.invalid" when the address cannot be read. */
function hostOf(siteUrl: string): string {
  try {
    return new URL(siteUrl).hostname || "navette.invalid";
  } catch {
    return "navette.invalid";
  }
}

export function eventUid(orderId: string, leg: number, siteUrl: string): string {
  return `${orderId}-leg-${leg}@${hostOf(siteUrl)}`;
}

/** SEQUENCE from the booking's last change: 0 before 2026 or when unknown. */
export function eventSequence(updatedAt: Date | null | undefined): number {
  if (!updatedAt || Number.isNaN(updatedAt.getTime())) return 0;
  return Math.max(0, Math.floor((updatedAt.getTime() - SEQUENCE_EPOCH_MS) / 1000));
}

/** Where the traveller should be: the pickup place and, when known, its meeting point. */
function locationOf(from: string, meetingPoint: string): string {
  return meetingPoint ? `${from}: ${meetingPoint}` : from;
}

/**
 * The booking's events, one per leg, in leg order. `manageLink`
 * is the booking's page, written in each description with the meeting point, the flight and the
 * business phone.
 */
export function calendarEvents(
  row: CalendarBooking,
  options: { points?: MeetingPoints; manageLink: string; site: CalendarSite; now: Date; words: MailWords },
): CalendarEvent[] {
  const { points, manageLink, site, now, words: w } = options;
  const sequence = eventSequence(row.updatedAt);
  return travellerLegs(row, w, points).map((leg): CalendarEvent => {
    const wait = leg.pickupIsFlight ? leg.delayDepartMinutes : 0;
    const minutes = wait + leg.durationMinutes;
    const description = [
      w.t("calendar.order", { orderId: row.orderId, service: serviceName(row.kind, w), leg: legKind(leg.number, row.roundTrip) }),
      w.t("leg.pickup", { when: leg.when }),
      w.t("end.from", { end: leg.fromDetail }),
      w.t("end.to", { end: leg.toDetail }),
      ...(leg.flight ? [w.t("line.flight", { flights: leg.flight })] : []),
      ...(leg.passengers ? [w.t("line.passengers", { passengers: leg.passengers })] : []),
      ...(leg.meetingPoint ? [w.t("line.meetingPoint", { point: leg.meetingPoint })] : []),
      "",
      w.t("calendar.driverNotFound", { phone: site.phone, orderId: row.orderId }),
      "",
      w.t("calendar.booking", { url: manageLink }),
    ].join("\n");
    return {
      uid: eventUid(row.orderId, leg.number, site.siteUrl),
      start: leg.pickupAt,
      end: new Date(leg.pickupAt.getTime() + minutes * 60_000),
      summary: w.t("calendar.summary", { siteName: site.siteName, orderId: row.orderId, from: leg.fromPlace, to: leg.toPlace }),
      location: locationOf(leg.from, leg.meetingPoint),
      description,
      sequence,
      stamp: now,
    };
  });
}

/** The calendar file's name: navette-<order id>.ics. */
export function calendarFilename(orderId: string): string {
  return `navette-${orderId.replace(/[^A-Za-z0-9-]/g, "")}.ics`;
}
