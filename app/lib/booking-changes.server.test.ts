import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, bookings, drivers, outbox } from "../../db/schema";
import { parsePriceFile } from "~/domain/pricing/csv";
import { changeFormSchema } from "~/domain/manage/change-form";
import { draftFromBooking } from "~/domain/booking/wire";
import { changeLayout } from "~/domain/manage/change-layout";
import { MEETING_POINTS_HEADER, parseMeetingPoints } from "~/domain/meeting-points";
import { changeBookingByTraveller, TRAVELLER_CHANGE_ACTION } from "./booking-changes.server";
import { bookingColumns } from "./booking-store.server";
import { findByOrderId, saveBooking, type BookingRow } from "./bookings.server";
import type { Db } from "./db.server";
import { queueDueReminders } from "./reminders.server";
import { checkedBooking } from "./test-support/booking-rows";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import { setLegDriver } from "./test-support/insert-bookings";
import { activeCapacities, FIRST_FLEET } from "~/domain/fleet";
import { mailWordsIn, manageWordsIn } from "./i18n.server";
import { staffLanguage } from "~/lib/email-site.server";

// A traveller's change on the embedded PostgreSQL: once, with its history row and e-mails written
// together, or nothing at all.

const ROWS = parsePriceFile(readFileSync("data/prices.csv", "utf8")).rows;
// Eight days before the pickup of 20 May 2026 at 10:00 (Paris).
const now = new Date("2026-05-12T10:00:00Z");
const site = {
  siteName: "Navette Paris",
  businessEmail: "booking@navette.example",
  words: mailWordsIn,
  staff: staffLanguage("en"),
  phone: "+33 1 99 00 12 34",
  siteUrl: "https://navette.example",
};

let tokens = 0;

describe("changeBookingByTraveller", () => {
  const database = useEmbeddedDatabase();

  async function booking(values: Partial<typeof bookings.$inferInsert> = {}): Promise<BookingRow> {
    const { row } = await saveBooking(database.db, { booking: checkedBooking(`change-${++tokens}`), priceCents: 6500 });
    if (Object.keys(values).length === 0) return row;
    const [updated] = await database.db.update(bookings).set(values).where(eq(bookings.id, row.id)).returning(bookingColumns);
    return updated!;
  }

  /** The change form's own post for the booking, with `edits` over it. */
  function post(row: BookingRow, edits: Record<string, string> = {}) {
    const draft = draftFromBooking(row.details, row)!;
    const posted = { ...Object.fromEntries(changeLayout(draft).fields.map((f) => [f, draft[f] ?? ""])), ...edits };
    return { form: changeFormSchema.parse(posted), posted, now, rows: ROWS, fleet: activeCapacities(FIRST_FLEET) };
  }

  async function traces(orderId: string) {
    const db = database.db;
    return {
      booking: await findByOrderId(db, orderId),
      audit: await db.select().from(auditEvents).where(eq(auditEvents.orderId, orderId)),
      mails: await db.select().from(outbox).where(eq(outbox.orderId, orderId)),
    };
  }

  it("changes the flight number, with its history row and the business's e-mail, in one go", async () => {
    const row = await booking();
    expect(await changeBookingByTraveller(database.db, row.orderId, post(row, { num_vol_pu_1: "ba 306" }), site)).toEqual({
      ok: true,
      done: "changed",
    });
    const { booking: after, audit, mails } = await traces(row.orderId);
    expect((after!.details as { legs: { pickup: { flightNumber: string } }[] }).legs[0]!.pickup.flightNumber).toBe("BA 306");
    expect(after!.firstPickupAt).toEqual(row.firstPickupAt);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: "traveller", actorId: null, action: TRAVELLER_CHANGE_ACTION });
    expect(audit[0]!.detail).toContain("Transfer, pick-up flight number: BA 304 → BA 306");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "booking_changed", recipient: "booking@navette.example", status: "pending", linkMarker: null });
    expect(mails[0]!.body).toContain("  Pick-up flight number: BA 304 → BA 306");
    expect(mails[0]!.body).toContain("No driver is assigned yet.");
  });

  it("writes nothing for a post that changes nothing", async () => {
    const row = await booking();
    const before = await traces(row.orderId);
    expect(await changeBookingByTraveller(database.db, row.orderId, post(row), site)).toEqual({ ok: true, done: "unchanged" });
    expect(await traces(row.orderId)).toEqual(before);
  });

  it("moves the pick-up and its column with the landing time, and the phone column with the phone", async () => {
    const row = await booking();
    const outcome = await changeBookingByTraveller(
      database.db,
      row.orderId,
      post(row, { horaire_vol_pu_1: "12:30", phone_mobile: "+44 7700 900123" }),
      site,
    );
    expect(outcome).toEqual({ ok: true, done: "changed" });
    const after = (await findByOrderId(database.db, row.orderId))!;
    expect(after.firstPickupAt!.getTime() - row.firstPickupAt!.getTime()).toBe(150 * 60_000);
    expect(after.phone).toBe("+44 7700 900123");
    expect((after.details as { customer: { phoneMobile: string } }).customer.phoneMobile).toBe("+44 7700 900123");
  });

  it("tells the assigned driver when the landing time moves, and only the business for a flight number", async () => {
    const [driver] = await database.db
      .insert(drivers)
      .values({ name: "Karim Benali", phone: "+33698765432", email: "karim@drivers.example" })
      .returning();
    const assigned = await booking({ bookingStatus: "driver_assigned", confirmedAt: now });
    await setLegDriver(database.db, assigned.orderId, driver!.id);
    const row = (await findByOrderId(database.db, assigned.orderId))!;
    await changeBookingByTraveller(database.db, row.orderId, post(row, { num_vol_pu_1: "BA 306" }), site);
    let mails = (await traces(row.orderId)).mails;
    expect(mails.map((m) => m.kind)).toEqual(["booking_changed"]);
    expect(mails[0]!.body).toContain("The driver, Karim Benali, is not e-mailed");

    const changed = (await findByOrderId(database.db, row.orderId))!;
    await changeBookingByTraveller(database.db, row.orderId, post(changed, { horaire_vol_pu_1: "11:00" }), site);
    mails = (await traces(row.orderId)).mails;
    expect(mails.map((m) => m.kind)).toEqual(["booking_changed", "booking_changed", "driver_job"]);
    expect(mails[2]).toMatchObject({ recipient: "karim@drivers.example" });
    expect(mails[2]!.subject).toMatch(/^Job NV-\w{6} changed:/);
    expect(mails[2]!.body).toContain("Pick-up landing time: 10:00 → 11:00");
    expect(mails[1]!.body).toContain("The driver, Karim Benali, is e-mailed the job as it is now.");
    const audit = (await traces(row.orderId)).audit;
    expect(audit.at(-1)!.detail).toContain("the business and the driver, Karim Benali, are e-mailed");
  });

  it("changes once when the same post arrives twice at once", async () => {
    const row = await booking();
    const send = () => changeBookingByTraveller(database.db, row.orderId, post(row, { info_t1: "Two child seats" }), site);
    const outcomes = await Promise.all([send(), send()]);
    expect(outcomes.map((o) => (o.ok ? o.done : o.status)).sort()).toEqual(["changed", "unchanged"]);
    const { audit, mails } = await traces(row.orderId);
    expect(audit).toHaveLength(1);
    expect(mails).toHaveLength(1);
  });

  it.each([
    ["after the deadline", {}, { now: new Date("2026-05-19T08:01:00Z") }, 409, /until 19\/05\/2026 10:00 \(Paris time\)/],
    ["of a cancelled booking", { bookingStatus: "cancelled" as const }, {}, 409, /This booking is cancelled/],
    ["of the date", {}, { dateEdit: true }, 409, /^Date, route and passengers are changed by phone: call us on \+33 1 99 00 12 34\./],
  ])("refuses a change %s, and writes nothing", async (_name, values, options, status, message) => {
    const row = await booking(values);
    const before = await traces(row.orderId);
    const change = post(row, { num_vol_pu_1: "BA 306", ...("dateEdit" in options ? { french_date_pu_t1: "21/05/2026" } : {}) });
    const outcome = await changeBookingByTraveller(
      database.db,
      row.orderId,
      { ...change, ...("now" in options ? { now: options.now } : {}) },
      site,
    );
    expect(outcome).toMatchObject({ ok: false, status });
    if (!outcome.ok && "message" in outcome) expect(outcome.message).toMatch(message);
    expect(await traces(row.orderId)).toEqual(before);
  });

  it("refuses in the language of the page that posted", async () => {
    const row = await booking({ bookingStatus: "cancelled" as const });
    const outcome = await changeBookingByTraveller(database.db, row.orderId, { ...post(row), locale: "de" }, site);
    expect(outcome).toEqual({ ok: false, status: 409, message: manageWordsIn("de")("change.closed.cancelled", { phone: site.phone }) });
  });

  it("refuses a hotel outside the route's area with 400 at its field, and writes nothing", async () => {
    const row = await booking();
    const before = await traces(row.orderId);
    const outcome = await changeBookingByTraveller(
      database.db,
      row.orderId,
      post(row, { hotel_n_drop_1: "", hotel_drop_1: "Hôtel du Louvre", address_drop_1: "Place André Malraux", zip_drop_1: "75001" }),
      site,
    );
    expect(outcome).toMatchObject({ ok: false, status: 400, problems: [{ field: "zip_drop_1" }] });
    expect(await traces(row.orderId)).toEqual(before);
  });

  it("answers 404 for an order that does not exist", async () => {
    const row = await booking();
    expect(await changeBookingByTraveller(database.db, "NV-NOPE22", post(row), site)).toMatchObject({ ok: false, status: 404 });
  });

  describe("the traveller's reminder", () => {
    // The pickup is at 10:00 on 20 May (Paris): with reminders at 09:00, the reminder is due at
    // 09:00 on the 19th, an hour before changes close.
    const dueAt = new Date("2026-05-19T07:00:00Z");
    const changedAt = new Date("2026-05-19T07:30:00Z");
    const { points } = parseMeetingPoints(
      [MEETING_POINTS_HEADER, "ORY,,private,Orly arrivals hall exit 7.", "*,,private,Hotel lobby."].join("\n"),
    );
    const withPoints = { ...site, meetingPoints: points, manageUrl: "[manage-link:change]" };
    const workerOptions = {
      db: undefined as unknown as Db,
      settings: {
        reminderHour: 9,
        siteName: site.siteName,
        email: site.businessEmail,
        phone: site.phone,
        siteUrl: site.siteUrl,
        staffLocale: "en" as const,
      },
      meetingPoints: { get: async () => ({ points }) },
      log: { info: () => undefined, error: () => undefined },
    };
    const writeDue = (at: Date) => queueDueReminders({ ...workerOptions, db: database.db }, at);
    const remindersOf = async (orderId: string) =>
      (await traces(orderId)).mails.filter((m) => m.kind === "reminder").sort((a, b) => a.id - b.id);
    const paidBooking = () => booking({ status: "paid", paidAt: now, bookingStatus: "confirmed" });
    const change = (row: BookingRow, edits: Record<string, string>) =>
      changeBookingByTraveller(database.db, row.orderId, { ...post(row, edits), now: changedAt }, withPoints);

    it("is rewritten by the worker from the changed booking when it was written and not sent", async () => {
      const row = await paidBooking();
      expect(await writeDue(dueAt)).toEqual({ queued: 1 });
      const [written] = await remindersOf(row.orderId);
      expect(written!.body).toContain("Flight: BA 304");
      expect(await change(row, { num_vol_pu_1: "BA 306" })).toEqual({ ok: true, done: "changed" });
      expect(await remindersOf(row.orderId)).toEqual([]);
      expect(await writeDue(new Date("2026-05-19T07:35:00Z"))).toEqual({ queued: 1 });
      const [again, ...more] = await remindersOf(row.orderId);
      expect(more).toEqual([]);
      expect(again!.body).toContain("Flight: BA 306");
      expect(again!.body).not.toContain("BA 304");
      expect(again!.resentFrom).toBeNull();
    });

    it.each([
      ["sent", { status: "sent" as const, sentAt: dueAt }],
      ["being sent (claimed by the outbox)", { lockedUntil: new Date(changedAt.getTime() + 60_000), attempts: 1 }],
    ])("is followed by an updated one when it was %s, in the change's transaction", async (_what, state) => {
      const row = await paidBooking();
      await writeDue(dueAt);
      const [first] = await remindersOf(row.orderId);
      await database.db.update(outbox).set(state).where(eq(outbox.id, first!.id));
      expect(await change(row, { horaire_vol_pu_1: "11:00" })).toEqual({ ok: true, done: "changed" });
      const [kept, updated, ...more] = await remindersOf(row.orderId);
      expect(more).toEqual([]);
      expect(kept).toMatchObject({ id: first!.id, subject: first!.subject, body: first!.body });
      expect(updated).toMatchObject({
        kind: "reminder",
        leg: 1,
        status: "pending",
        resentFrom: first!.id,
        recipient: "claire@example.com",
        linkMarker: "[manage-link:change]",
        subject: `Updated: Navette Paris: your transfer tomorrow, booking ${row.orderId}`,
      });
      expect(updated!.body).toContain("landing 11:00 (Paris time)");
      expect(updated!.body).not.toContain("landing 10:00");
      expect(updated!.body).toContain("Meeting point\nOrly arrivals hall exit 7.");
      expect(updated!.body).toContain("[manage-link:change]");
      const { audit } = await traces(row.orderId);
      expect(audit.at(-1)!.detail).toMatch(/ The traveller is sent an updated reminder \(Transfer\)\.$/);
    });

    it("keeps one updated reminder waiting whatever the number of changes after the first was sent", async () => {
      const row = await paidBooking();
      await writeDue(dueAt);
      const [first] = await remindersOf(row.orderId);
      await database.db.update(outbox).set({ status: "sent", sentAt: dueAt }).where(eq(outbox.id, first!.id));
      await change(row, { num_vol_pu_1: "BA 306" });
      await change((await findByOrderId(database.db, row.orderId))!, { num_vol_pu_1: "BA 308" });
      const [, updated, ...more] = await remindersOf(row.orderId);
      expect(more).toEqual([]);
      expect(updated).toMatchObject({ resentFrom: first!.id, status: "pending" });
      expect(updated!.body).toContain("Flight: BA 308");
      // Once that one is sent too, the next change follows it.
      await database.db.update(outbox).set({ status: "sent", sentAt: changedAt }).where(eq(outbox.id, updated!.id));
      await change((await findByOrderId(database.db, row.orderId))!, { num_vol_pu_1: "BA 310" });
      const all = await remindersOf(row.orderId);
      expect(all.map((m) => [m.status, m.resentFrom])).toEqual([
        ["sent", null],
        ["sent", first!.id],
        ["pending", updated!.id],
      ]);
      expect(updated!.subject).toBe(`Updated: Navette Paris: your transfer tomorrow, booking ${row.orderId}`);
    });

    it("is left as it is by a change its text does not show (the note, the phone, the luggage)", async () => {
      const row = await paidBooking();
      await writeDue(dueAt);
      const before = await remindersOf(row.orderId);
      const outcome = await change(row, { info_t1: "Two child seats", phone_mobile: "+44 7700 900123", check_in_luggage: "2" });
      expect(outcome).toEqual({ ok: true, done: "changed" });
      expect(await remindersOf(row.orderId)).toEqual(before);
    });

    it("needs nothing for a change made days before the reminder is due", async () => {
      const row = await paidBooking();
      expect(await changeBookingByTraveller(database.db, row.orderId, post(row, { num_vol_pu_1: "BA 306" }), withPoints)).toEqual({
        ok: true,
        done: "changed",
      });
      expect(await remindersOf(row.orderId)).toEqual([]);
      expect((await traces(row.orderId)).audit.at(-1)!.detail).not.toContain("reminder");
      expect(await writeDue(dueAt)).toEqual({ queued: 1 });
      expect((await remindersOf(row.orderId))[0]!.body).toContain("Flight: BA 306");
    });
  });
});
