import type { outbox } from "../../db/schema";
import { legRunTimes } from "./shuttle-runs.server";
import { meetingPointOfLeg } from "~/domain/booking/booking-lines";
import type { EmailSite } from "~/domain/booking/email-frame";
import { reminderEmail } from "~/domain/manage/reminder-email";
import type { ReminderLeg } from "~/domain/manage/reminders";
import { assignedDrivers, outboxValues, type Tx } from "./booking-tx.server";
import type { BookingRow } from "./bookings.server";

// A module of its own beside reminders.server.ts: the worker, the traveller's change and staff's
// resend each import it, and none of them has to import another.

/** What a reminder's text is drawn with besides its booking: the e-mails' site (its meeting points) and the clock. */
export interface ReminderContext {
  site: EmailSite;
  now: Date;
  /** Whether the row puts right a reminder already sent (reminderEmail's `updated`). */
  updated?: boolean;
}

/**
 * The outbox row of leg `leg`'s reminder of `row`, as the booking stands in `tx` (the leg's own
 * driver read there too, so a round trip's return names the return's driver): the caller holds the booking's row locked, so the message says what the booking is
 * when it is written. Written by the reminders worker, put right by a traveller's change, and sent
 * again by staff. The manage link's marker goes in its own column.
 */
export async function reminderRow(
  tx: Tx,
  row: BookingRow,
  leg: ReminderLeg,
  { site, now, updated }: ReminderContext,
): Promise<typeof outbox.$inferInsert> {
  const message = reminderEmail({
    row,
    leg: leg.leg,
    pickupAt: leg.pickupAt,
    site,
    driver: (await assignedDrivers(tx, row)).get(leg.leg) ?? null,
    meetingPoint: meetingPointOfLeg(row, leg.leg, site.meetingPoints, row.locale) || null,
    run: (await legRunTimes(tx, row.orderId)).get(leg.leg) ?? null,
    now,
    updated,
  });
  return { ...outboxValues(message), orderId: row.orderId };
}
