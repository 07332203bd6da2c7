import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { bookingLegs, bookings, outbox } from "../../db/schema";
import { parisInstant } from "~/domain/booking/paris-time";
import { parseMeetingPoints } from "~/domain/meeting-points";
import { queueDueReminders, startReminders, type MeetingPointSource } from "./reminders.server";
import { bookingRowValues } from "./test-support/booking-rows";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import { insertBookings, setLegDriver } from "./test-support/insert-bookings";
import { insertDriver } from "./test-support/leg-drivers";

const database = useEmbeddedDatabase();
const paris = (year: number, month: number, day: number, hour: number, minute = 0) => parisInstant({ year, month, day, hour, minute });

const settings = {
  reminderHour: 18,
  staffLocale: "en" as const,
  siteName: "Navette Paris",
  email: "booking@navette.example",
  phone: "+33 1 99 00 12 34",
  siteUrl: "https://navette.example",
};

const points = parseMeetingPoints(
  [
    "airport,terminal,service,meeting_point",
    "CDG,,private,CDG default private.",
    "CDG,,shuttle,CDG default shuttle.",
    "CDG,2E,private,Terminal 2E exit 8 private.",
    "CDG,2E,shuttle,Terminal 2E exit 8 shuttle.",
    "ORY,,private,Orly default private.",
    "ORY,,shuttle,Orly default shuttle.",
    "BVA,,private,Beauvais default private.",
    "BVA,,shuttle,Beauvais default shuttle.",
    "*,,private,At your hotel's reception.",
    "*,,shuttle,At your hotel's shuttle stop.",
  ].join("\n"),
);
const meetingPoints: MeetingPointSource = { get: async () => ({ points: points.points }) };

/** Charles de Gaulle terminal 2E, landing from London on flight BA304. */
const CDG_2E = {
  place: "Charles de Gaulle Airport (CDG)",
  kind: "flight",
  terminal: "2E",
  flightNumber: "BA304",
  flightCity: "London",
  flightTime: "10:00",
} as const;
const CHEYENNE = { place: "Disneyland Paris", kind: "address", hotel: "Hotel Cheyenne", zip: "77700" } as const;

/** A paid one-way booking picked up at CDG terminal 2E at `pickupAt`. */
async function booking(orderId: string, pickupAt: Date, fields: Partial<typeof bookings.$inferInsert> = {}) {
  const leg = { leg: 1, pickupAt, durationMinutes: 45, delayArriveMinutes: 120, pickup: CDG_2E, dropoff: CHEYENNE } as const;
  const customer = { lastname: "Martin", firstname: "Claire", email: "claire@example.com", phoneMobile: "+33612345678" };
  const luggage = { checkIn: 1, cabin: 1, strollerSingle: 0, strollerDouble: 0, info: "" };
  await insertBookings(
    database.db,
    bookingRowValues({
      orderId,
      submissionToken: `token-${orderId}`,
      status: "paid",
      firstPickupAt: pickupAt,
      details: { customer, legs: [leg], luggage },
      ...fields,
    }),
  );
}

/** A paid round trip from CDG terminal 2E at `outboundAt`, back from the hotel at `returnAt`, its driver told to the traveller. */
async function roundTrip(orderId: string, outboundAt: Date, returnAt: Date) {
  const customer = { lastname: "Martin", firstname: "Claire", email: "claire@example.com", phoneMobile: "+33612345678" };
  const luggage = { checkIn: 1, cabin: 1, strollerSingle: 0, strollerDouble: 0, info: "" };
  await insertBookings(
    database.db,
    bookingRowValues({
      orderId,
      submissionToken: `token-${orderId}`,
      status: "paid",
      bookingStatus: "driver_assigned",
      roundTrip: true,
      firstPickupAt: outboundAt,
      returnPickupAt: returnAt,
      details: {
        customer,
        legs: [
          { leg: 1, pickupAt: outboundAt, pickup: CDG_2E, dropoff: CHEYENNE },
          { leg: 2, pickupAt: returnAt, pickup: CHEYENNE, dropoff: { ...CDG_2E, flightNumber: "BA305", flightTime: "14:00" } },
        ],
        luggage,
      },
    }),
  );
}

const reminders = async (orderId: string) => database.db.select().from(outbox).where(eq(outbox.orderId, orderId)).orderBy(outbox.id);

const quiet = () => ({ info: vi.fn<(m: string) => void>(), error: vi.fn<(m: string) => void>() });

describe("queueDueReminders", () => {
  it("writes a due leg's reminder once, with the meeting point of its terminal and the manage link's marker", async () => {
    const pickup = paris(2026, 6, 10, 10, 0);
    await booking("NV-RMD001", pickup);
    const log = quiet();
    const options = { db: database.db, settings, meetingPoints, log };
    expect(await queueDueReminders(options, paris(2026, 6, 9, 17, 59))).toEqual({ queued: 0 });
    expect(await queueDueReminders(options, paris(2026, 6, 9, 18, 0))).toEqual({ queued: 1 });
    expect(await queueDueReminders(options, paris(2026, 6, 9, 18, 5))).toEqual({ queued: 0 });
    const [row, ...more] = await reminders("NV-RMD001");
    expect(more).toEqual([]);
    expect(row).toMatchObject({ kind: "reminder", leg: 1, recipient: "claire@example.com", status: "pending" });
    expect(row!.subject).toBe("Navette Paris: your transfer tomorrow, booking NV-RMD001");
    expect(row!.body).toContain("Meeting point\nTerminal 2E exit 8 private.");
    expect(row!.linkMarker).toMatch(/^\[manage-link:[0-9a-f-]{36}\]$/);
    expect(row!.body).toContain(row!.linkMarker!);
    // Ids only in the log: never the traveller's address or name.
    expect(log.info.mock.calls.flat().join("\n")).toMatch(/^Reminder for order NV-RMD001, leg 1, queued as e-mail \d+\.$/);
    expect(log.info.mock.calls.flat().join("\n")).not.toMatch(/claire|martin/i);
  });

  it("sends a reminder without a meeting point when the meeting points file cannot be read", async () => {
    await booking("NV-RMD002", paris(2026, 6, 11, 10, 0));
    const log = quiet();
    const broken: MeetingPointSource = {
      get: async () => {
        throw Object.assign(new Error("The meeting points file /x has errors: line 2 …"), { name: "MeetingPointsUnavailableError" });
      },
    };
    expect(await queueDueReminders({ db: database.db, settings, meetingPoints: broken, log }, paris(2026, 6, 10, 19, 0))).toEqual({
      queued: 1,
    });
    expect((await reminders("NV-RMD002"))[0]!.body).not.toContain("Meeting point");
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining("MeetingPointsUnavailableError"));
  });

  it("writes one reminder per leg when passes run at once", async () => {
    await booking("NV-RMD003", paris(2026, 6, 12, 10, 0));
    const options = { db: database.db, settings, meetingPoints, log: quiet() };
    const now = paris(2026, 6, 11, 20, 0);
    const results = await Promise.all([1, 2, 3, 4].map(() => queueDueReminders(options, now)));
    expect(results.reduce((n, r) => n + r.queued, 0)).toBe(1);
    expect(await reminders("NV-RMD003")).toHaveLength(1);
  });

  /** A meeting points source that runs `meanwhile` first: a write landing between the pass's search and its insert. */
  const meanwhile = (write: () => Promise<unknown>): MeetingPointSource => ({
    get: async () => {
      await write();
      return { points: points.points };
    },
  });

  it("draws the reminder from the booking as it is when written, not as the search read it", async () => {
    const pickup = paris(2026, 6, 15, 10, 0);
    await booking("NV-RMD006", pickup);
    const driver = await insertDriver(database.db, "Karim Benali", "+33698765432");
    const change = meanwhile(async () => {
      const leg1 = and(eq(bookingLegs.orderId, "NV-RMD006"), eq(bookingLegs.leg, 1));
      const [leg] = await database.db.select().from(bookingLegs).where(leg1);
      const pickup = { ...(leg!.pickup as Record<string, unknown>), terminal: "", flightNumber: "AF999" };
      await database.db.update(bookingLegs).set({ pickup, driverId: driver.id }).where(leg1);
      await database.db.update(bookings).set({ bookingStatus: "driver_assigned" }).where(eq(bookings.orderId, "NV-RMD006"));
    });
    const options = { db: database.db, settings, meetingPoints: change, log: quiet() };
    expect(await queueDueReminders(options, paris(2026, 6, 14, 18, 0))).toEqual({ queued: 1 });
    const [row] = await reminders("NV-RMD006");
    expect(row!.body).toContain("Flight: AF999");
    expect(row!.body).not.toContain("BA304");
    expect(row!.body).toContain("Meeting point\nCDG default private.");
    expect(row!.body).toContain("Name: Karim Benali");
  });

  it("writes none for a leg whose pickup moved out of its reminder's window meanwhile, nor for a booking cancelled meanwhile", async () => {
    await booking("NV-RMD007", paris(2026, 6, 16, 10, 0));
    await booking("NV-RMD008", paris(2026, 6, 16, 11, 0));
    const later = meanwhile(() =>
      database.db
        .update(bookings)
        .set({ firstPickupAt: paris(2026, 6, 18, 10, 0) })
        .where(eq(bookings.orderId, "NV-RMD007")),
    );
    const cancelled = meanwhile(() =>
      database.db.update(bookings).set({ bookingStatus: "cancelled" }).where(eq(bookings.orderId, "NV-RMD008")),
    );
    const now = paris(2026, 6, 15, 18, 0);
    expect(await queueDueReminders({ db: database.db, settings, meetingPoints: later, log: quiet() }, now)).toEqual({ queued: 1 });
    expect(await reminders("NV-RMD007")).toEqual([]);
    await database.db.delete(outbox).where(eq(outbox.orderId, "NV-RMD008"));
    expect(await queueDueReminders({ db: database.db, settings, meetingPoints: cancelled, log: quiet() }, now)).toEqual({ queued: 0 });
    expect(await reminders("NV-RMD008")).toEqual([]);
  });

  it("names the return's own driver in the return's reminder, not the outbound's", async () => {
    await roundTrip("NV-RMD009", paris(2026, 6, 20, 10, 0), paris(2026, 6, 25, 10, 0));
    const jean = await insertDriver(database.db, "Jean Dupont", "+33611223344");
    const marc = await insertDriver(database.db, "Marc Petit", "+33655667788");
    await setLegDriver(database.db, "NV-RMD009", jean.id, [1]);
    await setLegDriver(database.db, "NV-RMD009", marc.id, [2]);
    const options = { db: database.db, settings, meetingPoints, log: quiet() };
    expect(await queueDueReminders(options, paris(2026, 6, 24, 18, 0))).toEqual({ queued: 1 });
    const [row] = await reminders("NV-RMD009");
    expect(row).toMatchObject({ leg: 2 });
    expect(row!.body).toContain("Your driver\nName: Marc Petit\nPhone: +33 6 55 66 77 88");
    expect(row!.body).not.toContain("Jean Dupont");
  });

  it("follows the REMINDER_HOUR setting", async () => {
    await booking("NV-RMD004", paris(2026, 6, 13, 10, 0));
    const options = { db: database.db, settings: { ...settings, reminderHour: 9 }, meetingPoints, log: quiet() };
    expect(await queueDueReminders(options, paris(2026, 6, 12, 8, 59))).toEqual({ queued: 0 });
    expect(await queueDueReminders(options, paris(2026, 6, 12, 9, 0))).toEqual({ queued: 1 });
  });
});

describe("startReminders", () => {
  it("runs a pass at once, wakes the outbox when it wrote something, and stop() waits for the pass", async () => {
    await booking("NV-RMD005", paris(2026, 6, 14, 10, 0));
    const wakeOutbox = vi.fn();
    const worker = startReminders({
      db: database.db,
      settings,
      meetingPoints,
      log: quiet(),
      wakeOutbox,
      now: () => paris(2026, 6, 13, 18, 30),
      intervalMs: 60_000,
    });
    await worker.stop();
    expect(await reminders("NV-RMD005")).toHaveLength(1);
    expect(wakeOutbox).toHaveBeenCalledTimes(1);
    expect(await worker.runOnce()).toEqual({ queued: 0 });
    expect(wakeOutbox).toHaveBeenCalledTimes(1);
  });

  it("logs a failed pass by its error's name and carries on", async () => {
    const log = quiet();
    const failing = { get: async () => ({ points: points.points }) };
    const worker = startReminders({
      db: {
        select: () => {
          throw Object.assign(new Error("connection to claire@example.com refused"), { name: "DatabaseError", code: "57P01" });
        },
      } as never,
      settings,
      meetingPoints: failing,
      log,
      intervalMs: 60_000,
    });
    await worker.stop();
    expect(log.error).toHaveBeenCalledWith("Reminders pass failed: DatabaseError (57P01); it runs again on the next round.");
  });
});
