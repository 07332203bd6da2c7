import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, manageLinks, outbox, staffSessions, staffUsers } from "../../db/schema";
import { findByManageToken, mintManageToken } from "./manage-links.server";
import { purgeExpired, startRetention } from "./retention.server";
import { bookingRowValues } from "./test-support/booking-rows";
import { useEmbeddedDatabase } from "./test-support/embedded-database";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Every test's clock: the rows of one test stay in the file's database for the next ones. */
const NOW = new Date("2026-11-24T12:00:00Z");
const database = useEmbeddedDatabase();

/** A stored booking row, written directly: the purge reads only its status and dates. */
async function booking(orderId: string, fields: Partial<typeof bookings.$inferInsert> = {}) {
  await database.db.insert(bookings).values(bookingRowValues({ orderId, submissionToken: `token-${orderId}`, details: {}, ...fields }));
}

const present = async (orderId: string) => (await database.db.select().from(bookings).where(eq(bookings.orderId, orderId))).length === 1;

describe("purgeExpired", () => {
  it.each([
    ["7 days", 7, { mailBodyDays: 30, unpaidBookingDays: 7 }, false],
    ["6 days", 6, { mailBodyDays: 30, unpaidBookingDays: 7 }, true],
    ["2 days, with a 1-day period", 2, { mailBodyDays: 30, unpaidBookingDays: 1 }, false],
  ])("an unpaid booking last changed %s ago: kept is %s", async (_what, days, periods, kept) => {
    const now = NOW;
    const orderId = `NV-U${days}${periods.unpaidBookingDays}`;
    const changed = new Date(now.getTime() - days * DAY_MS - 1000);
    await booking(orderId, { createdAt: changed, updatedAt: changed });
    await purgeExpired(database.db, periods, now);
    expect(await present(orderId)).toBe(kept);
  });

  it("deletes an unpaid booking's manage links with it, and keeps the links of the bookings it keeps", async () => {
    const now = NOW;
    const old = new Date("2020-01-01T00:00:00Z");
    await booking("NV-LINKGO", { createdAt: old, updatedAt: old });
    await booking("NV-LINKKP", { status: "paid", paidAt: old, createdAt: old, updatedAt: old });
    const gone = [await mintManageToken(database.db, "NV-LINKGO"), await mintManageToken(database.db, "NV-LINKGO")];
    const kept = await mintManageToken(database.db, "NV-LINKKP");
    await purgeExpired(database.db, { mailBodyDays: 30, unpaidBookingDays: 7 }, now);
    expect(await present("NV-LINKGO")).toBe(false);
    expect(await database.db.select().from(manageLinks).where(eq(manageLinks.orderId, "NV-LINKGO"))).toEqual([]);
    for (const token of gone) expect(await findByManageToken(database.db, token)).toBeUndefined();
    expect((await findByManageToken(database.db, kept))?.orderId).toBe("NV-LINKKP");
  });

  it("never deletes a paid booking, however old", async () => {
    const old = new Date("2020-01-01T00:00:00Z");
    await booking("NV-PAID1", { status: "paid", paidAt: old, createdAt: old, updatedAt: old });
    await purgeExpired(database.db, { mailBodyDays: 1, unpaidBookingDays: 1 }, NOW);
    expect(await present("NV-PAID1")).toBe(true);
  });
});

describe("startRetention", () => {
  it.each<[string, Partial<typeof bookings.$inferInsert>]>([
    ["taken by phone, paid on board", { source: "phone", paymentMode: "cash" }],
    ["taken by phone, sent a payment link", { source: "phone" }],
    ["confirmed by staff", { bookingStatus: "confirmed" }],
    ["cancelled by staff", { bookingStatus: "cancelled" }],
  ])("never deletes an unpaid booking %s", async (what, fields) => {
    const old = new Date("2020-01-01T00:00:00Z");
    const orderId = `NV-K${what.length}${String(fields.bookingStatus ?? fields.paymentMode ?? "x")
      .slice(0, 2)
      .toUpperCase()}`;
    await booking(orderId, { createdAt: old, updatedAt: old, ...fields });
    await purgeExpired(database.db, { mailBodyDays: 1, unpaidBookingDays: 1 }, NOW);
    expect(await present(orderId)).toBe(true);
  });

  it("deletes expired staff sessions, with their address and browser, and keeps live ones", async () => {
    const now = NOW;
    await database.db.insert(staffUsers).values({ id: "u-ret", name: "Ret", email: "ret@example.com", role: "dispatcher" });
    const session = (id: string, expiresAt: Date) => ({
      id,
      token: `token-${id}`,
      userId: "u-ret",
      expiresAt,
      updatedAt: now,
      ipAddress: "203.0.113.9",
      userAgent: "Firefox",
    });
    await database.db
      .insert(staffSessions)
      .values([session("s-old", new Date(now.getTime() - 1000)), session("s-live", new Date(now.getTime() + 3_600_000))]);
    const done = await purgeExpired(database.db, { mailBodyDays: 30, unpaidBookingDays: 7 }, now);
    expect(done.staffSessions).toBe(1);
    expect((await database.db.select({ id: staffSessions.id }).from(staffSessions)).map((r) => r.id)).toEqual(["s-live"]);
  });

  it("purges at once by itself, and stop() waits for the purge under way", async () => {
    const now = NOW;
    const old = new Date(now.getTime() - 10 * DAY_MS);
    await booking("NV-TIMER1", { createdAt: old, updatedAt: old });
    await database.db.insert(outbox).values({
      orderId: "NV-SENT01",
      kind: "traveller_confirmation",
      recipient: "claire@example.com",
      subject: "Your booking NV-SENT01",
      body: "Dear Claire",
      status: "sent",
      sentAt: new Date(now.getTime() - 40 * DAY_MS),
    });
    const logged: string[] = [];
    const timer = startRetention({
      db: database.db,
      periods: { mailBodyDays: 30, unpaidBookingDays: 7 },
      log: { info: (m: string) => logged.push(m), error: (m: string) => logged.push(m) },
      clock: () => now,
    });
    await timer.stop();
    expect(await present("NV-TIMER1")).toBe(false);
    const [mail] = await database.db.select().from(outbox).where(eq(outbox.orderId, "NV-SENT01"));
    expect(mail).toMatchObject({ body: "", subject: "Your booking NV-SENT01", recipient: "claire@example.com", status: "sent" });
    expect(logged).toEqual(["Retention: 1 sent e-mail bodies emptied, 1 unpaid bookings deleted, 0 expired staff sessions deleted."]);
  });
});
