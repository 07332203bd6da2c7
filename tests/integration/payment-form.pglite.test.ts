import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { bookings, outbox } from "../../db/schema";
import { findByOrderId, type BookingRow } from "~/lib/bookings.server";
import type { Db } from "~/lib/db.server";
import {
  chunkedPost,
  FORM,
  formBody,
  newToken,
  orderIdOf,
  postBooking,
  startInProcessServer,
  startSmtp,
  validDraft,
  waitFor,
  type InProcessServer,
  type TestSmtp,
} from "./helpers";

/**
 * The sandbox payment page's form (POST /payment/:orderId) on the built app, in this process on
 * PGlite (docs/product.md, Booking and payment endpoints and Providers): its body is read up to a
 * small limit and only when url-encoded, it counts against the page's rate limit before the order
 * is looked up, and a payment recorded with an issue sends the traveller to the paid result.
 */

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** One request with a body sent whole (Content-Length), its answer read as text. */
function send(url: string, method: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers: { "accept-encoding": "identity", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
    });
    // A server that answers before the whole body is read may close while it is still sent.
    req.on("error", (error) => setTimeout(() => reject(error), 1000));
    req.end(body);
  });
}

async function pendingMail(db: Db): Promise<number> {
  return (await db.select({ n: count() }).from(outbox).where(eq(outbox.status, "pending")))[0]?.n ?? 0;
}

let addressCount = 0;
/** A visitor of its own for the rate limit (X-Forwarded-For is believed from loopback). */
function visitor(): string {
  addressCount += 1;
  return `198.51.100.${addressCount}`;
}

/** A stack frame as Node prints it, or a source path: neither may reach a visitor. */
const STACK = /\n\s+at |node_modules|\.m?js:\d+/;

describe("the sandbox payment form on PGlite", () => {
  let server: InProcessServer;
  let smtp: TestSmtp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-payment-form-"));
    smtp = await startSmtp();
    server = await startInProcessServer({ dataDir, env: { SMTP_URL: smtp.url, PAYMENT_SANDBOX_SECRET: `it-payment-form-${process.pid}` } });
  });
  afterAll(async () => {
    // The paid bookings' e-mails are sent before the SMTP server goes.
    if (server)
      await waitFor(
        () => pendingMail(server.database.db),
        (n) => n === 0,
        10_000,
      );
    await server?.close();
    await smtp?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function book(): Promise<BookingRow> {
    const response = await postBooking(server.url, formBody(validDraft(newToken())));
    const orderId = orderIdOf(response);
    expect(orderId, await response.text()).toBeTruthy();
    return (await findByOrderId(server.database.db, orderId!))!;
  }

  const pay = (orderId: string, from: string, body = "intent=pay", type = FORM) =>
    send(`${server.url}/payment/${orderId}`, "POST", { "content-type": type, origin: server.url, "x-forwarded-for": from }, body);

  it("pays through the form as the page posts it, and sends the payer to the paid result", async () => {
    const row = await book();
    const paid = await pay(row.orderId, visitor());
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`/response_bank_ok_ko?ok_ko=ok&order_id=${row.orderId}`);
    expect((await findByOrderId(server.database.db, row.orderId))?.status).toBe("paid");
  });

  it("takes no payment for a booking cancelled before it was paid, and says so on the page", async () => {
    const row = await book();
    await server.database.db
      .update(bookings)
      .set({ bookingStatus: "cancelled", cancelledAt: new Date() })
      .where(eq(bookings.orderId, row.orderId));
    const page = await send(`${server.url}/payment/${row.orderId}`, "GET", { "x-forwarded-for": visitor() });
    expect(page.text).toContain("This booking is cancelled: it cannot be paid.");
    expect(page.text).not.toContain('value="pay"');
    const paid = await pay(row.orderId, visitor());
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`/response_bank_ok_ko?ok_ko=ko&order_id=${row.orderId}`);
    expect(await findByOrderId(server.database.db, row.orderId)).toMatchObject({ status: "pending_payment", bookingStatus: "cancelled" });
  });

  it("refuses a form body over 8 KB with 413 and Connection: close, declared or streamed, and pays nothing", async () => {
    const row = await book();
    const large = `intent=pay&pad=${"x".repeat(8 * 1024)}`;
    const declared = await pay(row.orderId, visitor(), large);
    expect(declared.status).toBe(413);
    expect(declared.headers.connection).toBe("close");
    expect(declared.text).toContain("The payment form is too large to be read.");
    expect(declared.text).not.toMatch(STACK);
    // Streamed without a Content-Length: reading stops at the limit, not at the end of 4 MB.
    const streamed = await chunkedPost(
      `${server.url}/payment/${row.orderId}`,
      Buffer.from(`intent=pay&pad=${"x".repeat(4 * 1024 * 1024)}`),
      {
        "content-type": FORM,
        origin: server.url,
        "x-forwarded-for": visitor(),
      },
    );
    expect(streamed).toBe(413);
    expect((await findByOrderId(server.database.db, row.orderId))?.status).toBe("pending_payment");
    // A form just under the limit is read as usual.
    const fits = await pay(row.orderId, visitor(), `intent=pay&pad=${"x".repeat(8 * 1024 - "intent=pay&pad=".length)}`);
    expect(fits.status).toBe(303);
    expect(fits.headers.location).toContain("ok_ko=ok");
  });

  it("reads the url-encoded media type whatever its case and parameters", async () => {
    const row = await book();
    const paid = await pay(row.orderId, visitor(), "intent=pay", " Application/X-WWW-Form-Urlencoded ; charset=UTF-8");
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`/response_bank_ok_ko?ok_ko=ok&order_id=${row.orderId}`);
  });

  it("answers 415 with a sentence, no stack and no log to a body that is not url-encoded, and pays nothing", async () => {
    const row = await book();
    const logged = vi.spyOn(console, "error");
    const bodies: [string, string][] = [
      ["application/json", "{"],
      ["multipart/form-data; boundary=x", "--x\r\nbroken"],
      ["text/plain", "intent=pay"],
      ["application/x-www-form-urlencodedXYZ", "intent=pay"],
    ];
    for (const [type, body] of bodies) {
      const refused = await pay(row.orderId, visitor(), body, type);
      expect(refused.status, type).toBe(415);
      expect(refused.text, type).toContain("The payment arrived in a form we do not read.");
      expect(refused.text, type).not.toMatch(STACK);
    }
    expect(logged).not.toHaveBeenCalled();
    expect((await findByOrderId(server.database.db, row.orderId))?.status).toBe("pending_payment");
  });

  it("counts posts against the payment page's limit (60 a minute), with the page's visits, before the order is looked up", async () => {
    const from = visitor();
    // Thirty visits of an unknown order's page and thirty posts to it: 404 each, sixty in all.
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await send(`${server.url}/payment/NV-ZZZZZZ`, "GET", { "x-forwarded-for": from })).status);
      statuses.push((await pay("NV-ZZZZZZ", from)).status);
    }
    expect(statuses).toEqual(Array(60).fill(404));
    const refused = await pay("NV-ZZZZZZ", from);
    expect(refused.status).toBe(429);
    const retry = Number(refused.headers["retry-after"]);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(refused.text).toContain("Too many payment pages from your connection in a minute. Please wait a minute and try again.");
    expect(refused.text).not.toMatch(STACK);
    // The page is refused too: one count for both.
    expect((await send(`${server.url}/payment/NV-ZZZZZZ`, "GET", { "x-forwarded-for": from })).status).toBe(429);
    // A real order answers the same 429 (the limit comes before the look-up) and is not paid.
    const row = await book();
    expect((await pay(row.orderId, from)).status).toBe(429);
    expect((await findByOrderId(server.database.db, row.orderId))?.status).toBe("pending_payment");
    // Another visitor is not held back.
    expect((await pay(row.orderId, visitor())).status).toBe(303);
  });

  it("sends the payer to the paid result when the payment is recorded with an issue (the booking changed while paying)", async () => {
    const row = await book();
    const services = server.services;
    const db = services.db;
    // The traveller changes the booking (its price) after the form has read it and before the
    // payment is recorded: the second database use of the post is the payment's.
    let uses = 0;
    services.db = async () => {
      const handle = await db();
      if (++uses === 2)
        await handle
          .update(bookings)
          .set({ priceCents: row.priceCents + 1000 })
          .where(eq(bookings.orderId, row.orderId));
      return handle;
    };
    try {
      const paid = await pay(row.orderId, visitor());
      expect(uses).toBe(2);
      expect(paid.status).toBe(303);
      expect(paid.headers.location).toBe(`/response_bank_ok_ko?ok_ko=ok&order_id=${row.orderId}`);
    } finally {
      services.db = db;
    }
    const stored = await findByOrderId(server.database.db, row.orderId);
    expect(stored?.status).toBe("paid");
    expect(stored?.paidAmountCents).toBe(row.priceCents);
    expect(stored?.paymentIssue).toContain("The booking is marked paid");
  });
});
