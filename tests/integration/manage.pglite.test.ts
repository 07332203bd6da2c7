import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { and, eq, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, bookings, outbox, paymentEvents } from "../../db/schema";
import { ENGLISH_MANAGE, manageWordsIn } from "~/lib/test-support/booking-words";
import { findByOrderId, type BookingRow } from "~/lib/bookings.server";
import { mintManageToken } from "~/lib/manage-links.server";
import { RATE_LIMITS } from "~/lib/rate-limits.server";
import {
  FORM,
  formBody,
  newToken,
  nextAddress,
  orderIdOf,
  postBooking,
  sleep,
  startChildServer,
  startInProcessServer,
  startSmtp,
  validDraft,
  waitFor,
  type ChildServer,
  type InProcessServer,
  type TestSmtp,
} from "./helpers";

/**
 * The traveller's booking page (/my-booking/:token) and 'Lost your link?' (/my-booking) on the
 * built app, in this process on PGlite with a real SMTP server: the same 404 for every wrong
 * token, one booking per token, the guessing limit, one refund whatever the parallel posts, the
 * 24-hour rule on a replayed post, the posts' origin checks, and the lost-link form's one answer.
 * Then the built server as production runs it, whose output must hold no token.
 */

/** The business's meeting points, from the checkout (the built copy may not hold the file). */
const MEETING_POINTS_CSV = path.resolve("data/meeting-points.csv");
const TOKEN_IN_TEXT = /\/my-booking\/([A-Za-z0-9_-]{43})/;
const NOT_COMPLETED = "You did not complete your payment";
const HOUR = 3_600_000;

/** Whether an answer is kept by no cache (every Cache-Control directive no-store). */
function noStore(response: Response): boolean {
  const directives = (response.headers.get("cache-control") ?? "").split(",").map((d) => d.trim());
  return directives.length > 0 && directives.every((d) => d === "no-store");
}

/** A page's HTML with its per-request nonce taken out, so two answers compare by what they say. */
function withoutNonce(html: string): string {
  return html.replace(/nonce="[^"]*"/g, 'nonce=""');
}

interface RawAnswer {
  status: number;
  body: string;
  /** Every line of a header, as sent: a header sent twice shows twice. */
  values: (name: string) => string[];
}

/** A GET of a path sent exactly as written (fetch would resolve and re-encode it), with each header line the server sent. */
function rawGet(base: string, rawPath: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return rawSend(base, rawPath, { headers });
}

/** A request of any method to a path sent exactly as written, with each header line the server sent. */
function rawSend(
  base: string,
  rawPath: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const { port } = new URL(base);
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path: rawPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const lines = res.rawHeaders;
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString("utf8"),
          values: (name) => lines.flatMap((line, i) => (i % 2 === 0 && line.toLowerCase() === name ? [lines[i + 1]!] : [])),
        });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The sentence of the site's plain 400 (server/app.ts). */
const UNREADABLE = "This address could not be read. Please check it and try again.";

describe("the traveller's booking page on PGlite", () => {
  let server: InProcessServer;
  let smtp: TestSmtp;
  let dataDir: string;
  const businessEmail = "business@manage.test";

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-manage-"));
    smtp = await startSmtp();
    server = await startInProcessServer({
      dataDir,
      env: {
        SMTP_URL: smtp.url,
        SITE_EMAIL: businessEmail,
        SITE_PHONE: "+33 1 99 00 12 34",
        PAYMENT_SANDBOX_SECRET: `it-manage-secret-${process.pid}`,
        MEETING_POINTS_CSV,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const db = () => server.database.db;

  /** A booking posted by the public form (three days ahead) and paid on the sandbox page. */
  async function paidBooking(): Promise<BookingRow> {
    const response = await postBooking(server.url, formBody(validDraft(newToken())));
    const orderId = orderIdOf(response);
    expect(orderId, await response.text()).toBeTruthy();
    const paid = await fetch(`${server.url}/payment/${orderId}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": FORM, origin: server.url, "x-forwarded-for": nextAddress() },
      body: "intent=pay",
    });
    expect(paid.status).toBe(303);
    return (await findByOrderId(db(), orderId!))!;
  }

  function page(token: string, address = nextAddress()) {
    return fetch(`${server.url}/my-booking/${token}`, { redirect: "manual", headers: { "x-forwarded-for": address } });
  }

  function post(token: string, fields: Record<string, string>, headers: Record<string, string> = { origin: server.url }) {
    return fetch(`${server.url}/my-booking/${token}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": FORM, "x-forwarded-for": nextAddress(), ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  function lostLink(fields: Record<string, string>, address = nextAddress()) {
    return fetch(`${server.url}/my-booking`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": FORM, origin: server.url, "x-forwarded-for": address },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** What a refused post must leave as it was: the booking, its e-mails written, history and refunds. */
  async function state(orderId: string) {
    const { booking, written, audit, refunds } = await traces(orderId);
    return { booking, written, audit, refunds };
  }

  async function traces(orderId: string) {
    return {
      booking: await findByOrderId(db(), orderId),
      mails: await db().select().from(outbox).where(eq(outbox.orderId, orderId)).orderBy(outbox.id),
      /** The e-mails written, apart from their sending (the outbox sends them meanwhile). */
      written: (await db().select().from(outbox).where(eq(outbox.orderId, orderId)).orderBy(outbox.id)).map((m) => [m.id, m.kind]),
      audit: await db().select().from(auditEvents).where(eq(auditEvents.orderId, orderId)).orderBy(auditEvents.id),
      refunds: await db()
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.orderId, orderId), lt(paymentEvents.amountCents, 0))),
    };
  }

  it("opens a booking by its token: order id, status in words, free cancellation with the time left, never kept or sent on", async () => {
    const row = await paidBooking();
    const token = await mintManageToken(db(), row.orderId);
    const response = await page(token);
    expect(response.status).toBe(200);
    expect(noStore(response)).toBe(true);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await response.text();
    expect(html).toContain(`Booking ${row.orderId}`);
    expect(html).toContain("Paid, waiting for confirmation");
    expect(html).toMatch(/Free cancellation until \d\d\/\d\d\/\d{4} \d\d:\d\d \(Paris time\)/);
    expect(html).toMatch(/\d days? (\d+ hours? )?left/);
    expect(html).toContain('name="intent" value="cancel"');
    expect(html).toContain("Print voucher");
    expect(html).toContain("Add to calendar");
    expect(html).toContain(`href="/my-booking/${token}/change"`);
    expect(html).toContain("changed by phone");
  });

  it("answers every spelling of the booking's address the router opens with one Cache-Control: no-store and Referrer-Policy: no-referrer", async () => {
    const row = await paidBooking();
    const token = await mintManageToken(db(), row.orderId);
    for (const rawPath of [
      `/MY-BOOKING/${token}`,
      `/My-Booking/${token}`,
      `/%6Dy-booking/${token}`,
      `/%6d%79-booking/${token}`,
      `/x/../MY-BOOKING/${token}`,
      `/x/%2e%2e/my-booking/${token}`,
      `/My-Booking/${token}/voucher`,
      `/My-Booking/${token}/change`,
      `/MY-BOOKING/${token}.data`,
      `/My-Booking`,
      `/My-Booking.data`,
      `/fr/my-booking/${token}`,
      `/ES/My-Booking/${token}/voucher`,
      `/de/my-booking/${token}/change`,
      `/nl/my-booking/${token}.data`,
      `/it/my-booking`,
    ]) {
      const answer = await rawGet(server.url, rawPath, { "x-forwarded-for": nextAddress() });
      expect(answer.status, rawPath).toBe(200);
      expect(answer.values("cache-control"), rawPath).toEqual(["no-store"]);
      expect(answer.values("referrer-policy"), rawPath).toEqual(["no-referrer"]);
      if (!rawPath.endsWith(".data") && rawPath.includes(token)) expect(answer.body, rawPath).toContain(row.orderId);
    }
    // A first segment that is no language's prefix is no page of ours, refused before the router.
    for (const rawPath of [`/en/my-booking/${token}`, `/pt/my-booking/${token}`, `/admin/my-booking/${token}`]) {
      const answer = await rawGet(server.url, rawPath, { "x-forwarded-for": nextAddress() });
      expect(answer.status, rawPath).toBe(404);
      expect(answer.values("cache-control"), rawPath).toEqual(["no-store"]);
      expect(answer.body, rawPath).not.toContain(row.orderId);
    }
    // A wrong token under such a spelling: the same 404, kept by no cache either.
    const wrong = await rawGet(server.url, `/MY-BOOKING/${"Q".repeat(43)}`, { "x-forwarded-for": nextAddress() });
    expect(wrong.status).toBe(404);
    expect(wrong.values("cache-control")).toEqual(["no-store"]);
    expect(wrong.values("referrer-policy")).toEqual(["no-referrer"]);
  });

  it("answers React Router's route discovery of a booking's pages with one Cache-Control: no-store", async () => {
    const row = await paidBooking();
    const token = await mintManageToken(db(), row.orderId);
    // The browser asks with the version of the route manifest its page loaded.
    const page = await rawGet(server.url, `/my-booking/${token}`, { "x-forwarded-for": nextAddress() });
    const version = /manifest-([0-9a-f]+)\.js/.exec(page.body)?.[1];
    expect(version).toBeTruthy();
    for (const paths of [`/my-booking/${token}/change,/my-booking/${token}/voucher`, `/,/fr/my-booking/${token}`, `/driver/${token}`]) {
      const rawPath = `/__manifest?${new URLSearchParams({ paths, version: version! })}`;
      const answer = await rawGet(server.url, rawPath, { "x-forwarded-for": nextAddress() });
      expect(answer.status, paths).toBe(200);
      expect(answer.values("cache-control"), paths).toEqual(["no-store"]);
      expect(answer.values("referrer-policy"), paths).toEqual(["no-referrer"]);
    }
    // Discovery of the public pages is React Router's own answer, kept for a year.
    const rates = await rawGet(server.url, `/__manifest?${new URLSearchParams({ paths: "/rates", version: version! })}`, {});
    expect(rates.values("cache-control")).toEqual(["public, max-age=31536000, immutable"]);
  });

  it("answers every other kind of answer on a traveller's address with one Cache-Control: no-store and one Referrer-Policy: no-referrer", async () => {
    const row = await paidBooking();
    const token = await mintManageToken(db(), row.orderId);
    const form = (origin = server.url) => ({ "content-type": FORM, origin, "x-forwarded-for": nextAddress() });
    const answers: [what: string, answer: RawAnswer, status: number][] = [];
    const send = async (what: string, status: number, rawPath: string, options: Parameters<typeof rawSend>[2] = {}) => {
      const answer = await rawSend(server.url, rawPath, { ...options, headers: { "x-forwarded-for": nextAddress(), ...options.headers } });
      answers.push([what, answer, status]);
      return answer;
    };

    await send("the page's HEAD", 200, `/my-booking/${token}`, { method: "HEAD" });
    await send("the calendar file", 200, `/my-booking/${token}/calendar.ics`);
    const changed = await send("the redirect after a change", 303, `/my-booking/${token}/change`, {
      method: "POST",
      headers: form(),
      body: "num_vol_pu_1=BA+306",
    });
    expect(changed.values("location")).toEqual([`/my-booking/${token}/change?done=changed`]);
    await send("a post from another site", 403, `/my-booking/${token}`, {
      method: "POST",
      headers: form("https://evil.example"),
      body: "intent=confirm-cancel",
    });
    await send("a PUT", 405, `/my-booking/${token}`, { method: "PUT", headers: form(), body: "intent=confirm-cancel" });
    await send("an OPTIONS", 405, `/my-booking`, { method: "OPTIONS" });
    const lost = await send("the lost link's redirect", 303, "/my-booking", {
      method: "POST",
      headers: form(),
      body: new URLSearchParams({ orderId: row.orderId, email: row.email }).toString(),
    });
    expect(lost.values("location")).toEqual(["/my-booking?sent=1"]);
    // Dot segments that lead out of /my-booking, the token still in the address as sent: refused,
    // neither redirected with the token in Location nor answered with another page's headers.
    const up = await send("dot segments up to the home page", 404, `/my-booking/${token}/../..`);
    expect(up.values("location")).toEqual([]);
    await send("a page reached through dot segments", 404, `/my-booking/${token}/../../rates`);
    await send("a page's data reached through dot segments", 404, `/My-Booking/${token}/../../rates.data`);
    await send("a route's file reached through dot segments", 404, `/my-booking/${token}/../../robots.txt`);
    await send("a static file reached through dot segments", 404, `/my-booking/${token}/../../favicon.svg`);
    await send("an address that cannot be decoded", 400, `/my-booking/${token}%`);
    await send("a wrong token", 404, `/my-booking/${"Q".repeat(43)}`);
    await send("a wrong token's data", 404, `/My-Booking/${"Q".repeat(43)}.data`);
    const address = nextAddress();
    for (let i = 0; i < RATE_LIMITS.manageMisses.points; i++) {
      expect((await rawGet(server.url, `/my-booking/${"W".repeat(42)}${i % 10}`, { "x-forwarded-for": address })).status).toBe(404);
    }
    await send("too many wrong tokens", 429, `/my-booking/${token}`, { headers: { "x-forwarded-for": address } });
    await send("too many wrong tokens, on the calendar file", 429, `/my-booking/${token}/calendar.ics`, {
      headers: { "x-forwarded-for": address },
    });
    const cancelled = await send("the redirect after a cancel", 303, `/my-booking/${token}`, {
      method: "POST",
      headers: form(),
      body: "intent=confirm-cancel",
    });
    expect(cancelled.values("location")).toEqual([`/my-booking/${token}?done=cancelled`]);
    await send("a cancelled booking's calendar file", 410, `/my-booking/${token}/calendar.ics`);

    for (const [what, answer, status] of answers) {
      expect([what, answer.status]).toEqual([what, status]);
      expect([what, answer.values("cache-control")]).toEqual([what, ["no-store"]]);
      expect([what, answer.values("referrer-policy")]).toEqual([what, ["no-referrer"]]);
    }
  });

  it("refuses an address that cannot be decoded with the site's plain 400, never stored; no-referrer under /my-booking", async () => {
    const token = randomBytes(32).toString("base64url");
    for (const rawPath of [
      `/my-booking/${token}/calendar.ics%`,
      `/my-booking/${token}%`,
      `/My-Booking/${token}/change%ZZ`,
      `/%6Dy-booking/${token}/voucher%E0%A4%A`,
      `/my-booking%`,
    ]) {
      for (const method of ["GET", "POST"]) {
        const answer = await rawSend(server.url, rawPath, { method, headers: { origin: server.url, "x-forwarded-for": nextAddress() } });
        expect([rawPath, method, answer.status, answer.body]).toEqual([rawPath, method, 400, UNREADABLE]);
        expect(answer.values("cache-control"), rawPath).toEqual(["no-store"]);
        expect(answer.values("referrer-policy"), rawPath).toEqual(["no-referrer"]);
      }
    }
    // Elsewhere the same 400, with the site's own Referrer-Policy.
    const elsewhere = await rawGet(server.url, "/rates%", { "x-forwarded-for": nextAddress() });
    expect([elsewhere.status, elsewhere.body]).toEqual([400, UNREADABLE]);
    expect(elsewhere.values("cache-control")).toEqual(["no-store"]);
    expect(elsewhere.values("referrer-policy")).toEqual(["strict-origin-when-cross-origin"]);
  });

  it("answers a wrong, a malformed and an unknown token with the same 404 page, naming no token", async () => {
    const row = await paidBooking();
    const token = await mintManageToken(db(), row.orderId);
    const wrong = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const unknown = "Q".repeat(43);
    const bodies: string[] = [];
    for (const tried of [wrong, "not-a-token", unknown, `${token}x`]) {
      const response = await page(tried);
      expect(response.status, tried).toBe(404);
      expect(noStore(response)).toBe(true);
      const html = await response.text();
      expect(html).toContain("This booking link does not exist.");
      expect(html).toContain('href="/my-booking"');
      expect(html).not.toContain(row.orderId);
      bodies.push(withoutNonce(html).replaceAll(tried, ":token"));
    }
    expect(new Set(bodies).size).toBe(1);
    // Nothing of the token in the page but the address's own spelling of it (the router's).
    expect(bodies[0]).not.toMatch(TOKEN_IN_TEXT);
    expect(bodies[0]).toContain("<title>Booking not found</title>");
  });

  it("titles a refused booking's pages in the language of their address", async () => {
    for (const rawPath of [
      `/fr/my-booking/${"Q".repeat(43)}`,
      `/fr/my-booking/${"Q".repeat(43)}/change`,
      `/fr/my-booking/${"Q".repeat(43)}/voucher`,
    ]) {
      const answer = await rawGet(server.url, rawPath, { "x-forwarded-for": nextAddress() });
      expect(answer.status, rawPath).toBe(404);
      expect(answer.body, rawPath).toContain("<title>Réservation introuvable</title>");
    }
  });

  it("shows booking A only under A's token, and cancels only A", async () => {
    const [a, b] = [await paidBooking(), await paidBooking()];
    const [tokenA, tokenB] = [await mintManageToken(db(), a.orderId), await mintManageToken(db(), b.orderId)];
    const pageA = await (await page(tokenA)).text();
    const pageB = await (await page(tokenB)).text();
    expect(pageA).toContain(a.orderId);
    expect(pageA).not.toContain(b.orderId);
    expect(pageA).not.toContain(b.email);
    expect(pageB).toContain(b.orderId);
    expect(pageB).not.toContain(a.orderId);
    expect((await post(tokenA, { intent: "confirm-cancel" })).status).toBe(303);
    expect((await findByOrderId(db(), a.orderId))!.bookingStatus).toBe("cancelled");
    expect((await findByOrderId(db(), b.orderId))!.bookingStatus).toBe("new");
  });

  it("refuses every token from an address after 20 wrong ones in 15 minutes, with 429 and Retry-After", async () => {
    const row = await paidBooking();
    const token = await mintManageToken(db(), row.orderId);
    const address = nextAddress();
    for (let i = 0; i < 20; i++) expect((await page(`${"W".repeat(42)}${i % 10}`, address)).status).toBe(404);
    const refused = await page(`${"W".repeat(42)}X`, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many wrong booking links from your connection.");
    // The right token too, from that address; another address still opens it.
    expect((await page(token, address)).status).toBe(429);
    expect((await page(token)).status).toBe(200);
  });

  it("looks up at most 20 of 40 wrong tokens sent at once from one address: the rest get 429", async () => {
    const row = await paidBooking();
    const token = await mintManageToken(db(), row.orderId);
    const address = nextAddress();
    // Each look-up waits a little, as a database across a network answers: the tries overlap.
    const open = server.services.db;
    server.services.db = async () => {
      await sleep(50);
      return open();
    };
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => page(`${"B".repeat(40)}${String(i).padStart(3, "0")}`, address)),
    ).finally(() => {
      server.services.db = open;
    });
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(RATE_LIMITS.manageMisses.points);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - RATE_LIMITS.manageMisses.points);
    await Promise.all(answers.map((a) => a.arrayBuffer()));
    expect((await page(token, address)).status).toBe(429);
    expect((await page(token)).status).toBe(200);
  });

  it("counts only wrong tokens: an address that opens its booking again and again keeps its 20 tries", async () => {
    const row = await paidBooking();
    const token = await mintManageToken(db(), row.orderId);
    const address = nextAddress();
    for (let i = 0; i < 30; i++) expect((await page(token, address)).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await page(`${"W".repeat(42)}${i % 10}`, address)).status).toBe(404);
    expect((await page(token, address)).status).toBe(429);
  });

  it("counts a result-page cookie whose token does not open its order as a wrong token; past the limit, no link", async () => {
    const booked = await postBooking(server.url, formBody(validDraft(newToken())));
    const orderId = orderIdOf(booked)!;
    expect(orderId).toBeTruthy();
    const own = /^(navette_result=[^;]+)/.exec(booked.headers.get("set-cookie") ?? "")?.[1];
    expect(own).toMatch(new RegExp(`^navette_result=${orderId}\\.[A-Za-z0-9_-]{43}$`));
    const token = own!.split(".")[1]!;
    const paid = await fetch(`${server.url}/payment/${orderId}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": FORM, origin: server.url, "x-forwarded-for": nextAddress() },
      body: "intent=pay",
    });
    expect(paid.status).toBe(303);
    const result = async (address: string, cookie?: string) => {
      const response = await fetch(`${server.url}/response_bank_ok_ko?ok_ko=ok&order_id=${orderId}`, {
        headers: { "x-forwarded-for": address, ...(cookie ? { cookie } : {}) },
      });
      expect(response.status).toBe(200);
      return response.text();
    };
    const link = `href="/my-booking/${token}"`;
    const address = nextAddress();
    // The browser's own cookie: its link, however often, and never counted.
    for (let i = 0; i < 5; i++) expect(await result(address, own)).toContain(link);
    // A cookie of this order whose token is another's, or none: no link, each a miss.
    const other = await mintManageToken(db(), (await paidBooking()).orderId);
    for (let i = 0; i < 20; i++) {
      const html = await result(address, `navette_result=${orderId}.${i % 2 ? other : "W".repeat(43)}`);
      expect(html).not.toContain('href="/my-booking/');
    }
    // Past the limit: the right cookie gets no link, and the page is the page without a cookie.
    const over = await result(address, own);
    expect(over).not.toContain('href="/my-booking/');
    expect(withoutNonce(over)).toBe(withoutNonce(await result(nextAddress())));
    expect((await page(token, address)).status).toBe(429);
    // Another address with the right cookie still has its link.
    expect(await result(nextAddress(), own)).toContain(link);
  });

  it("gives the way back to the booking form, which names the route, only to the browser that booked, and only while unpaid", async () => {
    const booked = await postBooking(server.url, formBody(validDraft(newToken())));
    const orderId = orderIdOf(booked)!;
    expect(orderId).toBeTruthy();
    const own = /^(navette_result=[^;]+)/.exec(booked.headers.get("set-cookie") ?? "")?.[1];
    expect(own).toBeTruthy();
    const other = await mintManageToken(db(), (await paidBooking()).orderId);
    /** The result page and its data, back from the provider with `ko`. */
    const result = async (cookie?: string) => {
      const answers = [];
      for (const path of ["/response_bank_ok_ko", "/response_bank_ok_ko.data"]) {
        const response = await fetch(`${server.url}${path}?ok_ko=ko&order_id=${orderId}`, {
          headers: { "x-forwarded-for": nextAddress(), ...(cookie ? { cookie } : {}) },
        });
        expect(response.status).toBe(200);
        answers.push(await response.text());
      }
      return answers;
    };
    // The browser that booked: its way back, in the page and in its data.
    const [page, data] = await result(own);
    expect(page).toContain(NOT_COMPLETED);
    expect(page).toContain('href="/reservation?depart=');
    expect(data).toContain("/reservation?depart=");
    // Anyone else who knows the order id: no route, 'Book Now' as for an order the site does not know.
    for (const cookie of [undefined, `navette_result=${orderId}.${"W".repeat(43)}`, `navette_result=${orderId}.${other}`]) {
      const [html, json] = await result(cookie);
      expect(html).toContain(NOT_COMPLETED);
      expect(html).toContain('href="/rates"');
      for (const text of [html, json]) expect(text).not.toContain("depart=");
    }
    // Paid: no way back, even for the browser that booked.
    const paid = await fetch(`${server.url}/payment/${orderId}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": FORM, origin: server.url, "x-forwarded-for": nextAddress() },
      body: "intent=pay",
    });
    expect(paid.status).toBe(303);
    for (const text of await result(own)) expect(text).not.toContain("depart=");
  });

  it("asks before cancelling: intent=cancel answers the question and changes nothing", async () => {
    const row = await paidBooking();
    const token = await mintManageToken(db(), row.orderId);
    const before = await state(row.orderId);
    const response = await post(token, { intent: "cancel" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`Cancel booking ${row.orderId} and refund `);
    expect(html).toContain("Yes, cancel and refund");
    expect(html).toContain("Keep my booking");
    expect(html).toContain('name="intent" value="confirm-cancel"');
    expect(await state(row.orderId)).toEqual(before);
    expect((await post(token, { intent: "delete" })).status).toBe(400);
    expect(await state(row.orderId)).toEqual(before);
  });

  it("refunds once and writes one set of e-mails when two cancels are posted at once, then shows the notice", async () => {
    const row = await paidBooking();
    const token = await mintManageToken(db(), row.orderId);
    const answers = await Promise.all([post(token, { intent: "confirm-cancel" }), post(token, { intent: "confirm-cancel" })]);
    expect(answers.map((a) => a.status)).toEqual([303, 303]);
    for (const answer of answers) expect(answer.headers.get("location")).toBe(`/my-booking/${token}?done=cancelled`);
    const { booking, refunds, mails, audit } = await traces(row.orderId);
    expect(booking).toMatchObject({ bookingStatus: "cancelled", status: "refunded", refundedCents: row.priceCents });
    expect(refunds).toEqual([expect.objectContaining({ provider: "sandbox", amountCents: -row.priceCents })]);
    expect(mails.filter((m) => m.kind === "booking_cancelled")).toEqual([expect.objectContaining({ recipient: row.email })]);
    expect(mails.filter((m) => m.kind === "traveller_cancelled")).toEqual([expect.objectContaining({ recipient: businessEmail })]);
    expect(audit.filter((a) => a.action === "booking_cancelled")).toEqual([expect.objectContaining({ actor: "traveller", actorId: null })]);
    const after = await (await page(`${token}?done=cancelled`)).text();
    expect(after).toMatch(/role="status"[^>]*><p[^>]*>Your booking NV-[A-Z0-9]{6} is cancelled\./);
    expect(after).toContain("Cancelled and refunded");
    expect(after).not.toContain('name="intent" value="cancel"');
    // Both e-mails leave through the outbox: the traveller's with a working manage link.
    await waitFor(
      () => smtp.received.filter((m) => m.subject.includes(row.orderId) && /cancelled/.test(m.subject)).length,
      (n) => n >= 2,
    );
    const travellers = smtp.received.filter((m) => m.subject.endsWith(`booking ${row.orderId} cancelled`));
    expect(travellers).toHaveLength(1);
    const link = TOKEN_IN_TEXT.exec(travellers[0]!.text)?.[1];
    expect(link).toBeTruthy();
    expect((await page(link!)).status).toBe(200);
    expect(smtp.received.filter((m) => m.subject.includes(`Booking ${row.orderId} cancelled by the traveller`))).toHaveLength(1);
  });

  it("after the deadline shows no Cancel, says why with the phone, and refuses a replayed post, changing nothing", async () => {
    const row = await paidBooking();
    const token = await mintManageToken(db(), row.orderId);
    // The page as it was while cancellation was free: the post is replayed 20 hours before the pickup.
    const pickup = new Date(Date.now() + 20 * HOUR);
    await db().update(bookings).set({ firstPickupAt: pickup }).where(eq(bookings.orderId, row.orderId));
    const before = await state(row.orderId);
    const html = await (await page(token)).text();
    expect(html).not.toContain('name="intent" value="cancel"');
    // The page's words travel with it (its messages hold "Change details"); the link itself is gone.
    expect(html).not.toContain(`/my-booking/${token}/change"`);
    expect(html).toContain("Free cancellation ended on ");
    expect(html).toContain("bookings cannot be cancelled online within 24 hours of pickup.");
    expect(html).toContain('href="tel:+33199001234"');
    for (const intent of ["confirm-cancel", "cancel"]) {
      const replayed = await post(token, { intent });
      expect(replayed.status, intent).toBe(409);
      const refusal = await replayed.text();
      expect(refusal).toContain("bookings cannot be cancelled online within 24 hours of pickup.");
      expect(refusal).toContain("Call us on +33 1 99 00 12 34.");
    }
    expect(await state(row.orderId)).toEqual(before);
  });

  it("refuses a post from another site with 403, and takes the page's own post sent with Origin: null", async () => {
    const row = await paidBooking();
    const token = await mintManageToken(db(), row.orderId);
    const before = await state(row.orderId);
    expect((await post(token, { intent: "confirm-cancel" }, { origin: "https://evil.example" })).status).toBe(403);
    expect((await post(token, { intent: "confirm-cancel" }, { origin: "null", "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post(token, { intent: "confirm-cancel" }, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect(await state(row.orderId)).toEqual(before);
    // Chromium's own form post under Referrer-Policy: no-referrer.
    const own = await post(token, { intent: "confirm-cancel" }, { origin: "null", "sec-fetch-site": "same-origin" });
    expect(own.status).toBe(303);
    expect((await findByOrderId(db(), row.orderId))!.bookingStatus).toBe("cancelled");
  });

  describe("Lost your link?", () => {
    it("sends the link to the booking's own address on a match, and answers a mismatch alike, sending nothing", async () => {
      const row = await paidBooking();
      const countLinks = async () => (await traces(row.orderId)).mails.filter((m) => m.kind === "manage_link").length;
      const answers = [];
      for (const fields of [
        { orderId: row.orderId, email: "someone.else@example.com" },
        { orderId: "NV-ZZZZZZ", email: row.email },
        { orderId: row.orderId.toLowerCase().replace("-", " "), email: ` ${row.email.toUpperCase()} ` },
      ]) {
        const response = await lostLink(fields);
        answers.push([response.status, response.headers.get("location")]);
        if (fields.email.includes("someone") || fields.orderId === "NV-ZZZZZZ") expect(await countLinks()).toBe(0);
      }
      expect(answers).toEqual(Array.from({ length: 3 }, () => [303, "/my-booking?sent=1"]));
      // The link is queued after the answer (whose time must not tell a match from a mismatch).
      await waitFor(countLinks, (n) => n > 0);
      const mails = (await traces(row.orderId)).mails.filter((m) => m.kind === "manage_link");
      expect(mails).toEqual([expect.objectContaining({ recipient: row.email })]);
      const sent = await (await fetch(`${server.url}/my-booking?sent=1`)).text();
      expect(sent).toContain(ENGLISH_MANAGE("lost.answer"));
      await waitFor(
        () => smtp.received.filter((m) => m.subject.endsWith(`the link to your booking ${row.orderId}`)).length,
        (n) => n > 0,
      );
      const mail = smtp.received.find((m) => m.subject.endsWith(`the link to your booking ${row.orderId}`))!;
      expect(mail.to).toEqual([row.email]);
      const link = TOKEN_IN_TEXT.exec(mail.text)?.[1];
      expect(link).toBeTruthy();
      expect(await (await page(link!)).text()).toContain(`Booking ${row.orderId}`);
    });

    it("refuses a form it cannot read with 400, each problem linked to its field; and limits an address with 429", async () => {
      const bad = await lostLink({ orderId: "12345", email: "nope" });
      expect(bad.status).toBe(400);
      const html = await bad.text();
      expect(html).toContain('href="#f-orderId"');
      expect(html).toContain('href="#f-email"');
      expect(html).toMatch(/id="f-email"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="f-email"/);
      const address = nextAddress();
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await lostLink({ orderId: "NV-ZZZZZZ", email: "x@example.com" }, address)).status);
      expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
      const refused = await lostLink({ orderId: "NV-ZZZZZZ", email: "x@example.com" }, address);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.text()).toContain("Too many requests for booking links from your connection.");
    });

    it("refuses a French post too large for the form with its own page, in French", async () => {
      const response = await fetch(`${server.url}/fr/my-booking`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": FORM, origin: server.url, "x-forwarded-for": nextAddress() },
        body: new URLSearchParams({ orderId: "NV-ZZZZZZ", email: "x".repeat(10_000) }).toString(),
      });
      expect(response.status).toBe(413);
      const html = await response.text();
      const french = manageWordsIn("fr");
      expect(html).toContain('<html lang="fr"');
      expect(html).toContain(`<title>${french("error.other")}</title>`);
      expect(html).toContain(`<h1>${french("error.other")}</h1>`);
      expect(html).toContain(french("error.unreadableText"));
      expect(html).toContain('href="/fr/my-booking"');
    });

    it("sends one booking at most 3 links an hour, answering the same beyond", async () => {
      const row = await paidBooking();
      for (let i = 0; i < 5; i++) {
        const response = await lostLink({ orderId: row.orderId, email: row.email });
        expect(response.status).toBe(303);
        expect(response.headers.get("location")).toBe("/my-booking?sent=1");
      }
      const links = async () => (await traces(row.orderId)).mails.filter((m) => m.kind === "manage_link").length;
      await waitFor(links, (n) => n >= 3);
      await sleep(500);
      expect(await links()).toBe(3);
    });
  });
});

describe("the built server's output", () => {
  let server: ChildServer;
  let smtp: TestSmtp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-manage-logs-"));
    smtp = await startSmtp();
    server = await startChildServer({ DATA_DIR: dataDir, SMTP_URL: smtp.url, SITE_EMAIL: "business@manage-logs.test", MEETING_POINTS_CSV });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints nothing of an address it cannot decode: a plain 400 before the page cache and the router read it", async () => {
    const token = randomBytes(32).toString("base64url");
    const paths = [`/my-booking/${token}/calendar.ics%`, `/my-booking/${token}%`, `/my-booking/${token}/change%ZZ`];
    for (const rawPath of paths) {
      for (const method of ["GET", "GET", "HEAD", "POST"]) {
        const answer = await rawSend(server.url, rawPath, { method, headers: { origin: server.url } });
        expect([rawPath, method, answer.status]).toEqual([rawPath, method, 400]);
        if (method !== "HEAD") expect(answer.body).toBe(UNREADABLE);
        expect(answer.values("cache-control")).toEqual(["no-store"]);
        expect(answer.values("referrer-policy")).toEqual(["no-referrer"]);
      }
    }
    // The server's output is read as it comes (a pipe): a warning would be there by now.
    await sleep(300);
    const output = server.output();
    expect(output).toContain("listening on");
    expect(output).not.toContain(token);
    expect(output).not.toContain("could not be decoded");
  });

  it("holds no token after the page, a cancel, a lost link and a wrong token", async () => {
    const base = server.url;
    const draft = validDraft(newToken());
    const orderId = orderIdOf(await postBooking(base, formBody(draft)))!;
    expect(orderId).toBeTruthy();
    const send = (url: string, body: string) =>
      fetch(url, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": FORM, origin: base, "x-forwarded-for": nextAddress() },
        body,
      });
    expect((await send(`${base}/payment/${orderId}`, "intent=pay")).status).toBe(303);
    const mailWith = async (subject: RegExp) => {
      await waitFor(
        () => smtp.received.filter((m) => subject.test(m.subject)).length,
        (n) => n > 0,
      );
      return smtp.received.find((m) => subject.test(m.subject))!;
    };
    const confirmation = await mailWith(new RegExp(`your booking ${orderId}$`));
    const first = TOKEN_IN_TEXT.exec(confirmation.text)?.[1];
    expect(first, confirmation.text).toBeTruthy();
    expect((await fetch(`${base}/my-booking/${first}`)).status).toBe(200);
    expect((await send(`${base}/my-booking/${first}`, "intent=cancel")).status).toBe(200);
    expect((await send(`${base}/my-booking/${first}`, "intent=confirm-cancel")).status).toBe(303);
    expect((await send(`${base}/my-booking`, new URLSearchParams({ orderId, email: draft.email! }).toString())).status).toBe(303);
    const resent = await mailWith(new RegExp(`the link to your booking ${orderId}$`));
    const second = TOKEN_IN_TEXT.exec(resent.text)?.[1];
    expect(second).toBeTruthy();
    const cancelled = await mailWith(new RegExp(`booking ${orderId} cancelled$`));
    const third = TOKEN_IN_TEXT.exec(cancelled.text)?.[1];
    expect(third).toBeTruthy();
    expect((await fetch(`${base}/my-booking/${second}x`)).status).toBe(404);
    expect((await fetch(`${base}/my-booking/${second}/voucher`)).status).toBeLessThan(500);
    await server.stop();
    const output = server.output();
    expect(output).toContain("listening on");
    for (const token of [first!, second!, third!]) expect(output).not.toContain(token);
    expect(output).not.toMatch(TOKEN_IN_TEXT);
    expect(output).not.toContain(draft.email!);
  });
});
