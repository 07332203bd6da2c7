import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import Stripe from "stripe";
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { bookings, outbox, paymentEvents } from "../../db/schema";
import { mirrorReturnLeg, setFlightTime, setLegDate, withCounts, withTripMode } from "~/domain/booking/draft";
import type { BookingDraft } from "~/domain/booking/fields";
import { addDays, parisToday } from "~/domain/booking/paris-time";
import { priceRequestOf } from "~/domain/booking/price-request";
import { SUMMARY_MARK } from "~/domain/booking/summary";
import { bookingFormSchema } from "~/domain/booking/validation";
import { formatEuros } from "~/domain/money";
import { quote } from "~/domain/pricing/pricing";
import { findByOrderId, findByToken, saveBooking, type BookingRow } from "~/lib/bookings.server";
import type { Db } from "~/lib/db.server";
import {
  chunkedPost,
  DISNEYLAND,
  FORM,
  formBody,
  hmacHex,
  newToken,
  nextAddress,
  ORDER_LOCATION,
  orderIdOf,
  ORLY,
  postBooking,
  priceOf,
  prices,
  sandboxNotice,
  serverPrice,
  validDraft,
  type TwoSites,
  waitFor,
  closeAfterMail,
} from "./helpers";
import { activeCapacities, FIRST_FLEET } from "~/domain/fleet";
import { ENGLISH_MAIL } from "~/lib/test-support/booking-words";

const CANCELLATION_RULE = ENGLISH_MAIL.t("cancellation.rule");
const CONFIRMATION_SENTENCE = ENGLISH_MAIL.t("confirmation");

const FIRST_FLEET_CAPACITIES = activeCapacities(FIRST_FLEET);

/** One database, reached by the test and by two servers: the sandbox one and a Stripe one. */
export type Backend = TwoSites;

export const STRIPE_SECRET_KEY = "sk_test_x";
export const STRIPE_WEBHOOK_SECRET = "whsec_test";

async function bookingCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bookings);
  return row?.n ?? 0;
}

async function outboxOf(db: Db, orderId: string) {
  return db.select().from(outbox).where(eq(outbox.orderId, orderId)).orderBy(outbox.kind);
}

async function eventsOf(db: Db, orderId: string) {
  return db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId));
}

async function mustFind(db: Db, orderId: string): Promise<BookingRow> {
  const row = await findByOrderId(db, orderId);
  if (!row) throw new Error(`booking ${orderId} is not stored`);
  return row;
}

/** The booking's customer address, unique to the test (validDraft derives it from the token). */
function customerEmail(token: string): string {
  return validDraft(token).email!;
}

export function bookingSuite(open: () => Promise<Backend>): void {
  let backend: Backend;
  /** Every personal value a test posted, to look for in the logs at the end. */
  const personal = new Set<string>();

  beforeAll(async () => {
    backend = await open();
  });
  afterAll(async () => {
    if (backend) await closeAfterMail(backend);
  });

  /** Posts a fresh valid booking; resolves with its token, order id and stored row. */
  async function book(edits: Record<string, string> = {}) {
    const token = newToken();
    const draft = validDraft(token, new Date(), edits);
    personal.add(draft.email!);
    const response = await postBooking(backend.url, formBody(draft));
    expect(response.status, await response.clone().text()).toBe(303);
    const orderId = orderIdOf(response);
    expect(orderId, response.headers.get("location") ?? "").not.toBeNull();
    return { token, draft, orderId: orderId!, row: await mustFind(backend.db, orderId!) };
  }

  describe("the booking endpoint", () => {
    it("answers a valid post with 303 to /payment/NV-XXXXXX, having stored the booking at the pricing module's price", async () => {
      const token = newToken();
      const draft = validDraft(token);
      const response = await postBooking(backend.url, formBody(draft));
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toMatch(ORDER_LOCATION);
      const orderId = orderIdOf(response)!;

      const row = await findByToken(backend.db, token);
      expect(row).toBeDefined();
      const expected = serverPrice(draft);
      expect(expected).toBeGreaterThan(0);
      expect(row).toMatchObject({
        orderId,
        submissionToken: token,
        status: "pending_payment",
        kind: "private",
        roundTrip: false,
        depart: ORLY,
        arrive: DISNEYLAND,
        lastname: "Martin",
        firstname: "Claire",
        email: draft.email,
        phone: "+33 6 12 34 56 78",
        adults: 1,
        children: 0,
        babies: 0,
        priceCents: expected,
        currency: "EUR",
        paymentMode: "card",
        paidAt: null,
      });
      // The same price from the stored columns alone.
      expect(row!.priceCents).toBe(
        priceOf({ from: row!.depart, to: row!.arrive, kind: "private", tripType: 1, party: { adults: 1, children: 0, babies: 0 } }),
      );
      const details = row!.details as {
        legs: { date: string; pickup: { kind: string; flightTime: string; flightCity: string; flightNumber: string } }[];
      };
      expect(details.legs).toHaveLength(1);
      expect(details.legs[0]!.date).toBe(draft.date_pu_t1);
      expect(details.legs[0]!.pickup).toMatchObject({ kind: "flight", flightTime: "10:00", flightCity: "London", flightNumber: "BA 304" });

      // The payment page shows the order and the server's amount.
      const page = await fetch(`${backend.url}/payment/${orderId}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(orderId);
      expect(html).toContain(formatEuros(expected));
    });

    it("ignores a tampered prix_cb: the stored price is the server's", async () => {
      const { row, draft } = await book({ prix_cb: "1", prix_cash: "1" });
      expect(row.priceCents).toBe(serverPrice(draft));
      expect(row.priceCents).not.toBe(1);
      // A tampered price does not even reach the payment page.
      const html = await (await fetch(`${backend.url}/payment/${row.orderId}`)).text();
      expect(html).toContain(formatEuros(row.priceCents));
      expect(html).not.toContain(formatEuros(1));
    });

    it("stores a double post of the same draft once, and answers both with the same order id", async () => {
      const token = newToken();
      const body = formBody(validDraft(token));
      const before = await bookingCount(backend.db);
      const first = await postBooking(backend.url, body);
      const second = await postBooking(backend.url, body);
      expect(first.status).toBe(303);
      expect(second.status).toBe(303);
      expect(second.headers.get("location")).toBe(first.headers.get("location"));
      // A double press: two posts at once.
      const token2 = newToken();
      const body2 = formBody(validDraft(token2));
      const [a, b] = await Promise.all([postBooking(backend.url, body2), postBooking(backend.url, body2)]);
      expect([a.status, b.status]).toEqual([303, 303]);
      expect(a.headers.get("location")).toBe(b.headers.get("location"));
      expect(await bookingCount(backend.db)).toBe(before + 2);
      expect((await findByToken(backend.db, token))?.orderId).toBe(orderIdOf(first));
      expect((await findByToken(backend.db, token2))?.orderId).toBe(orderIdOf(a));
    });

    it("answers invalid input with 400 and a page naming the problem, and stores nothing", async () => {
      const token = newToken();
      const before = await bookingCount(backend.db);
      const response = await postBooking(backend.url, formBody(validDraft(token, new Date(), { lastname: "  " })));
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toContain("Please enter your last name.");
      expect(html).toContain("Your booking could not be sent");
      // A way back to the form, whose draft is still in the browser.
      expect(html).toMatch(/href="\/reservation\?depart=Orly\+Airport\+%28ORY%29&amp;arrive=Disneyland\+Paris"/);
      expect(await findByToken(backend.db, token)).toBeUndefined();
      expect(await bookingCount(backend.db)).toBe(before);
    });

    it("lists every problem of a post that has several", async () => {
      const token = newToken();
      const response = await postBooking(
        backend.url,
        formBody(validDraft(token, new Date(), { firstname: "", num_vol_pu_1: "", horaire_vol_pu_1: "10:07" })),
      );
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Please enter your first name.");
      expect(html).toContain("Please enter the pick-up flight number.");
      expect(html).toContain("The pick-up flight time must be in 15-minute intervals.");
      expect(await findByToken(backend.db, token)).toBeUndefined();
    });

    it("refuses a booking without its submission token (400) and stores nothing", async () => {
      const before = await bookingCount(backend.db);
      const draft = validDraft("x");
      delete draft.submission_token;
      const response = await postBooking(backend.url, formBody(draft));
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("The booking form was incomplete.");
      expect(await bookingCount(backend.db)).toBe(before);
    });

    it("refuses a trip the price file has no price for (400) and stores nothing", async () => {
      const token = newToken();
      const response = await postBooking(backend.url, formBody(validDraft(token, new Date(), { arrive: "Lyon", lieu_drop_1: "Lyon" })));
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("We have no online price for this trip.");
      expect(await findByToken(backend.db, token)).toBeUndefined();
    });

    it("answers a field holding a NUL character with 400, not a server error, and stores nothing", async () => {
      const before = await bookingCount(backend.db);
      const statuses: Record<string, number> = {};
      for (const field of ["lastname", "info_t1", "fax_number"]) {
        const token = newToken();
        const draft = validDraft(token);
        personal.add(draft.email!);
        draft[field] = `${draft[field] || "x"}\u0000`;
        statuses[field] = (await postBooking(backend.url, formBody(draft))).status;
      }
      expect(statuses).toEqual({ lastname: 400, info_t1: 400, fax_number: 400 });
      expect(await bookingCount(backend.db)).toBe(before);
    });

    it("answers GET /api/booking with 405 and Allow: POST", async () => {
      const response = await fetch(`${backend.url}/api/booking`, { redirect: "manual" });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    });

    it("refuses a cross-origin post with 403 and stores nothing", async () => {
      const token = newToken();
      const body = formBody(validDraft(token));
      const evil = await postBooking(backend.url, body, { origin: "https://evil.example" });
      expect.soft(evil.status, "Origin: https://evil.example").toBe(403);
      const crossSite = await postBooking(backend.url, body, { origin: backend.url, "sec-fetch-site": "cross-site" });
      expect.soft(crossSite.status, "Sec-Fetch-Site: cross-site").toBe(403);
      const crossSiteNoOrigin = await postBooking(backend.url, body, { origin: "", "sec-fetch-site": "cross-site" });
      expect.soft(crossSiteNoOrigin.status, "Sec-Fetch-Site: cross-site without Origin").toBe(403);
      expect(await findByToken(backend.db, token)).toBeUndefined();
    });

    it("refuses a body over 64 KB with 413 (declared or streamed) and accepts one of exactly 64 KB", async () => {
      const LIMIT = 64 * 1024;
      const token = newToken();
      const base = formBody(validDraft(token));
      const padded = (size: number) => `${base}&padding=${"a".repeat(size - base.length - "&padding=".length)}`;
      expect(Buffer.byteLength(padded(LIMIT + 1))).toBe(LIMIT + 1);

      const declared = await postBooking(backend.url, padded(LIMIT + 1));
      expect(declared.status).toBe(413);
      // Chunked, with no Content-Length: the limit holds while reading.
      const streamed = await chunkedPost(`${backend.url}/api/booking`, Buffer.from(padded(LIMIT + 1)), {
        "content-type": FORM,
        origin: backend.url,
        "x-forwarded-for": nextAddress(),
      });
      expect(streamed).toBe(413);
      expect(await findByToken(backend.db, token)).toBeUndefined();

      const exact = await postBooking(backend.url, padded(LIMIT));
      expect(exact.status).toBe(303);
      expect((await findByToken(backend.db, token))?.orderId).toBe(orderIdOf(exact));
    });

    it("answers 415 to a body that is not form-encoded, and stores nothing", async () => {
      const token = newToken();
      const response = await postBooking(backend.url, JSON.stringify(validDraft(token)), { "content-type": "application/json" });
      expect(response.status).toBe(415);
      expect(await findByToken(backend.db, token)).toBeUndefined();
    });

    it("reads the media type exactly, in any case: a longer type is refused (415), parameters and capitals are not", async () => {
      for (const type of ["application/x-www-form-urlencodedXYZ", "application/x-www-form-urlencoded-evil; charset=UTF-8", "text/plain"]) {
        const token = newToken();
        const response = await postBooking(backend.url, formBody(validDraft(token)), { "content-type": type });
        expect(response.status, type).toBe(415);
        expect(await findByToken(backend.db, token)).toBeUndefined();
      }
      for (const type of ["Application/X-WWW-Form-Urlencoded", " application/x-www-form-urlencoded ; charset=UTF-8"]) {
        const token = newToken();
        const response = await postBooking(backend.url, formBody(validDraft(token)), { "content-type": type });
        expect(response.status, type).toBe(303);
        expect(await findByToken(backend.db, token)).toBeDefined();
      }
    });

    it("answers the 31st post in a minute from one address with 429 and stores it not", async () => {
      const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const response = await postBooking(backend.url, formBody(validDraft(newToken())), { "x-forwarded-for": address });
        statuses.push(response.status);
      }
      expect(statuses).toEqual(Array(30).fill(303));
      const token = newToken();
      const refused = await postBooking(backend.url, formBody(validDraft(token)), { "x-forwarded-for": address });
      expect(refused.status).toBe(429);
      // The seconds left of the minute counted since the first of the 30.
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      expect(await findByToken(backend.db, token)).toBeUndefined();
      // Another address is not held back.
      expect((await postBooking(backend.url, formBody(validDraft(newToken())))).status).toBe(303);
    });
  });

  describe("replays of the form's own post, one field changed", () => {
    const NINES = "9".repeat(400);

    /** The valid draft of `token` for another date and another party: what a visitor changes before booking again. */
    function changedDraft(token: string, adults: number, daysAhead: number): BookingDraft {
      const draft = withCounts({ ...validDraft(token), pax_adult_t1: String(adults) });
      return setLegDate(draft, 1, addDays(parisToday(new Date()), daysAhead));
    }

    async function pay(orderId: string, intent: "pay" | "cancel") {
      const response = await fetch(`${backend.url}/payment/${orderId}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": FORM, origin: backend.url },
        body: `intent=${intent}`,
      });
      expect(response.status).toBe(303);
    }

    it("answers a rewritten pick-up place, an e-mail list and 40 passengers on a party of 1 with 400 naming each, and stores nothing", async () => {
      const token = newToken();
      const before = await bookingCount(backend.db);
      const cases: [BookingDraft, string][] = [
        [{ lieu_pu_1: "Beauvais Airport (BVA)" }, `The pick-up place must be the start of the route, ${ORLY}.`],
        [{ email: "one@example.com, two@example.com, three@example.com" }, "USER - Please enter a valid email."],
        [{ pax_t1: "40", pax_adult_t1: "40" }, "The passengers of this leg differ from the party booked."],
      ];
      for (const [edits, message] of cases) {
        const response = await postBooking(backend.url, formBody(validDraft(token, new Date(), edits)));
        expect(response.status, JSON.stringify(edits)).toBe(400);
        expect(await response.text()).toContain(message);
      }
      // All three at once: one page names every problem.
      const all = await postBooking(backend.url, formBody(validDraft(token, new Date(), Object.assign({}, ...cases.map(([e]) => e)))));
      expect(all.status).toBe(400);
      const html = await all.text();
      for (const [, message] of cases) expect(html).toContain(message);
      expect(await findByToken(backend.db, token)).toBeUndefined();
      expect(await bookingCount(backend.db)).toBe(before);
    });

    /** The valid draft of `token` as a round trip, mirrored by the form, flying back `daysLater` at `takeoff`. */
    function roundTripDraft(token: string, daysLater: number, takeoff: string): BookingDraft {
      let draft = mirrorReturnLeg(withTripMode(validDraft(token), true));
      draft = setLegDate(draft, 2, addDays(parisToday(new Date()), 3 + daysLater));
      draft = setFlightTime(draft, "drop", 2, takeoff);
      return { ...draft, num_vol_drop_2: "BA 305" };
    }

    it("refuses a return whose copied places differ from the outbound's, a phone or country the form cannot write, a hotel number beside another hotel and a same-day return before the outbound arrives, naming each, and stores nothing", async () => {
      const before = await bookingCount(backend.db);
      const good = roundTripDraft(newToken(), 2, "18:00");
      expect((await postBooking(backend.url, formBody(good))).status).toBe(303);
      const cases: [BookingDraft, string][] = [
        [
          { address_pu_2: "99 Avenue Ailleurs", zip_pu_2: "75001", hotel_pu_2: "Other Hotel" },
          "SECOND STEP - The return's pick-up address must be the outbound drop-off's, as the form copies it.",
        ],
        [
          { city_vol_drop_2: "Tokyo" },
          "SECOND STEP - The return's drop-off flight city must be the outbound pick-up's, as the form copies it.",
        ],
        [{ hotel_n_pu_2: "3" }, "SECOND STEP - The return's pick-up hotel picked must be the outbound drop-off's, as the form copies it."],
        [{ phone_mobile: "+33612345678\r\nabc" }, "USER - Please enter your phone number."],
        [{ phoneCountryCode: "x".repeat(2000) }, "USER - Please choose your phone number's country from the list."],
        [{ country: "France\r\nX" }, "USER - Please choose your country from the list."],
        [{ hotel_n_drop_1: "3" }, "FIRST STEP - The drop-off hotel's name, address and zip code must be those of the hotel picked."],
      ];
      for (const [edits, message] of cases) {
        const token = newToken();
        const response = await postBooking(backend.url, formBody({ ...roundTripDraft(token, 2, "18:00"), ...edits }));
        expect(response.status, JSON.stringify(edits)).toBe(400);
        expect(await response.text()).toContain(message);
        expect(await findByToken(backend.db, token)).toBeUndefined();
      }
      // Back the same day, for a flight at 12:00: picked up before the 10:00 landing's transfer arrives.
      const token = newToken();
      const sameDay = await postBooking(backend.url, formBody(roundTripDraft(token, 0, "12:00")));
      expect(sameDay.status).toBe(400);
      expect(await sameDay.text()).toContain("SECOND STEP - The return pick-up must be after the outbound arrival (");
      expect(await findByToken(backend.db, token)).toBeUndefined();
      expect(await bookingCount(backend.db)).toBe(before + 1);
    });

    it("stores the price file's place names, flight numbers in capitals and the booking's own passengers summary, whatever was posted", async () => {
      const forged = `${SUMMARY_MARK}\r\nPassengers: 40 adults, 0 children, 0 babies.`;
      const { row } = await book({
        depart: ORLY.replace(/ /g, "_").toLowerCase(),
        num_vol_pu_1: "ba 304",
        info_t1: `Terminal 1.\r\n\r\n${forged}`,
      });
      expect([row.depart, row.arrive]).toEqual([ORLY, DISNEYLAND]);
      const legs = (row.details as { legs: { pickup: { place: string; flightNumber: string }; info: string }[] }).legs;
      expect(legs[0]!.pickup).toMatchObject({ place: ORLY, flightNumber: "BA 304" });
      expect(legs[0]!.info).toMatch(new RegExp(`^Terminal 1\\.\\n\\n${SUMMARY_MARK}\\nPassengers: 1 adult, 0 children, 0 babies\\.`));
      expect(legs[0]!.info).not.toContain("40 adults");
    });

    it("ignores posted durations and delays (400 nines): the stored legs are timed from the price file", async () => {
      const { row, draft } = await book({ duree_t1: NINES, duree_aller: NINES, delai_arrive_t1: NINES, delai_depart_t1: "0" });
      const file = quote(prices(), priceRequestOf(draft, FIRST_FLEET_CAPACITIES));
      const legs = (row.details as { legs: { durationMinutes: number; delayDepartMinutes: number; delayArriveMinutes: number }[] }).legs;
      expect(legs[0]).toMatchObject({
        durationMinutes: file.duree_aller,
        delayDepartMinutes: file.delai_depart,
        delayArriveMinutes: file.delai_arrive,
      });
      expect(row.priceCents).toBe(serverPrice(draft));
    });

    it("stores the checked booking only, never the raw form a second time", async () => {
      const { row } = await book({ unknown_field: "dropped", fax_number: "01 02 03 04 05" });
      expect(Object.keys(row.details as object).sort()).toEqual(["childSeats", "customer", "legs", "luggage", "version"]);
      expect(JSON.stringify(row.details)).not.toContain("dropped");
      expect(JSON.stringify(row.details)).not.toContain("01 02 03 04 05");
    });

    it("after a cancelled or failed payment, the same token with another date and party updates that booking at the new price", async () => {
      const { token, orderId, row: first } = await book();
      await pay(orderId, "cancel");

      const changed = changedDraft(token, 5, 5);
      const response = await postBooking(backend.url, formBody(changed));
      expect(response.status).toBe(303);
      expect(orderIdOf(response)).toBe(orderId);
      const updated = await mustFind(backend.db, orderId);
      expect(updated.priceCents).toBe(serverPrice(changed));
      expect(updated.priceCents).not.toBe(first.priceCents);
      expect(updated).toMatchObject({ adults: 5, status: "pending_payment" });
      expect((updated.details as { legs: { date: string }[] }).legs[0]!.date).toBe(changed.date_pu_t1);
      // The payment page asks for the new amount.
      expect(await (await fetch(`${backend.url}/payment/${orderId}`)).text()).toContain(formatEuros(updated.priceCents));

      // A payment the provider reported failed: the next post is a new attempt, at its own price.
      await backend.db.update(bookings).set({ status: "payment_failed" }).where(eq(bookings.orderId, orderId));
      const again = changedDraft(token, 8, 6);
      const retry = await postBooking(backend.url, formBody(again));
      expect(orderIdOf(retry)).toBe(orderId);
      const retried = await mustFind(backend.db, orderId);
      expect(retried).toMatchObject({ status: "pending_payment", adults: 8, priceCents: serverPrice(again) });
      expect(retried.priceCents).not.toBe(updated.priceCents);
      expect((await findByToken(backend.db, token))?.id).toBe(first.id);
    });

    it("never changes a paid booking: the same token with other content is refused (409), the same content leads to the result page", async () => {
      const { token, orderId } = await book();
      await pay(orderId, "pay");
      const paid = await mustFind(backend.db, orderId);
      expect(paid.status).toBe("paid");

      const refused = await postBooking(backend.url, formBody(changedDraft(token, 3, 5)));
      expect(refused.status).toBe(409);
      const html = await refused.text();
      expect(html).toContain(`Your booking ${orderId} is already paid, so it cannot be changed here.`);
      expect(await mustFind(backend.db, orderId)).toEqual(paid);

      const same = await postBooking(backend.url, formBody(validDraft(token)));
      expect(same.status).toBe(303);
      expect(same.headers.get("location")).toBe(`/response_bank_ok_ko?ok_ko=ok&order_id=${orderId}`);
    });

    it("marks sandbox bookings as test bookings, and Stripe's as real ones", async () => {
      const { row } = await book();
      expect(row.test).toBe(true);
      const token = newToken();
      expect((await postBooking(backend.stripeUrl, formBody(validDraft(token)))).status).toBe(502);
      expect((await findByToken(backend.db, token))?.test).toBe(false);
    });
  });

  describe("the sandbox payment", () => {
    it("Pay marks the booking paid through a signed notification, returns to ok, and both e-mails arrive", async () => {
      const { orderId, token, row: before } = await book();
      const response = await fetch(`${backend.url}/payment/${orderId}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": FORM, origin: backend.url },
        body: "intent=pay",
      });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(`/response_bank_ok_ko?ok_ko=ok&order_id=${orderId}`);

      const row = await mustFind(backend.db, orderId);
      expect(row.status).toBe("paid");
      expect(row.paidAt).toBeInstanceOf(Date);
      expect(row.paymentProvider).toBe("sandbox");
      expect(row.priceCents).toBe(before.priceCents);
      const messages = await outboxOf(backend.db, orderId);
      expect(messages.map((m) => [m.kind, m.recipient])).toEqual([
        ["business_notification", backend.businessEmail],
        ["traveller_confirmation", customerEmail(token)],
      ]);

      const mine = () => backend.smtp.received.filter((m) => m.subject.includes(orderId));
      const mails = await waitFor(mine, (m) => m.length >= 2);
      expect(mails.map((m) => m.to).sort()).toEqual([[backend.businessEmail], [customerEmail(token)]].sort());
      // A sandbox booking is a test booking: both subjects say so.
      expect(mails.map((m) => m.subject.slice(0, 7))).toEqual(["[TEST] ", "[TEST] "]);
      const traveller = mails.find((m) => m.to.includes(customerEmail(token)))!;
      expect(traveller.text).toContain(orderId);
      expect(traveller.text).toContain(CONFIRMATION_SENTENCE);
      expect(traveller.text).toContain(CANCELLATION_RULE);
      const business = mails.find((m) => m.to.includes(backend.businessEmail))!;
      expect(business.text).toContain(orderId);
      expect(business.text).toContain("Martin");
      expect(business.text).toContain("BA 304");
      const sent = await waitFor(
        () => outboxOf(backend.db, orderId),
        (rows) => rows.every((m) => m.status === "sent"),
      );
      expect(sent.map((m) => m.status)).toEqual(["sent", "sent"]);

      // Paid: the page says so, and posting the same draft again leads to the result page.
      expect(await (await fetch(`${backend.url}/payment/${orderId}`)).text()).toContain("This order is already paid.");
      const again = await postBooking(backend.url, formBody(validDraft(token)));
      expect(again.status).toBe(303);
      expect(again.headers.get("location")).toBe(`/response_bank_ok_ko?ok_ko=ok&order_id=${orderId}`);
    });

    it("Cancel returns with ok_ko=ko and leaves the booking unpaid", async () => {
      const { orderId } = await book();
      const response = await fetch(`${backend.url}/payment/${orderId}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": FORM, origin: backend.url },
        body: "intent=cancel",
      });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(`/response_bank_ok_ko?ok_ko=ko&order_id=${orderId}`);
      expect((await mustFind(backend.db, orderId)).status).toBe("pending_payment");
      expect(await outboxOf(backend.db, orderId)).toEqual([]);
    });

    it("refuses a cross-origin Pay (403) and leaves the booking unpaid", async () => {
      const { orderId } = await book();
      const response = await fetch(`${backend.url}/payment/${orderId}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": FORM, origin: "https://evil.example" },
        body: "intent=pay",
      });
      expect(response.status).toBe(403);
      expect((await mustFind(backend.db, orderId)).status).toBe("pending_payment");
    });

    it("answers an unknown order's payment page with 404", async () => {
      expect((await fetch(`${backend.url}/payment/NV-ZZZZZZ`)).status).toBe(404);
      expect((await fetch(`${backend.url}/payment/not-an-order`)).status).toBe(404);
    });

    it("refuses a forged or unsigned notification (400) and leaves the booking unpaid", async () => {
      const { orderId, row } = await book();
      const body = sandboxNotice(orderId, row.priceCents);
      const post = (headers: Record<string, string>, payload = body) =>
        fetch(`${backend.url}/api/payment/sandbox`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: payload,
        });
      expect((await post({})).status).toBe(400);
      expect((await post({ "x-sandbox-signature": "" })).status).toBe(400);
      expect((await post({ "x-sandbox-signature": hmacHex("not-the-secret-of-this-site", body) })).status).toBe(400);
      expect((await post({ "x-sandbox-signature": "0".repeat(64) })).status).toBe(400);
      // Signed, then changed on the way.
      const signature = hmacHex(backend.sandboxSecret, body);
      expect(
        (
          await post(
            { "x-sandbox-signature": signature },
            body.replace(`"amountCents":${row.priceCents}`, `"amountCents":${row.priceCents + 1}`),
          )
        ).status,
      ).toBe(400);
      // Signed, but stale (issued 10 minutes ago).
      const stale = sandboxNotice(orderId, row.priceCents, { issuedAt: Math.floor(Date.now() / 1000) - 600 });
      expect((await post({ "x-sandbox-signature": hmacHex(backend.sandboxSecret, stale) }, stale)).status).toBe(400);
      expect((await fetch(`${backend.url}/api/payment/sandbox`)).status).toBe(405);

      const after = await mustFind(backend.db, orderId);
      expect(after.status).toBe("pending_payment");
      expect(after.paidAt).toBeNull();
      expect(await eventsOf(backend.db, orderId)).toEqual([]);
      expect(await outboxOf(backend.db, orderId)).toEqual([]);
    });

    it("a replayed notification changes nothing", async () => {
      const { orderId, row } = await book();
      const body = sandboxNotice(orderId, row.priceCents);
      const signature = hmacHex(backend.sandboxSecret, body);
      const post = (payload: string, sig: string) =>
        fetch(`${backend.url}/api/payment/sandbox`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-sandbox-signature": sig },
          body: payload,
        });
      const first = await post(body, signature);
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ outcome: "paid" });
      const paid = await mustFind(backend.db, orderId);
      expect(paid.status).toBe("paid");
      const mails = await waitFor(
        () => backend.smtp.received.filter((m) => m.subject.includes(orderId)),
        (m) => m.length >= 2,
      );
      expect(mails).toHaveLength(2);

      const replay = await post(body, signature);
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ outcome: "already-handled" });
      // Another notification for the same payment (a provider retrying with a new id).
      const other = sandboxNotice(orderId, row.priceCents);
      const second = await post(other, hmacHex(backend.sandboxSecret, other));
      expect(second.status).toBe(200);
      expect(await second.json()).toEqual({ outcome: "already-handled" });

      const after = await mustFind(backend.db, orderId);
      expect(after).toEqual(paid);
      expect(await outboxOf(backend.db, orderId)).toHaveLength(2);
      expect((await eventsOf(backend.db, orderId)).map((e) => e.eventId)).toContain(JSON.parse(body).eventId);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(backend.smtp.received.filter((m) => m.subject.includes(orderId))).toHaveLength(2);
    });

    // Another amount or currency than the booking's: tests/integration/payments-suite.ts.
    it("a notification for an unknown order changes nothing (422)", async () => {
      const { row } = await book();
      const payload = sandboxNotice("NV-ZZZZZZ", row.priceCents);
      const response = await fetch(`${backend.url}/api/payment/sandbox`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-sandbox-signature": hmacHex(backend.sandboxSecret, payload) },
        body: payload,
      });
      expect({ status: response.status, body: (await response.json()) as unknown }).toEqual({
        status: 422,
        body: { outcome: "unknown-order" },
      });
      const after = await mustFind(backend.db, row.orderId);
      expect(after.status).toBe("pending_payment");
      expect(after.paidAt).toBeNull();
      expect(await outboxOf(backend.db, row.orderId)).toEqual([]);
    });

    it("visiting /response_bank_ok_ko?ok_ko=ok&order_id=… never marks the booking paid", async () => {
      const { orderId } = await book();
      const page = await fetch(`${backend.url}/response_bank_ok_ko?ok_ko=ok&order_id=${orderId}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Thank you for your booking");
      const legacy = await fetch(`${backend.url}/response_bank_ok_ko.php?ok_ko=ok&order_id=${orderId}`, { redirect: "manual" });
      expect(legacy.status).toBe(308);
      expect((await fetch(`${backend.url}${legacy.headers.get("location")}`)).status).toBe(200);
      const row = await mustFind(backend.db, orderId);
      expect(row.status).toBe("pending_payment");
      expect(row.paidAt).toBeNull();
      expect(await outboxOf(backend.db, orderId)).toEqual([]);
    });
  });

  describe("the Stripe webhook", () => {
    const stripe = new Stripe(STRIPE_SECRET_KEY);

    /** A booking stored as the endpoint stores it (Checkout itself needs Stripe's servers). */
    async function stored(): Promise<BookingRow> {
      const token = newToken();
      const draft = validDraft(token);
      personal.add(draft.email!);
      const booking = bookingFormSchema({ now: new Date(), rows: prices() }).parse(draft);
      const { row, outcome } = await saveBooking(backend.db, { booking, priceCents: serverPrice(draft) });
      expect(outcome).toBe("created");
      return row;
    }

    function completed(
      row: BookingRow,
      edits: { amount?: number; currency?: string; status?: string; type?: string; orderId?: string } = {},
    ) {
      const orderId = edits.orderId ?? row.orderId;
      return JSON.stringify({
        id: `evt_it_${randomUUID().replace(/-/g, "")}`,
        object: "event",
        api_version: "2025-10-29.clover",
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        type: edits.type ?? "checkout.session.completed",
        data: {
          object: {
            id: `cs_test_${randomUUID().replace(/-/g, "")}`,
            object: "checkout.session",
            mode: "payment",
            client_reference_id: orderId,
            metadata: { order_id: orderId },
            payment_status: edits.status ?? "paid",
            status: "complete",
            amount_total: edits.amount ?? row.priceCents,
            currency: edits.currency ?? "eur",
            payment_intent: `pi_it_${randomUUID().replace(/-/g, "")}`,
          },
        },
      });
    }

    function deliver(payload: string, signature: string | null) {
      return fetch(`${backend.stripeUrl}/api/payment/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(signature === null ? {} : { "stripe-signature": signature }) },
        body: payload,
      });
    }

    const sign = (payload: string, secret = STRIPE_WEBHOOK_SECRET) => stripe.webhooks.generateTestHeaderString({ payload, secret });

    it("a signed checkout.session.completed with the right amount, currency and order marks the booking paid", async () => {
      const row = await stored();
      const payload = completed(row);
      const response = await deliver(payload, sign(payload));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, outcome: "paid" });
      const paid = await mustFind(backend.db, row.orderId);
      expect(paid.status).toBe("paid");
      expect(paid.paymentProvider).toBe("stripe");
      expect(paid.paymentRef).toBe(JSON.parse(payload).data.object.payment_intent);
      expect((await outboxOf(backend.db, row.orderId)).map((m) => m.kind)).toEqual(["business_notification", "traveller_confirmation"]);
      const mails = await waitFor(
        () => backend.smtp.received.filter((m) => m.subject.includes(row.orderId)),
        (m) => m.length >= 2,
      );
      expect(mails).toHaveLength(2);
    });

    it("refuses a bad or missing signature (400) and leaves the booking unpaid", async () => {
      const row = await stored();
      const payload = completed(row);
      expect((await deliver(payload, sign(payload, "whsec_someoneelse"))).status).toBe(400);
      expect((await deliver(payload, null)).status).toBe(400);
      expect((await deliver(payload, "t=1,v1=deadbeef")).status).toBe(400);
      // Signed, then changed on the way.
      expect(
        (await deliver(payload.replace(`"amount_total":${row.priceCents}`, `"amount_total":${row.priceCents - 1}`), sign(payload))).status,
      ).toBe(400);
      // Signed long ago (outside Stripe's five-minute tolerance).
      const old = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE_WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      });
      expect((await deliver(payload, old)).status).toBe(400);
      const after = await mustFind(backend.db, row.orderId);
      expect(after.status).toBe("pending_payment");
      expect(await eventsOf(backend.db, row.orderId)).toEqual([]);
    });

    it("a replayed event changes nothing", async () => {
      const row = await stored();
      const payload = completed(row);
      expect(await (await deliver(payload, sign(payload))).json()).toEqual({ received: true, outcome: "paid" });
      const paid = await mustFind(backend.db, row.orderId);
      const replay = await deliver(payload, sign(payload));
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ received: true, outcome: "already-handled" });
      expect(await mustFind(backend.db, row.orderId)).toEqual(paid);
      expect(await outboxOf(backend.db, row.orderId)).toHaveLength(2);
      expect(await eventsOf(backend.db, row.orderId)).toHaveLength(1);
    });

    // Another amount or currency, and delayed payments: tests/integration/payments-suite.ts.
    it("acknowledges an unpaid session or another event type and changes nothing", async () => {
      const row = await stored();
      const unpaid = completed(row, { status: "unpaid" });
      expect(await (await deliver(unpaid, sign(unpaid))).json()).toEqual({ received: true, outcome: "payment-pending" });
      for (const edits of [{ type: "checkout.session.expired" }, { type: "payment_intent.succeeded" }]) {
        const payload = completed(row, edits);
        const response = await deliver(payload, sign(payload));
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ received: true });
      }
      expect((await mustFind(backend.db, row.orderId)).status).toBe("pending_payment");
    });

    it("keeps the booking and says so (502) when Stripe cannot be reached; a retry finds the same order", async () => {
      // This machine reaches no Stripe server, so creating a Checkout session fails like an outage.
      const token = newToken();
      const body = formBody(validDraft(token));
      const first = await postBooking(backend.stripeUrl, body);
      expect(first.status).toBe(502);
      const page = await first.text();
      const orderId = /NV-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}/.exec(page)?.[0];
      expect(page).toContain("is saved");
      expect(orderId).toBeTruthy();
      expect((await mustFind(backend.db, orderId!)).status).toBe("pending_payment");
      const again = await postBooking(backend.stripeUrl, body);
      expect(again.status).toBe(502);
      expect(await again.text()).toContain(orderId!);
    });

    it("turns the sandbox off: no sandbox payment page, no sandbox notification", async () => {
      const row = await stored();
      expect((await fetch(`${backend.stripeUrl}/payment/${row.orderId}`)).status).toBe(404);
      const body = sandboxNotice(row.orderId, row.priceCents);
      const response = await fetch(`${backend.stripeUrl}/api/payment/sandbox`, {
        method: "POST",
        headers: { "x-sandbox-signature": hmacHex(backend.sandboxSecret, body) },
        body,
      });
      expect(response.status).toBe(400);
      expect((await mustFind(backend.db, row.orderId)).status).toBe("pending_payment");
    });
  });

  it("the servers' logs carry no personal data", () => {
    if (!backend.logs) return;
    const logs = backend.logs();
    expect(logs).toContain("listening on");
    for (const value of [...personal, "Martin", "+33 6 12 34 56 78", "BA 304"]) expect(logs).not.toContain(value);
  });
}
