import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, bookings, drivers, outbox, paymentEvents } from "../../db/schema";
import { addDays, formatFrenchDate, parisToday } from "~/domain/booking/paris-time";
import { findByOrderId, type BookingRow } from "~/lib/bookings.server";
import { addStaffMember, signInWithFetch } from "./admin-session";
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
  { intent: "refund", confirmRefund: "yes" },
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
    cookie = (await signInWithFetch(server.url, ADMIN.email, ADMIN.password)).cookie;
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
      { intent: "refund" },
      { intent: "cancel", confirmCancel: "yes", refundedOutside: "yes", outsideReason: "" },
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

  it("refunds once the payment of a booking paid after its cancellation, and shows the Refund form only then", async () => {
    const row = await paidBooking();
    const open = await fetch(`${server.url}/admin/bookings/${row.orderId}`, { headers: { cookie } });
    expect(await open.text()).not.toContain('name="confirmRefund"');
    expect((await post(row.orderId, { intent: "refund", confirmRefund: "yes" })).status).toBe(409);
    await server.database.db.update(bookings).set({ bookingStatus: "cancelled", cancelledAt: new Date() }).where(eq(bookings.id, row.id));
    const page = await fetch(`${server.url}/admin/bookings/${row.orderId}`, { headers: { cookie } });
    expect(await page.text()).toContain('name="confirmRefund"');
    const answers = await Promise.all([
      post(row.orderId, { intent: "refund", confirmRefund: "yes" }),
      post(row.orderId, { intent: "refund", confirmRefund: "yes" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    expect(answers.find((a) => a.status === 303)!.headers.get("location")).toBe(`/admin/bookings/${row.orderId}?done=refunded`);
    const { booking, refunds, mails, audit } = await traces(row.orderId);
    expect(booking).toMatchObject({ bookingStatus: "cancelled", status: "refunded", refundedCents: row.priceCents });
    expect(refunds).toEqual([expect.objectContaining({ provider: "sandbox", amountCents: -row.priceCents })]);
    expect(mails.filter((m) => m.kind === "booking_cancelled")).toHaveLength(1);
    expect(audit.map((a) => a.action)).toEqual(["payment_refunded"]);
  });

  it("refuses with 409 to send a cancelled booking's confirmation again, and to refund a Stripe payment through the sandbox", async () => {
    const row = await paidBooking();
    expect((await post(row.orderId, { intent: "cancel", confirmCancel: "yes" })).status).toBe(303);
    const confirmation = (await traces(row.orderId)).mails.find((m) => m.kind === "traveller_confirmation")!;
    const before = await traces(row.orderId);
    const resend = await post(row.orderId, { intent: "resend", emailId: String(confirmation.id) });
    expect(resend.status).toBe(409);
    expect(resend.headers.get("cache-control")).toBe("no-store");
    expect(await resend.text()).toContain("This booking is cancelled: its confirmation is not sent again.");
    expect(await traces(row.orderId)).toEqual(before);

    const stripePaid = await paidBooking();
    await server.database.db
      .update(bookings)
      .set({ paymentProvider: "stripe", paymentRef: "pi_elsewhere" })
      .where(eq(bookings.id, stripePaid.id));
    const untouched = await traces(stripePaid.orderId);
    const cancel = await post(stripePaid.orderId, { intent: "cancel", confirmCancel: "yes" });
    expect(cancel.status).toBe(409);
    expect(await cancel.text()).toContain("refund it in Stripe&#x27;s dashboard, then use &#x27;Already refunded outside the site&#x27;");
    expect(await traces(stripePaid.orderId)).toEqual(untouched);
    const outside = await post(stripePaid.orderId, {
      intent: "cancel",
      confirmCancel: "yes",
      refundedOutside: "yes",
      outsideReason: "Refunded in Stripe's dashboard, re_1.",
    });
    expect(outside.headers.get("location")).toBe(`/admin/bookings/${stripePaid.orderId}?done=cancelled_outside`);
    expect((await traces(stripePaid.orderId)).booking).toMatchObject({ bookingStatus: "cancelled", status: "refunded" });
  });

  describe("a booking taken by phone", () => {
    const phoneFields = (token: string, edits: Record<string, string> = {}) => ({
      depart: "Orly Airport (ORY)",
      arrive: "Disneyland Paris",
      shuttle_private: "Private",
      nb_trajet: "1",
      submission_token: token,
      pax_adult_t1: "2",
      pax_child_t1: "0",
      pax_baby_t1: "0",
      french_date_pu_t1: formatFrenchDate(addDays(parisToday(new Date()), 4)),
      horaire_vol_pu_1: "11:30",
      num_vol_pu_1: "EZY 123",
      city_vol_pu_1: "Geneva",
      hotel_n_drop_1: "",
      hotel_drop_1: "Hotel du Lac",
      address_drop_1: "1 rue du Lac",
      zip_drop_1: "77700",
      lastname: "Durand",
      firstname: "Paul",
      email: "paul@example.com",
      phone_mobile: "+33 6 11 22 33 44",
      country: "FR",
      payment: "cash",
      ...edits,
    });
    const postNew = (fields: Record<string, string>, headers: Record<string, string> = { origin: server.url, cookie }) =>
      fetch(`${server.url}/admin/bookings/new`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": FORM, ...headers },
        body: new URLSearchParams(fields).toString(),
      });

    it("opens the form once a route is chosen, with the public form's field names", async () => {
      const page = await fetch(`${server.url}/admin/bookings/new?depart=Orly+Airport+%28ORY%29&arrive=Disneyland+Paris&private_shuttle=1`, {
        headers: { cookie },
      });
      expect(page.status).toBe(200);
      const html = await page.text();
      for (const name of [
        "french_date_pu_t1",
        "horaire_vol_pu_1",
        "num_vol_pu_1",
        "hotel_n_drop_1",
        "lastname",
        "phone_mobile",
        "submission_token",
      ]) {
        expect(html).toContain(`name="${name}"`);
      }
    });

    it("stores it once (source phone, paid on board), whatever the double click, and opens its page", async () => {
      const fields = phoneFields(newToken());
      const [a, b] = await Promise.all([postNew(fields), postNew(fields)]);
      expect([a.status, b.status]).toEqual([303, 303]);
      expect(a.headers.get("location")).toBe(b.headers.get("location"));
      const orderId = /\/admin\/bookings\/(NV-[A-Z0-9]{6})\?done=created$/.exec(a.headers.get("location") ?? "")?.[1];
      expect(orderId).toBeTruthy();
      const { booking, audit } = await traces(orderId!);
      expect(booking).toMatchObject({ source: "phone", paymentMode: "cash", status: "pending_payment", adults: 2, lastname: "Durand" });
      expect(booking!.priceCents).toBeGreaterThan(0);
      expect(audit.map((x) => x.action)).toEqual(["booking_created"]);
    });

    it("e-mails a payment link with the site's absolute address, and keeps a staff price with its reason", async () => {
      const response = await postNew(
        phoneFields(newToken(), { payment: "link", priceOverride: "79.50", priceOverrideReason: "Regular customer" }),
      );
      expect(response.status).toBe(303);
      const orderId = /(NV-[A-Z0-9]{6})/.exec(response.headers.get("location") ?? "")![1]!;
      const { booking, mails } = await traces(orderId);
      expect(booking).toMatchObject({ source: "phone", paymentMode: "card", priceCents: 7_950, priceOverrideReason: "Regular customer" });
      expect(mails).toEqual([expect.objectContaining({ kind: "payment_link", recipient: "paul@example.com" })]);
      expect(mails[0]!.body).toContain(`${server.url}/payment/${orderId}`);
      // Sent again: a new e-mail with a link made now, refused once the booking is cancelled.
      const again = await post(orderId, { intent: "resend", emailId: String(mails[0]!.id) });
      expect(again.status).toBe(303);
      const copy = (await traces(orderId)).mails.find((m) => m.resentFrom === mails[0]!.id)!;
      expect(copy).toMatchObject({ kind: "payment_link", recipient: "paul@example.com" });
      expect(copy.body).toContain(`${server.url}/payment/${orderId}`);
      expect((await post(orderId, { intent: "cancel", confirmCancel: "yes" })).status).toBe(303);
      const refused = await post(orderId, { intent: "resend", emailId: String(mails[0]!.id) });
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain("This booking is cancelled: its payment link is not sent again.");
    });

    it("refuses with 400 what the public form refuses, and a staff price without a reason; signed out goes to the login", async () => {
      const count = async () => (await server.database.db.select().from(bookings).where(eq(bookings.source, "phone"))).length;
      const before = await count();
      const tooSoon = await postNew(phoneFields(newToken(), { french_date_pu_t1: formatFrenchDate(parisToday(new Date())), lastname: "" }));
      expect(tooSoon.status).toBe(400);
      expect(await tooSoon.text()).toContain("The booking was not saved");
      expect((await postNew(phoneFields(newToken(), { priceOverride: "50" }))).status).toBe(400);
      const signedOut = await postNew(phoneFields(newToken()), { origin: server.url });
      expect(signedOut.status).toBe(302);
      expect(signedOut.headers.get("location")).toContain("/admin/login?next=");
      expect((await postNew(phoneFields(newToken()), { origin: "https://evil.example", cookie })).status).toBe(403);
      expect(await count()).toBe(before);
    });
  });

  it("lets a dispatcher use the page as an administrator does", async () => {
    const dispatcher = { email: "dispatch@admin-booking.test", password: "dispatcher password 1" };
    const theirs = (await addStaffMember(server, dispatcher, "dispatcher", "Dispatch")).cookie;
    const row = await paidBooking();
    expect((await fetch(`${server.url}/admin/bookings/${row.orderId}`, { headers: { cookie: theirs } })).status).toBe(200);
    const confirmed = await post(row.orderId, { intent: "confirm" }, { origin: server.url, cookie: theirs });
    expect(confirmed.status).toBe(303);
    const { audit } = await traces(row.orderId);
    expect(audit).toEqual([expect.objectContaining({ action: "booking_confirmed", actor: dispatcher.email })]);
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
