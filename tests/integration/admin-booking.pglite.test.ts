import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, bookings, drivers, outbox, paymentEvents } from "../../db/schema";
import { findByOrderId, type BookingRow } from "~/lib/bookings.server";
import { FORM, formBody, newToken, orderIdOf, postBooking, startInProcessServer, validDraft, type InProcessServer } from "./helpers";

/**
 * One booking's back-office page (/admin/bookings/:orderId) on the built app, in this process on
 * PGlite: every action needs a session and the site's own Origin, a post the page could not send
 * is refused with 400, and two cancels at once refund once.
 */

const ADMIN = { email: "owner@admin-booking.test", password: "admin booking password" };
const ACTIONS: Record<string, string>[] = [
  { intent: "confirm" },
  { intent: "assign_driver", driverId: "1" },
  { intent: "complete" },
  { intent: "no_show" },
  { intent: "cancel", confirmCancel: "yes" },
  { intent: "add_note", note: "A note" },
  { intent: "resend", emailId: "1" },
];

describe("the booking page's actions on PGlite", () => {
  let server: InProcessServer;
  let dataDir: string;
  let cookie = "";

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-admin-booking-"));
    server = await startInProcessServer({
      dataDir,
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, PAYMENT_SANDBOX_SECRET: `it-admin-booking-${process.pid}` },
    });
    const signIn = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": FORM, origin: server.url },
      body: new URLSearchParams(ADMIN).toString(),
    });
    expect(signIn.status).toBe(302);
    cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toContain("session_token=");
    await server.database.db.insert(drivers).values({ name: "Karim Benali", phone: "+33 6 98 76 54 32", email: "karim@drivers.example" });
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A booking posted by the public form and paid on the sandbox payment page. */
  async function paidBooking(): Promise<BookingRow> {
    const response = await postBooking(server.url, formBody(validDraft(newToken())));
    const orderId = orderIdOf(response);
    expect(orderId, await response.text()).toBeTruthy();
    const paid = await fetch(`${server.url}/payment/${orderId}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": FORM, origin: server.url },
      body: "intent=pay",
    });
    expect(paid.status).toBe(303);
    const row = (await findByOrderId(server.database.db, orderId!))!;
    expect(row.status).toBe("paid");
    return row;
  }

  function post(orderId: string, fields: Record<string, string>, headers: Record<string, string> = { origin: server.url, cookie }) {
    return fetch(`${server.url}/admin/bookings/${orderId}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": FORM, ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  async function traces(orderId: string) {
    const db = server.database.db;
    return {
      booking: await findByOrderId(db, orderId),
      audit: await db.select().from(auditEvents).where(eq(auditEvents.orderId, orderId)),
      mails: await db.select().from(outbox).where(eq(outbox.orderId, orderId)),
      refunds: await db
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.orderId, orderId), lt(paymentEvents.amountCents, 0))),
    };
  }

  it("sends a signed-out post of every action to the login page, and changes nothing", async () => {
    const row = await paidBooking();
    const before = await traces(row.orderId);
    for (const fields of ACTIONS) {
      const response = await post(row.orderId, fields, { origin: server.url });
      expect(response.status, fields.intent).toBe(302);
      expect(response.headers.get("location")).toBe(`/admin/login?next=${encodeURIComponent(`/admin/bookings/${row.orderId}`)}`);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    expect(await traces(row.orderId)).toEqual(before);
  });

  it("refuses every action posted from another site with 403, and changes nothing", async () => {
    const row = await paidBooking();
    const before = await traces(row.orderId);
    for (const fields of ACTIONS) {
      const response = await post(row.orderId, fields, { origin: "https://evil.example", cookie });
      expect(response.status, fields.intent).toBe(403);
    }
    // No Origin and no Sec-Fetch-Site: not a browser's form either.
    expect((await post(row.orderId, { intent: "confirm" }, { cookie })).status).toBe(403);
    expect(await traces(row.orderId)).toEqual(before);
  });

  it("refuses a post the page cannot send with 400 and its reason", async () => {
    const row = await paidBooking();
    const before = await traces(row.orderId);
    const bad: Record<string, string>[] = [
      { intent: "delete" },
      {},
      { intent: "cancel" },
      { intent: "assign_driver", driverId: "x" },
      { intent: "add_note", note: " " },
    ];
    for (const fields of bad) {
      const response = await post(row.orderId, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const html = await response.text();
      expect(html).toContain("Nothing was changed");
    }
    expect(await traces(row.orderId)).toEqual(before);
  });

  it("confirms once with a redirect to the page and its status message, and refuses the second with 409", async () => {
    const row = await paidBooking();
    const first = await post(row.orderId, { intent: "confirm" });
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe(`/admin/bookings/${row.orderId}?done=confirmed`);
    const page = await fetch(`${server.url}${first.headers.get("location")}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/role="status"[^>]*>The booking is confirmed/);
    const second = await post(row.orderId, { intent: "confirm" });
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("The booking is already confirmed.");
    const { mails, audit } = await traces(row.orderId);
    expect(mails.filter((m) => m.kind === "booking_confirmed")).toHaveLength(1);
    expect(audit.map((a) => a.action)).toEqual(["booking_confirmed"]);
  });

  it("refunds once when two cancels arrive together", async () => {
    const row = await paidBooking();
    const answers = await Promise.all([
      post(row.orderId, { intent: "cancel", confirmCancel: "yes" }),
      post(row.orderId, { intent: "cancel", confirmCancel: "yes" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    const { booking, refunds, mails } = await traces(row.orderId);
    expect(booking).toMatchObject({ bookingStatus: "cancelled", status: "refunded", refundedCents: row.priceCents });
    expect(refunds).toEqual([expect.objectContaining({ provider: "sandbox", amountCents: -row.priceCents })]);
    expect(mails.filter((m) => m.kind === "booking_cancelled")).toHaveLength(1);
  });

  it("answers 404 inside the back office for an unknown order, to a visit and to a post", async () => {
    const page = await fetch(`${server.url}/admin/bookings/NV-ZZZZZZ`, { headers: { cookie } });
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain("There is no booking with this order number.");
    expect(html).toContain("Sign out");
    expect((await post("NV-ZZZZZZ", { intent: "confirm" })).status).toBe(404);
    expect(await server.database.db.select().from(bookings).where(eq(bookings.orderId, "NV-ZZZZZZ"))).toEqual([]);
  });
});
