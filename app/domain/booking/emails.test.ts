import { describe, expect, it } from "vitest";
import {
  CANCELLATION_RULE,
  CONFIRMATION_SENTENCE,
  bookingCancelledEmail,
  bookingConfirmedEmail,
  bookingEmails,
  bookingRefundedEmail,
  bookingSummary,
  driverAssignedEmail,
  driverJobCancelledEmail,
  driverJobEmail,
  meetingPointOfLeg,
  paymentLinkEmail,
  travellerLegs,
  voucherUrl,
  type BookingEmailInput,
  type EmailSite,
} from "./emails";
import { MEETING_POINTS_HEADER, parseMeetingPoints } from "../meeting-points";

const site: EmailSite = {
  siteName: "Navette Paris",
  businessEmail: "booking@navette.example",
  phone: "+33 1 99 00 12 34",
  siteUrl: "https://navette.example",
};

/** The details column as it comes back from the database: JSON, so Dates are ISO strings. */
const roundTripDetails = JSON.parse(
  JSON.stringify({
    customer: {
      lastname: "Martin",
      firstname: "Alice",
      email: "alice@example.com",
      phoneMobile: "+33 6 12 34 56 78",
      address: "1 rue de Rivoli",
      postcode: "75001",
      city: "Paris",
      country: "France",
      phoneCountryCode: "fr",
    },
    legs: [
      {
        leg: 1,
        date: "2026-07-01",
        // 07:45 in Paris (CEST, UTC+2): the flight's landing.
        pickupAt: new Date("2026-07-01T05:45:00.000Z"),
        pickupTime: null,
        passengers: { adults: 2, children: 1, babies: 0, total: 3 },
        durationMinutes: 60,
        delayDepartMinutes: 30,
        delayArriveMinutes: 120,
        pickup: {
          place: "Charles de Gaulle Airport (CDG)",
          kind: "flight",
          flightTime: "07:45",
          flightCity: "New York",
          flightNumber: "AF007",
          hotel: "",
          hotelId: null,
          address: "",
          zip: "",
        },
        dropoff: {
          place: "Disneyland Paris",
          kind: "address",
          flightTime: null,
          flightCity: "",
          flightNumber: "",
          hotel: "Hotel Cheyenne",
          hotelId: 12,
          address: "Avenue de la Fosse des Pressoirs",
          zip: "77700",
        },
        info: "Child seat please.\n\n-- Passengers and luggage --\nPassengers: 2 adults, 1 child, 0 babies.",
      },
      {
        leg: 2,
        date: "2026-07-05",
        // 14:30 in Paris; the drop-off is a flight taking off at 18:00.
        pickupAt: new Date("2026-07-05T12:30:00.000Z"),
        pickupTime: null,
        passengers: { adults: 2, children: 1, babies: 1, total: 4 },
        durationMinutes: 60,
        delayDepartMinutes: 30,
        delayArriveMinutes: 150,
        pickup: {
          place: "Disneyland Paris",
          kind: "address",
          flightTime: null,
          flightCity: "",
          flightNumber: "",
          hotel: "Hotel Cheyenne",
          hotelId: 12,
          address: "Avenue de la Fosse des Pressoirs",
          zip: "77700",
        },
        dropoff: {
          place: "Orly Airport (ORY)",
          kind: "flight",
          flightTime: "18:00",
          flightCity: "Rome",
          flightNumber: "AZ319",
          hotel: "",
          hotelId: null,
          address: "",
          zip: "",
        },
        info: "",
      },
    ],
    luggage: { checkIn: 3, cabin: 2, strollerSingle: 1, strollerDouble: 0, info: "One surfboard." },
    fields: { lastname: "Martin" },
  }),
) as unknown;

const row: BookingEmailInput = {
  orderId: "NV-7K3P2Q",
  kind: "private",
  roundTrip: true,
  depart: "Charles_de_Gaulle_Airport_(CDG)",
  arrive: "Disneyland_Paris",
  lastname: "Martin",
  firstname: "Alice",
  email: "alice@example.com",
  phone: "+33 6 12 34 56 78",
  adults: 2,
  children: 1,
  babies: 0,
  priceCents: 15_950,
  currency: "EUR",
  details: roundTripDetails,
};

const [traveller, business] = bookingEmails(row, site);

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
    const details = { legs: [{ leg: 1, date: pickupAt.slice(0, 10), pickupAt, pickupTime: null, pickup: {}, dropoff: {} }] };
    const [t] = bookingEmails({ ...row, roundTrip: false, details }, site);
    expect(t!.body).toContain(`Transfer\nPick-up: ${shown} (Paris time)`);
    expect(t!.body).toContain(`cancel before ${deadline} (Paris time)`);
  });

  it("gives the deadline of the booking's page: 24 hours of elapsed time before the first pickup, its column first", () => {
    // 10:00 on the Sunday the clocks go back: free cancellation ends at 11:00 (summer time) the day before.
    const autumn = { legs: [{ leg: 1, date: "2026-10-25", pickupAt: "2026-10-25T09:00:00.000Z", pickup: {}, dropoff: {} }] };
    const [t] = bookingEmails({ ...row, roundTrip: false, details: autumn }, site);
    expect(t!.body).toContain("For this booking: cancel before 24/10/2026 at 11:00 (Paris time) for a full refund.");
    // The column wins over the details, as on the page; the details stand in when it is empty.
    const column = new Date("2026-08-15T05:45:00.000Z");
    expect(bookingEmails({ ...row, firstPickupAt: column }, site)[0]!.body).toContain("cancel before 14/08/2026 at 07:45 (Paris time)");
    expect(bookingEmails({ ...row, firstPickupAt: null }, site)[0]!.body).toContain("cancel before 30/06/2026 at 07:45 (Paris time)");
  });

  it("falls back on the leg's date and given pickup time when the moment is unreadable", () => {
    const details = {
      legs: [
        { leg: 1, date: "2026-05-12", pickupAt: "soon", pickupTime: "09:15", pickup: { place: "Paris", kind: "address" }, dropoff: {} },
      ],
    };
    const [t] = bookingEmails({ ...row, roundTrip: false, details }, site);
    expect(t!.body).toContain("Pick-up: 12/05/2026 at 09:15 (Paris time)");
    expect(t!.body).not.toContain("cancel before");
    expect(t!.body).toContain(CANCELLATION_RULE);
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

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["a number", 42],
    ["a string", "legs"],
    ["an array", [1, 2]],
    ["an empty object", {}],
    ["legs that are not a list", { legs: "two" }],
    ["legs that are not objects", { legs: [null, 3, "x", []] }],
    [
      "legs of the wrong types",
      { legs: [{ leg: "1", date: 20260101, pickupAt: 5, pickupTime: 915, passengers: "2", pickup: [], dropoff: "CDG", info: {} }] },
    ],
    [
      "an unparseable date string",
      { legs: [{ date: "tomorrow", pickupAt: "not-a-date", pickup: { kind: "flight", flightTime: "late" } }] },
    ],
    ["luggage of the wrong types", { luggage: { checkIn: -1, cabin: 1.5, strollerSingle: "2", strollerDouble: null, info: 7 } }],
    ["a customer that is a list", { customer: ["Alice"] }],
    [
      "deeply odd values",
      { customer: { address: { nested: true }, city: Symbol.for("x").description }, legs: [{ pickup: { place: ["CDG"] } }] },
    ],
  ])("does not throw on details that are %s", (_what, details) => {
    const messages = bookingEmails({ ...row, details }, site);
    expect(messages).toHaveLength(2);
    for (const m of messages) {
      expect(m.body).toContain("NV-7K3P2Q");
      expect(m.body).not.toContain("undefined");
      expect(m.body).not.toContain("[object Object]");
      expect(m.body).not.toContain("NaN");
    }
    expect(messages[0]!.body).toContain(CONFIRMATION_SENTENCE);
    expect(messages[0]!.body).toContain(CANCELLATION_RULE);
  });
});

describe("the back office's e-mails", () => {
  const driver = { name: "Karim Benali", phone: "+33 6 98 76 54 32", email: "karim@drivers.example" };

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
    expect(bookingConfirmedEmail(row, site, driver).body).toContain("Your driver\nName: Karim Benali\nPhone: +33 6 98 76 54 32");
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

  it("never throws on oddly shaped details, and keeps subjects on one line", () => {
    const odd = { ...row, orderId: "NV-AAAAAA\r\nBcc: x@y", details: { legs: [null, 3, { pickup: 5 }] } };
    for (const message of [bookingConfirmedEmail(odd, site), driverJobEmail(odd, site, driver), bookingCancelledEmail(odd, site, 100)]) {
      expect(message.subject).not.toMatch(/[\r\n]/);
    }
  });
});

describe("bookingSummary", () => {
  it("lists each leg's moment, both ends in full, the party and notes, the luggage and the postal address", () => {
    const summary = bookingSummary(row);
    expect(summary.legs.map((l) => [l.title, l.pickupAt, l.from, l.to, l.passengers])).toEqual([
      [
        "Outbound (leg 1)",
        "2026-07-01T05:45:00.000Z",
        "Charles de Gaulle Airport (CDG) (flight AF007 from New York, landing 07:45 (Paris time))",
        "Disneyland Paris (Hotel Cheyenne, Avenue de la Fosse des Pressoirs, 77700)",
        "2 adults, 1 child, 0 babies",
      ],
      [
        "Return (leg 2)",
        "2026-07-05T12:30:00.000Z",
        "Disneyland Paris (Hotel Cheyenne, Avenue de la Fosse des Pressoirs, 77700)",
        "Orly Airport (ORY) (flight AZ319 to Rome, takeoff 18:00 (Paris time))",
        "2 adults, 1 child, 1 baby",
      ],
    ]);
    expect(summary.legs[0]!.notes).toContain("Child seat please.");
    expect(summary.luggage).toBe("3 check-in, 2 cabin, 1 single stroller, 0 double strollers");
    expect(summary.luggageNote).toBe("One surfboard.");
    expect(summary.address).toBe("1 rue de Rivoli, 75001 Paris, France");
    expect(bookingSummary({ roundTrip: false, details: "nonsense" })).toEqual({ legs: [], luggage: null, luggageNote: "", address: null });
  });
});

describe("terminals, meeting points, the voucher and the calendar file", () => {
  const { points, errors } = parseMeetingPoints(
    [
      MEETING_POINTS_HEADER,
      "CDG,,shuttle,CDG shuttle default",
      "CDG,,private,Arrivals hall of your terminal",
      'CDG,2E,private,"Terminal 2E, exit 8: your driver holds a sign with your name"',
      "ORY,,private,ORY private default",
      "BVA,,shuttle,BVA shuttle default",
      "BVA,,private,BVA private default",
      "*,,shuttle,Hotel lobby (shuttle)",
      "*,,private,Hotel lobby (private)",
    ].join("\n"),
  );
  const MARKER = "[manage-link:0b7f0c1e-3f7e-4c55-9a43-1d2c6f0e9a11]";
  const details = roundTripDetails as { legs: Array<{ pickup: object; dropoff: object }> };
  const withTerminals = {
    ...row,
    details: {
      ...details,
      legs: [
        { ...details.legs[0], pickup: { ...details.legs[0]!.pickup, terminal: "2E" } },
        { ...details.legs[1], dropoff: { ...details.legs[1]!.dropoff, terminal: "" } },
      ],
    },
  };
  const linked: EmailSite = { ...site, manageUrl: MARKER, meetingPoints: points };
  /** The outbound leg as the traveller's messages give it, with its terminal and meeting point. */
  const OUTBOUND_WITH_MEETING_POINT = [
    "Outbound",
    "Pick-up: 01/07/2026 at 07:45 (Paris time)",
    "From: Charles de Gaulle Airport (CDG), Terminal 2E (flight AF007 from New York, landing 07:45 (Paris time))",
    "To: Disneyland Paris (Hotel Cheyenne, Avenue de la Fosse des Pressoirs)",
    "Meeting point: Terminal 2E, exit 8: your driver holds a sign with your name",
  ].join("\n");

  it("reads the test's meeting points without a fault", () => expect(errors).toEqual([]));

  it("gives each pickup's terminal and meeting point, the voucher link and the calendar note in the traveller's confirmation", () => {
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

  it("gives the same lines in staff's confirmation, which carries the calendar file too", () => {
    const m = bookingConfirmedEmail(withTerminals, linked);
    expect(m.calendar).toBe(true);
    expect(m.body).toContain("From: Charles de Gaulle Airport (CDG), Terminal 2E (flight AF007");
    expect(m.body).toContain("Meeting point: Terminal 2E, exit 8: your driver holds a sign with your name");
    expect(m.body).toContain("Meeting point: Hotel lobby (private)");
    expect(m.body).toContain(`Print your voucher: ${MARKER}/voucher`);
    expect(m.body).toContain("Your calendar file is attached");
  });

  it("uses the airport's default for a terminal not known yet, and the shuttle's rows for a shuttle", () => {
    const unknown = {
      ...withTerminals,
      kind: "shuttle",
      details: { ...details, legs: [{ ...details.legs[0], pickup: { ...details.legs[0]!.pickup, terminal: "" } }] },
    };
    const body = bookingEmails(unknown, linked)[0]!.body;
    expect(body).toContain("From: Charles de Gaulle Airport (CDG), Terminal not known yet (flight AF007");
    expect(body).toContain("Meeting point: CDG shuttle default");
  });

  it("leaves out the meeting point without the file, the voucher without a manage link, and the calendar note without a pickup moment", () => {
    const plain = bookingEmails(row, site)[0]!;
    expect(plain.body).not.toContain("Meeting point");
    expect(plain.body).not.toContain("voucher:");
    expect(plain.body).toContain("Your calendar file is attached");
    const noMoment = { ...row, details: { legs: [{ ...details.legs[0], pickupAt: "unreadable" }] } };
    const [confirmation] = bookingEmails(noMoment, linked);
    expect(confirmation!.calendar).toBe(false);
    expect(confirmation!.body).not.toContain("calendar file");
    expect(bookingConfirmedEmail(noMoment, linked).calendar).toBe(false);
    // A stored terminal shows at an airport only; the old bookings without one read as before.
    expect(bookingEmails(row, linked)[0]!.body).toContain("From: Charles de Gaulle Airport (CDG) (flight AF007");
  });

  it("keeps the other messages as they were: no calendar, no voucher line", () => {
    for (const m of [bookingCancelledEmail(withTerminals, linked, 100), paymentLinkEmail(withTerminals, linked, "https://pay.example/x")]) {
      expect(m.calendar).toBeUndefined();
      expect(m.body).not.toContain("voucher:");
    }
    expect(bookingCancelledEmail(withTerminals, linked, 100).body).not.toContain("Meeting point");
    expect(bookingEmails(withTerminals, linked)[1]!.calendar).toBeUndefined();
  });

  it("gives each leg's meeting point in the payment link's e-mail, as the confirmation does", () => {
    const body = paymentLinkEmail(withTerminals, linked, "https://pay.example/x").body;
    expect(body).toContain(OUTBOUND_WITH_MEETING_POINT);
    expect(body).toContain("Meeting point: Hotel lobby (private)");
    expect(paymentLinkEmail(withTerminals, site, "https://pay.example/x").body).not.toContain("Meeting point");
  });

  it("reads the legs for the voucher and the calendar: when, where, flight, terminal, party, meeting point", () => {
    const legs = travellerLegs(withTerminals, points);
    expect(legs).toHaveLength(2);
    expect(legs[0]).toMatchObject({
      number: 1,
      title: "Outbound",
      when: "01/07/2026 at 07:45 (Paris time)",
      from: "Charles de Gaulle Airport (CDG), Terminal 2E",
      to: "Disneyland Paris",
      flight: "AF007 from New York, landing 07:45 (Paris time)",
      terminal: "Terminal 2E",
      passengers: "2 adults, 1 child, 0 babies",
      meetingPoint: "Terminal 2E, exit 8: your driver holds a sign with your name",
      pickupIsFlight: true,
    });
    expect(legs[0]!.pickupAt?.toISOString()).toBe("2026-07-01T05:45:00.000Z");
    expect(legs[1]).toMatchObject({
      title: "Return",
      from: "Disneyland Paris",
      to: "Orly Airport (ORY)",
      flight: "AZ319 to Rome, takeoff 18:00 (Paris time)",
      terminal: null,
      meetingPoint: "Hotel lobby (private)",
      pickupIsFlight: false,
    });
    expect(travellerLegs({ kind: "private", roundTrip: false, details: "nonsense" })).toEqual([]);
    // A drop-off's terminal shows when one is stored; the form asks only for the pickup's.
    const dropTerminal = {
      ...withTerminals,
      details: { legs: [{ ...details.legs[1], dropoff: { ...details.legs[1]!.dropoff, terminal: "3" } }] },
    };
    expect(travellerLegs(dropTerminal, points)[0]!.to).toBe("Orly Airport (ORY), Terminal 3");
  });

  // One rule for every page and message that names a leg's meeting point.
  it.each([
    ["private", 1, "Terminal 2E, exit 8: your driver holds a sign with your name"],
    ["private", 2, "Hotel lobby (private)"],
    ["shuttle", 1, "CDG shuttle default"],
    ["shuttle", 2, "Hotel lobby (shuttle)"],
    // A kind that is no service gets none, rather than another service's.
    ["minibus", 1, ""],
    ["", 2, ""],
    // No such leg.
    ["private", 3, ""],
  ])("meetingPointOfLeg: a %j booking's leg %i meets at %j", (kind, leg, expected) => {
    expect(meetingPointOfLeg({ ...withTerminals, kind }, leg, points)).toBe(expected);
  });

  it("meetingPointOfLeg agrees with the voucher's legs, and gives none without the file or a pickup place", () => {
    for (const kind of ["private", "shuttle", "minibus"]) {
      const legs = travellerLegs({ ...withTerminals, kind }, points);
      expect(legs.map((l) => meetingPointOfLeg({ ...withTerminals, kind }, l.number, points))).toEqual(legs.map((l) => l.meetingPoint));
    }
    expect(meetingPointOfLeg(withTerminals, 1, undefined)).toBe("");
    expect(meetingPointOfLeg(withTerminals, 1, null)).toBe("");
    const noPlace = { ...withTerminals, details: { legs: [{ ...details.legs[0], pickup: { kind: "flight" } }] } };
    expect(meetingPointOfLeg(noPlace, 1, points)).toBe("");
    expect(meetingPointOfLeg({ kind: "private", details: "nonsense" }, 1, points)).toBe("");
  });
});
