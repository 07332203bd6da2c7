import { and, eq, inArray, sql } from "drizzle-orm";
import { bookings, outbox } from "../../db/schema";
import type { EmailSite } from "~/domain/booking/email-frame";
import type { VehicleCapacity } from "~/domain/fleet";
import type { PriceRow } from "~/domain/pricing/csv";
import { bookingChangedEmail, driverChangedJobEmail, type ChangeEmail } from "~/domain/manage/change-email";
import type { ChangeForm } from "~/domain/manage/change-form";
import { changeText, legsInReminderChanged, type Change } from "~/domain/manage/change-description";
import { legTitle } from "~/domain/manage/change-layout";
import { planChange } from "~/domain/manage/changes";
import type { FormProblem } from "~/domain/form-problems";
import { bookingLegs, remindable, staleReminders } from "~/domain/manage/reminders";
import { recordAudit } from "./audit.server";
import { bookingColumns, detailsColumn, writeLegs } from "./booking-store.server";
import { driverJobs, driverNames, lockBooking, type Tx } from "./booking-tx.server";
import type { BookingRow } from "./bookings.server";
import type { Db } from "./db.server";
import { bookingWordsIn, manageWordsIn } from "./i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locales";
import { reminderRow } from "./reminder-rows.server";

/**
 * A traveller's change of a booking from its own page (docs/product.md, Managing a booking), in
 * one transaction on the booking's locked row (SELECT … FOR UPDATE): the deadline and the status
 * are checked again there, the post is checked against the booking as it is then (two posts at
 * once take turns, and the second finds the first's change made), and the booking's details, its
 * phone and pickup moments, the history row and the e-mails are written together, or nothing is.
 *
 * A change of what a leg's reminder says (its pickup, places, flight or terminal) made once that
 * reminder is written puts it right in the same transaction: a reminder not sent yet is deleted,
 * so the reminders worker writes it afresh (from the booking as changed, under the booking's lock
 * it waits for); one sent, or being sent, is followed by an updated reminder, queued at once as a
 * copy of it (resent_from, which the one-reminder-per-leg index leaves aside). A change made before
 * the reminder is due needs nothing: the worker reads the booking when it writes it.
 */

export const TRAVELLER_CHANGE_ACTION = "booking_changed_by_traveller";

export type ChangeOutcome =
  | { ok: true; done: "changed" | "unchanged" }
  | { ok: false; status: 404 | 409; message: string }
  | { ok: false; status: 400; problems: FormProblem[] };

export interface TravellerChange {
  form: ChangeForm;
  /** The post's fields as sent, for what only the phone changes. */
  posted: Readonly<Record<string, string>>;
  now: Date;
  rows: readonly PriceRow[];
  /** The active vehicles' capacities: new luggage must fit the vehicle booked. */
  fleet: readonly VehicleCapacity[];
  /** The language of the page that posted, which its refusals speak: English unless given. */
  locale?: Locale;
}

/**
 * Puts right the reminders already written for the legs these changes alter (see above), with
 * the outbox's rows locked so a claim waits for this transaction or is seen. Returns the legs an
 * updated reminder was queued for.
 */
async function refreshReminders(tx: Tx, changed: BookingRow, changes: readonly Change[], site: EmailSite, now: Date): Promise<(1 | 2)[]> {
  const legs = legsInReminderChanged(changes);
  if (legs.length === 0) return [];
  const written = await tx
    .select({ id: outbox.id, leg: outbox.leg, resentFrom: outbox.resentFrom, status: outbox.status, lockedUntil: outbox.lockedUntil })
    .from(outbox)
    .where(and(eq(outbox.orderId, changed.orderId), eq(outbox.kind, "reminder")))
    .for("update");
  if (written.length === 0) return [];
  const updated: (1 | 2)[] = [];
  for (const leg of legs) {
    const stale = staleReminders(written, leg, now);
    if (stale.remove.length > 0) await tx.delete(outbox).where(inArray(outbox.id, stale.remove));
    const pickup = bookingLegs(changed).find((l) => l.leg === leg);
    if (stale.correct === null || !pickup || !remindable(changed)) continue;
    const message = await reminderRow(tx, changed, pickup, { site, now, updated: true });
    await tx.insert(outbox).values({ ...message, resentFrom: stale.correct });
    updated.push(leg);
  }
  return updated;
}

/**
 * Applies a traveller's change to the booking `orderId` (found by its manage token), or says why
 * nothing changed: 409 for a booking that cannot be changed now or a post that touches what only
 * the phone changes, 400 with each problem at its field. A post that changes nothing writes
 * nothing. The business is e-mailed what changed, and the assigned driver when the job moved.
 * The history's detail holds the values; no log line does.
 */
export async function changeBookingByTraveller(db: Db, orderId: string, change: TravellerChange, site: EmailSite): Promise<ChangeOutcome> {
  return db.transaction(async (tx): Promise<ChangeOutcome> => {
    const row = await lockBooking(tx, orderId);
    if (!row) return { ok: false, status: 404, message: "There is no such booking." };
    // In the language of the page that posted (docs/decisions/0032-six-languages.md).
    const locale = change.locale ?? DEFAULT_LOCALE;
    const plan = planChange({ row, ...change, phone: site.phone, words: bookingWordsIn(locale), manage: manageWordsIn(locale) });
    if (!plan.ok)
      return plan.reason === "invalid"
        ? { ok: false, status: 400, problems: plan.problems }
        : { ok: false, status: 409, message: plan.message };
    if (!plan.next) return { ok: true, done: "unchanged" };
    const { details, phone, firstPickupAt, returnPickupAt } = plan.next;
    // The legs first: the row read back below carries them.
    await writeLegs(tx, orderId, details.legs);
    const [updated] = await tx
      .update(bookings)
      .set({ details: detailsColumn(details), phone, firstPickupAt, returnPickupAt, updatedAt: sql`now()` })
      .where(eq(bookings.id, row.id))
      .returning(bookingColumns);
    // Each driver hears of what changed on their own legs (and of what is the whole booking's).
    const told = (await driverJobs(tx, orderId)).map((job) => ({
      ...job,
      changes: plan.changes.filter((c) => c.forDriver && (c.leg === null || job.legs.includes(c.leg))),
    }));
    // A driver's job names its leg when it is one leg's, so that a copy sent again is about that leg's driver.
    const messages: (ChangeEmail & { leg: number | null })[] = [
      {
        ...bookingChangedEmail(
          updated!,
          site,
          plan.changes,
          told.map((t) => ({ driver: t.driver, told: t.changes.length > 0 })),
        ),
        leg: null,
      },
      ...told
        .filter((t) => t.changes.length > 0)
        .map((t) => ({
          ...driverChangedJobEmail(updated!, site, t.driver, t.changes, t.legs),
          leg: t.legs.length === 1 ? t.legs[0]! : null,
        })),
    ];
    await tx.insert(outbox).values(messages.map((m) => ({ ...m, orderId, linkMarker: null })));
    const reminded = await refreshReminders(tx, updated!, plan.changes, site, change.now);
    const toldDrivers = told.filter((t) => t.changes.length > 0);
    const whoIsTold =
      toldDrivers.length === 0
        ? "the business is e-mailed"
        : `the business and the driver${toldDrivers.length > 1 ? "s" : ""}, ${driverNames(toldDrivers)}, are e-mailed`;
    const lines = plan.changes.map((c) => changeText(c, row.roundTrip));
    const again =
      reminded.length === 0
        ? ""
        : ` The traveller is sent an updated reminder (${reminded.map((leg) => legTitle(leg, row.roundTrip)).join(", ")}).`;
    await recordAudit(tx, {
      actor: "traveller",
      action: TRAVELLER_CHANGE_ACTION,
      orderId,
      detail: `Changed by the traveller on the booking's page (${whoIsTold}): ${lines.join("; ")}.${again}`,
    });
    return { ok: true, done: "changed" };
  });
}
