import type { BookingRow } from "./bookings.server";
import { findByOrderId } from "./bookings.server";
import type { Db } from "./db.server";
import type { MailAttachment, OutboxRow, PrepareMessage } from "./mail.server";
import { manageUrl, mintManageToken } from "./manage-links.server";

/**
 * What the outbox draws as it sends a traveller's message (mail.server.ts, PrepareMessage): a new
 * manage link in place of the body's marker, its token stored only as a hash, and the booking's
 * calendar file when the message carries one. Nothing of either is ever written in the outbox.
 */
export interface TravellerMailOptions {
  db: Db;
  siteUrl: string;
  /** The booking's calendar file, with the manage link in each event; null when it has no leg to show. */
  calendar?: (row: BookingRow, manageLink: string) => MailAttachment | null;
}

export function travellerMailPreparer({ db, siteUrl, calendar }: TravellerMailOptions): PrepareMessage {
  return async (message: OutboxRow) => {
    const marker = message.linkMarker;
    const needsLink = (marker !== null && message.body.includes(marker)) || message.calendar;
    if (!needsLink) return { text: message.body };
    const link = manageUrl(siteUrl, await mintManageToken(db, message.orderId));
    const text = marker ? message.body.replaceAll(marker, link) : message.body;
    if (!message.calendar || !calendar) return { text };
    const row = await findByOrderId(db, message.orderId);
    const file = row ? calendar(row, link) : null;
    return { text, attachments: file ? [file] : [] };
  };
}
