import { describe, expect, it } from "vitest";
import { UNREAD_LEGS } from "./booking-lines";
import { voucherUrl } from "./email-frame";
import { bookingEmails } from "./paid-emails";
import {
  linked,
  MARKER,
  OUTBOUND_WITH_MEETING_POINT,
  outboundLeg,
  pointErrors,
  roundTripDetails,
  row,
  site,
  UNREADABLE_DETAILS,
  withTerminals,
} from "./round-trip.fixture";
import { ENGLISH_MAIL } from "~/lib/test-support/booking-words";

const CANCELLATION_RULE = ENGLISH_MAIL.t("cancellation.rule");
const CONFIRMATION_SENTENCE = ENGLISH_MAIL.t("confirmation");
const UNREAD_LEGS_TRAVELLER = ENGLISH_MAIL.t("legs.unread");

const [traveller, business] = bookingEmails(row, site);

/** The round trip's details reduced to a one-way outbound leg picked up at `pickupAt`. */
function oneWayAt(pickupAt: string) {
  return { ...roundTripDetails, legs: [{ ...outboundLeg, date: pickupAt.slice(0, 10), pickupAt }] };
}

describe("bookingEmails", () => {
  it("gives the traveller's confirmation, then the business's notification", () => {
    expect(bookingEmails(row, site).map((m) => [m.kind, m.recipient])).toEqual([
      ["traveller_confirmation", "alice@example.com"],
      ["business_notification", "booking@navette.example"],
    ]);
    expect(traveller!.subject).toBe("Navette Paris: your booking NV-7K3P2Q");
    expect(business!.subject).toBe("New paid booking NV-7K3P2Q: Charles de Gaulle Airport (CDG) to Disneyland Paris on 01/07/2026 07:45");
  });

  it.each([
    [true, "[TEST] "],
    [false, ""],
    [undefined, ""],
  ])("a booking with test %s opens both subjects with %j, and nothing else changes", (test, prefix) => {
    const messages = bookingEmails({ ...row, test }, site);
    expect(messages.map((m) => m.subject)).toEqual([prefix + traveller!.subject, prefix + business!.subject]);
    expect(messages.map((m) => [m.recipient, m.body])).toEqual([traveller, business].map((m) => [m!.recipient, m!.body]));
  });

  it.each([
    ["the order id", "Order number: NV-7K3P2Q"],
    ["the 12-hour sentence", CONFIRMATION_SENTENCE],
    ["the route", "Route: Charles de Gaulle Airport (CDG) to Disneyland Paris (round trip)"],
    ["the kind", "Service: Private transfer"],
    ["the passengers", "Passengers: 2 adults, 1 child, 0 babies"],
    ["the luggage", "Luggage: 3 check-in, 2 cabin, 1 single stroller, 0 double strollers"],
    ["the price in euros", "Price paid: 159,50\u00a0€"],
    ["the outbound pickup in Paris time (summer)", "Outbound\nPick-up: 01/07/2026 at 07:45 (Paris time)"],
    ["the flight at the pickup", "From: Charles de Gaulle Airport (CDG) (flight AF007 from New York, landing 07:45 (Paris time))"],
    ["the hotel at the drop-off", "To: Disneyland Paris (Hotel Cheyenne, Avenue de la Fosse des Pressoirs)"],
    ["the return pickup", "Return\nPick-up: 05/07/2026 at 14:30 (Paris time)"],
    ["the return flight", "To: Orly Airport (ORY) (flight AZ319 to Rome, takeoff 18:00 (Paris time))"],
    ["the cancellation rule", CANCELLATION_RULE],
    ["this booking's refund deadline", "cancel before 30/06/2026 at 07:45 (Paris time) for a full refund"],
    ["how to reach the business", "Write to booking@navette.example or call +33 1 99 00 12 34, quoting your order number NV-7K3P2Q."],
    ["the site", "https://navette.example"],
    ["the greeting", "Hello Alice Martin,"],
  ])("the traveller's e-mail has %s", (_what, text) => {
    expect(traveller!.body).toContain(text);
  });

  it("keeps the business's details out of the traveller's e-mail", () => {
    expect(traveller!.body).not.toContain("Child seat");
    expect(traveller!.body).not.toContain("rue de Rivoli");
  });

  it.each([
    ["the order id", "Order number: NV-7K3P2Q"],
    ["the price", "Price paid: 159,50\u00a0€"],
    ["the kind", "Service: Private transfer"],
    ["the customer's name", "Name: Alice Martin"],
    ["the customer's e-mail", "E-mail: alice@example.com"],
    ["the customer's phone", "Phone: +33 6 12 34 56 78"],
    ["the customer's address", "Address: 1 rue de Rivoli, 75001 Paris, France"],
    ["the luggage", "Luggage: 3 check-in, 2 cabin, 1 single stroller, 0 double strollers"],
    ["the luggage notes", "Luggage notes:\n  One surfboard."],
    ["leg 1's pickup", "Outbound (leg 1)\nPick-up: 01/07/2026 at 07:45 (Paris time)\nDate: 01/07/2026"],
    ["leg 1's passengers", "Passengers: 2 adults, 1 child, 0 babies"],
    ["leg 1's flight", "From: Charles de Gaulle Airport (CDG) (flight AF007 from New York, landing 07:45 (Paris time))"],
    ["leg 1's hotel, address and zip", "To: Disneyland Paris (Hotel Cheyenne, Avenue de la Fosse des Pressoirs, 77700)"],
    [
      "leg 1's notes, every line",
      "Notes:\n  Child seat please.\n  \n  -- Passengers and luggage --\n  Passengers: 2 adults, 1 child, 0 babies.",
    ],
    ["leg 2's pickup", "Return (leg 2)\nPick-up: 05/07/2026 at 14:30 (Paris time)"],
    ["leg 2's passengers", "Passengers: 2 adults, 1 child, 1 baby"],
    ["leg 2's hotel", "From: Disneyland Paris (Hotel Cheyenne, Avenue de la Fosse des Pressoirs, 77700)"],
    ["leg 2's flight", "To: Orly Airport (ORY) (flight AZ319 to Rome, takeoff 18:00 (Paris time))"],
  ])("the business's e-mail has %s", (_what, text) => {
    expect(business!.body).toContain(text);
  });

  it.each([
    ["winter (CET, UTC+1)", "2026-01-15T06:45:00.000Z", "15/01/2026 at 07:45", "14/01/2026 at 07:45"],
    ["summer (CEST, UTC+2)", "2026-08-15T05:45:00.000Z", "15/08/2026 at 07:45", "14/08/2026 at 07:45"],
    ["just after midnight in Paris, still the day before in UTC", "2026-03-09T23:15:00.000Z", "10/03/2026 at 00:15", "09/03/2026 at 00:15"],
  ])("shows times in Paris time, %s", (_when, pickupAt, shown, deadline) => {
    const [t] = bookingEmails({ ...row, roundTrip: false, details: oneWayAt(pickupAt) }, site);
    expect(t!.body).toContain(`Transfer\nPick-up: ${shown} (Paris time)`);
    expect(t!.body).toContain(`cancel before ${deadline} (Paris time)`);
  });

  it("gives the deadline of the booking's page: 24 hours of elapsed time before the first pickup, its column first", () => {
    // 10:00 on the Sunday the clocks go back: free cancellation ends at 11:00 (summer time) the day before.
    const [t] = bookingEmails({ ...row, roundTrip: false, details: oneWayAt("2026-10-25T09:00:00.000Z") }, site);
    expect(t!.body).toContain("For this booking: cancel before 24/10/2026 at 11:00 (Paris time) for a full refund.");
    // The column wins over the details, as on the page; the details stand in when it is empty.
    const column = new Date("2026-08-15T05:45:00.000Z");
    expect(bookingEmails({ ...row, firstPickupAt: column }, site)[0]!.body).toContain("cancel before 14/08/2026 at 07:45 (Paris time)");
    expect(bookingEmails({ ...row, firstPickupAt: null }, site)[0]!.body).toContain("cancel before 30/06/2026 at 07:45 (Paris time)");
  });

  it("reads a leg whose pickup moment is unreadable as details that do not read: the row's columns, and the legs said unread", () => {
    const details = { ...roundTripDetails, legs: [{ ...outboundLeg, pickupAt: "soon", pickupTime: "09:15" }] };
    const [t, b] = bookingEmails({ ...row, roundTrip: false, details }, site);
    expect(t!.body).toContain("Route: Charles de Gaulle Airport (CDG) to Disneyland Paris (one way)");
    expect(t!.body).toContain("Passengers: 2 adults, 1 child, 0 babies");
    expect(t!.body).toContain(UNREAD_LEGS_TRAVELLER);
    expect(t!.body).not.toContain("Pick-up:");
    expect(t!.body).not.toContain("cancel before");
    expect(t!.body).toContain(CANCELLATION_RULE);
    expect(b!.body).toContain(UNREAD_LEGS);
  });

  it.each([
    ["the shuttle", { kind: "shuttle" }, "Service: Shared shuttle"],
    ["an unknown kind", { kind: "limousine" }, "Service: limousine"],
    ["a one-way trip", { roundTrip: false }, "(one way)"],
    ["a price in another currency", { currency: "usd", priceCents: 1234 }, "Price paid: 12.34 USD"],
    ["a price that is not whole cents", { priceCents: 12.5 }, "Price paid: see your payment receipt"],
    ["no names", { firstname: "", lastname: " " }, "Hello traveller,"],
  ] as const)("handles %s", (_what, change, text) => {
    const [t] = bookingEmails({ ...row, ...change }, site);
    expect(t!.body).toContain(text);
  });

  it("keeps subjects and recipients on one line whatever the stored text holds", () => {
    const [t, b] = bookingEmails({ ...row, email: " alice@example.com\r\nBcc: x@y.z", depart: "CDG\r\nX-Evil: 1" }, site);
    for (const m of [t!, b!]) {
      expect(m.subject).not.toMatch(/[\r\n]/);
      expect(m.recipient).not.toMatch(/[\r\n]/);
    }
  });

  it.each(UNREADABLE_DETAILS)(
    "does not throw on details that are %s: it gives the row's columns and says the legs could not be read",
    (_what, details) => {
      const messages = bookingEmails({ ...row, details }, site);
      expect(messages).toHaveLength(2);
      for (const m of messages) {
        expect(m.body).toContain("NV-7K3P2Q");
        expect(m.body).toContain("Route: Charles de Gaulle Airport (CDG) to Disneyland Paris (round trip)");
        expect(m.body).toContain("Passengers: 2 adults, 1 child, 0 babies");
        expect(m.body).not.toContain("undefined");
        expect(m.body).not.toContain("[object Object]");
        expect(m.body).not.toContain("NaN");
      }
      expect(messages[0]!.body).toContain(CONFIRMATION_SENTENCE);
      expect(messages[0]!.body).toContain(CANCELLATION_RULE);
      expect(messages[0]!.body).toContain(UNREAD_LEGS_TRAVELLER);
      expect(messages[1]!.body).toContain("Name: Alice Martin");
      expect(messages[1]!.body).toContain(UNREAD_LEGS);
    },
  );
});

describe("the traveller's confirmation: terminals, meeting points, the voucher and the calendar file", () => {
  it("reads the test's meeting points without a fault", () => expect(pointErrors).toEqual([]));

  it("gives each pickup's terminal and meeting point, the voucher link and the calendar note", () => {
    const [confirmation] = bookingEmails(withTerminals, linked);
    const body = confirmation!.body;
    expect(body).toContain(OUTBOUND_WITH_MEETING_POINT);
    expect(body).toContain(
      [
        "Return",
        "Pick-up: 05/07/2026 at 14:30 (Paris time)",
        "From: Disneyland Paris (Hotel Cheyenne, Avenue de la Fosse des Pressoirs)",
        "To: Orly Airport (ORY) (flight AZ319 to Rome, takeoff 18:00 (Paris time))",
        "Meeting point: Hotel lobby (private)",
      ].join("\n"),
    );
    expect(body).toContain(`Print your voucher: ${MARKER}/voucher`);
    expect(body).toContain("Your calendar file is attached");
    expect(confirmation).toMatchObject({ kind: "traveller_confirmation", calendar: true, manageLink: MARKER });
    expect(voucherUrl(MARKER)).toBe(`${MARKER}/voucher`);
  });

  it("uses the airport's default for a terminal not known yet, and the shuttle's rows for a shuttle", () => {
    const unknown = {
      ...withTerminals,
      kind: "shuttle",
      details: { ...roundTripDetails, legs: [{ ...outboundLeg, pickup: { ...outboundLeg.pickup, terminal: "" } }] },
    };
    const body = bookingEmails(unknown, linked)[0]!.body;
    expect(body).toContain("From: Charles de Gaulle Airport (CDG), Terminal not known yet (flight AF007");
    expect(body).toContain("Meeting point: CDG shuttle default");
  });

  it("leaves out the meeting point without the file, the voucher without a manage link, and the calendar file without readable details", () => {
    const plain = bookingEmails(row, site)[0]!;
    expect(plain.body).not.toContain("Meeting point");
    expect(plain.body).not.toContain("voucher:");
    expect(plain.body).toContain("Your calendar file is attached");
    const noMoment = { ...row, details: { legs: [{ ...outboundLeg, pickupAt: "unreadable" }] } };
    const [confirmation] = bookingEmails(noMoment, linked);
    expect(confirmation!.calendar).toBe(false);
    expect(confirmation!.body).not.toContain("calendar file");
    // A stored terminal shows at an airport only; the old bookings without one read as before.
    expect(bookingEmails(row, linked)[0]!.body).toContain("From: Charles de Gaulle Airport (CDG) (flight AF007");
  });

  it("keeps the business's notification without a calendar file", () => {
    expect(bookingEmails(withTerminals, linked)[1]!.calendar).toBeUndefined();
  });
});
