import { and, eq, inArray, isNull, lt, ne, notExists, sql } from "drizzle-orm";
import { bookings, manageLinks, outbox, paymentEvents, staffSessions, staffVerifications } from "../../db/schema";
import type { Db } from "./db.server";
import type { Settings } from "./settings.server";
import { purgeTotpUses } from "./totp-uses.server";

/**
 * The personal data the site stops keeping after a while (docs/product.md, Personal data): the
 * bodies of sent e-mails, bookings abandoned before payment, and staff sessions (with their
 * address and browser), pending sign-in steps once expired, and accepted authenticator codes
 * once they could no longer be posted again.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PurgeResult {
  /** Sent e-mails whose body was emptied. */
  mailBodies: number;
  /** Unpaid bookings deleted, with their e-mails and manage links. */
  unpaidBookings: number;
  /** Expired staff sessions, sign-in steps and accepted authenticator codes deleted. */
  staffSessions: number;
}

/**
 * One purge as of `now`, safe to run from any number of instances at once: each step is a single
 * statement whose condition no longer holds once it has run, so a second run finds nothing.
 *
 * - A sent e-mail's body is emptied `mailBodyDays` after it was sent; its recipient, subject and
 *   state stay, as the record that it went.
 * - A booking still `pending_payment`, never paid, with no payment notification at all (so no
 *   delayed payment under way), made on the public form and untouched by staff (booking status
 *   new), is deleted `unpaidBookingDays` after it was last changed, with its outbox rows and its
 *   manage links. A booking staff took by phone (paid on board, or sent a payment link) stays:
 *   staff decide its fate.
 */
export async function purgeExpired(db: Db, periods: Settings["retention"], now: Date): Promise<PurgeResult> {
  const sentBefore = new Date(now.getTime() - periods.mailBodyDays * DAY_MS);
  const emptied = await db
    .update(outbox)
    .set({ body: "" })
    .where(and(eq(outbox.status, "sent"), lt(outbox.sentAt, sentBefore), ne(outbox.body, "")))
    .returning({ id: outbox.id });

  const changedBefore = new Date(now.getTime() - periods.unpaidBookingDays * DAY_MS);
  const deleted = await db.transaction(async (tx) => {
    const gone = await tx
      .delete(bookings)
      .where(
        and(
          eq(bookings.status, "pending_payment"),
          eq(bookings.source, "web"),
          eq(bookings.bookingStatus, "new"),
          isNull(bookings.paidAt),
          lt(bookings.updatedAt, changedBefore),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(paymentEvents)
              .where(eq(paymentEvents.orderId, bookings.orderId)),
          ),
        ),
      )
      .returning({ orderId: bookings.orderId });
    const orderIds = gone.map((g) => g.orderId);
    if (orderIds.length > 0) {
      await tx.delete(outbox).where(inArray(outbox.orderId, orderIds));
      // Its manage links go with it: none of them opens anything any more.
      await tx.delete(manageLinks).where(inArray(manageLinks.orderId, orderIds));
    }
    return orderIds.length;
  });
  const sessions = await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now)).returning({ id: staffSessions.id });
  const steps = await db.delete(staffVerifications).where(lt(staffVerifications.expiresAt, now)).returning({ id: staffVerifications.id });
  // Authenticator codes accepted, kept only while their code could be posted again.
  const codes = await purgeTotpUses(db, now);
  return { mailBodies: emptied.length, unpaidBookings: deleted, staffSessions: sessions.length + steps.length + codes };
}

export interface RetentionTimer {
  /** Stops the timer and waits for a purge under way. */
  stop(): Promise<void>;
}

/**
 * Runs the purge at once, then every `intervalMs` (an hour by default). A failed purge is logged
 * and tried again at the next round.
 */
export function startRetention(options: {
  db: Db;
  periods: Settings["retention"];
  log: Pick<Console, "info" | "error">;
  intervalMs?: number;
  /** The instant each purge runs as of; the real clock unless a test gives its own. */
  clock?: () => Date;
}): RetentionTimer {
  const clock = options.clock ?? (() => new Date());
  let running: Promise<void> = Promise.resolve();
  const pass = () => {
    running = running.then(async () => {
      try {
        const done = await purgeExpired(options.db, options.periods, clock());
        if (done.mailBodies > 0 || done.unpaidBookings > 0 || done.staffSessions > 0) {
          options.log.info(
            `Retention: ${done.mailBodies} sent e-mail bodies emptied, ${done.unpaidBookings} unpaid bookings deleted, ` +
              `${done.staffSessions} expired staff sessions deleted.`,
          );
        }
      } catch (error) {
        options.log.error(`Retention purge failed: ${(error as Error).name}`);
      }
    });
  };
  pass();
  const timer = setInterval(pass, options.intervalMs ?? 60 * 60 * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
