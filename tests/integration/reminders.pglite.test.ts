import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, outbox } from "../../db/schema";
import { mirrorReturnLeg, setFlightTime, setLegDate, withTripMode } from "~/domain/booking/draft";
import type { BookingDraft } from "~/domain/booking/fields";
import { addDays, parisInstant, parisParts, parisToday } from "~/domain/booking/paris-time";
import { parseMeetingPoints } from "~/domain/meeting-points";
import { findByOrderId } from "~/lib/bookings.server";
import { findByManageToken } from "~/lib/manage-links.server";
import { queueDueReminders, type ReminderOptions } from "~/lib/reminders.server";
import {
  formBody,
  hmacHex,
  newToken,
  orderIdOf,
  postBooking,
  sandboxNotice,
  serverPrice,
  startInProcessServer,
  startSmtp,
  validDraft,
  waitFor,
  type InProcessServer,
  type TestSmtp,
} from "./helpers";

// The reminder e-mails on the embedded PostgreSQL, against the built site in this process:
// bookings made and paid through the site's own endpoints, the worker's passes run at chosen
// moments, and the outbox sending to a real SMTP server in the test.

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SECRET = `it-reminders-${process.pid}`;
const points = parseMeetingPoints(readFileSync(path.join(REPO, "data/meeting-points.csv"), "utf8"));

let server: InProcessServer;
let smtp: TestSmtp;
let dataDir: string;

beforeAll(async () => {
  expect(points.errors).toEqual([]);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-reminders-"));
  smtp = await startSmtp();
  server = await startInProcessServer({ dataDir, env: { SMTP_URL: smtp.url, PAYMENT_SANDBOX_SECRET: SECRET } });
});

afterAll(async () => {
  // The reminders written leave before the server and its SMTP server go.
  if (server) {
    await waitFor(
      async () => {
        server.services.wakeOutbox();
        return (await server.database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.status, "pending"))).length;
      },
      (n) => n === 0,
      10_000,
    );
  }
  await server?.close();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function worker(): Omit<ReminderOptions, "now" | "intervalMs"> {
  return {
    db: server.database.db,
    settings: {
      reminderHour: 18,
      staffLocale: "en" as const,
      siteName: "Navette Paris",
      email: "reminders-it@navette.example",
      phone: "+33 1 99 00 12 34",
      siteUrl: server.url,
    },
    meetingPoints: { get: async () => ({ points: points.points }) },
    log: { info: () => undefined, error: (m: string) => console.error(m) },
  };
}

/** Books a draft on the site; its order id. */
async function book(draft: BookingDraft): Promise<string> {
  const orderId = orderIdOf(await postBooking(server.url, formBody(draft)));
  expect(orderId).toBeTruthy();
  return orderId!;
}

/** Pays a booking with the sandbox's signed notification, as its payment page does. */
async function pay(orderId: string): Promise<void> {
  const row = (await findByOrderId(server.database.db, orderId))!;
  const body = sandboxNotice(orderId, row.priceCents);
  const response = await fetch(`${server.url}/api/payment/sandbox`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-sandbox-signature": hmacHex(SECRET, body) },
    body,
  });
  expect(response.status).toBe(200);
}

async function row(orderId: string) {
  return (await findByOrderId(server.database.db, orderId))!;
}

async function remindersOf(orderId: string) {
  return server.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.orderId, orderId), eq(outbox.kind, "reminder")))
    .orderBy(outbox.leg);
}

/** 18:00 (Paris) the day before an instant's Paris day, plus `minutes`. */
function dueMoment(pickupAt: Date, minutes = 0): Date {
  const day = addDays(parisParts(pickupAt), -1);
  return new Date(parisInstant({ ...day, hour: 18, minute: 0 }).getTime() + minutes * 60_000);
}

describe("reminders on PGlite", () => {
  it("writes a paid booking's reminder at the due moment, once whatever the passes, and the traveller gets it with a working manage link", async () => {
    const orderId = await book(validDraft(newToken()));
    await pay(orderId);
    const pickupAt = (await row(orderId)).firstPickupAt!;
    const options = worker();

    await queueDueReminders(options, dueMoment(pickupAt, -1));
    expect(await remindersOf(orderId)).toEqual([]);
    await queueDueReminders(options, dueMoment(pickupAt));
    await queueDueReminders(options, dueMoment(pickupAt, 5));
    await Promise.all([queueDueReminders(options, dueMoment(pickupAt, 10)), queueDueReminders(options, dueMoment(pickupAt, 10))]);
    const written = await remindersOf(orderId);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ leg: 1, subject: `[TEST] Navette Paris: your transfer tomorrow, booking ${orderId}` });
    // Orly, no terminal given: the airport's private default from the meeting points file.
    expect(written[0]!.body).toContain("Meeting point\n");

    server.services.wakeOutbox();
    const mails = await waitFor(
      () => smtp.received.filter((m) => m.subject.includes(`your transfer tomorrow, booking ${orderId}`)),
      (found) => found.length > 0,
    );
    expect(mails).toHaveLength(1);
    const p = parisParts(pickupAt);
    const hhmm = `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
    expect(mails[0]!.text).toContain(`at ${hhmm} (Paris time)`);
    expect(mails[0]!.text).toContain("Flight: BA 304");
    const token = /\/my-booking\/([A-Za-z0-9_-]{43})/.exec(mails[0]!.text)?.[1];
    expect(token, "the reminder carries a manage link").toBeTruthy();
    expect(mails[0]!.text).not.toContain("[manage-link:");
    expect((await findByManageToken(server.database.db, token!))?.orderId).toBe(orderId);
  });

  it("writes none for a cancelled booking or an unpaid card booking, and one for a booking paid on board", async () => {
    const cancelled = await book(validDraft(newToken()));
    await pay(cancelled);
    await server.database.db.update(bookings).set({ bookingStatus: "cancelled" }).where(eq(bookings.orderId, cancelled));
    const unpaid = await book(validDraft(newToken()));
    const failed = await book(validDraft(newToken()));
    await server.database.db.update(bookings).set({ status: "payment_failed" }).where(eq(bookings.orderId, failed));
    const cash = await book(validDraft(newToken()));
    await server.database.db.update(bookings).set({ paymentMode: "cash", source: "phone" }).where(eq(bookings.orderId, cash));

    const pickupAt = (await row(cash)).firstPickupAt!;
    await queueDueReminders(worker(), dueMoment(pickupAt, 30));
    expect(await remindersOf(cancelled)).toEqual([]);
    expect(await remindersOf(unpaid)).toEqual([]);
    expect(await remindersOf(failed)).toEqual([]);
    expect((await remindersOf(cash)).map((r) => r.leg)).toEqual([1]);
  });

  it("gives each leg of a round trip its own reminder on its own day before, and a second pass writes nothing", async () => {
    let draft = mirrorReturnLeg(withTripMode(validDraft(newToken()), true));
    draft = setLegDate(draft, 2, addDays(parisToday(new Date()), 6));
    draft = setFlightTime(draft, "drop", 2, "18:00");
    draft = { ...draft, num_vol_drop_2: "BA 305" };
    const orderId = await book({ ...draft, prix_cb: String(serverPrice(draft)) });
    await pay(orderId);
    const { firstPickupAt, returnPickupAt } = await row(orderId);
    expect(returnPickupAt).toBeTruthy();

    await queueDueReminders(worker(), dueMoment(firstPickupAt!, 1));
    expect((await remindersOf(orderId)).map((r) => r.leg)).toEqual([1]);
    // Between the legs: the return's reminder is not due yet.
    await queueDueReminders(worker(), dueMoment(returnPickupAt!, -60));
    expect((await remindersOf(orderId)).map((r) => r.leg)).toEqual([1]);
    await queueDueReminders(worker(), dueMoment(returnPickupAt!, 1));
    await queueDueReminders(worker(), dueMoment(returnPickupAt!, 2));
    const both = await remindersOf(orderId);
    expect(both.map((r) => r.leg)).toEqual([1, 2]);
    expect(both[1]!.body).toContain("Your return transfer");
    expect(both[1]!.body).toContain("Flight: BA 305");
  });
});
