import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditEvents, bookingLegs, driverLinks, legEvents, outbox, shuttleRunLegs, shuttleRuns } from "../../db/schema";
import { driverDayWindow } from "~/domain/driver-day/day-plan";
import type { Db } from "~/lib/db.server";
import { driverDayLegs, recordLegStep } from "~/lib/driver-day.server";
import { driverLinkPreparer, findDriverByToken, revokeDriverLink, sendDriverLink } from "~/lib/driver-links.server";
import { legStepsOf } from "~/lib/leg-steps.server";
import type { OutboxRow } from "~/lib/mail.server";
import { adminWordsIn } from "~/lib/test-support/admin-words";
import { bookingRowValues } from "~/lib/test-support/booking-rows";
import { insertBookings, setLegDriver } from "~/lib/test-support/insert-bookings";
import { insertDriver } from "~/lib/test-support/leg-drivers";
import { staffLanguage } from "~/lib/email-site.server";

/**
 * The driver's day on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): the
 * link's token kept only as a hash, revoked, each driver seeing and changing only their own legs,
 * and a no-show refused until the free waiting time is over (`now` given).
 */

export const SITE_URL = "https://navette.example";
const SITE = { siteName: "Navette Paris", phone: "+33 1 99 00 12 34", staff: staffLanguage("en") };
const STAFF = { id: "staff-1", email: "dispatch@navette.example" };
const MINUTE = 60_000;

const CDG = {
  place: "Charles de Gaulle Airport (CDG)",
  kind: "flight",
  terminal: "2E",
  flightNumber: "BA304",
  flightCity: "London",
  flightTime: "10:00",
} as const;
const HOTEL = { place: "Disneyland Paris", kind: "address", hotel: "Hotel Cheyenne", zip: "77700" } as const;

let orders = 0;

/** A paid one-way private booking picked up at `pickupAt` (at CDG, from a flight), its leg given to `driverId`. */
export async function drivenBooking(
  db: Db,
  driverId: number | null,
  pickupAt: Date,
  edits: { lastname?: string; cancelled?: boolean } = {},
): Promise<string> {
  const orderId = `NV-DAY${String(++orders).padStart(3, "0")}`.replace(/0/g, "Z").replace(/1/g, "Y");
  const lastname = edits.lastname ?? "Martin";
  await insertBookings(
    db,
    bookingRowValues({
      orderId,
      submissionToken: `token-${orderId}-${Math.random()}`,
      status: "paid",
      bookingStatus: edits.cancelled ? "cancelled" : "driver_assigned",
      depart: CDG.place,
      lastname,
      firstPickupAt: pickupAt,
      details: {
        customer: { lastname, firstname: "Claire", email: "claire@example.com", phoneMobile: "+33612345678" },
        legs: [{ leg: 1, pickupAt, pickup: CDG, dropoff: HOTEL }],
        luggage: { checkIn: 1, cabin: 1, strollerSingle: 0, strollerDouble: 0, info: "" },
      },
    }),
  );
  if (driverId !== null) await setLegDriver(db, orderId, driverId, [1]);
  return orderId;
}

/** Sends the driver a link, then has the outbox prepare the e-mail as it would send it: the token from its text. */
export async function mailedToken(db: Db, driverId: number): Promise<{ token: string; message: OutboxRow; text: string }> {
  expect(await sendDriverLink(db, driverId, STAFF, SITE)).toMatchObject({ ok: true, notice: "link_sent" });
  const [message] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, "driver_link"), eq(outbox.orderId, `driver-${driverId}`), eq(outbox.status, "pending")));
  const prepared = await driverLinkPreparer({ db, siteUrl: SITE_URL })(message!);
  if (prepared.drop !== undefined) throw new Error(`dropped: ${prepared.drop}`);
  const token = new RegExp(`${SITE_URL}/driver/([A-Za-z0-9_-]{43})`).exec(prepared.text)?.[1];
  if (!token) throw new Error(`no link in: ${prepared.text}`);
  return { token, message: message!, text: prepared.text };
}

const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

export function driverDaySuite(db: () => Db) {
  it("keeps only the token's SHA-256: neither the outbox nor the links table holds the token", async () => {
    const driver = await insertDriver(db(), "Karim Benali", "+33698765401");
    const { token, message, text } = await mailedToken(db(), driver.id);
    expect(text).toContain(`Hello Karim Benali,`);
    expect(message.recipient).toBe("karim@drivers.example");
    expect(message.body).not.toContain(token);
    expect(message.body).toContain(message.linkMarker!);
    const links = await db().select().from(driverLinks).where(eq(driverLinks.driverId, driver.id));
    expect(links).toHaveLength(1);
    expect(links[0]!.tokenHash).toBe(sha256(token));
    expect(links[0]!.tokenHash).not.toContain(token);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(await findDriverByToken(db(), token)).toEqual({ id: driver.id, name: "Karim Benali" });
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.action, "driver_link_sent"));
    expect(audit.some((a) => a.detail.includes(`Driver #${driver.id}`))).toBe(true);
  });

  it("a new link replaces the old, and a revoked link opens nothing", async () => {
    const driver = await insertDriver(db(), "Sofia Rossi", "+33698765402");
    const first = await mailedToken(db(), driver.id);
    const second = await mailedToken(db(), driver.id);
    expect(await findDriverByToken(db(), first.token)).toBeUndefined();
    expect(await findDriverByToken(db(), second.token)).toMatchObject({ id: driver.id });
    expect(await revokeDriverLink(db(), driver.id, STAFF)).toMatchObject({ ok: true, notice: "link_revoked" });
    expect(await findDriverByToken(db(), second.token)).toBeUndefined();
    expect(await db().select().from(driverLinks).where(eq(driverLinks.driverId, driver.id))).toHaveLength(0);
    expect(await revokeDriverLink(db(), driver.id, STAFF)).toMatchObject({ ok: true, notice: "no_link" });
  });

  it("drops a link e-mail revoked before it was sent, and makes no link for it", async () => {
    const driver = await insertDriver(db(), "Ana Silva", "+33698765403");
    await sendDriverLink(db(), driver.id, STAFF, SITE);
    const [message] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.orderId, `driver-${driver.id}`));
    await revokeDriverLink(db(), driver.id, STAFF);
    expect(await driverLinkPreparer({ db: db(), siteUrl: SITE_URL })(message!)).toEqual({ drop: "link revoked or replaced" });
    expect(await db().select().from(driverLinks).where(eq(driverLinks.driverId, driver.id))).toHaveLength(0);
  });

  it("lists only the driver's own legs of today and tomorrow, not cancelled ones, with their run", async () => {
    const now = new Date();
    const { start, end } = driverDayWindow(now);
    const soon = new Date(Math.min(now.getTime() + 60 * MINUTE, end.getTime() - MINUTE));
    const mine = await insertDriver(db(), "Luc Moreau", "+33698765404");
    const other = await insertDriver(db(), "Paul Girard", "+33698765405");
    const own = await drivenBooking(db(), mine.id, soon, { lastname: "Mine" });
    const theirs = await drivenBooking(db(), other.id, soon, { lastname: "Theirs" });
    await drivenBooking(db(), mine.id, soon, { lastname: "Cancelled", cancelled: true });
    await drivenBooking(db(), mine.id, new Date(end.getTime() + 60 * MINUTE), { lastname: "Later" });
    const [run] = await db()
      .insert(shuttleRuns)
      .values({ day: "2026-11-27", airport: "CDG", direction: "arrival", seats: 8, suitcases: 8, departsAt: soon })
      .returning();
    await db().insert(shuttleRunLegs).values({ orderId: own, leg: 1, runId: run!.id });
    const legs = await driverDayLegs(db(), mine.id, start, end);
    expect(legs.map((l) => [l.orderId, l.lastname])).toEqual([[own, "Mine"]]);
    expect(legs[0]!.run).toMatchObject({ id: run!.id, airport: "CDG", direction: "arrival" });
    expect((await driverDayLegs(db(), other.id, start, end)).map((l) => l.orderId)).toEqual([theirs]);
  });

  it("refuses a step on another driver's leg as not found, and changes nothing", async () => {
    const pickup = new Date(Date.now() - 120 * MINUTE);
    const mine = await insertDriver(db(), "Eva Petit", "+33698765406");
    const other = await insertDriver(db(), "Hugo Roux", "+33698765407");
    const theirs = await drivenBooking(db(), other.id, pickup);
    const driver = { id: mine.id, name: mine.name };
    for (const step of ["on_my_way", "no_show"] as const) {
      expect(await recordLegStep(db(), driver, { orderId: theirs, leg: 1, step }, new Date(), adminWordsIn("en"))).toMatchObject({
        ok: false,
        status: 404,
      });
    }
    expect(
      await recordLegStep(db(), driver, { orderId: "NV-ZZZZZZ", leg: 1, step: "at_pickup" }, new Date(), adminWordsIn("en")),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await db().select().from(legEvents).where(eq(legEvents.orderId, theirs))).toHaveLength(0);
    expect(await db().select().from(auditEvents).where(eq(auditEvents.orderId, theirs))).toHaveLength(0);
    const [leg] = await db().select().from(bookingLegs).where(eq(bookingLegs.orderId, theirs));
    expect(leg!.rideStatus).toBe("scheduled");
  });

  it("keeps each step at its first press, and refuses a no-show before the free waiting time", async () => {
    // A private pickup at the airport: the driver waits until 60 minutes after the landing.
    const landing = new Date("2026-05-20T08:00:00Z");
    const at = (minutes: number) => new Date(landing.getTime() + minutes * MINUTE);
    const karim = await insertDriver(db(), "Ines Faure", "+33698765408");
    const driver = { id: karim.id, name: karim.name };
    const orderId = await drivenBooking(db(), karim.id, landing);
    const press = (step: "on_my_way" | "at_pickup" | "picked_up" | "no_show", minutes: number) =>
      recordLegStep(db(), driver, { orderId, leg: 1, step }, at(minutes), adminWordsIn("en"));

    expect(await press("on_my_way", -50)).toMatchObject({
      ok: true,
      done: "recorded",
      text: "On my way at 09:10 (Paris time) is recorded.",
    });
    expect(await press("on_my_way", -40)).toMatchObject({
      ok: true,
      done: "already",
      text: "On my way at 09:10 (Paris time) was already recorded: nothing changed.",
    });
    expect(await press("at_pickup", -5)).toMatchObject({ ok: true, done: "recorded" });
    const early = await press("no_show", 59);
    expect(early).toMatchObject({ ok: false, status: 409 });
    expect(early.ok ? "" : early.message).toContain("until 11:00 (Paris time)");
    expect((await db().select().from(bookingLegs).where(eq(bookingLegs.orderId, orderId)))[0]!.rideStatus).toBe("scheduled");
    expect(await press("no_show", 60)).toMatchObject({ ok: true, done: "recorded" });
    expect((await db().select().from(bookingLegs).where(eq(bookingLegs.orderId, orderId)))[0]!.rideStatus).toBe("no_show");

    const steps = (await legStepsOf(db(), [{ orderId, leg: 1 }])).get(`${orderId}-1`)!;
    expect(steps.map((s) => [s.step, s.at.toISOString()])).toEqual([
      ["on_my_way", at(-50).toISOString()],
      ["at_pickup", at(-5).toISOString()],
      ["no_show", at(60).toISOString()],
    ]);
    const history = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.orderId, orderId), eq(auditEvents.action, "ride_step")));
    expect(history.map((h) => h.detail)).toEqual([
      `Leg 1: On my way at 09:10 (Paris time), recorded by Ines Faure (driver #${karim.id}).`,
      `Leg 1: At pickup at 09:55 (Paris time), recorded by Ines Faure (driver #${karim.id}).`,
      `Leg 1: No-show at 11:00 (Paris time), recorded by Ines Faure (driver #${karim.id}).`,
    ]);
  });
}
