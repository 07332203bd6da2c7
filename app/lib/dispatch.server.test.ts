import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditEvents, bookings, drivers } from "../../db/schema";
import { comingPickups, toConfirmRows, toRefundRows, unassignedRows } from "~/domain/back-office/dashboard";
import { driverFormSchema } from "~/domain/back-office/driver-form";
import { pickupsOfDay } from "~/domain/back-office/run-sheet";
import { parisDayRange } from "~/domain/booking/paris-time";
import {
  bookingsPickedUpBetween,
  bookingsToConfirm,
  bookingsToRefund,
  changeDriver,
  listDrivers,
  unassignedBookings,
  type Actor,
} from "./dispatch.server";
import { storedDetails } from "~/domain/booking/model";
import { bookingRowValues, checkedBooking } from "./test-support/booking-rows";
import { writeLegs } from "./booking-store.server";
import { insertBookings, legFixture, setLegDriver } from "./test-support/insert-bookings";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import type { Db } from "./db.server";
import { adminWordsIn } from "~/lib/test-support/admin-words";

// The dispatcher's queries and driver changes on the embedded PostgreSQL.

const database = useEmbeddedDatabase();
const actor: Actor = { id: "staff-1", email: "ops@navette.test" };

beforeEach(async () => {
  await database.db.execute(sql`truncate outbox, payment_events, bookings, drivers, audit_events restart identity cascade`);
});

/** A driver as the drivers page reads it. */
async function findDriver(db: Db, id: number) {
  return (await listDrivers(db)).find((d) => d.id === id);
}

let n = 0;
/** A booking row as the run sheet reads it; `driverId` drives each of its legs (given as rows at its pickups). */
async function insertBooking(values: Partial<typeof bookings.$inferInsert> & { orderId: string; driverId?: number }) {
  n += 1;
  const { driverId, ...row } = values;
  await database.db
    .insert(bookings)
    .values(bookingRowValues({ submissionToken: `tok-${n}`, roundTrip: row.returnPickupAt != null, ...row }));
  if (driverId === undefined) return;
  const pickups = [row.firstPickupAt, row.returnPickupAt].flatMap((at, i) =>
    at ? [legFixture({ leg: i === 0 ? 1 : 2, pickupAt: at })] : [],
  );
  await writeLegs(database.db, row.orderId, pickups);
  await setLegDriver(database.db, row.orderId, driverId);
}

const add = (edits: Record<string, string> = {}) =>
  driverFormSchema.parse({
    intent: "add",
    name: "Jean Dupont",
    phone: "06 12 34 56 78",
    email: "jean@example.com",
    vehicleId: "3",
    ...edits,
  });

describe("drivers", () => {
  it("refuses a vehicle that is not in the fleet, adding no driver", async () => {
    const db = database.db;
    expect(await changeDriver(db, add({ vehicleId: "999" }), actor)).toMatchObject({ ok: false, reason: "no_vehicle" });
    expect(await findDriver(db, 1)).toBeUndefined();
  });

  it("adds a driver with its audit row, and lists active drivers first, by name", async () => {
    const db = database.db;
    const first = await changeDriver(db, add(), actor);
    expect(first).toEqual({ ok: true, driverId: 1, notice: "added" });
    await changeDriver(db, add({ name: "Anne Bernard", email: "anne@example.com", phone: "06 45 67 89 01" }), actor);
    await changeDriver(db, add({ name: "Zoé Petit", email: "zoe@example.com", phone: "07 81 23 45 67" }), actor);
    await changeDriver(db, driverFormSchema.parse({ intent: "deactivate", id: "2" }), actor);
    expect((await listDrivers(db)).map((d) => [d.name, d.active])).toEqual([
      ["Jean Dupont", true],
      ["Zoé Petit", true],
      ["Anne Bernard", false],
    ]);
    expect(await findDriver(db, 1)).toMatchObject({
      phone: "+33612345678",
      email: "jean@example.com",
      vehicleId: 3,
      vehicleName: "Mercedes Class V",
      active: true,
    });
    const audit = await db.select().from(auditEvents).orderBy(auditEvents.id);
    expect(audit.map((a) => [a.actorId, a.actor, a.action, a.detail])).toEqual([
      ["staff-1", "ops@navette.test", "driver_added", "Driver #1 added: Jean Dupont."],
      ["staff-1", "ops@navette.test", "driver_added", "Driver #2 added: Anne Bernard."],
      ["staff-1", "ops@navette.test", "driver_added", "Driver #3 added: Zoé Petit."],
      ["staff-1", "ops@navette.test", "driver_changed", "Driver #2 (Anne Bernard) deactivated."],
    ]);
  });

  it("adds one driver per phone number, however many times the form is sent at once", async () => {
    const db = database.db;
    const results = await Promise.all([1, 2, 3].map(() => changeDriver(db, add({ phone: "+33 6 45 12 34 56" }), actor)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.find((r) => !r.ok);
    expect(refused).toMatchObject({ ok: false, reason: "phone_taken", other: { name: "Jean Dupont" } });
    expect((await listDrivers(db)).filter((d) => d.phone === "+33645123456")).toHaveLength(1);
  });

  const edit = (id: string, edits: Record<string, string> = {}) =>
    driverFormSchema.parse({ intent: "edit", id, name: "Anne Bernard", phone: "06 45 67 89 01", email: "anne@example.com", ...edits });

  it("refuses to give a driver another driver's phone number on edit, changing nothing; keeping one's own number is fine", async () => {
    const db = database.db;
    await changeDriver(db, add(), actor);
    await changeDriver(db, add({ name: "Anne Bernard", email: "anne@example.com", phone: "06 45 67 89 01" }), actor);
    const refused = await changeDriver(db, edit("2", { phone: "+33 6 12 34 56 78", vehicleId: "4" }), actor);
    expect(refused).toEqual({ ok: false, reason: "phone_taken", other: { id: 1, name: "Jean Dupont" } });
    expect(await findDriver(db, 2)).toMatchObject({ phone: "+33645678901", vehicleId: 3 });
    // Its own number, written another way, with another change: saved.
    expect(await changeDriver(db, edit("2", { phone: "+33 6 45 67 89 01", vehicleId: "4" }), actor)).toMatchObject({
      ok: true,
      notice: "changed",
    });
    // An edit of a driver that does not exist says so, whatever number it asks for.
    expect(await changeDriver(db, edit("99", { phone: "06 12 34 56 78" }), actor)).toMatchObject({ ok: false, reason: "gone" });
    expect((await db.select().from(auditEvents)).map((a) => a.detail)).toEqual([
      "Driver #1 added: Jean Dupont.",
      "Driver #2 added: Anne Bernard.",
      "Driver #2 (Anne Bernard): vehicle changed.",
    ]);
  });

  it("gives a phone number to one driver only when an add and edits asking for it are sent at once", async () => {
    const db = database.db;
    await changeDriver(db, add({ name: "Anne Bernard", email: "anne@example.com", phone: "06 45 67 89 01" }), actor);
    await changeDriver(db, add({ name: "Zoé Petit", email: "zoe@example.com", phone: "07 81 23 45 67" }), actor);
    const wanted = "+33 6 99 88 77 66";
    const results = await Promise.all([
      changeDriver(db, add({ phone: wanted }), actor),
      changeDriver(db, edit("1", { phone: wanted }), actor),
      changeDriver(db, edit("2", { name: "Zoé Petit", email: "zoe@example.com", phone: wanted }), actor),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(["phone_taken", "phone_taken"]);
    expect((await listDrivers(db)).filter((d) => d.phone === "+33699887766")).toHaveLength(1);
  });

  it("edits a driver, naming what changed; an edit that changes nothing writes nothing", async () => {
    const db = database.db;
    await changeDriver(db, add(), actor);
    const edit = (edits: Record<string, string>) =>
      driverFormSchema.parse({
        intent: "edit",
        id: "1",
        name: "Jean Dupont",
        phone: "+33612345678",
        email: "jean@example.com",
        vehicleId: "3",
        ...edits,
      });
    expect(await changeDriver(db, edit({}), actor)).toEqual({ ok: true, driverId: 1, notice: "unchanged" });
    expect(await changeDriver(db, edit({ phone: "07 81 23 45 67", vehicleId: "4" }), actor)).toEqual({
      ok: true,
      driverId: 1,
      notice: "changed",
    });
    expect(await findDriver(db, 1)).toMatchObject({ phone: "+33781234567", vehicleId: 4 });
    const audit = await db.select().from(auditEvents).orderBy(auditEvents.id);
    expect(audit.map((a) => a.detail)).toEqual(["Driver #1 added: Jean Dupont.", "Driver #1 (Jean Dupont): phone, vehicle changed."]);
  });

  it("deactivates and reactivates once each, and refuses a driver that does not exist, changing nothing", async () => {
    const db = database.db;
    await changeDriver(db, add(), actor);
    const post = (intent: string, id = "1") => changeDriver(db, driverFormSchema.parse({ intent, id }), actor);
    expect(await post("deactivate")).toMatchObject({ ok: true, notice: "deactivated" });
    expect(await post("deactivate")).toMatchObject({ ok: true, notice: "unchanged" });
    expect((await findDriver(db, 1))?.active).toBe(false);
    expect(await post("reactivate")).toMatchObject({ ok: true, notice: "reactivated" });
    expect((await findDriver(db, 1))?.active).toBe(true);
    const gone = await post("deactivate", "99");
    expect(gone).toMatchObject({ ok: false, reason: "gone" });
    const missingEdit = await changeDriver(
      db,
      driverFormSchema.parse({ intent: "edit", id: "99", name: "X", phone: "+33612345678", email: "x@example.com" }),
      actor,
    );
    expect(missingEdit.ok).toBe(false);
    expect(await db.select().from(drivers)).toHaveLength(1);
    expect((await db.select().from(auditEvents)).map((a) => a.detail)).toEqual([
      "Driver #1 added: Jean Dupont.",
      "Driver #1 (Jean Dupont) deactivated.",
      "Driver #1 (Jean Dupont) reactivated.",
    ]);
  });
});

describe("bookings for the dashboard and the run sheet", () => {
  const now = new Date("2026-03-28T20:00:00Z"); // 21:00 in Paris, the evening before the clocks go forward

  it("finds paid bookings still new whose first pickup is to come or went by less than 3 hours ago, the oldest payment first", async () => {
    const soon = new Date("2026-03-30T08:00:00Z");
    await insertBooking({ orderId: "NV-NEWER", status: "paid", paidAt: new Date("2026-03-28T18:00:00Z"), firstPickupAt: soon, test: true });
    await insertBooking({ orderId: "NV-OLDER", status: "paid", paidAt: new Date("2026-03-28T07:00:00Z"), firstPickupAt: soon });
    // Picked up 2 h ago, never confirmed: still shown (the most urgent case).
    await insertBooking({
      orderId: "NV-JUST-GONE",
      status: "paid",
      paidAt: new Date("2026-03-28T08:00:00Z"),
      firstPickupAt: new Date("2026-03-28T18:00:00Z"),
    });
    // A paid booking of last year, still 'new' since the statuses were introduced: history, not work.
    await insertBooking({
      orderId: "NV-HISTORIC",
      status: "paid",
      paidAt: new Date("2025-05-01T07:00:00Z"),
      firstPickupAt: new Date("2025-05-20T08:00:00Z"),
    });
    await insertBooking({
      orderId: "NV-GONE",
      status: "paid",
      paidAt: new Date("2026-03-28T06:00:00Z"),
      firstPickupAt: new Date("2026-03-28T16:59:00Z"),
    });
    await insertBooking({ orderId: "NV-UNPAID", status: "pending_payment", firstPickupAt: soon });
    await insertBooking({
      orderId: "NV-CONFIRMED",
      status: "paid",
      bookingStatus: "confirmed",
      paidAt: new Date("2026-03-28T06:00:00Z"),
      firstPickupAt: soon,
    });
    const found = await bookingsToConfirm(database.db, now);
    expect(found.map((b) => b.orderId)).toEqual(["NV-OLDER", "NV-JUST-GONE", "NV-NEWER"]);
    const rows = toConfirmRows(found, now, adminWordsIn("en"));
    expect(rows.map((r) => [r.orderId, r.timeLeft, r.overdue, r.test])).toEqual([
      ["NV-OLDER", "overdue by 1 h 00 min", true, false],
      ["NV-JUST-GONE", "0 h 00 min left", false, false],
      ["NV-NEWER", "10 h 00 min left", false, true],
    ]);
  });

  it("finds cancelled bookings whose money is still held, with what is held", async () => {
    await insertBooking({ orderId: "NV-PAID", status: "paid", bookingStatus: "cancelled", cancelledAt: new Date("2026-03-28T10:00:00Z") });
    await insertBooking({
      orderId: "NV-PART",
      status: "partly_refunded",
      bookingStatus: "cancelled",
      refundedCents: 2_500,
      cancelledAt: new Date("2026-03-27T10:00:00Z"),
    });
    await insertBooking({ orderId: "NV-REFUNDED", status: "refunded", bookingStatus: "cancelled", refundedCents: 9_000 });
    await insertBooking({ orderId: "NV-UNPAID", status: "pending_payment", bookingStatus: "cancelled" });
    await insertBooking({ orderId: "NV-LIVE", status: "paid", bookingStatus: "confirmed" });
    await insertBooking({ orderId: "NV-PART-LIVE", status: "partly_refunded", bookingStatus: "completed", refundedCents: 1_000 });
    const rows = toRefundRows(await bookingsToRefund(database.db), adminWordsIn("en"));
    expect(rows.map((r) => [r.orderId, r.payment, r.heldCents, r.cancelled])).toEqual([
      ["NV-PART", "Partly refunded", 6_500, "27/03/2026 11:00"],
      ["NV-PAID", "Paid", 9_000, "28/03/2026 11:00"],
    ]);
  });

  it("finds a day's legs with their driver, by either leg, in Paris time across the clock change", async () => {
    const db = database.db;
    await changeDriver(db, add(), actor);
    // 29 March 2026 in Paris runs from 28 March 23:00 UTC to 29 March 22:00 UTC (23 hours).
    await insertBooking({
      orderId: "NV-OUT",
      status: "paid",
      bookingStatus: "driver_assigned",
      driverId: 1,
      firstPickupAt: new Date("2026-03-29T06:00:00Z"),
    });
    await insertBooking({
      orderId: "NV-BACK",
      status: "paid",
      bookingStatus: "confirmed",
      firstPickupAt: new Date("2026-03-20T06:00:00Z"),
      returnPickupAt: new Date("2026-03-29T21:30:00Z"),
    });
    await insertBooking({ orderId: "NV-EARLY", status: "paid", firstPickupAt: new Date("2026-03-28T23:00:00Z") });
    await insertBooking({ orderId: "NV-BEFORE", status: "paid", firstPickupAt: new Date("2026-03-28T22:59:00Z") });
    await insertBooking({ orderId: "NV-AFTER", status: "paid", firstPickupAt: new Date("2026-03-29T22:00:00Z") });
    await insertBooking({
      orderId: "NV-GONE",
      status: "refunded",
      bookingStatus: "cancelled",
      firstPickupAt: new Date("2026-03-29T08:00:00Z"),
    });
    await insertBooking({ orderId: "NV-ABANDONED", status: "pending_payment", firstPickupAt: new Date("2026-03-29T09:00:00Z") });
    const day = { year: 2026, month: 3, day: 29 };
    const { start, end } = parisDayRange(day);
    const found = await bookingsPickedUpBetween(db, start, end);
    expect(found.map((b) => b.orderId).sort()).toEqual(["NV-ABANDONED", "NV-BACK", "NV-EARLY", "NV-GONE", "NV-OUT"]);
    const sheet = pickupsOfDay(found, day, adminWordsIn("en"));
    expect(sheet.lines.map((l) => [l.time, l.orderId, l.leg, l.driver, l.status])).toEqual([
      ["00:00", "NV-EARLY", 1, null, "New"],
      ["08:00", "NV-OUT", 1, "Jean Dupont", "Driver assigned"],
      ["23:30", "NV-BACK", 2, null, "Confirmed"],
    ]);
    expect(sheet.cancelled).toBe(1);
    const [today, tomorrow] = comingPickups(
      await bookingsPickedUpBetween(db, parisDayRange({ year: 2026, month: 3, day: 28 }).start, end),
      now,
      adminWordsIn("en"),
    );
    expect(today!.lines.map((l) => l.orderId)).toEqual(["NV-BEFORE"]);
    expect(tomorrow!.lines.map((l) => l.orderId)).toEqual(["NV-EARLY", "NV-OUT", "NV-BACK"]);
  });

  it("reads a day's bookings' stored details back, a flight on the sheet", async () => {
    const booking = checkedBooking("tok-stored");
    const pickupAt = booking.legs[0]!.pickupAt;
    const values = { orderId: "NV-STORED", submissionToken: "tok-stored", status: "paid" as const, firstPickupAt: pickupAt };
    await insertBookings(database.db, bookingRowValues({ ...values, details: storedDetails(booking) }));
    const day = { year: 2026, month: 5, day: 20 };
    const { start, end } = parisDayRange(day);
    const [line] = pickupsOfDay(await bookingsPickedUpBetween(database.db, start, end), day, adminWordsIn("en")).lines;
    expect(line).toMatchObject({ orderId: "NV-STORED", flight: "BA 304 from London, lands 10:00", unread: false });
  });

  it("gives a booking whose stored details do not have a booking's shape none, never throwing", async () => {
    await insertBooking({ orderId: "NV-ODD", status: "paid", firstPickupAt: new Date("2026-03-29T08:00:00Z") });
    const day = { year: 2026, month: 3, day: 29 };
    const { start, end } = parisDayRange(day);
    const found = await bookingsPickedUpBetween(database.db, start, end);
    expect(found.map((b) => [b.orderId, b.details])).toEqual([["NV-ODD", null]]);
  });

  it("finds confirmed bookings with no driver and a pickup to come", async () => {
    await insertBooking({
      orderId: "NV-SOON",
      status: "paid",
      bookingStatus: "confirmed",
      firstPickupAt: new Date("2026-03-29T08:00:00Z"),
    });
    await insertBooking({
      orderId: "NV-RETURN",
      status: "paid",
      bookingStatus: "confirmed",
      firstPickupAt: new Date("2026-03-20T08:00:00Z"),
      returnPickupAt: new Date("2026-03-30T08:00:00Z"),
    });
    await insertBooking({
      orderId: "NV-PAST",
      status: "paid",
      bookingStatus: "confirmed",
      firstPickupAt: new Date("2026-03-27T08:00:00Z"),
    });
    await insertBooking({
      orderId: "NV-CANCELLED",
      status: "refunded",
      bookingStatus: "cancelled",
      firstPickupAt: new Date("2026-03-29T08:00:00Z"),
    });
    await insertBooking({ orderId: "NV-NEW", status: "paid", firstPickupAt: new Date("2026-03-29T08:00:00Z") });
    const rows = unassignedRows(await unassignedBookings(database.db, now), now);
    expect(rows.map((r) => [r.orderId, r.nextPickup])).toEqual([
      ["NV-SOON", "29/03/2026 10:00"],
      ["NV-RETURN", "30/03/2026 10:00"],
    ]);
  });
});
