import { reminderRefusal } from "~/domain/manage/reminders";
import type { BookingRow } from "./bookings.server";
import { findByOrderId } from "./bookings.server";
import { calendarAttachment } from "./calendar.server";
import type { Db } from "./db.server";
import type { MailAttachment, OutboxRow, PrepareMessage } from "./mail.server";
import { DEFAULT_LOCALE } from "~/domain/locales";
import { manageUrl, mintManageToken } from "./manage-links.server";
import type { MeetingPointStore } from "./meeting-points.server";
import type { Settings } from "./settings.server";

/**
 * What the outbox draws as it sends a traveller's message (mail.server.ts, PrepareMessage): a new
 * manage link in place of the body's marker, its token stored only as a hash, and the booking's
 * calendar file when the message carries one. Nothing of either is ever written in the outbox.
 */
export interface TravellerMailOptions {
  db: Db;
  siteUrl: string;
  /** The booking's calendar file, with the manage link in each event; null when it has no leg to show. */
  calendar?: BookingCalendarMaker;
}

export type BookingCalendarMaker = (row: BookingRow, manageLink: string) => MailAttachment | null | Promise<MailAttachment | null>;

/**
 * The calendar file the outbox attaches (app/lib/calendar.server.ts), with each pickup's meeting
 * point from the meeting points file as it reads now; a file that cannot be read leaves the
 * events with their pickup places, rather than holding the e-mail back.
 */
export function bookingCalendarMaker(
  settings: Pick<Settings, "siteName" | "siteUrl" | "phone">,
  meetingPoints: Pick<MeetingPointStore, "currentPoints">,
): BookingCalendarMaker {
  return async (row, manageLink) => calendarAttachment(row, { manageLink, points: await meetingPoints.currentPoints(), site: settings });
}

/**
 * A reminder is checked once more against its booking as it is now, just before it goes: one
 * written or claimed before the booking was cancelled (or closed, or found unpaid) is dropped
 * (mail.server.ts deletes it), with the rule the worker wrote it by (app/domain/manage/reminders.ts).
 * No link is minted for a message that is dropped.
 */
export function travellerMailPreparer({ db, siteUrl, calendar }: TravellerMailOptions): PrepareMessage {
  return async (message: OutboxRow) => {
    let row: BookingRow | undefined;
    if (message.kind === "reminder") {
      row = await findByOrderId(db, message.orderId);
      if (!row) return { drop: "booking not found" };
      const refusal = reminderRefusal(row);
      if (refusal !== null) return { drop: refusal };
    }
    const marker = message.linkMarker;
    const needsLink = (marker !== null && message.body.includes(marker)) || message.calendar;
    if (!needsLink) return { text: message.body };
    // The link opens the booking's page in the booking's language, as its messages speak it.
    row ??= await findByOrderId(db, message.orderId);
    const link = manageUrl(siteUrl, await mintManageToken(db, message.orderId), row?.locale ?? DEFAULT_LOCALE);
    const text = marker ? message.body.replaceAll(marker, link) : message.body;
    if (!message.calendar || !calendar) return { text };
    const file = row ? await calendar(row, link) : null;
    return { text, attachments: file ? [file] : [] };
  };
}
