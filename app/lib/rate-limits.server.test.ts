import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits } from "../../db/schema";
import { openDatabase } from "./db.server";
import { createRateLimiter, createRateLimits, RATE_LIMITS } from "./rate-limits.server";
import { useEmbeddedDatabase } from "./test-support/embedded-database";

const database = useEmbeddedDatabase();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the shared rate limits", () => {
  it("let 30 booking posts a minute through per address, then refuse with the time left", async () => {
    const limits = createRateLimits(database.db);
    try {
      for (let i = 0; i < RATE_LIMITS.booking.points; i++) expect(await limits.booking.consume("198.51.100.1")).toEqual({ allowed: true });
      const refused = await limits.booking.consume("198.51.100.1");
      expect(refused.allowed).toBe(false);
      if (!refused.allowed) {
        expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
        expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
      }
      // Another address, and the other limit for the same address, are not held back.
      expect(await limits.booking.consume("198.51.100.2")).toEqual({ allowed: true });
      expect(await limits.paymentPage.consume("198.51.100.1")).toEqual({ allowed: true });
    } finally {
      limits.stop();
    }
  });

  it("count one visitor together across instances that share the database", async () => {
    const a = createRateLimits(database.db);
    const b = createRateLimits(database.db);
    try {
      for (let i = 0; i < 30; i++) expect(await (i % 2 ? a : b).booking.consume("198.51.100.7")).toEqual({ allowed: true });
      expect((await a.booking.consume("198.51.100.7")).allowed).toBe(false);
      expect((await b.booking.consume("198.51.100.7")).allowed).toBe(false);
    } finally {
      a.stop();
      b.stop();
    }
  });

  it("count an IPv6 /64 as one visitor, and an IPv4-mapped address as its IPv4 address", async () => {
    const limit = createRateLimiter(database.db, "test-v6", { points: 2, durationSeconds: 60 });
    expect(await limit.consume("2001:db8:aa:bb::1")).toEqual({ allowed: true });
    expect(await limit.consume("2001:db8:aa:bb:ffff::2")).toEqual({ allowed: true });
    expect((await limit.consume("2001:db8:aa:bb:1:2:3:4")).allowed).toBe(false);
    expect(await limit.consume("2001:db8:aa:bc::1")).toEqual({ allowed: true });

    expect(await limit.consume("192.0.2.9")).toEqual({ allowed: true });
    expect(await limit.consume("::ffff:192.0.2.9")).toEqual({ allowed: true });
    expect((await limit.consume("192.0.2.9")).allowed).toBe(false);
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(["test-v6:2001:db8:aa:bb::/64", "test-v6:2001:db8:aa:bc::/64", "test-v6:192.0.2.9"]));
  });

  it("let a visitor through again once the window has passed", { timeout: 15_000 }, async () => {
    const limit = createRateLimiter(database.db, "test-window", { points: 1, durationSeconds: 2 });
    expect(await limit.consume("192.0.2.50")).toEqual({ allowed: true });
    const refused = await limit.consume("192.0.2.50");
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect([1, 2]).toContain(refused.retryAfterSeconds);
    await sleep(2100);
    expect(await limit.consume("192.0.2.50")).toEqual({ allowed: true });
  });

  it("sweep counters that ended over an hour ago, and stop sweeping once stopped", async () => {
    const old = new Date(Date.now() - 2 * 3_600_000);
    const recent = new Date(Date.now() - 60_000);
    await database.db.insert(rateLimits).values([
      { key: "test-sweep:old", points: 3, expire: old },
      { key: "test-sweep:recent", points: 3, expire: recent },
    ]);
    const limits = createRateLimits(database.db, { sweepIntervalMs: 50 });
    const present = async (key: string) => (await database.db.select().from(rateLimits).where(eq(rateLimits.key, key))).length === 1;
    for (let i = 0; i < 40 && (await present("test-sweep:old")); i++) await sleep(50);
    expect(await present("test-sweep:old")).toBe(false);
    expect(await present("test-sweep:recent")).toBe(true);
    limits.stop();
    await sleep(100); // a sweep that had already started ends
    await database.db.insert(rateLimits).values({ key: "test-sweep:later", points: 1, expire: old });
    await sleep(300);
    expect(await present("test-sweep:later")).toBe(true);
  });

  it("count in memory, per instance, while the database is away", async () => {
    const broken = await openDatabase({ databaseUrl: null, pgliteDir: null });
    await broken.db.execute(sql`DROP TABLE rate_limits`);
    const errors: string[] = [];
    const original = console.error;
    console.error = (m: string) => errors.push(m);
    try {
      const limit = createRateLimiter(broken.db, "test-insurance", { points: 2, durationSeconds: 60 });
      expect(await limit.consume("192.0.2.77")).toEqual({ allowed: true });
      expect(await limit.consume("192.0.2.77")).toEqual({ allowed: true });
      expect((await limit.consume("192.0.2.77")).allowed).toBe(false);
    } finally {
      console.error = original;
      await broken.close();
    }
    expect(errors).toEqual([]);
  }, 30_000);
});

describe("the wrong-token limit", () => {
  it("refuses a visitor everything once it has made 20 misses, and no other visitor", async () => {
    const limits = createRateLimits(database.db);
    try {
      const address = "203.0.113.7";
      for (let i = 0; i < RATE_LIMITS.manageMisses.points; i++)
        expect(await limits.manageMisses.attempt(address)).toEqual({ allowed: true });
      const refused = await limits.manageMisses.attempt(address);
      expect(refused.allowed).toBe(false);
      if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThan(14 * 60);
      // A try past the limit is refused, whatever it would have been.
      expect((await limits.manageMisses.attempt(address)).allowed).toBe(false);
      expect(await limits.manageMisses.attempt("203.0.113.8")).toEqual({ allowed: true });
    } finally {
      limits.stop();
    }
  });

  it("counts only the misses: a right try is given back, however many there are", async () => {
    const limits = createRateLimits(database.db);
    try {
      const address = "203.0.113.9";
      for (let i = 0; i < 3 * RATE_LIMITS.manageMisses.points; i++) {
        expect(await limits.manageMisses.attempt(address)).toEqual({ allowed: true });
        await limits.manageMisses.hit(address);
      }
      for (let i = 0; i < RATE_LIMITS.manageMisses.points; i++)
        expect(await limits.manageMisses.attempt(address)).toEqual({ allowed: true });
      expect((await limits.manageMisses.attempt(address)).allowed).toBe(false);
    } finally {
      limits.stop();
    }
  });

  it("lets no more than 20 of a burst of parallel tries through", async () => {
    const limits = createRateLimits(database.db);
    try {
      const decisions = await Promise.all(Array.from({ length: 40 }, () => limits.manageMisses.attempt("203.0.113.10")));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(RATE_LIMITS.manageMisses.points);
    } finally {
      limits.stop();
    }
  });

  it("counts the links re-sent for one booking by its order id, whoever asks", async () => {
    const limits = createRateLimits(database.db);
    try {
      for (let i = 0; i < RATE_LIMITS.lostLinkBooking.points; i++)
        expect((await limits.lostLinkBooking.consume("NV-AAAAAA")).allowed).toBe(true);
      expect((await limits.lostLinkBooking.consume("NV-AAAAAA")).allowed).toBe(false);
      expect((await limits.lostLinkBooking.consume("NV-BBBBBB")).allowed).toBe(true);
    } finally {
      limits.stop();
    }
  });
});
