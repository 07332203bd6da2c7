import { and, asc, eq, gt, inArray, isNotNull, lt, notInArray, or, sql } from "drizzle-orm";
import { bookings, outbox } from "../../db/schema";
import { dueReminders, REMINDER_CUTOFF_MS, reminderHorizon } from "~/domain/manage/reminders";
import type { MeetingPoints } from "~/domain/meeting-points";
import { bookingColumns } from "./booking-store.server";
import { startPeriodic } from "./periodic.server";
import { emailSite } from "./email-site.server";
import { reminderRow, type ReminderContext } from "./reminder-rows.server";
import type { Db } from "./db.server";
import type { Settings } from "./settings.server";

/**
 * The reminder e-mails (docs/product.md, Reminders): a pass looks for legs whose pickup is in the
 * rest of today or tomorrow (Paris time) and whose reminder is due (the SQL narrows, app/domain/manage/reminders.ts
 * decides), and writes each one's message to the outbox, which sends it.
 *
 * Once per leg, whatever the number of instances and passes: the outbox's unique index
 * outbox_reminder_key on (order_id, leg) for reminders takes one row per leg, and an insert that
 * meets it does nothing (ON CONFLICT DO NOTHING), so two instances finding the same leg due at the
 * same moment write one message between them. The insert is made with the booking's row locked
 * (FOR SHARE) and read again, and the message is drawn from that reading: a booking cancelled
 * meanwhile (a cancellation locks it FOR UPDATE) gets none, and one a traveller changed meanwhile
 * (booking-changes.server.ts, FOR UPDATE too) gets a reminder of the booking as changed.
 *
 * Logs carry order ids and outbox ids only.
 */

/** The meeting points file as the worker reads it (app/lib/meeting-points.server.ts's store). */
export interface MeetingPointSource {
  get(): Promise<{ points: MeetingPoints }>;
}

export interface ReminderOptions {
  db: Db;
  settings: Pick<Settings, "reminderHour" | "siteName" | "email" | "phone" | "siteUrl" | "staffLocale">;
  meetingPoints: MeetingPointSource;
  log: Pick<Console, "info" | "error">;
  /** Asks the outbox to send now what a pass has just written (BookingServices.wakeOutbox). */
  wakeOutbox?: () => void;
  now?: () => Date;
  /** Between two passes; five minutes by default. */
  intervalMs?: number;
  /** The most bookings one pass reads. */
  batchSize?: number;
}

export interface Reminders {
  /** One pass as of now(): resolves with the reminders it wrote. */
  runOnce(): Promise<{ queued: number }>;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
}

const REMINDER_DEFAULTS = { intervalMs: 5 * 60_000, batchSize: 200 } as const;

/**
 * A reminder already written for the leg (whether sent or not, and copies aside). The booking's
 * column is named with its table: a query on one table writes its columns bare, and a bare
 * "order_id" inside this subquery would be the outbox's own.
 */
const reminderWritten = (leg: 1 | 2) =>
  sql<boolean>`exists (select 1 from ${outbox} where ${outbox.orderId} = ${bookings}.${sql.identifier(bookings.orderId.name)} and ${outbox.kind} = 'reminder' and ${outbox.leg} = ${leg})`;

/**
 * The bookings with a leg whose pickup is more than 2 hours away and before the end of tomorrow
 * (Paris time), the only ones whose reminders can be due, and whose reminder is not written yet, standing and paid (or paid on board), soonest first.
 */
async function candidates(db: Db, now: Date, limit: number) {
  const soonest = new Date(now.getTime() + REMINDER_CUTOFF_MS);
  const horizon = reminderHorizon(now);
  const within = (column: typeof bookings.firstPickupAt | typeof bookings.returnPickupAt) =>
    and(isNotNull(column), gt(column, soonest), lt(column, horizon));
  return db
    .select({ booking: bookings, written1: reminderWritten(1), written2: reminderWritten(2) })
    .from(bookings)
    .where(
      and(
        notInArray(bookings.bookingStatus, ["cancelled", "completed", "no_show"]),
        or(inArray(bookings.status, ["paid", "partly_refunded"]), eq(bookings.paymentMode, "cash")),
        or(
          and(within(bookings.firstPickupAt), sql`not ${reminderWritten(1)}`),
          and(eq(bookings.roundTrip, true), within(bookings.returnPickupAt), sql`not ${reminderWritten(2)}`),
        ),
      ),
    )
    .orderBy(asc(bookings.firstPickupAt), asc(bookings.id))
    .limit(limit);
}

/** One pass as of `now`: the reminders written, each once. */
export async function queueDueReminders(options: Omit<ReminderOptions, "intervalMs" | "now" | "wakeOutbox">, now: Date) {
  const { db, settings, log } = options;
  const found = await candidates(db, now, options.batchSize ?? REMINDER_DEFAULTS.batchSize);
  if (found.length === 0) return { queued: 0 };
  let points: MeetingPoints | undefined;
  try {
    points = (await options.meetingPoints.get()).points;
  } catch (error) {
    // The reminders go without a meeting point rather than not at all; the store has said why.
    log.error(`Reminders: the meeting points could not be read (${(error as Error).name}); reminders go without one.`);
  }
  const context: ReminderContext = { site: emailSite(settings, points), now };
  let queued = 0;
  for (const { booking, written1, written2 } of found) {
    const written = { 1: written1, 2: written2 };
    const legs = dueReminders(booking, now, settings.reminderHour).filter((l) => !written[l.leg]);
    for (const { leg } of legs) {
      const id = await db.transaction(async (tx) => {
        // Read again under a lock a cancellation or a traveller's change waits for (they lock it
        // FOR UPDATE): a booking cancelled meanwhile gets none, and the message is drawn from the
        // booking as it is now (its pickup, places, flight, terminal and driver), not as the
        // search above read it. The lock is a statement of its own: a statement that waited for a
        // lock reads the legs' rows as they were when it began, so the read comes after it.
        const [locked] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, booking.id)).limit(1).for("share");
        if (!locked) return null;
        const [current] = await tx.select(bookingColumns).from(bookings).where(eq(bookings.id, booking.id)).limit(1);
        if (!current) return null;
        const due = dueReminders(current, now, settings.reminderHour).find((l) => l.leg === leg);
        if (!due) return null;
        const [inserted] = await tx
          .insert(outbox)
          .values(await reminderRow(tx, current, due, context))
          .onConflictDoNothing()
          .returning({ id: outbox.id });
        return inserted?.id ?? null;
      });
      if (id === null) continue;
      queued++;
      log.info(`Reminder for order ${booking.orderId}, leg ${leg}, queued as e-mail ${id}.`);
    }
  }
  return { queued };
}

/**
 * Runs a pass at once, then every `intervalMs`; a pass that wrote reminders wakes the outbox. A
 * failed pass is logged and the next one tries again.
 */
export function startReminders(options: ReminderOptions): Reminders {
  const now = options.now ?? (() => new Date());
  return startPeriodic(
    async () => {
      const done = await queueDueReminders(options, now());
      if (done.queued > 0) options.wakeOutbox?.();
      return done;
    },
    {
      intervalMs: options.intervalMs ?? REMINDER_DEFAULTS.intervalMs,
      failed: (error: unknown) => {
        const e = error as { name?: string; code?: string };
        options.log.error(`Reminders pass failed: ${e.name ?? "Error"}${e.code ? ` (${e.code})` : ""}; it runs again on the next round.`);
      },
    },
  );
}
