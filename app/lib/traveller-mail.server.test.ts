import { randomUUID } from "node:crypto";
import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, manageLinks, outbox } from "../../db/schema";
import { startSmtp, type TestSmtp } from "../../tests/support/smtp";
import { bookingEmails } from "~/domain/booking/paid-emails";
import { bookingConfirmedEmail } from "~/domain/booking/staff-emails";
import { storedDetails } from "~/domain/booking/model";
import { MEETING_POINTS_HEADER, parseMeetingPoints } from "~/domain/meeting-points";
import { outboxValues } from "./booking-tx.server";
import { findByOrderId } from "./bookings.server";
import { emailSite } from "./email-site.server";
import { createMailTransport, createOutbox, type MailTransport, type PrepareMessage } from "./mail.server";
import { findByManageToken } from "./manage-links.server";
import { SandboxProvider } from "./payments.server";
import { BOOKED_AT, bookingRowValues, checkedBooking } from "./test-support/booking-rows";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import { insertBookings } from "./test-support/insert-bookings";
import { cancelByTraveller } from "./traveller-booking.server";
import { ENGLISH_MANAGE } from "./test-support/booking-words";
import { bookingCalendarMaker, travellerMailPreparer } from "./traveller-mail.server";

// The traveller's confirmations go out with the booking's calendar file: its events carry the
// very manage link the message's text holds, drawn when the message is sent.

const database = useEmbeddedDatabase();
const SITE_URL = "https://navette.example";
const settings = {
  siteName: "Navette Paris",
  email: "booking@navette.example",
  phone: "+33 1 99 00 12 34",
  siteUrl: SITE_URL,
  staffLocale: "en",
} as const;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const { points } = parseMeetingPoints(
  [
    MEETING_POINTS_HEADER,
    "CDG,,shuttle,CDG shuttle",
    "CDG,,private,CDG private",
    "ORY,,private,Orly arrivals hall: exit of the baggage reclaim",
    "BVA,,shuttle,BVA shuttle",
    "BVA,,private,BVA private",
    "*,,shuttle,Hotel lobby",
    "*,,private,Hotel lobby",
  ].join("\n"),
);
const store = { currentPoints: async () => points };
/** A store that never read a good file: no meeting points (createMeetingPointStore's currentPoints). */
const broken = { currentPoints: async () => undefined };
let smtp: TestSmtp;
let transport: MailTransport;

beforeAll(async () => {
  smtp = await startSmtp();
  transport = createMailTransport(smtp.url)!;
});
afterAll(async () => {
  transport.close?.();
  await smtp.close();
});

/** A paid booking as the form stores it: Orly, flight BA 304 landing 20 May 2026 at 10:00. */
async function paidBooking(orderId: string) {
  const booking = checkedBooking(randomUUID());
  const details = JSON.parse(JSON.stringify(storedDetails(booking))) as unknown;
  await insertBookings(
    database.db,
    bookingRowValues({ orderId, submissionToken: randomUUID(), status: "paid", details, firstPickupAt: booking.legs[0]!.pickupAt }),
  );
  return (await findByOrderId(database.db, orderId))!;
}

function outboxFor(calendar: Parameters<typeof bookingCalendarMaker>[1]) {
  return createOutbox({
    db: database.db,
    transport,
    from: "Navette <booking@navette.example>",
    log: quiet,
    prepare: travellerMailPreparer({ db: database.db, siteUrl: SITE_URL, calendar: bookingCalendarMaker(settings, calendar) }),
  });
}

describe("the confirmation's calendar file", () => {
  it("is attached to the traveller's confirmation with the message's own link, the meeting point and the time in Paris", async () => {
    const row = await paidBooking("NV-CAL001");
    const messages = bookingEmails(row, emailSite(settings, points)).map((m) => ({ ...outboxValues(m), calendar: m.calendar === true }));
    await database.db.insert(outbox).values(messages.map((m) => ({ ...m, orderId: "NV-CAL001" })));
    expect(await outboxFor(store).runOnce()).toEqual({ sent: 2, failed: 0 });

    const mail = smtp.received.find((m) => m.subject.endsWith("your booking NV-CAL001"))!;
    const link = new RegExp(`${SITE_URL}/my-booking/[A-Za-z0-9_-]{43}`).exec(mail.text)![0];
    expect(mail.text).toContain(`Print your voucher: ${link}/voucher`);
    expect(mail.text).toContain("Meeting point: Orly arrivals hall: exit of the baggage reclaim");
    expect(mail.text).toContain("Your calendar file is attached");
    expect(mail.attachments).toHaveLength(1);
    const [file] = mail.attachments;
    expect(file!.filename).toBe("navette-NV-CAL001.ics");
    expect(file!.contentType).toMatch(/^text\/calendar; charset=utf-8; method=PUBLISH/i);
    expect(file!.content).toContain("DTSTART;TZID=Europe/Paris:20260520T100000");

    const calendar = new ICAL.Component(ICAL.parse(file!.content));
    const [event] = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(event!.uid).toBe("NV-CAL001-leg-1@navette.example");
    expect(event!.location).toBe("Orly Airport (ORY), Terminal not known yet: Orly arrivals hall: exit of the baggage reclaim");
    // The link in the file is the message's: one token drawn for both, and it opens the booking.
    expect(event!.description).toContain(link);
    expect((await findByManageToken(database.db, link.split("/").pop()!))?.orderId).toBe("NV-CAL001");

    const business = smtp.received.find((m) => m.subject.startsWith("New paid booking NV-CAL001"))!;
    expect(business.attachments).toEqual([]);
    expect(business.text).not.toContain("calendar");
  });

  it("goes with staff's confirmation too, and without the meeting points when their file cannot be read", async () => {
    const row = await paidBooking("NV-CAL002");
    const message = bookingConfirmedEmail(row, emailSite(settings));
    expect(message.calendar).toBe(true);
    await database.db.insert(outbox).values({ ...outboxValues(message), orderId: "NV-CAL002" });
    expect(await outboxFor(broken).runOnce()).toEqual({ sent: 1, failed: 0 });
    const mail = smtp.received.find((m) => m.subject.endsWith("booking NV-CAL002 confirmed"))!;
    expect(mail.attachments.map((a) => a.filename)).toEqual(["navette-NV-CAL002.ics"]);
    expect(mail.attachments[0]!.content).toContain("LOCATION:Orly Airport (ORY)\\, Terminal not known yet\r\n");
    expect(BOOKED_AT.getTime()).toBeLessThan(row.firstPickupAt!.getTime());
  });
});

describe("a reminder, checked against its booking as it goes", () => {
  const logged: string[] = [];
  const log = { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(m), error: (m: string) => logged.push(m) };

  /** A reminder of leg 1 of `orderId`, written and due now, with its manage link's marker. */
  async function reminder(orderId: string) {
    const [row] = await database.db
      .insert(outbox)
      .values({
        orderId,
        kind: "reminder",
        leg: 1,
        recipient: "claire@example.com",
        subject: `Navette Paris: your transfer tomorrow, booking ${orderId}`,
        body: "Hello Claire Martin,\n\nManage your booking: [manage-link:reminder]\n",
        linkMarker: "[manage-link:reminder]",
        nextAttemptAt: new Date(Date.now() - 1000),
      })
      .returning();
    return row!;
  }

  function outboxWith(prepare: PrepareMessage) {
    return createOutbox({ db: database.db, transport, from: "Navette <booking@navette.example>", log, prepare });
  }
  const preparer = () => travellerMailPreparer({ db: database.db, siteUrl: SITE_URL });
  const received = (orderId: string) => smtp.received.filter((m) => m.subject.endsWith(`booking ${orderId}`));
  const rowsOf = (orderId: string) => database.db.select().from(outbox).where(eq(outbox.orderId, orderId));

  it("goes out with its link while the booking stands and is paid", async () => {
    await paidBooking("NV-RMS001");
    await reminder("NV-RMS001");
    expect(await outboxWith(preparer()).runOnce()).toEqual({ sent: 1, failed: 0 });
    const [mail, ...more] = received("NV-RMS001");
    expect(more).toEqual([]);
    expect(mail!.text).toMatch(new RegExp(`Manage your booking: ${SITE_URL}/my-booking/[A-Za-z0-9_-]{43}`));
    expect((await rowsOf("NV-RMS001"))[0]).toMatchObject({ status: "sent" });
  });

  it("is not sent when the traveller cancels after the outbox claimed it, and leaves no row waiting", async () => {
    const row = await paidBooking("NV-RMS002");
    await database.db.update(bookings).set({ bookingStatus: "confirmed" }).where(eq(bookings.id, row.id));
    const written = await reminder("NV-RMS002");
    const inner = preparer();
    const provider = { name: "sandbox" as const, refund: new SandboxProvider(null).refund };
    let cancelled: unknown = null;
    // The cancel lands between the outbox's claim and the send: the claimed reminder is in memory.
    const box = outboxWith(async (message) => {
      if (message.id === written.id) {
        cancelled = await cancelByTraveller(database.db, "NV-RMS002", emailSite(settings), provider, ENGLISH_MANAGE, () => BOOKED_AT);
      }
      return inner(message);
    });
    logged.length = 0;
    const pass = await box.runOnce();
    expect(cancelled).toEqual({ ok: true, refundedCents: 9_000 });
    expect(received("NV-RMS002").map((m) => m.subject)).not.toContain("Navette Paris: your transfer tomorrow, booking NV-RMS002");
    const rows = await rowsOf("NV-RMS002");
    expect(rows.filter((m) => m.kind === "reminder")).toEqual([]);
    expect(logged).toContain(`E-mail ${written.id} (reminder, order NV-RMS002) not sent and deleted: booking cancelled.`);
    // The cancellation's own e-mails go in the same pass; only the reminder is left out.
    expect(pass.failed).toBe(0);
    expect(logged.join("\n")).not.toMatch(/claire|martin|my-booking/i);
  });

  it.each([
    ["cancelled", { bookingStatus: "cancelled" as const }, "booking cancelled"],
    ["completed", { bookingStatus: "completed" as const }, "booking completed"],
    ["a no-show", { bookingStatus: "no_show" as const }, "booking closed as a no-show"],
    ["not paid by card", { status: "pending_payment" as const }, "booking not paid"],
  ])("is deleted unsent, link unminted, for a booking %s since it was written", async (_what, values, reason) => {
    const orderId = `NV-RMD${randomUUID().slice(0, 5).toUpperCase()}`;
    const row = await paidBooking(orderId);
    await database.db.update(bookings).set(values).where(eq(bookings.id, row.id));
    const written = await reminder(orderId);
    logged.length = 0;
    expect(await outboxWith(preparer()).runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(received(orderId)).toEqual([]);
    expect(await rowsOf(orderId)).toEqual([]);
    expect(await database.db.select().from(manageLinks).where(eq(manageLinks.orderId, orderId))).toEqual([]);
    expect(logged).toEqual([`E-mail ${written.id} (reminder, order ${orderId}) not sent and deleted: ${reason}.`]);
  });

  it("leaves other kinds of message to go as they are, whatever the booking's state", async () => {
    const row = await paidBooking("NV-RMS003");
    await database.db.update(bookings).set({ bookingStatus: "cancelled" }).where(eq(bookings.id, row.id));
    const message = bookingConfirmedEmail(row, emailSite(settings));
    await database.db.insert(outbox).values({ ...outboxValues(message), orderId: "NV-RMS003", calendar: false });
    expect(await outboxWith(preparer()).runOnce()).toEqual({ sent: 1, failed: 0 });
  });
});
