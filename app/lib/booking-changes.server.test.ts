import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, bookings, drivers, outbox } from "../../db/schema";
import { parsePriceFile } from "~/domain/pricing/csv";
import { changeFormSchema } from "~/domain/manage/change-form";
import { changeLayout, draftFromBooking } from "~/domain/manage/changes";
import { changeBookingByTraveller, TRAVELLER_CHANGE_ACTION } from "./booking-changes.server";
import { findByOrderId, saveBooking, type BookingRow } from "./bookings.server";
import { checkedBooking } from "./test-support/booking-rows";
import { useEmbeddedDatabase } from "./test-support/embedded-database";

// A traveller's change on the embedded PostgreSQL: once, with its history row and e-mails written
// together, or nothing at all.

const ROWS = parsePriceFile(readFileSync("data/prices.csv", "utf8")).rows;
// Eight days before the pickup of 20 May 2026 at 10:00 (Paris).
const now = new Date("2026-05-12T10:00:00Z");
const site = {
  siteName: "Navette Paris",
  businessEmail: "booking@navette.example",
  phone: "+33 1 99 00 12 34",
  siteUrl: "https://navette.example",
};

let tokens = 0;

describe("changeBookingByTraveller", () => {
  const database = useEmbeddedDatabase();

  async function booking(values: Partial<typeof bookings.$inferInsert> = {}): Promise<BookingRow> {
    const { row } = await saveBooking(database.db, { booking: checkedBooking(`change-${++tokens}`), priceCents: 6500 });
    if (Object.keys(values).length === 0) return row;
    const [updated] = await database.db.update(bookings).set(values).where(eq(bookings.id, row.id)).returning();
    return updated!;
  }

  /** The change form's own post for the booking, with `edits` over it. */
  function post(row: BookingRow, edits: Record<string, string> = {}) {
    const draft = draftFromBooking(row.details, row)!;
    const posted = { ...Object.fromEntries(changeLayout(draft).fields.map((f) => [f, draft[f] ?? ""])), ...edits };
    return { form: changeFormSchema.parse(posted), posted, now, rows: ROWS };
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
    const row = await booking({ bookingStatus: "driver_assigned", driverId: driver!.id, confirmedAt: now });
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
});
