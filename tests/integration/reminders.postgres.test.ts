import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { parisInstant } from "~/domain/booking/paris-time";
import { parseMeetingPoints } from "~/domain/meeting-points";
import { openDatabase } from "~/lib/db.server";
import { queueDueReminders, startReminders, type ReminderOptions } from "~/lib/reminders.server";
import { bookingRowValues } from "~/lib/test-support/booking-rows";
import { insertBookings } from "~/lib/test-support/insert-bookings";
import { createTestDatabase, NO_POSTGRES, TEST_DATABASE_URL } from "./helpers";

// Several instances on one real PostgreSQL run their reminder passes at the same moment on the
// same due legs, each on its own connections: the outbox's unique index on (order_id, leg) for
// reminders leaves exactly one message per leg between them.
if (!TEST_DATABASE_URL) console.warn(`PostgreSQL reminders tests ${NO_POSTGRES}`);

const paris = (year: number, month: number, day: number, hour: number, minute = 0) => parisInstant({ year, month, day, hour, minute });

const points = parseMeetingPoints(
  [
    "airport,terminal,service,meeting_point",
    ...["CDG", "ORY", "BVA"].flatMap((a) => [`${a},,private,${a} arrivals hall.`, `${a},,shuttle,${a} shuttle desk.`]),
    "*,,private,At your hotel's reception.",
    "*,,shuttle,At your hotel's reception.",
  ].join("\n"),
).points;

function options(db: ReminderOptions["db"]): Omit<ReminderOptions, "now" | "intervalMs"> {
  return {
    db,
    settings: {
      reminderHour: 18,
      staffLocale: "en" as const,
      siteName: "Navette Paris",
      email: "b@navette.example",
      phone: "+33 1 99 00 12 34",
      siteUrl: "https://navette.example",
    },
    meetingPoints: { get: async () => ({ points }) },
    log: { info: () => undefined, error: (m: string) => console.error(m) },
  };
}

/** A round trip picked up at 10:00 on 20 May 2026, back at `back` (Paris time). */
function roundTrip(orderId: string, back: Date) {
  const first = paris(2026, 5, 20, 10, 0);
  const leg = (n: number, at: Date) => ({
    leg: n,
    pickupAt: at.toISOString(),
    pickup: { place: n === 1 ? "Orly Airport (ORY)" : "Disneyland Paris", kind: n === 1 ? "flight" : "address", terminal: "" },
    dropoff: { place: n === 1 ? "Disneyland Paris" : "Orly Airport (ORY)", kind: n === 1 ? "address" : "flight" },
  });
  return bookingRowValues({
    orderId,
    submissionToken: `token-${orderId}`,
    status: "paid",
    roundTrip: true,
    firstPickupAt: first,
    returnPickupAt: back,
    details: { legs: [leg(1, first), leg(2, back)], luggage: {} },
  });
}

describe.skipIf(!TEST_DATABASE_URL)(`reminders on one PostgreSQL${TEST_DATABASE_URL ? "" : ` (${NO_POSTGRES})`}`, () => {
  it("writes exactly one reminder per leg when two instances pass at once, again and again", async () => {
    const database = await createTestDatabase("navette_it_reminders");
    // Two instances: each its own pool of connections.
    const instances = await Promise.all([0, 1].map(() => openDatabase({ databaseUrl: database.url, pgliteDir: null })));
    try {
      const [a, b] = instances.map((i) => i.db) as [ReminderOptions["db"], ReminderOptions["db"]];
      // 40 round trips whose two legs are both due on the evening of 19 May (the return at 20:00 on the 20th).
      const orderIds = Array.from({ length: 40 }, (_, i) => `NV-R${String(i).padStart(5, "0")}`);
      await insertBookings(
        a,
        orderIds.map((id) => roundTrip(id, paris(2026, 5, 20, 20, 0))),
      );
      const now = paris(2026, 5, 19, 18, 30);
      const passes = await Promise.all(
        Array.from({ length: 6 }, (_, i) => queueDueReminders({ ...options(i % 2 === 0 ? a : b), batchSize: 500 }, now)),
      );
      expect(passes.reduce((n, p) => n + p.queued, 0)).toBe(80);
      const rows = await b
        .select({ orderId: outbox.orderId, leg: outbox.leg, n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(eq(outbox.kind, "reminder"))
        .groupBy(outbox.orderId, outbox.leg);
      expect(rows).toHaveLength(80);
      expect(rows.every((r) => r.n === 1)).toBe(true);

      // Workers started together (as two instances' main() would), with passes on their timers.
      const workers = [a, b].map((db) => startReminders({ ...options(db), now: () => now, intervalMs: 20 }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await Promise.all(workers.map((w) => w.stop()));
      const total = await a
        .select({ n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(and(eq(outbox.kind, "reminder")));
      expect(total[0]!.n).toBe(80);
    } finally {
      await Promise.all(instances.map((i) => i.close()));
      await database.drop();
    }
  });
});
