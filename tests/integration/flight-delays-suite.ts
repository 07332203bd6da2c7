import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditEvents, bookingLegs, bookings, outbox } from "../../db/schema";
import { readStoredDetails } from "~/domain/booking/model";
import { bookingColumns } from "~/lib/booking-store.server";
import { findByOrderId, saveBooking, type BookingRow } from "~/lib/bookings.server";
import type { Db } from "~/lib/db.server";
import { aeroDataBox } from "~/lib/flight-status.server";
import { changeLandingTime, LANDING_CHANGED_ACTION, refreshLandingTimes, SYSTEM_ACTOR } from "~/lib/flight-delays.server";
import { checkedBooking, checkedRoundTrip } from "~/lib/test-support/booking-rows";
import { setLegDriver } from "~/lib/test-support/insert-bookings";
import { insertDriver } from "~/lib/test-support/leg-drivers";
import { startRecordedFlights, type RecordedFlights } from "~/lib/test-support/recorded-flights";
import { mailWordsIn } from "~/lib/i18n.server";
import { staffLanguage } from "~/lib/email-site.server";
import { adminWordsIn } from "~/lib/test-support/admin-words";

/**
 * A flight's new landing time on a stored booking, on a database the test opens (PGlite or a
 * PostgreSQL server): the leg's pickup moves, the traveller and the leg's driver are e-mailed
 * through the outbox, a cancelled booking is refused, a replay changes nothing, and the day's
 * landing times are refreshed from AeroDataBox's recorded answers over real HTTP.
 */

export interface FlightDelaysBackend {
  db: Db;
  close(): Promise<void>;
}

const SITE = {
  siteName: "Navette Paris",
  businessEmail: "booking@navette.example",
  words: mailWordsIn,
  staff: staffLanguage("en"),
  phone: "+33 1 99 00 12 34",
  siteUrl: "https://navette.example",
};
const STAFF = { id: "staff-1", email: "dispatch@navette.example" };
/** The evening before the bookings' pickups of 20 May 2026. */
const NOW = new Date("2026-05-19T18:00:00Z");
const KEY = "it-flight-delays-key-0123456789";

let tokens = 0;

export function flightDelaysSuite(open: () => Promise<FlightDelaysBackend>): void {
  let backend: FlightDelaysBackend;
  let recorded: RecordedFlights;
  beforeAll(async () => {
    backend = await open();
    recorded = await startRecordedFlights(KEY);
  });
  afterAll(async () => {
    await recorded?.close();
    await backend?.close();
  });

  /**
   * Claire Martin's private transfer from Orly, flight BA 304 (or `flight`) landing at 10:00 on
   * 20 May 2026, paid and confirmed, stored as the booking form stores it; a round trip with `round`.
   */
  async function booking(options: { flight?: string; landing?: string; status?: BookingRow["bookingStatus"]; round?: boolean } = {}) {
    const token = `flight-delays-${process.pid}-${++tokens}`;
    const [hour, minute] = (options.landing ?? "10:00").split(":");
    const edits = {
      ...(options.flight ? { num_vol_pu_1: options.flight } : {}),
      ...(options.landing ? { horaire_vol_pu_1: options.landing, time_vol_pu_t1: hour!, minute_vol_pu_t1: minute! } : {}),
    };
    const checked = options.round ? checkedRoundTrip(token) : checkedBooking(token, edits);
    const { row } = await saveBooking(backend.db, { booking: checked, priceCents: 9_000 });
    const [updated] = await backend.db
      .update(bookings)
      .set({ status: "paid", bookingStatus: options.status ?? "confirmed" })
      .where(eq(bookings.id, row.id))
      .returning(bookingColumns);
    return updated!;
  }

  async function traces(orderId: string) {
    const db = backend.db;
    const row = await findByOrderId(db, orderId);
    return {
      row: row!,
      legs: readStoredDetails(row!.details)?.legs ?? [],
      audit: await db.select().from(auditEvents).where(eq(auditEvents.orderId, orderId)).orderBy(auditEvents.id),
      mails: await db.select().from(outbox).where(eq(outbox.orderId, orderId)).orderBy(outbox.id),
    };
  }

  it("moves the leg's pickup and e-mails the traveller and the leg's driver", async () => {
    const row = await booking();
    const driver = await insertDriver(backend.db, `Karim${tokens} Benali`, "+33698765432");
    await setLegDriver(backend.db, row.orderId, driver.id, [1]);
    const outcome = await changeLandingTime(
      backend.db,
      { orderId: row.orderId, leg: 1, landingTime: "11:20" },
      STAFF,
      NOW,
      SITE,
      adminWordsIn("en"),
    );
    expect(outcome).toEqual({
      ok: true,
      done: "changed",
      from: "10:00",
      to: "11:20",
      pickupAt: new Date("2026-05-20T09:20:00Z"),
      days: ["2026-05-20"],
      emailed: ["landing_changed_traveller", "landing_changed_driver"],
    });
    const after = await traces(row.orderId);
    expect(after.legs[0]).toMatchObject({
      date: "2026-05-20",
      pickupAt: new Date("2026-05-20T09:20:00Z"),
      pickup: { flightTime: "11:20" },
    });
    expect(after.row.firstPickupAt).toEqual(new Date("2026-05-20T09:20:00Z"));
    const [legRow] = await backend.db
      .select({ pickupAt: bookingLegs.pickupAt, driverId: bookingLegs.driverId })
      .from(bookingLegs)
      .where(and(eq(bookingLegs.orderId, row.orderId), eq(bookingLegs.leg, 1)));
    // The driver stays on the leg.
    expect(legRow).toEqual({ pickupAt: new Date("2026-05-20T09:20:00Z"), driverId: driver.id });
    expect(after.mails.map((m) => [m.kind, m.recipient, m.leg])).toEqual([
      ["landing_changed_traveller", "claire@example.com", 1],
      ["landing_changed_driver", driver.email, 1],
    ]);
    expect(after.mails[0]!.body).toContain("11:20 instead of 10:00 (Paris time)");
    expect(after.mails[1]!.body).toContain("New pick-up: 20/05/2026 at 11:20 (Paris time)");
    expect(after.audit).toHaveLength(1);
    expect(after.audit[0]).toMatchObject({ action: LANDING_CHANGED_ACTION, actor: STAFF.email, actorId: STAFF.id });
    expect(after.audit[0]!.detail).toMatch(/^Landing time of leg 1 changed from 10:00 to 11:20 by staff; /);
  });

  it("e-mails only the traveller when the leg has no driver", async () => {
    const row = await booking();
    const outcome = await changeLandingTime(
      backend.db,
      { orderId: row.orderId, leg: 1, landingTime: "09:40" },
      STAFF,
      NOW,
      SITE,
      adminWordsIn("en"),
    );
    expect(outcome).toMatchObject({ ok: true, done: "changed", emailed: ["landing_changed_traveller"] });
    expect((await traces(row.orderId)).mails.map((m) => m.recipient)).toEqual(["claire@example.com"]);
  });

  it("moves a landing after midnight to the next day", async () => {
    const row = await booking({ landing: "23:00" });
    const outcome = await changeLandingTime(
      backend.db,
      { orderId: row.orderId, leg: 1, landingTime: "00:50" },
      STAFF,
      NOW,
      SITE,
      adminWordsIn("en"),
    );
    expect(outcome).toMatchObject({ ok: true, done: "changed", days: ["2026-05-20", "2026-05-21"] });
    const { legs, row: after } = await traces(row.orderId);
    expect(legs[0]).toMatchObject({ date: "2026-05-21", pickupAt: new Date("2026-05-20T22:50:00Z") });
    expect(after.firstPickupAt).toEqual(new Date("2026-05-20T22:50:00Z"));
  });

  it("refuses a cancelled booking, changing and sending nothing", async () => {
    const row = await booking({ status: "cancelled" });
    const outcome = await changeLandingTime(
      backend.db,
      { orderId: row.orderId, leg: 1, landingTime: "11:20" },
      STAFF,
      NOW,
      SITE,
      adminWordsIn("en"),
    );
    expect(outcome).toEqual({ ok: false, status: 409, message: "This booking is cancelled: its landing time is not changed." });
    const after = await traces(row.orderId);
    expect(after.legs[0]!.pickup.flightTime).toBe("10:00");
    expect(after.mails).toEqual([]);
    expect(after.audit).toEqual([]);
  });

  it.each<[string, { leg: 1 | 2; landingTime: string }, number]>([
    ["a time that is no time", { leg: 1, landingTime: "11h20" }, 400],
    ["a leg whose pickup is no flight", { leg: 2, landingTime: "11:20" }, 409],
  ])("refuses %s", async (_what, change, status) => {
    const row = await booking({ round: true });
    expect(await changeLandingTime(backend.db, { orderId: row.orderId, ...change }, STAFF, NOW, SITE, adminWordsIn("en"))).toMatchObject({
      ok: false,
      status,
    });
    expect((await traces(row.orderId)).mails).toEqual([]);
  });

  it("answers 404 for an order number no booking has", async () => {
    expect(
      await changeLandingTime(backend.db, { orderId: "NV-NONE99", leg: 1, landingTime: "11:20" }, STAFF, NOW, SITE, adminWordsIn("en")),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  it("changes nothing and sends nothing when the same post comes again, even at once", async () => {
    const row = await booking();
    const change = { orderId: row.orderId, leg: 1 as const, landingTime: "12:05" };
    const both = await Promise.all([0, 1].map(() => changeLandingTime(backend.db, change, STAFF, NOW, SITE, adminWordsIn("en"))));
    expect(both.map((o) => (o.ok ? o.done : o.status)).sort()).toEqual(["changed", "unchanged"]);
    expect(await changeLandingTime(backend.db, change, STAFF, NOW, SITE, adminWordsIn("en"))).toEqual({ ok: true, done: "unchanged" });
    const after = await traces(row.orderId);
    expect(after.mails).toHaveLength(1);
    expect(after.audit).toHaveLength(1);
    expect(after.legs[0]!.pickup.flightTime).toBe("12:05");
  });

  it("refreshes the day's landing times from AeroDataBox's answers", async () => {
    // AF 1234 is revised to 08:30; BA 304 landed at 09:51; two minutes off is no change; XX 999 is
    // unknown; ER 500 fails; a cancelled booking is not asked about, nor a round trip's return (a
    // departure), whose outbound lands with BA 304.
    const late = await booking({ flight: "AF 1234", landing: "07:45" });
    const landed = await booking({ flight: "BA 304", landing: "10:00" });
    const near = await booking({ flight: "BA 304", landing: "09:45" });
    // Staff typed 09:53 from the airport's screen: the traveller and no driver are told once.
    await changeLandingTime(backend.db, { orderId: near.orderId, leg: 1, landingTime: "09:53" }, STAFF, NOW, SITE, adminWordsIn("en"));
    const unknown = await booking({ flight: "XX 999" });
    const failing = await booking({ flight: "ER 500" });
    const cancelled = await booking({ flight: "AF 1234", landing: "07:45", status: "cancelled" });
    const roundTrip = await booking({ round: true });
    const provider = aeroDataBox({ key: KEY, url: recorded.url, timeoutMs: 2_000 });
    const before = recorded.requests.length;

    const refresh = await refreshLandingTimes(backend.db, provider, "2026-05-20", NOW, SITE);

    const ours = new Set([late, landed, near, unknown, failing, cancelled, roundTrip].map((b) => b.orderId));
    // Other tests' bookings of the day are asked about too; only these are checked here.
    const byOrder = (a: { orderId: string }, b: { orderId: string }) => a.orderId.localeCompare(b.orderId);
    expect(refresh.changed.filter((c) => ours.has(c.orderId)).sort(byOrder)).toEqual(
      [
        { orderId: late.orderId, leg: 1, from: "07:45", to: "08:30" },
        { orderId: landed.orderId, leg: 1, from: "10:00", to: "09:51" },
        { orderId: roundTrip.orderId, leg: 1, from: "10:00", to: "09:51" },
      ].sort(byOrder),
    );
    expect(refresh.failed.filter((f) => ours.has(f.orderId))).toEqual([
      { orderId: failing.orderId, leg: 1, message: "Flight status of ER500 on 2026-05-20 could not be read from AeroDataBox: HTTP 500" },
    ]);
    expect(refresh.days).toEqual(["2026-05-20"]);
    const asked = recorded.requests.slice(before).map((r) => r.path.split("?")[0]);
    expect(asked).not.toContain("/flights/number/BA305/2026-05-24");
    expect(asked.filter((p) => p === "/flights/number/AF1234/2026-05-20")).toHaveLength(1);
    for (const r of recorded.requests.slice(before)) expect(r.headers["x-rapidapi-key"]).toBe(KEY);

    const changed = await traces(late.orderId);
    expect(changed.legs[0]).toMatchObject({ pickupAt: new Date("2026-05-20T06:30:00Z"), pickup: { flightTime: "08:30" } });
    expect(changed.mails.map((m) => m.kind)).toEqual(["landing_changed_traveller"]);
    expect(changed.audit[0]).toMatchObject({ actor: SYSTEM_ACTOR.email, actorId: null });
    expect(changed.audit[0]!.detail).toMatch(/^Landing time of leg 1 changed from 07:45 to 08:30 by the flight-status provider; /);
    for (const still of [unknown, failing, cancelled]) expect((await traces(still.orderId)).mails).toEqual([]);
    expect((await traces(near.orderId)).mails).toHaveLength(1);
    const back = await traces(roundTrip.orderId);
    expect(back.legs.map((l) => l.pickupAt)).toEqual([new Date("2026-05-20T07:51:00Z"), new Date("2026-05-24T13:00:00Z")]);

    // Asked again, nothing moves: the stored times are the provider's now.
    const again = await refreshLandingTimes(backend.db, provider, "2026-05-20", NOW, SITE);
    expect(again.changed.filter((c) => ours.has(c.orderId))).toEqual([]);
  });
}
