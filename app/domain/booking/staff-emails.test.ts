import { describe, expect, it } from "vitest";
import {
  linked,
  MARKER,
  OUTBOUND_WITH_MEETING_POINT,
  outboundLeg,
  row,
  site,
  UNREADABLE_DETAILS,
  withTerminals,
} from "./round-trip.fixture";
import {
  bookingCancelledEmail,
  bookingConfirmedEmail,
  bookingRefundedEmail,
  driverAssignedEmail,
  driverJobCancelledEmail,
  driverJobEmail,
  paymentLinkEmail,
} from "./staff-emails";
import { ENGLISH_MAIL } from "~/lib/test-support/booking-words";

const CANCELLATION_RULE = ENGLISH_MAIL.t("cancellation.rule");
const UNREAD_LEGS_TRAVELLER = ENGLISH_MAIL.t("legs.unread");

const driver = { name: "Karim Benali", phone: "+33 6 98 76 54 32", email: "karim@drivers.example" };

describe("the back office's e-mails", () => {
  it("confirms to the traveller with the order id in the subject, the legs in Paris time and the business phone", () => {
    const m = bookingConfirmedEmail(row, site);
    expect(m).toMatchObject({
      kind: "booking_confirmed",
      recipient: "alice@example.com",
      subject: "Navette Paris: booking NV-7K3P2Q confirmed",
    });
    expect(m.body).toContain("Your booking NV-7K3P2Q with Navette Paris is confirmed.");
    expect(m.body).toContain("Pick-up: 01/07/2026 at 07:45 (Paris time)");
    expect(m.body).toContain("Pick-up: 05/07/2026 at 14:30 (Paris time)");
    expect(m.body).toContain("Call us on +33 1 99 00 12 34");
    expect(m.body).not.toContain("Your driver");
    const both = new Map([
      [1, driver],
      [2, driver],
    ] as const);
    expect(bookingConfirmedEmail(row, site, both).body).toContain("Your driver\nName: Karim Benali\nPhone: +33 6 98 76 54 32");
  });

  it("names each leg's driver in the confirmation when the legs have different drivers", () => {
    const other = { name: "Marc Petit", phone: "+33611223344", email: "marc@drivers.example" };
    const body = bookingConfirmedEmail(
      row,
      site,
      new Map([
        [1, driver],
        [2, other],
      ] as const),
    ).body;
    expect(body).toContain("Your driver for the outbound\nName: Karim Benali");
    expect(body).toContain("Your driver for the return\nName: Marc Petit\nPhone: +33 6 11 22 33 44");
    expect(body).not.toContain("Your driver\n");
  });

  it("names the outbound's driver as the outbound's when the return has none yet", () => {
    const body = bookingConfirmedEmail(row, site, new Map([[1, driver]] as const)).body;
    expect(body).toContain("Your driver for the outbound\nName: Karim Benali");
    expect(body).not.toContain("for the return");
  });

  it("gives a driver of the return alone only the return: its pickup, its places, its route in the subject", () => {
    const m = driverJobEmail(row, site, driver, [2]);
    expect(m.subject).toBe("Job NV-7K3P2Q: Disneyland Paris to Charles de Gaulle Airport (CDG) on 05/07/2026 14:30");
    expect(m.body).toContain("You are assigned to the return of booking NV-7K3P2Q");
    expect(m.body).toContain("Pick-up: 05/07/2026 at 14:30 (Paris time)");
    expect(m.body).not.toContain("Pick-up: 01/07/2026");
  });

  it("tells a driver that the return alone is withdrawn, naming only the return", () => {
    const m = driverJobCancelledEmail(row, site, driver, "reassigned", [2]);
    expect(m.body).toContain("The return of booking NV-7K3P2Q");
    expect(m.body).toContain("is given to another driver");
    expect(m.body).not.toContain("Pick-up: 01/07/2026");
  });

  it("gives the driver the whole job: times, places, flights, party, luggage, the traveller's name and phone, the notes", () => {
    const m = driverJobEmail(row, site, driver);
    expect(m).toMatchObject({ kind: "driver_job", recipient: "karim@drivers.example" });
    expect(m.subject).toBe("Job NV-7K3P2Q: Charles de Gaulle Airport (CDG) to Disneyland Paris on 01/07/2026 07:45");
    for (const text of [
      "Name: Alice Martin",
      "Phone: +33 6 12 34 56 78",
      "Luggage: 3 check-in, 2 cabin, 1 single stroller, 0 double strollers",
      "One surfboard.",
      "Pick-up: 01/07/2026 at 07:45 (Paris time)",
      "From: Charles de Gaulle Airport (CDG) (flight AF007 from New York, landing 07:45 (Paris time))",
      "To: Disneyland Paris (Hotel Cheyenne, Avenue de la Fosse des Pressoirs, 77700)",
      "To: Orly Airport (ORY) (flight AZ319 to Rome, takeoff 18:00 (Paris time))",
      "  Child seat please.",
      "call the office on +33 1 99 00 12 34",
    ]) {
      expect(m.body).toContain(text);
    }
  });

  it("tells the traveller the driver's name and phone once one is assigned", () => {
    const m = driverAssignedEmail(row, site, driver);
    expect(m).toMatchObject({
      kind: "driver_assigned",
      recipient: "alice@example.com",
      subject: "Navette Paris: your driver for booking NV-7K3P2Q",
    });
    expect(m.body).toContain("Name: Karim Benali");
    expect(m.body).toContain("Phone: +33 6 98 76 54 32");
    expect(m.body).not.toContain("karim@drivers.example");
  });

  it("says what was refunded on cancellation, or that nothing was taken", () => {
    const refunded = bookingCancelledEmail(row, site, 15_950);
    expect(refunded).toMatchObject({ kind: "booking_cancelled", subject: "Navette Paris: booking NV-7K3P2Q cancelled" });
    expect(refunded.body).toContain("We have refunded 159,50\u00a0€");
    expect(bookingCancelledEmail(row, site, 0).body).toContain("nothing to refund");
  });

  it("tells a driver that a job is cancelled or given to another driver, naming it by its pickups only", () => {
    const cancelled = driverJobCancelledEmail(row, site, driver, "cancelled");
    expect(cancelled).toMatchObject({ kind: "driver_job_cancelled", recipient: driver.email });
    expect(cancelled.subject).toMatch(/^Job NV-7K3P2Q cancelled: /);
    expect(cancelled.body).toContain("Booking NV-7K3P2Q (Private transfer) is cancelled: you no longer do this job.");
    expect(cancelled.body).toContain("Pick-up: ");
    expect(cancelled.body).toContain("Questions: call the office on +33 1 99 00 12 34.");
    expect(cancelled.body).not.toContain(row.phone);
    const withdrawn = driverJobCancelledEmail({ ...row, test: true }, site, driver, "reassigned");
    expect(withdrawn.subject).toMatch(/^\[TEST\] Job NV-7K3P2Q withdrawn: /);
    expect(withdrawn.body).toContain("is given to another driver: you no longer do this job.");
  });

  it("tells the traveller of a cancelled booking that the payment made after it is refunded", () => {
    const m = bookingRefundedEmail(row, site, 15_950);
    expect(m).toMatchObject({
      kind: "booking_cancelled",
      recipient: "alice@example.com",
      subject: "Navette Paris: refund for booking NV-7K3P2Q",
    });
    expect(m.body).toContain("is cancelled, and we have refunded the 159,50\u00a0€ you paid for it");
    expect(m.body).toContain("quoting your order number NV-7K3P2Q");
    expect(bookingRefundedEmail({ ...row, test: true }, site, 100).subject).toBe("[TEST] Navette Paris: refund for booking NV-7K3P2Q");
  });

  it("sends a phone booking its payment link, and marks every subject of a test booking", () => {
    const m = paymentLinkEmail(row, site, "https://navette.example/payment/NV-7K3P2Q");
    expect(m).toMatchObject({ kind: "payment_link", subject: "Navette Paris: pay for your booking NV-7K3P2Q" });
    expect(m.body).toContain("please pay 159,50\u00a0€ here:\nhttps://navette.example/payment/NV-7K3P2Q");
    expect(m.body).toContain(CANCELLATION_RULE);
    const test = { ...row, test: true };
    for (const message of [
      bookingConfirmedEmail(test, site),
      driverJobEmail(test, site, driver),
      driverAssignedEmail(test, site, driver),
      bookingCancelledEmail(test, site, 0),
      paymentLinkEmail(test, site, "https://navette.example/payment/NV-7K3P2Q"),
    ]) {
      expect(message.subject.startsWith("[TEST] ")).toBe(true);
    }
  });

  it("never throws on oddly shaped details, keeps subjects on one line, and says the legs could not be read", () => {
    const odd = { ...row, orderId: "NV-AAAAAA\r\nBcc: x@y", details: { legs: [null, 3, { pickup: 5 }] } };
    for (const message of [bookingConfirmedEmail(odd, site), driverJobEmail(odd, site, driver), bookingCancelledEmail(odd, site, 100)]) {
      expect(message.subject).not.toMatch(/[\r\n]/);
    }
    expect(bookingConfirmedEmail(odd, site).body).toContain(UNREAD_LEGS_TRAVELLER);
    expect(driverJobEmail(odd, site, driver).body).toContain(
      "The leg details stored with this booking could not be read: call the office.",
    );
  });

  it.each(UNREADABLE_DETAILS)("gives the row's columns on details that are %s, and says the legs could not be read", (_what, details) => {
    const odd = { ...row, details };
    const confirmed = bookingConfirmedEmail(odd, linked);
    expect(confirmed.body).toContain("Route: Charles de Gaulle Airport (CDG) to Disneyland Paris (round trip)");
    expect(confirmed.body).toContain("Passengers: 2 adults, 1 child, 0 babies");
    expect(confirmed.body).toContain(UNREAD_LEGS_TRAVELLER);
    expect(confirmed.calendar).toBe(false);
    const job = driverJobEmail(odd, site, driver);
    expect(job.body).toContain("Name: Alice Martin");
    expect(job.body).toContain("Passengers: 2 adults, 1 child, 0 babies");
    expect(job.body).toContain("could not be read: call the office.");
    expect(job.subject).toBe("Job NV-7K3P2Q: Charles de Gaulle Airport (CDG) to Disneyland Paris");
    for (const m of [
      confirmed,
      job,
      driverJobCancelledEmail(odd, site, driver, "cancelled"),
      paymentLinkEmail(odd, site, "https://pay.example/x"),
    ]) {
      expect(m.body).not.toContain("undefined");
      expect(m.body).not.toContain("[object Object]");
    }
  });
});

describe("staff's e-mails: terminals, meeting points, the voucher and the calendar file", () => {
  it("gives the same lines as the paid booking's confirmation in staff's, which carries the calendar file too", () => {
    const m = bookingConfirmedEmail(withTerminals, linked);
    expect(m.calendar).toBe(true);
    expect(m.body).toContain("From: Charles de Gaulle Airport (CDG), Terminal 2E (flight AF007");
    expect(m.body).toContain("Meeting point: Terminal 2E, exit 8: your driver holds a sign with your name");
    expect(m.body).toContain("Meeting point: Hotel lobby (private)");
    expect(m.body).toContain(`Print your voucher: ${MARKER}/voucher`);
    expect(m.body).toContain("Your calendar file is attached");
  });

  it("carries no calendar file when the details do not read", () => {
    const noMoment = { ...row, details: { legs: [{ ...outboundLeg, pickupAt: "unreadable" }] } };
    expect(bookingConfirmedEmail(noMoment, linked).calendar).toBe(false);
  });

  it("keeps the other messages as they were: no calendar, no voucher line", () => {
    for (const m of [bookingCancelledEmail(withTerminals, linked, 100), paymentLinkEmail(withTerminals, linked, "https://pay.example/x")]) {
      expect(m.calendar).toBeUndefined();
      expect(m.body).not.toContain("voucher:");
    }
    expect(bookingCancelledEmail(withTerminals, linked, 100).body).not.toContain("Meeting point");
  });

  it("gives each leg's meeting point in the payment link's e-mail, as the confirmation does", () => {
    const body = paymentLinkEmail(withTerminals, linked, "https://pay.example/x").body;
    expect(body).toContain(OUTBOUND_WITH_MEETING_POINT);
    expect(body).toContain("Meeting point: Hotel lobby (private)");
    expect(paymentLinkEmail(withTerminals, site, "https://pay.example/x").body).not.toContain("Meeting point");
  });
});
