import { eq, sql } from "drizzle-orm";
import { bookings, drivers, outbox } from "../../db/schema";
import type { EmailSite } from "~/domain/booking/emails";
import type { PriceRow } from "~/domain/pricing/csv";
import { bookingChangedEmail, driverChangedJobEmail, type ChangeEmail } from "~/domain/manage/change-email";
import type { ChangeForm } from "~/domain/manage/change-form";
import { changeText, planChange, type Problem } from "~/domain/manage/changes";
import { recordAudit } from "./audit.server";
import type { BookingRow } from "./bookings.server";
import type { Db } from "./db.server";

/**
 * A traveller's change of a booking from its own page (docs/product.md, Managing a booking), in
 * one transaction on the booking's locked row (SELECT … FOR UPDATE): the deadline and the status
 * are checked again there, the post is checked against the booking as it is then (two posts at
 * once take turns, and the second finds the first's change made), and the booking's details, its
 * phone and pickup moments, the history row and the e-mails are written together, or nothing is.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const TRAVELLER_CHANGE_ACTION = "booking_changed_by_traveller";

export type ChangeOutcome =
  | { ok: true; done: "changed" | "unchanged" }
  | { ok: false; status: 404 | 409; message: string }
  | { ok: false; status: 400; problems: Problem[] };

export interface TravellerChange {
  form: ChangeForm;
  /** The post's fields as sent, for what only the phone changes. */
  posted: Readonly<Record<string, string>>;
  now: Date;
  rows: readonly PriceRow[];
}

async function lockBooking(tx: Tx, orderId: string): Promise<BookingRow | undefined> {
  return (await tx.select().from(bookings).where(eq(bookings.orderId, orderId)).limit(1).for("update"))[0];
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
    const plan = planChange({ row, ...change, phone: site.phone });
    if (!plan.ok)
      return plan.reason === "invalid"
        ? { ok: false, status: 400, problems: plan.problems }
        : { ok: false, status: 409, message: plan.message };
    if (!plan.next) return { ok: true, done: "unchanged" };
    const { details, phone, firstPickupAt, returnPickupAt } = plan.next;
    const [updated] = await tx
      .update(bookings)
      .set({ details, phone, firstPickupAt, returnPickupAt, updatedAt: sql`now()` })
      .where(eq(bookings.id, row.id))
      .returning();
    const driver = row.driverId === null ? undefined : (await tx.select().from(drivers).where(eq(drivers.id, row.driverId)).limit(1))[0];
    const tellDriver = driver !== undefined && plan.changes.some((c) => c.forDriver);
    const messages: ChangeEmail[] = [
      bookingChangedEmail(updated!, site, plan.changes, driver ? { driver, told: tellDriver } : null),
      ...(tellDriver ? [driverChangedJobEmail(updated!, site, driver, plan.changes)] : []),
    ];
    await tx.insert(outbox).values(messages.map((m) => ({ ...m, orderId, linkMarker: null })));
    const told = tellDriver ? `the business and the driver, ${driver.name}, are e-mailed` : "the business is e-mailed";
    const lines = plan.changes.map((c) => changeText(c, row.roundTrip));
    await recordAudit(tx, {
      actor: "traveller",
      action: TRAVELLER_CHANGE_ACTION,
      orderId,
      detail: `Changed by the traveller on the booking's page (${told}): ${lines.join("; ")}.`,
    });
    return { ok: true, done: "changed" };
  });
}
