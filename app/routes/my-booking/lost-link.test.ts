import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { outbox } from "../../../db/schema";
import { saveBooking, type BookingRow } from "~/lib/bookings.server";
import type { LimitDecision, RateLimiter } from "~/lib/rate-limits.server";
import { readSettings } from "~/lib/settings.server";
import { checkedBooking } from "~/lib/test-support/booking-rows";
import { useEmbeddedDatabase } from "~/lib/test-support/embedded-database";
import { action } from "./lost-link";

// 'Lost your link?' answers before it looks anything up: the answer, and its time, are the same
// whether or not the order id and the address match; the link is queued after it.

const database = useEmbeddedDatabase();
const settings = readSettings({ SITE_URL: "https://navette.example", PAYMENT_PROVIDER: "sandbox" }, { cwd: "/" });
let serial = 0;

afterEach(() => {
  vi.restoreAllMocks();
});

async function newBooking(): Promise<BookingRow> {
  return (await saveBooking(database.db, { booking: checkedBooking(`lost-link-${++serial}`), priceCents: 6_500, test: true })).row;
}

const allowed: RateLimiter = { consume: async () => ({ allowed: true }) };

/** A per-booking limit that answers only when released: the work it is part of waits until then. */
function heldLimiter() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  const limiter: RateLimiter = {
    consume: async (key): Promise<LimitDecision> => {
      asked.push(key);
      await released;
      return { allowed: true };
    },
  };
  return { limiter, asked, release };
}

function context(perBooking: RateLimiter, wakeOutbox = vi.fn()) {
  const booking = { db: async () => database.db, lostLink: allowed, lostLinkBooking: perBooking, wakeOutbox };
  return { settings, booking, clientAddress: "192.0.2.1" } as unknown as AppLoadContext;
}

function post(fields: Record<string, string>) {
  return new Request("https://navette.example/my-booking", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The action's answer: the redirect it returns (React Router's redirect is a Response). */
async function answer(fields: Record<string, string>, ctx: AppLoadContext): Promise<Response> {
  const result = (await action({ request: post(fields), context: ctx, params: {} } as Parameters<typeof action>[0])) as unknown;
  expect(result).toBeInstanceOf(Response);
  return result as Response;
}

const links = async (orderId: string) =>
  (await database.db.select().from(outbox).where(eq(outbox.orderId, orderId))).filter((m) => m.kind === "manage_link");

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(await check()).toBe(true);
}

describe("'Lost your link?' answers first", () => {
  it("answers a match before its work is done, then queues the link and wakes the outbox", async () => {
    const row = await newBooking();
    const held = heldLimiter();
    const wake = vi.fn();
    const response = await answer({ orderId: row.orderId, email: row.email }, context(held.limiter, wake));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/my-booking?sent=1");
    // Answered while the match's work still waits on the per-booking limit: nothing is queued yet.
    expect(await links(row.orderId)).toEqual([]);
    expect(wake).not.toHaveBeenCalled();
    await eventually(async () => held.asked.length === 1);
    held.release();
    await eventually(async () => (await links(row.orderId)).length === 1);
    expect(await links(row.orderId)).toEqual([expect.objectContaining({ recipient: row.email })]);
    await eventually(async () => wake.mock.calls.length === 1);
  });

  it("answers a mismatch the same way, and sends nothing", async () => {
    const row = await newBooking();
    const held = heldLimiter();
    const wake = vi.fn();
    const ctx = context(held.limiter, wake);
    const answers = [];
    for (const fields of [
      { orderId: row.orderId, email: "someone.else@example.com" },
      { orderId: "NV-ZZZZZZ", email: row.email },
    ]) {
      const response = await answer(fields, ctx);
      answers.push([response.status, response.headers.get("location"), await response.text()]);
    }
    const match = await answer({ orderId: row.orderId, email: row.email }, ctx);
    answers.push([match.status, match.headers.get("location"), await match.text()]);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    held.release();
    await eventually(async () => (await links(row.orderId)).length === 1);
    // Only the match reached the per-booking limit.
    expect(held.asked).toEqual([row.orderId]);
  });

  it("logs a failure of the work by its kind only, having answered as always", async () => {
    const row = await newBooking();
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failing: RateLimiter = {
      consume: async () => {
        throw Object.assign(new Error(`connection lost while counting ${row.orderId} for ${row.email}`), { code: "57P01" });
      },
    };
    const response = await answer({ orderId: row.orderId, email: row.email }, context(failing));
    expect(response.status).toBe(303);
    await eventually(async () => logged.mock.calls.length === 1);
    const line = logged.mock.calls.map((call) => call.map(String).join(" ")).join("\n");
    expect(line).toBe("A 'Lost your link?' request failed: Error (57P01).");
    expect(await links(row.orderId)).toEqual([]);
  });
});
