import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { addNote, assignDriver } from "./booking-admin.server";
import { loadBookingPage } from "./booking-page.server";
import { cancelBooking } from "./booking-refunds.server";
import { OUTBOX_DEFAULTS } from "./mail.server";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import { bookingFixtures, countingSandbox, now, paid, site, staff } from "./test-support/staff-actions";

const database = useEmbeddedDatabase();
const { newBooking, mails, addDriver } = bookingFixtures(database);

beforeEach(async () => {
  await database.db.execute(sql`truncate outbox, payment_events, audit_events, bookings, drivers restart identity cascade`);
});

describe("loadBookingPage", () => {
  it("gives the booking, its driver, the active drivers, its e-mails with their state, its refunds and history", async () => {
    const row = await newBooking({ ...paid, bookingStatus: "confirmed" });
    const karim = await addDriver({ name: "Karim Benali" });
    await addDriver({ name: "Old Driver", active: false });
    await assignDriver(database.db, row.orderId, 1, karim.id, staff, site);
    const [job, traveller] = await mails(row.orderId);
    await database.db.update(outbox).set({ status: "sent", sentAt: now, attempts: 1 }).where(eq(outbox.id, job!.id));
    await database.db.update(outbox).set({ attempts: OUTBOX_DEFAULTS.maxAttempts }).where(eq(outbox.id, traveller!.id));
    await addNote(database.db, row.orderId, "Quiet traveller.", staff);
    await database.db
      .insert(outbox)
      .values({ orderId: row.orderId, kind: "booking_confirmed", recipient: "x@example.com", subject: "s", body: "b" });

    const page = (await loadBookingPage(database.db, row.orderId))!;
    expect(page.row.orderId).toBe(row.orderId);
    expect(page.legDrivers.get(1)?.name).toBe("Karim Benali");
    expect(page.activeDrivers.map((d) => d.name)).toEqual(["Karim Benali"]);
    expect(page.emails.map((e) => [e.kind, e.state])).toEqual([
      ["driver_job", "sent"],
      ["driver_assigned", "failed"],
      ["booking_confirmed", "waiting"],
    ]);
    expect(page.history.map((h) => h.action)).toEqual(["driver_assigned", "note_added"]);
    expect(page.emails.map((e) => e.notAgain)).toEqual([null, null, null]);
    await cancelBooking(database.db, row.orderId, staff, site, countingSandbox());
    const cancelled = (await loadBookingPage(database.db, row.orderId))!;
    expect(cancelled.emails.map((e) => [e.kind, e.notAgain])).toEqual([
      ["driver_job", "This booking is cancelled: the driver's job is not sent again."],
      ["driver_assigned", "This booking is cancelled: the traveller's driver e-mail is not sent again."],
      ["booking_confirmed", "This booking is cancelled: its confirmation is not sent again."],
      ["booking_cancelled", null],
      ["driver_job_cancelled", null],
    ]);
    expect(page.actions).toEqual(["assign_driver", "complete", "no_show", "cancel"]);
    expect(await loadBookingPage(database.db, "NV-ZZZZZZ")).toBeNull();
  });
});
