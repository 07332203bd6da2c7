import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BookingEmailInput, EmailSite } from "../booking/email-frame";
import { parisInstant } from "../booking/paris-time";
import { reminderEmail, reminderWhen, type ReminderInput } from "./reminder-email";
import { ENGLISH_MAIL } from "~/lib/test-support/booking-words";
import { mailWordsIn } from "~/lib/test-support/booking-words";
import { staffLanguage } from "~/lib/email-site.server";

const UNREAD_LEGS_TRAVELLER = ENGLISH_MAIL.t("legs.unread");

const MARKER = "[manage-link:0b7a6c1e-1111-4222-8333-944445555666]";
const site: EmailSite = {
  siteName: "Navette Paris",
  businessEmail: "booking@navette.example",
  words: mailWordsIn,
  staff: staffLanguage("en"),
  phone: "+33 1 99 00 12 34",
  siteUrl: "https://navette.example",
  manageUrl: MARKER,
};

const paris = (year: number, month: number, day: number, hour: number, minute = 0) => parisInstant({ year, month, day, hour, minute });

const OUTBOUND = paris(2026, 10, 25, 7, 45); // the day the clocks go back: 06:45Z
const RETURN = paris(2026, 10, 29, 14, 30);

/** The hotel end of both legs. */
const hotel = {
  place: "Disneyland_Paris",
  kind: "address",
  flightTime: null,
  flightCity: "",
  flightNumber: "",
  hotel: "Hotel Cheyenne",
  hotelId: 12,
  address: "Avenue de la Fosse",
  zip: "77700",
};

/** The details column as the database gives it back (JSON). */
const details = JSON.parse(
  JSON.stringify({
    customer: { lastname: "Martin", firstname: "Alice", email: "alice@example.com", phoneMobile: "+33612345678" },
    legs: [
      {
        leg: 1,
        date: "2026-10-25",
        pickupAt: OUTBOUND,
        pickupTime: null,
        passengers: { adults: 2, children: 1, babies: 0, total: 3 },
        durationMinutes: 60,
        delayDepartMinutes: 30,
        delayArriveMinutes: 120,
        pickup: {
          place: "Charles_de_Gaulle_Airport_(CDG)",
          kind: "flight",
          terminal: "2E",
          flightTime: "07:45",
          flightCity: "New York",
          flightNumber: "AF007",
          hotel: "",
          hotelId: null,
          address: "",
          zip: "",
        },
        dropoff: hotel,
        info: "",
      },
      {
        leg: 2,
        date: "2026-10-29",
        pickupAt: RETURN,
        pickupTime: null,
        passengers: { adults: 2, children: 1, babies: 0, total: 3 },
        durationMinutes: 60,
        delayDepartMinutes: 30,
        delayArriveMinutes: 150,
        pickup: hotel,
        dropoff: {
          place: "Orly_Airport_(ORY)",
          kind: "flight",
          terminal: "",
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
    luggage: { checkIn: 2, cabin: 1, strollerSingle: 0, strollerDouble: 0, info: "" },
  }),
) as unknown;

const row: BookingEmailInput = {
  orderId: "NV-7K3P2Q",
  locale: "en",
  kind: "private",
  roundTrip: true,
  depart: "Charles_de_Gaulle_Airport_(CDG)",
  arrive: "Disneyland_Paris",
  lastname: "Martin",
  firstname: "Alice",
  email: "alice@example.com",
  phone: "+33612345678",
  adults: 2,
  children: 1,
  babies: 0,
  priceCents: 12_000,
  currency: "EUR",
  details,
};

/** The outbound leg's reminder with no driver or meeting point yet, sent at its pickup, with `over` on top. */
const remind = (over: Partial<ReminderInput> = {}) =>
  reminderEmail({ row, leg: 1, pickupAt: OUTBOUND, site, driver: null, meetingPoint: null, now: OUTBOUND, ...over });

describe("reminderEmail", () => {
  it("gives the planned shuttle run's time after the pickup", () => {
    const { body } = remind({ run: { direction: "departure", departsAt: paris(2026, 10, 25, 7, 30) } });
    expect(body).toContain("Pick-up: 25/10/2026 at 07:45 (Paris time)\nShuttle: The shared shuttle picks you up at 07:30 (Paris time).");
  });

  it("says nothing of a run before one is planned", () => {
    expect(remind().body).not.toContain("Shuttle:");
  });

  const outbound = reminderEmail({
    row,
    leg: 1,
    pickupAt: OUTBOUND,
    site,
    driver: { name: "Marc Dubois", phone: "+33645678901" },
    meetingPoint: "Terminal 2E, arrivals hall, exit 8: your driver holds a sign with your name.",
    now: paris(2026, 10, 24, 18, 0),
  });

  it("names the order and 'tomorrow' in its subject, and goes to the traveller", () => {
    expect(outbound.kind).toBe("reminder");
    expect(outbound.leg).toBe(1);
    expect(outbound.recipient).toBe("alice@example.com");
    expect(outbound.subject).toBe("Navette Paris: your transfer tomorrow, booking NV-7K3P2Q");
  });

  it("gives the leg's pickup in Paris time, from and to, the flight, the meeting point, the driver and the phone", () => {
    const body = outbound.body;
    expect(body).toContain("Hello Alice Martin,");
    expect(body).toContain("Your outbound transfer\nPick-up: 25/10/2026 at 07:45 (Paris time)");
    // The ends as the booking e-mails write them (app/domain/booking/booking-lines.ts).
    expect(body).toMatch(/\nFrom: Charles de Gaulle Airport \(CDG\).*flight AF007 from New York, landing 07:45/);
    expect(body).toContain("To: Disneyland Paris (Hotel Cheyenne, Avenue de la Fosse, 77700)");
    expect(body).toContain("Flight: AF007");
    expect(body).toContain("Passengers: 2 adults, 1 child, 0 babies");
    expect(body).toContain("Meeting point\nTerminal 2E, arrivals hall, exit 8: your driver holds a sign with your name.");
    // The driver's phone as people write it, not as stored.
    expect(body).toContain("Your driver\nName: Marc Dubois\nPhone: +33 6 45 67 89 01");
    expect(body).toContain("call us on +33 1 99 00 12 34, quoting your order number NV-7K3P2Q");
    expect(body).not.toContain("AZ319");
  });

  it("holds the manage link's marker, for the outbox to put a fresh link in its place", () => {
    expect(outbound.manageLink).toBe(MARKER);
    expect(outbound.body).toContain(`\n${MARKER}\n`);
    const without = remind({ site: { ...site, manageUrl: undefined } });
    expect(without.manageLink).toBeUndefined();
  });

  it("reminds of the return leg on its own, and says when no driver is assigned yet", () => {
    const back = remind({ leg: 2, pickupAt: RETURN, now: paris(2026, 10, 28, 18, 0) });
    expect(back.leg).toBe(2);
    expect(back.body).toContain("Your return transfer\nPick-up: 29/10/2026 at 14:30 (Paris time)");
    expect(back.body).toMatch(/\nTo: Orly Airport \(ORY\).*flight AZ319 to Rome, takeoff 18:00/);
    expect(back.body).toContain("Flight: AZ319");
    expect(back.body).not.toContain("Meeting point");
    expect(back.body).toContain("Your driver's name and phone number will reach you by e-mail as soon as a driver is assigned.");
  });

  it("marks a test booking's subject, and says 'today' when sent on the pickup's own day", () => {
    const test = remind({ row: { ...row, test: true }, now: paris(2026, 10, 25, 1, 0) });
    expect(test.subject).toBe("[TEST] Navette Paris: your transfer today, booking NV-7K3P2Q");
    expect(test.body).toContain("This is a reminder of your transfer today with Navette Paris.");
  });

  it("says an updated reminder is one, after a test booking's mark", () => {
    expect(remind({ updated: true }).subject).toBe("Updated: Navette Paris: your transfer today, booking NV-7K3P2Q");
    expect(remind({ row: { ...row, test: true }, updated: true }).subject).toMatch(/^\[TEST\] Updated: Navette Paris: your transfer /);
    expect(remind({ updated: true }).body).toBe(remind().body);
  });

  it("reads one-way legs as 'Your transfer', and never throws on odd details", () => {
    const oneWay = remind({ row: { ...row, roundTrip: false } });
    expect(oneWay.body).toContain("Your transfer\nPick-up: 25/10/2026 at 07:45 (Paris time)");
    fc.assert(
      fc.property(fc.anything(), (odd) => {
        const message = remind({ row: { ...row, details: odd } });
        expect(message.body).toContain("Pick-up: 25/10/2026 at 07:45 (Paris time)");
        expect(message.subject).toContain("NV-7K3P2Q");
      }),
    );
  });
});

describe("reminderEmail on details that do not read", () => {
  it("gives the pickup from its column, the route and party from the row's columns, and says the legs could not be read", () => {
    for (const odd of [null, { legs: [] }, { legs: [{ leg: 1, pickupAt: "soon" }] }]) {
      const body = remind({ row: { ...row, details: odd } }).body;
      expect(body).toContain("Your outbound transfer\nPick-up: 25/10/2026 at 07:45 (Paris time)");
      expect(body).toContain("Route: Charles de Gaulle Airport (CDG) to Disneyland Paris (round trip)");
      expect(body).toContain("Passengers: 2 adults, 1 child, 0 babies");
      expect(body).toContain(UNREAD_LEGS_TRAVELLER);
      expect(body).not.toContain("From:");
      expect(body).not.toContain("Flight:");
    }
  });

  it("leaves out the places of a leg the readable details do not hold, as before", () => {
    const oneLeg = JSON.parse(JSON.stringify(details)) as { legs: unknown[] };
    oneLeg.legs = oneLeg.legs.slice(0, 1);
    const body = remind({ row: { ...row, details: oneLeg }, leg: 2, pickupAt: RETURN, now: paris(2026, 10, 28, 18, 0) }).body;
    expect(body).toContain("Your return transfer\nPick-up: 29/10/2026 at 14:30 (Paris time)");
    expect(body).not.toContain("From:");
    expect(body).not.toContain(UNREAD_LEGS_TRAVELLER);
  });
});

describe("reminderWhen", () => {
  it.each([
    // Around midnight, Paris time: the day is the Paris day, not UTC's.
    [paris(2026, 5, 20, 0, 30), paris(2026, 5, 19, 23, 59), "tomorrow", "20/05/2026"],
    [paris(2026, 5, 20, 0, 30), paris(2026, 5, 20, 0, 0), "today", "20/05/2026"],
    [paris(2026, 5, 20, 23, 30), paris(2026, 5, 19, 0, 10), "tomorrow", "20/05/2026"],
    [paris(2026, 3, 29, 10, 0), paris(2026, 3, 28, 18, 0), "tomorrow", "29/03/2026"],
    [paris(2026, 5, 22, 10, 0), paris(2026, 5, 19, 18, 0), "on", "22/05/2026"],
  ])("pickup %s, sent %s → %s %s", (pickup, now, when, date) => {
    expect(reminderWhen(pickup, now)).toEqual({ when, date });
  });
});
