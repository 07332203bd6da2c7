import { and, asc, desc, eq, lt } from "drizzle-orm";
import { bookings, drivers, outbox, paymentEvents } from "../../db/schema";
import { availableActions, type StatusAction } from "~/domain/back-office/statuses";
import { bookingHistory, type AuditEvent } from "./audit.server";
import { resendRefusal } from "./booking-admin.server";
import type { LegNumber } from "~/domain/booking/model";
import { legDrivers, statusFacts, type DriverRow, type OutboxRow } from "./booking-tx.server";
import { bookingColumns } from "./booking-store.server";
import type { BookingRow } from "./bookings.server";
import type { Db } from "./db.server";
import { outboxState, type OutboxState } from "./mail.server";

/** What the back office's page of one booking reads: the booking, its legs' drivers, e-mails, refunds and history. */

export interface PageEmail {
  id: number;
  kind: OutboxRow["kind"];
  recipient: string;
  subject: string;
  state: OutboxState;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
  resentFrom: number | null;
  /** Whether its text is still kept, so it can be sent again. */
  resendable: boolean;
  /** Why the booking's state keeps it from being sent again (resendRefusal), or null. */
  notAgain: string | null;
}

export interface RefundRecord {
  eventId: string;
  provider: string;
  amountCents: number;
  at: Date;
}

export interface BookingPage {
  row: BookingRow;
  /** Each leg's driver, by leg number. */
  legDrivers: Map<LegNumber, DriverRow>;
  activeDrivers: DriverRow[];
  emails: PageEmail[];
  refunds: RefundRecord[];
  history: AuditEvent[];
  actions: StatusAction[];
}

/** Everything the booking's page shows, or null when there is no such order. */
export async function loadBookingPage(db: Db, orderId: string): Promise<BookingPage | null> {
  const row = (await db.select(bookingColumns).from(bookings).where(eq(bookings.orderId, orderId)).limit(1))[0];
  if (!row) return null;
  const [byLeg, activeDrivers, mails, refunds, history] = await Promise.all([
    legDrivers(db, orderId),
    db.select().from(drivers).where(eq(drivers.active, true)).orderBy(asc(drivers.name), asc(drivers.id)),
    db.select().from(outbox).where(eq(outbox.orderId, orderId)).orderBy(asc(outbox.id)),
    db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.orderId, orderId), lt(paymentEvents.amountCents, 0)))
      .orderBy(desc(paymentEvents.receivedAt)),
    bookingHistory(db, orderId),
  ]);
  return {
    row,
    legDrivers: byLeg,
    activeDrivers,
    emails: mails.map((m) => ({
      id: m.id,
      kind: m.kind,
      recipient: m.recipient,
      subject: m.subject,
      state: outboxState(m),
      attempts: m.attempts,
      createdAt: m.createdAt,
      sentAt: m.sentAt,
      resentFrom: m.resentFrom,
      resendable: m.body !== "",
      notAgain: resendRefusal(row, m, byLeg),
    })),
    refunds: refunds.map((r) => ({ eventId: r.eventId, provider: r.provider, amountCents: -r.amountCents, at: r.receivedAt })),
    history,
    actions: availableActions(statusFacts(row)),
  };
}
