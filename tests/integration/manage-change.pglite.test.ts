import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Window } from "happy-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, bookings, outbox } from "../../db/schema";
import { findByOrderId, type BookingRow } from "~/lib/bookings.server";
import { mintManageToken } from "~/lib/manage-links.server";
import { FORM, formBody, newToken, orderIdOf, postBooking, startInProcessServer, validDraft, type InProcessServer } from "./helpers";

/**
 * The traveller's 'Change details' page (/my-booking/:token/change) on the built app, in this
 * process on PGlite: the form's own post is accepted and recorded (history and the business's
 * e-mail), the same post touching the date, route or passengers is refused with nothing changed,
 * two posts at once change once, and a post from another site, with a wrong token, or with bad
 * input changes nothing and never answers 500.
 */

const BUSINESS = "office@manage-change.test";

/** Whether an answer may not be stored: every Cache-Control directive it carries is no-store. */
function noStore(response: Response): boolean {
  const directives = (response.headers.get("cache-control") ?? "").split(",").map((d) => d.trim());
  return directives.length > 0 && directives.every((d) => d === "no-store");
}

describe("the change page on PGlite", () => {
  let server: InProcessServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-manage-change-"));
    server = await startInProcessServer({
      dataDir,
      env: { SITE_EMAIL: BUSINESS, PAYMENT_SANDBOX_SECRET: `it-manage-change-${process.pid}` },
    });
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A booking posted by the public form and paid on the sandbox payment page, with a manage token of its own. */
  async function paidBooking(): Promise<{ row: BookingRow; token: string; page: string }> {
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
    const token = await mintManageToken(server.database.db, orderId!);
    const row = (await findByOrderId(server.database.db, orderId!))!;
    return { row, token, page: `/my-booking/${token}/change` };
  }

  function post(page: string, fields: Record<string, string>, headers: Record<string, string> = { origin: server.url }) {
    return fetch(`${server.url}${page}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": FORM, ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** The change form's fields as the page gives them: what the browser would post unchanged. */
  async function formFields(page: string): Promise<Record<string, string>> {
    const response = await fetch(`${server.url}${page}`);
    expect(response.status).toBe(200);
    const window = new Window();
    window.document.write(await response.text());
    const form = window.document.querySelector("form.change-form");
    if (!form) throw new Error("No change form on the page");
    const fields: Record<string, string> = {};
    for (const element of form.querySelectorAll("input[name], textarea[name]")) {
      const control = element as unknown as { name: string; value: string };
      fields[control.name] = control.value;
    }
    // A select's value as a browser reads it: its option marked selected, else its first option
    // (happy-dom's own select.value does not follow the selected attribute).
    for (const select of form.querySelectorAll("select[name]")) {
      const option = select.querySelector("option[selected]") ?? select.querySelector("option");
      fields[select.getAttribute("name")!] = option?.getAttribute("value") ?? "";
    }
    await window.happyDOM.close();
    return fields;
  }

  async function traces(orderId: string) {
    const db = server.database.db;
    return {
      booking: await findByOrderId(db, orderId),
      audit: await db.select().from(auditEvents).where(eq(auditEvents.orderId, orderId)),
      mails: await db.select().from(outbox).where(eq(outbox.orderId, orderId)),
    };
  }

  const flightNumber = (row: BookingRow | undefined) =>
    (row?.details as { legs: { pickup: { flightNumber: string } }[] }).legs[0]!.pickup.flightNumber;

  it("shows the booking's current values, no-store and no-referrer, with the phone for date, route and passengers", async () => {
    const { page } = await paidBooking();
    const response = await fetch(`${server.url}${page}`);
    expect(response.status).toBe(200);
    expect(noStore(response)).toBe(true);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await response.text();
    expect(html).toContain("The date, the route and the number of passengers are changed by phone");
    const fields = await formFields(page);
    expect(fields).toMatchObject({ num_vol_pu_1: "BA 304", city_vol_pu_1: "London", horaire_vol_pu_1: "10:00", zip_drop_1: "77700" });
    expect(Object.keys(fields)).not.toContain("french_date_pu_t1");
  });

  it("takes the form's own post: unchanged writes nothing; a new flight number is saved, recorded and e-mailed to the business", async () => {
    const { row, page } = await paidBooking();
    const before = await traces(row.orderId);
    const fields = await formFields(page);

    const same = await post(page, fields);
    expect(same.status).toBe(303);
    expect(same.headers.get("location")).toBe(`${page}?done=unchanged`);
    expect(await traces(row.orderId)).toEqual(before);

    const changed = await post(page, { ...fields, num_vol_pu_1: "BA 306" });
    expect(changed.status).toBe(303);
    expect(changed.headers.get("location")).toBe(`${page}?done=changed`);
    const { booking, audit, mails } = await traces(row.orderId);
    expect(flightNumber(booking)).toBe("BA 306");
    const history = audit.filter((a) => a.action === "booking_changed_by_traveller");
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ actor: "traveller", actorId: null });
    expect(history[0]!.detail).toContain("pick-up flight number: BA 304 → BA 306");
    const notices = mails.filter((m) => m.kind === "booking_changed");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.recipient).toBe(BUSINESS);
    expect(notices[0]!.body).toContain("Pick-up flight number: BA 304 → BA 306");

    const shown = await fetch(`${server.url}${page}?done=changed`);
    const html = await shown.text();
    expect(html).toMatch(/role="status"[^>]*><p class="notice">Your changes are saved/);
    expect((await formFields(page)).num_vol_pu_1).toBe("BA 306");
  });

  it.each([
    ["the date", { french_date_pu_t1: "01/01/2031" }],
    ["the date, as yyyy-MM-dd", { date_pu_t1: "2031-01-01" }],
    ["the passengers", { pax_adult_t1: "3" }],
    ["the route", { depart: "Charles de Gaulle Airport (CDG)" }],
    ["the kind", { shuttle_private: "Shuttle" }],
  ])("refuses the same post changing %s, by phone, and changes nothing", async (_name, edit) => {
    const { row, page } = await paidBooking();
    const fields = await formFields(page);
    const before = await traces(row.orderId);
    const response = await post(page, { ...fields, num_vol_pu_1: "BA 306", ...edit });
    expect(response.status).toBe(409);
    expect(noStore(response)).toBe(true);
    expect(await response.text()).toContain("Date, route and passengers are changed by phone: call us on");
    expect(await traces(row.orderId)).toEqual(before);
  });

  it("changes once when the same post arrives twice at once", async () => {
    const { row, page } = await paidBooking();
    const fields = { ...(await formFields(page)), info_t1: "Two child seats, please" };
    const answers = await Promise.all([post(page, fields), post(page, fields)]);
    expect(answers.map((a) => a.status)).toEqual([303, 303]);
    expect(answers.map((a) => a.headers.get("location")).sort()).toEqual([`${page}?done=changed`, `${page}?done=unchanged`]);
    const { audit, mails } = await traces(row.orderId);
    expect(audit.filter((a) => a.action === "booking_changed_by_traveller")).toHaveLength(1);
    expect(mails.filter((m) => m.kind === "booking_changed")).toHaveLength(1);
  });

  it("refuses a post from another site with 403, and changes nothing", async () => {
    const { row, page } = await paidBooking();
    const fields = { ...(await formFields(page)), num_vol_pu_1: "BA 306" };
    const before = await traces(row.orderId);
    expect((await post(page, fields, { origin: "https://evil.example" })).status).toBe(403);
    expect((await post(page, fields, { origin: "null", "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect(await traces(row.orderId)).toEqual(before);
  });

  it("takes the page's own post with Origin: null and Sec-Fetch-Site: same-origin, as Chromium sends it under no-referrer", async () => {
    const { row, page } = await paidBooking();
    const fields = { ...(await formFields(page)), num_vol_pu_1: "BA 306" };
    expect((await post(page, fields, { origin: "null", "sec-fetch-site": "same-origin" })).status).toBe(303);
    expect(flightNumber((await traces(row.orderId)).booking)).toBe("BA 306");
  });

  it("answers a wrong token with the same 404, reading or posting, and changes nothing", async () => {
    const { row, page } = await paidBooking();
    const fields = { ...(await formFields(page)), num_vol_pu_1: "BA 306" };
    const before = await traces(row.orderId);
    const wrong = `/my-booking/${"A".repeat(43)}/change`;
    const read = await fetch(`${server.url}${wrong}`);
    expect(read.status).toBe(404);
    expect(noStore(read)).toBe(true);
    expect(await read.text()).toContain("This booking link does not exist");
    expect((await post(wrong, fields)).status).toBe(404);
    expect((await post("/my-booking/short/change", fields)).status).toBe(404);
    expect(await traces(row.orderId)).toEqual(before);
  });

  it("answers bad input with its reason, never 500, and changes nothing", async () => {
    const { row, page } = await paidBooking();
    const fields = await formFields(page);
    const before = await traces(row.orderId);
    const cases: [Record<string, string>, number, string][] = [
      [{ ...fields, info_t1: "x".repeat(5000) }, 400, "This field is too long: at most 1000 characters."],
      [{ ...fields, num_vol_pu_1: "BA\u0000306" }, 400, "This field holds a character we cannot read."],
      [{ ...fields, num_vol_pu_1: "" }, 400, "Please enter the pick-up flight number."],
      [{ ...fields, horaire_vol_pu_1: "25:99" }, 400, "Please enter a valid pick-up flight time"],
      [{ ...fields, check_in_luggage: "1e3" }, 400, "Please enter between 0 and 10 check-in luggage."],
      [
        { ...fields, hotel_n_drop_1: "", hotel_drop_1: "Hôtel du Louvre", address_drop_1: "Place André Malraux", zip_drop_1: "75001" },
        400,
        "75001 is outside this route's area",
      ],
      [{ ...fields, hotel_n_drop_1: "9999" }, 400, "hotel is not one of the hotels offered for this route"],
    ];
    for (const [body, status, words] of cases) {
      const response = await post(page, body);
      expect(response.status, words).toBe(status);
      const html = await response.text();
      expect(html).toContain("Nothing was changed");
      expect(html).toContain(words);
    }
    const notForm = await fetch(`${server.url}${page}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify(fields),
    });
    expect(notForm.status).toBe(415);
    const huge = await post(page, { ...fields, info_pax_luggage: "x".repeat(100_000) });
    expect(huge.status).toBe(413);
    expect(await traces(row.orderId)).toEqual(before);
  });

  it("shows no form after the deadline, says why with the phone, and refuses a post made from a page left open", async () => {
    const { row, page } = await paidBooking();
    const fields = { ...(await formFields(page)), num_vol_pu_1: "BA 306" };
    // The first pickup now ten hours away: the deadline has passed.
    await server.database.db
      .update(bookings)
      .set({ firstPickupAt: new Date(Date.now() + 10 * 3_600_000) })
      .where(eq(bookings.id, row.id));
    const before = await traces(row.orderId);
    const html = await (await fetch(`${server.url}${page}`)).text();
    expect(html).not.toContain('class="change-form"');
    expect(html).toContain("Details can be changed online until 24 hours before the first pick-up");
    expect(html).toMatch(/call us on <a href="tel:/);
    const response = await post(page, fields);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("Details can be changed online until 24 hours before the first pick-up");
    expect(await traces(row.orderId)).toEqual(before);
  });
});
