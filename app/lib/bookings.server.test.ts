import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { bookings } from "../../db/schema";
import { readStoredDetails, storedDetails } from "~/domain/booking/model";
import { findByToken, saveBooking } from "./bookings.server";
import { drawManageToken, findByManageToken } from "./manage-links.server";
import { checkedBooking as booking, checkedRoundTrip } from "./test-support/booking-rows";
import { useEmbeddedDatabase } from "./test-support/embedded-database";

// saveBooking on the embedded PostgreSQL: one booking per submission token, and what a repost of
// the token does to it (docs/product.md, Booking rules, What the server adds).

const database = useEmbeddedDatabase();

beforeEach(async () => {
  await database.db.execute(sql`truncate outbox, payment_events, manage_links, bookings restart identity cascade`);
});

describe("saveBooking", () => {
  it("stores the checked booking, its test flag and no copy of the raw form", async () => {
    const { row, outcome } = await saveBooking(database.db, { booking: booking("t-1"), priceCents: 6_500, test: true });
    expect(outcome).toBe("created");
    expect(row).toMatchObject({ submissionToken: "t-1", status: "pending_payment", test: true, adults: 1, priceCents: 6_500 });
    expect(Object.keys(row.details as object).sort()).toEqual(["childSeats", "customer", "legs", "luggage", "version"]);
    // The pickup moments the back office sorts and filters by, and a new booking's own status.
    const legs = booking("t-1").legs;
    expect(row.firstPickupAt?.toISOString()).toBe(legs[0]!.pickupAt.toISOString());
    expect(row.returnPickupAt).toEqual(legs[1]?.pickupAt ?? null);
    expect(row.bookingStatus).toBe("new");
    expect((await saveBooking(database.db, { booking: booking("t-2"), priceCents: 6_500 })).row.test).toBe(false);
  });

  it("gives the same booking back, unchanged, for the same content", async () => {
    const first = await saveBooking(database.db, { booking: booking("t-1"), priceCents: 6_500 });
    const again = await saveBooking(database.db, { booking: booking("t-1"), priceCents: 6_500 });
    expect(again.outcome).toBe("unchanged");
    expect(again.row).toEqual(first.row);
    const [both] = await Promise.all([
      saveBooking(database.db, { booking: booking("t-3"), priceCents: 6_500 }),
      saveBooking(database.db, { booking: booking("t-3"), priceCents: 6_500 }),
    ]);
    expect((await database.db.select().from(bookings).where(eq(bookings.submissionToken, "t-3"))).map((r) => r.orderId)).toEqual([
      both.row.orderId,
    ]);
  });

  it("updates and reprices an unpaid booking (pending or failed) under its order id when the content changes", async () => {
    const first = await saveBooking(database.db, { booking: booking("t-1"), priceCents: 6_500 });
    const five = await saveBooking(database.db, { booking: booking("t-1", { pax_adult_t1: "5" }), priceCents: 8_500 });
    expect(five.outcome).toBe("updated");
    expect(five.row).toMatchObject({ orderId: first.row.orderId, adults: 5, priceCents: 8_500, status: "pending_payment" });

    await database.db.update(bookings).set({ status: "payment_failed" }).where(eq(bookings.submissionToken, "t-1"));
    // The same content after a failed payment is a new attempt: pending again.
    const retry = await saveBooking(database.db, { booking: booking("t-1", { pax_adult_t1: "5" }), priceCents: 8_500 });
    expect(retry.outcome).toBe("updated");
    expect(retry.row).toMatchObject({ orderId: first.row.orderId, status: "pending_payment" });

    // Same content, but the price file changed: repriced.
    const repriced = await saveBooking(database.db, { booking: booking("t-1", { pax_adult_t1: "5" }), priceCents: 9_000 });
    expect(repriced).toMatchObject({ outcome: "updated", row: { priceCents: 9_000 } });
  });

  it("never changes a paid booking", async () => {
    const { row } = await saveBooking(database.db, { booking: booking("t-1"), priceCents: 6_500 });
    await database.db.update(bookings).set({ status: "paid", paidAt: new Date() }).where(eq(bookings.orderId, row.orderId));
    const paid = await findByToken(database.db, "t-1");

    const same = await saveBooking(database.db, { booking: booking("t-1"), priceCents: 6_500 });
    expect(same.outcome).toBe("paid");
    const other = await saveBooking(database.db, { booking: booking("t-1", { french_date_pu_t1: "22/05/2026" }), priceCents: 6_500 });
    expect(other.outcome).toBe("paid-differs");
    const repriced = await saveBooking(database.db, { booking: booking("t-1"), priceCents: 1 });
    expect(repriced.outcome).toBe("paid-differs");
    expect(await findByToken(database.db, "t-1")).toEqual(paid);
  });
});

describe("saveBooking in the form's language", () => {
  it("stores the language of the form that posted", async () => {
    const { row } = await saveBooking(database.db, { booking: booking("t-1"), priceCents: 6_500, locale: "nl" });
    expect(row.locale).toBe("nl");
    expect((await saveBooking(database.db, { booking: booking("t-2"), priceCents: 6_500 })).row.locale).toBe("en");
  });

  it("gives an unpaid booking posted again from another language's form that language", async () => {
    const first = await saveBooking(database.db, { booking: booking("t-1"), priceCents: 6_500, locale: "en" });
    const again = await saveBooking(database.db, { booking: booking("t-1"), priceCents: 6_500, locale: "de" });
    expect(again).toMatchObject({ outcome: "updated", row: { orderId: first.row.orderId, locale: "de" } });
  });

  it("finds a paid booking posted again from another language's form as the same, paid, in its own language", async () => {
    const { row } = await saveBooking(database.db, { booking: booking("t-1"), priceCents: 6_500, locale: "fr" });
    await database.db.update(bookings).set({ status: "paid", paidAt: new Date() }).where(eq(bookings.orderId, row.orderId));
    const again = await saveBooking(database.db, { booking: booking("t-1"), priceCents: 6_500, locale: "es" });
    expect(again).toMatchObject({ outcome: "paid", row: { orderId: row.orderId, locale: "fr" } });
  });
});

describe("saveBooking with the poster's link", () => {
  it("stores a new booking's legs and link with its row", async () => {
    const link = drawManageToken();
    const checked = checkedRoundTrip("t-1");
    const { row } = await saveBooking(database.db, { booking: checked, priceCents: 6_500, manageTokenHash: link.hash });
    const opened = await findByManageToken(database.db, link.token);
    expect(opened?.orderId).toBe(row.orderId);
    expect(readStoredDetails(opened?.details)?.legs).toEqual(storedDetails(checked).legs);
  });

  it("stores nothing of a booking whose legs cannot be written", async () => {
    const link = drawManageToken();
    const checked = booking("t-1");
    // Two first legs break the one-row-per-leg index: the row and the link must not stay either.
    const broken = { ...checked, legs: [checked.legs[0]!, checked.legs[0]!] };
    await expect(saveBooking(database.db, { booking: broken, priceCents: 6_500, manageTokenHash: link.hash })).rejects.toThrow();
    expect(await findByToken(database.db, "t-1")).toBeUndefined();
    expect(await findByManageToken(database.db, link.token)).toBeUndefined();
  });

  it("links a repost to the booking it finds, unchanged or updated", async () => {
    const { row } = await saveBooking(database.db, { booking: booking("t-1"), priceCents: 6_500 });
    const same = drawManageToken();
    await saveBooking(database.db, { booking: booking("t-1"), priceCents: 6_500, manageTokenHash: same.hash });
    const changed = drawManageToken();
    await saveBooking(database.db, { booking: booking("t-1", { pax_adult_t1: "5" }), priceCents: 8_500, manageTokenHash: changed.hash });
    expect((await findByManageToken(database.db, same.token))?.orderId).toBe(row.orderId);
    expect((await findByManageToken(database.db, changed.token))?.orderId).toBe(row.orderId);
  });

  it("gives no link to a repost a paid booking refuses", async () => {
    const { row } = await saveBooking(database.db, { booking: booking("t-1"), priceCents: 6_500 });
    await database.db.update(bookings).set({ status: "paid", paidAt: new Date() }).where(eq(bookings.orderId, row.orderId));
    const link = drawManageToken();
    const other = booking("t-1", { french_date_pu_t1: "22/05/2026" });
    expect((await saveBooking(database.db, { booking: other, priceCents: 6_500, manageTokenHash: link.hash })).outcome).toBe(
      "paid-differs",
    );
    expect(await findByManageToken(database.db, link.token)).toBeUndefined();
  });
});
