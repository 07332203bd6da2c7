import { randomUUID } from "node:crypto";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, outbox } from "../../db/schema";
import { startSmtp, type TestSmtp } from "../../tests/support/smtp";
import { bookingConfirmedEmail, bookingEmails } from "~/domain/booking/emails";
import { MEETING_POINTS_HEADER, parseMeetingPoints } from "~/domain/meeting-points";
import { emailSite, outboxValues } from "./booking-admin.server";
import { createMailTransport, createOutbox, type MailTransport } from "./mail.server";
import { findByManageToken } from "./manage-links.server";
import { BOOKED_AT, bookingRowValues, checkedBooking } from "./test-support/booking-rows";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import { bookingCalendarMaker, travellerMailPreparer } from "./traveller-mail.server";

// The traveller's confirmations go out with the booking's calendar file: its events carry the
// very manage link the message's text holds, drawn when the message is sent.

const database = useEmbeddedDatabase();
const SITE_URL = "https://navette.example";
const settings = { siteName: "Navette Paris", email: "booking@navette.example", phone: "+33 1 99 00 12 34", siteUrl: SITE_URL };
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
const store = { get: async () => ({ points }) };
const broken = { get: async (): Promise<{ points: typeof points }> => Promise.reject(new Error("no file")) };
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
  const details = JSON.parse(JSON.stringify({ legs: booking.legs, luggage: booking.luggage })) as unknown;
  const [row] = await database.db
    .insert(bookings)
    .values(bookingRowValues({ orderId, submissionToken: randomUUID(), status: "paid", details, firstPickupAt: booking.legs[0]!.pickupAt }))
    .returning();
  return row!;
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
