import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { manageLinks } from "../../db/schema";
import { findByManageToken, hashManageToken, isManageTokenShape, manageUrl, mintManageToken, newLinkMarker } from "./manage-links.server";
import { randomUUID } from "node:crypto";
import { bookings } from "../../db/schema";
import type { Db } from "./db.server";
import { bookingRowValues } from "./test-support/booking-rows";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import { insertBookings } from "./test-support/insert-bookings";

const database = useEmbeddedDatabase();

let counter = 0;
async function insertBooking(db: Db, values: { orderId?: string }) {
  const orderId = values.orderId ?? `NV-T${String(++counter).padStart(5, "0")}`;
  const [row] = await db
    .insert(bookings)
    .values(bookingRowValues({ orderId, submissionToken: randomUUID() }))
    .returning();
  return row!;
}

describe("manage links", () => {
  it("draw 256-bit tokens, keep only their SHA-256, and open their own booking only", async () => {
    const a = await insertBooking(database.db, { orderId: "NV-LINKAA" });
    const b = await insertBooking(database.db, { orderId: "NV-LINKBB" });
    const tokenA = await mintManageToken(database.db, a.orderId);
    const tokenA2 = await mintManageToken(database.db, a.orderId);
    const tokenB = await mintManageToken(database.db, b.orderId);
    expect(tokenA).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(tokenA, "base64url")).toHaveLength(32);
    expect(new Set([tokenA, tokenA2, tokenB]).size).toBe(3);
    const stored = await database.db.select().from(manageLinks).where(eq(manageLinks.orderId, a.orderId));
    expect(stored.map((r) => r.tokenHash).sort()).toEqual([hashManageToken(tokenA), hashManageToken(tokenA2)].sort());
    // The token itself is nowhere in the table.
    const all = JSON.stringify(await database.db.select().from(manageLinks));
    for (const token of [tokenA, tokenA2, tokenB]) expect(all).not.toContain(token);
    expect((await findByManageToken(database.db, tokenA))?.orderId).toBe(a.orderId);
    expect((await findByManageToken(database.db, tokenA2))?.orderId).toBe(a.orderId);
    expect((await findByManageToken(database.db, tokenB))?.orderId).toBe(b.orderId);
  });

  it("open their booking with its legs, as every read of a booking gives them", async () => {
    const pickupAt = new Date("2026-05-20T08:00:00.000Z");
    await insertBookings(
      database.db,
      bookingRowValues({ orderId: "NV-LINKLG", submissionToken: randomUUID(), details: { legs: [{ leg: 1, pickupAt }], luggage: {} } }),
    );
    const token = await mintManageToken(database.db, "NV-LINKLG");
    const found = await findByManageToken(database.db, token);
    expect((found?.details as { legs: { leg: number; pickupAt: string }[] }).legs).toEqual([
      expect.objectContaining({ leg: 1, pickupAt: "2026-05-20T08:00:00.000Z" }),
    ]);
  });

  it.each([
    ["empty", ""],
    ["too short", "abc"],
    ["one character changed", null],
    ["the stored hash itself", "hash"],
    ["SQL", "' or 1=1 --"],
    ["44 characters", "A".repeat(44)],
  ])("find nothing for a token that is %s", async (_label, value) => {
    const row = await insertBooking(database.db, {});
    const token = await mintManageToken(database.db, row.orderId);
    const tried = value === null ? (token[0] === "A" ? "B" : "A") + token.slice(1) : value === "hash" ? hashManageToken(token) : value;
    expect(await findByManageToken(database.db, tried)).toBeUndefined();
  });

  it("take only the token's own shape", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(isManageTokenShape(s)).toBe(/^[A-Za-z0-9_-]{43}$/.test(s));
      }),
    );
  });

  it("build the page's address below the site's", () => {
    expect(manageUrl("https://navette.example", "t".repeat(43), "en")).toBe(`https://navette.example/my-booking/${"t".repeat(43)}`);
  });

  it("build the page's address under its language's prefix", () => {
    expect(manageUrl("https://navette.example", "t".repeat(43), "es")).toBe(`https://navette.example/es/my-booking/${"t".repeat(43)}`);
  });

  it("draw a different marker for every message", () => {
    const markers = new Set(Array.from({ length: 100 }, () => newLinkMarker()));
    expect(markers.size).toBe(100);
  });
});
