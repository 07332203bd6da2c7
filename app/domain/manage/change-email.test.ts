import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EmailSite } from "../booking/email-frame";
import { driverJobEmail } from "../booking/staff-emails";
import { bookingChangedEmail, changeLines, driverChangedJobEmail, type ChangedRow } from "./change-email";
import type { Change, ChangeField } from "./change-description";
import { mailWordsIn } from "~/lib/test-support/booking-words";
import { staffLanguage } from "~/lib/email-site.server";
import { adminWordsIn } from "~/lib/test-support/admin-words";

const en = adminWordsIn("en");

const site: EmailSite = {
  siteName: "Navette Paris",
  businessEmail: "office@navette.example",
  words: mailWordsIn,
  staff: staffLanguage("en"),
  phone: "+33 1 23 45 67 89",
  siteUrl: "https://navette.example",
  manageUrl: "[manage-link:marker]",
};

const end = (over: Record<string, unknown>) => ({
  place: "Charles de Gaulle Airport (CDG)",
  kind: "flight",
  flightTime: "10:15",
  flightCity: "New York",
  flightNumber: "AF008",
  hotel: "",
  hotelId: null,
  address: "",
  zip: "",
  ...over,
});

const row: ChangedRow = {
  orderId: "NV-ABC234",
  locale: "en",
  kind: "shuttle",
  roundTrip: true,
  depart: "Charles de Gaulle Airport (CDG)",
  arrive: "Disneyland Paris",
  lastname: "Martin",
  firstname: "Claire",
  email: "claire@example.com",
  phone: "+33612345678",
  adults: 2,
  children: 0,
  babies: 0,
  priceCents: 8000,
  currency: "EUR",
  test: false,
  firstPickupAt: new Date("2026-05-20T08:15:00Z"),
  details: {
    customer: { lastname: "Martin", firstname: "Claire", email: "claire@example.com", phoneMobile: "+33612345678" },
    luggage: { checkIn: 2, cabin: 1, strollerSingle: 0, strollerDouble: 0, info: "" },
    legs: [
      {
        leg: 1,
        date: "2026-05-20",
        pickupAt: "2026-05-20T08:15:00.000Z",
        pickupTime: null,
        passengers: { adults: 2, children: 0, babies: 0 },
        durationMinutes: 45,
        delayDepartMinutes: 30,
        delayArriveMinutes: 120,
        pickup: end({}),
        dropoff: end({
          place: "Disneyland Paris",
          kind: "address",
          flightTime: null,
          flightCity: "",
          flightNumber: "",
          hotel: "Disneyland Hotel",
          address: "Rue de la Marnière",
          zip: "77700",
        }),
        info: "",
      },
    ],
  },
};

/** The field of each change these tests make, by its English words. */
const FIELDS: Readonly<Record<string, ChangeField>> = {
  "mobile phone": "phone",
  "pick-up flight number": "pu.flightNumber",
  "drop-off take-off time": "drop.flightTime",
  "pick-up landing time": "pu.flightTime",
  "pick-up hotel": "pu.hotel",
  note: "note",
};

const change = (leg: 1 | 2 | null, what: string, before: string, after: string, forDriver = false): Change => ({
  leg,
  what,
  field: FIELDS[what]!,
  before,
  after,
  forDriver,
  movesPickup: what.endsWith("time"),
});

const CHANGES: Change[] = [
  change(null, "mobile phone", "+33612345678", "+447700900123"),
  change(1, "pick-up flight number", "AF007", "AF008"),
  change(2, "drop-off take-off time", "18:00", "19:30", true),
  change(1, "note", "Child seat", ""),
];

describe("changeLines", () => {
  it("groups the changes by leg, then contact and luggage, old → new", () => {
    expect(changeLines(CHANGES, true, en)).toEqual([
      "Outbound (leg 1)",
      "  Pick-up flight number: AF007 → AF008",
      "  Note: Child seat → (none)",
      "",
      "Return (leg 2)",
      "  Drop-off take-off time: 18:00 → 19:30",
      "",
      "Contact and luggage",
      "  Mobile phone: +33612345678 → +447700900123",
    ]);
  });

  it("names a one-way booking's leg 'Transfer'", () => {
    expect(changeLines([change(1, "pick-up flight number", "A", "B")], false, en)).toEqual(["Transfer", "  Pick-up flight number: A → B"]);
  });

  it("gives one line per change, each on one line whatever the values (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ leg: fc.constantFrom(1 as const, 2 as const, null), before: fc.string(), after: fc.string() }), {
          maxLength: 8,
        }),
        (list) => {
          const changes = list.map((c) => change(c.leg, "note", c.before, c.after));
          const lines = changeLines(changes, true, en);
          expect(lines.filter((l) => l.startsWith("  "))).toHaveLength(changes.length);
          for (const l of lines) expect(l).not.toMatch(/[\r\n]/);
        },
      ),
    );
  });
});

describe("bookingChangedEmail", () => {
  it("tells the business what changed, old → new, and whether the driver was told", () => {
    const mail = bookingChangedEmail(row, site, CHANGES, [{ driver: { name: "Karim Benali", phone: "+33698765432" }, told: true }]);
    expect(mail.kind).toBe("booking_changed");
    expect(mail.recipient).toBe("office@navette.example");
    expect(mail.subject).toBe("Booking NV-ABC234 changed by the traveller: Charles de Gaulle Airport (CDG) to Disneyland Paris");
    expect(mail.body).toContain("  Pick-up flight number: AF007 → AF008");
    expect(mail.body).toContain("First pick-up: 20/05/2026 10:15 (Paris time)");
    expect(mail.body).toContain("The driver, Karim Benali, is e-mailed the job as it is now.");
    expect(mail.body).toContain("https://navette.example/admin/bookings/NV-ABC234");
    expect(mail.body).not.toContain(site.manageUrl!);
  });

  it.each([
    [[], "No driver is assigned yet."],
    [
      [{ driver: { name: "Karim", phone: "+33698765432" }, told: false }],
      "The driver, Karim, is not e-mailed: nothing the driver needs changed.",
    ],
  ])("says so when the driver is not told (%o)", (notices, words) => {
    expect(bookingChangedEmail(row, site, CHANGES, notices).body).toContain(words);
  });

  it("names each leg's driver and whether each is told", () => {
    const body = bookingChangedEmail(row, site, CHANGES, [
      { driver: { name: "Karim", phone: "+33698765432" }, told: true },
      { driver: { name: "Marc", phone: "+33611223344" }, told: false },
    ]).body;
    expect(body).toContain("The driver, Karim, is e-mailed the job as it is now.\nThe driver, Marc, is not e-mailed");
  });

  it("marks a test booking's subject", () => {
    expect(bookingChangedEmail({ ...row, test: true }, site, CHANGES, []).subject).toMatch(/^\[TEST\] Booking NV-ABC234 changed/);
  });
});

describe("driverChangedJobEmail", () => {
  const driver = { name: "Karim Benali", phone: "+33698765432", email: "karim@drivers.example" };

  it("sends the driver what changed, then the job as it is now", () => {
    const mail = driverChangedJobEmail(row, site, driver, CHANGES);
    expect(mail.kind).toBe("driver_job");
    expect(mail.recipient).toBe("karim@drivers.example");
    expect(mail.subject).toMatch(/^Job NV-ABC234 changed: Charles de Gaulle Airport \(CDG\) to Disneyland Paris/);
    expect(mail.body).toMatch(/^Hello Karim Benali,\n\nThe traveller changed booking NV-ABC234\. What changed \(old → new\):/);
    expect(mail.body).toContain("  Drop-off take-off time: 18:00 → 19:30");
    expect(mail.body).toContain("The job as it is now:");
    expect(mail.body).toContain("AF008");
    expect(mail.body.match(/Hello/g)).toHaveLength(1);
  });

  it("gives the job as the job e-mail does, after its greeting, under the job's own subject", () => {
    const mail = driverChangedJobEmail(row, site, driver, CHANGES);
    const job = driverJobEmail(row, site, driver);
    expect(mail.body.endsWith(`\n\nThe job as it is now:\n\n${job.body.slice(job.body.indexOf("\n\n") + 2)}`)).toBe(true);
    expect(mail.subject).toBe(job.subject.replace(`Job ${row.orderId}:`, `Job ${row.orderId} changed:`));
  });

  it("marks a test booking's subject", () => {
    expect(driverChangedJobEmail({ ...row, test: true }, site, driver, CHANGES).subject).toMatch(/^\[TEST\] Job NV-ABC234 changed:/);
  });
});
