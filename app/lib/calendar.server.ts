import { TZDate } from "@date-fns/tz";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalCalendarMethod } from "ical-generator";
import { PARIS_TIME_ZONE, parisInstant, parisParts } from "~/domain/booking/paris-time";
import type { Locale } from "~/domain/locales";
import { mailWordsIn } from "./i18n.server";
import { calendarEvents, calendarFilename, type CalendarBooking, type CalendarEvent, type CalendarSite } from "~/domain/manage/calendar";
import type { MeetingPoints } from "~/domain/meeting-points";
import type { MailAttachment } from "./mail.server";

/**
 * The booking's calendar file (docs/decisions/0018-voucher-and-calendar.md): the events of
 * app/domain/manage/calendar.ts written as iCalendar (RFC 5545) by ical-generator. Every time is
 * written in Paris time (`DTSTART;TZID=Europe/Paris:…`) with the zone's VTIMEZONE in the file, so
 * a calendar shows the pickup at the time the traveller booked wherever it is set, and knows the
 * zone's clock changes. ical-generator writes a TZDate's time in its own zone, whatever the
 * server's TZ.
 *
 * A Paris time that happens twice (02:00–02:59 the night the clocks go back) means its first
 * occurrence in a file, as on the booking form; an event at the second one is written in UTC
 * instead, which says the instant without doubt.
 */

export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8";

/** Whether the instant's Paris wall time names another instant: the second 02:xx of the night the clocks go back. */
function secondOccurrence(instant: Date): boolean {
  const minute = Math.floor(instant.getTime() / 60_000) * 60_000;
  return parisInstant(parisParts(instant)).getTime() !== minute;
}

/** The events as an .ics file's text (CRLF line ends, folded at 75 octets). */
export function icsText(events: readonly CalendarEvent[], siteName: string): string {
  const calendar = ical({
    prodId: { company: siteName, product: "Bookings", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
  });
  // No calendar-wide zone: each event names its own, and DTSTAMP stays in UTC as RFC 5545 asks.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  for (const event of events) {
    const inUtc = secondOccurrence(event.start) || secondOccurrence(event.end);
    calendar.createEvent({
      id: event.uid,
      sequence: event.sequence,
      stamp: event.stamp,
      start: inUtc ? event.start : new TZDate(event.start.getTime(), PARIS_TIME_ZONE),
      end: inUtc ? event.end : new TZDate(event.end.getTime(), PARIS_TIME_ZONE),
      timezone: inUtc ? null : PARIS_TIME_ZONE,
      summary: event.summary,
      location: event.location,
      description: event.description,
    });
  }
  return calendar.toString();
}

export interface CalendarOptions {
  /** The booking's page, written in each event. */
  manageLink: string;
  site: CalendarSite;
  points?: MeetingPoints;
  now?: Date;
  /** The file's language: the booking's own unless given (the page it is downloaded from gives its own). */
  locale?: Locale;
}

/** The booking's .ics file, or null when no leg has a pickup moment to show. */
export function bookingCalendar(
  row: CalendarBooking & { locale: Locale },
  options: CalendarOptions,
): { filename: string; content: string } | null {
  // In the booking's language, as its e-mails are, unless the page that offers it speaks another.
  const words = mailWordsIn(options.locale ?? row.locale);
  const events = calendarEvents(row, { ...options, now: options.now ?? new Date(), words });
  if (events.length === 0) return null;
  return { filename: calendarFilename(row.orderId), content: icsText(events, options.site.siteName) };
}

/** The same file as an e-mail attachment (the outbox's calendar hook, app/lib/traveller-mail.server.ts). */
export function calendarAttachment(row: CalendarBooking & { locale: Locale }, options: CalendarOptions): MailAttachment | null {
  const file = bookingCalendar(row, options);
  return file ? { ...file, contentType: `${CALENDAR_CONTENT_TYPE}; method=PUBLISH` } : null;
}
