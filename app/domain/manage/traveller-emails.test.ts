import { describe, expect, it } from "vitest";
import { UNREAD_LEGS } from "../booking/booking-lines";
import type { BookingEmailInput, EmailSite } from "../booking/email-frame";
import { manageLinkEmail, travellerCancelledEmail } from "./traveller-emails";
import { mailWordsIn } from "~/lib/test-support/booking-words";
import { staffLanguage } from "~/lib/email-site.server";

const site: EmailSite & { manageUrl: string } = {
  siteName: "Navette Paris",
  businessEmail: "booking@navette.example",
  words: mailWordsIn,
  staff: staffLanguage("en"),
  phone: "+33 1 99 00 12 34",
  siteUrl: "https://navette.example",
  manageUrl: "[manage-link:test-marker]",
};

/** Charles de Gaulle, with the flight `flightNumber` from or to London at `flightTime`. */
const airport = (flightNumber: string, flightTime: string) => ({
  place: "Charles_de_Gaulle_Airport_(CDG)",
  kind: "flight",
  flightTime,
  flightCity: "London",
  flightNumber,
  hotel: "",
  hotelId: null,
  address: "",
  zip: "",
});
const HOTEL = {
  place: "Disneyland_Paris",
  kind: "address",
  flightTime: null,
  flightCity: "",
  flightNumber: "",
  hotel: "Disneyland Hotel",
  hotelId: null,
  address: "",
  zip: "77700",
};
/** What both legs hold besides their day, moment and ends. */
const LEG = {
  pickupTime: null,
  passengers: { adults: 2, children: 1, babies: 0 },
  durationMinutes: 45,
  delayDepartMinutes: 30,
  delayArriveMinutes: 120,
  info: "",
};

const row: BookingEmailInput = {
  orderId: "NV-7K3M9Q",
  locale: "en",
  kind: "private",
  roundTrip: true,
  depart: "Charles_de_Gaulle_Airport_(CDG)",
  arrive: "Disneyland_Paris",
  lastname: "Martin",
  firstname: "Claire",
  email: " claire@example.com ",
  phone: "+33 6 12 34 56 78",
  adults: 2,
  children: 1,
  babies: 0,
  priceCents: 12_000,
  currency: "EUR",
  details: {
    customer: { lastname: "Martin", firstname: "Claire", email: "claire@example.com", phoneMobile: "+33 6 12 34 56 78" },
    legs: [
      {
        ...LEG,
        leg: 1,
        date: "2026-05-20",
        pickupAt: "2026-05-20T08:00:00.000Z",
        pickup: airport("BA304", "10:00"),
        dropoff: HOTEL,
      },
      {
        ...LEG,
        leg: 2,
        date: "2026-05-24",
        pickupAt: "2026-05-24T07:00:00.000Z",
        pickup: HOTEL,
        dropoff: airport("BA305", "13:00"),
      },
    ],
    luggage: { checkIn: 2, cabin: 1, strollerSingle: 0, strollerDouble: 0, info: "" },
  },
};

describe("manageLinkEmail", () => {
  it("goes to the booking's own address with the link's marker, the order and what to do if it was not asked for", () => {
    const mail = manageLinkEmail(row, site);
    expect(mail).toMatchObject({
      kind: "manage_link",
      recipient: "claire@example.com",
      subject: "Navette Paris: the link to your booking NV-7K3M9Q",
      manageLink: site.manageUrl,
    });
    expect(mail.body).toContain("Hello Claire Martin,");
    expect(mail.body).toContain(
      "You asked for the link to your booking NV-7K3M9Q with Navette Paris (Charles de Gaulle Airport (CDG) to Disneyland Paris (round trip) on 20/05/2026 10:00, Paris time).",
    );
    expect(mail.body).toContain(`\n${site.manageUrl}\n`);
    expect(mail.body).toContain("If you did not ask for this link, you can ignore this e-mail");
    expect(mail.body).toContain("Call us on +33 1 99 00 12 34");
  });

  it("marks a test booking's subject", () => {
    expect(manageLinkEmail({ ...row, test: true }, site).subject).toBe("[TEST] Navette Paris: the link to your booking NV-7K3M9Q");
  });
});

describe("travellerCancelledEmail", () => {
  const at = new Date("2026-05-17T09:30:00Z");

  it("tells the business who cancelled, when, the refund, the driver, and the booking", () => {
    const mail = travellerCancelledEmail(row, site, { at, refundedCents: 12_000, provider: "stripe", drivers: [{ name: "Karim Benali" }] });
    expect(mail).toMatchObject({
      kind: "traveller_cancelled",
      recipient: "booking@navette.example",
      subject: "Booking NV-7K3M9Q cancelled by the traveller: Charles de Gaulle Airport (CDG) to Disneyland Paris on 20/05/2026 10:00",
    });
    expect(mail.manageLink).toBeUndefined();
    expect(mail.body).not.toContain(site.manageUrl);
    const lines = mail.body.split("\n");
    expect(lines[0]).toBe("The traveller cancelled booking NV-7K3M9Q on its page on Navette Paris, on 17/05/2026 11:30 (Paris time).");
    expect(lines).toContain("Refunded in full: 120,00\u00a0€ through Stripe.");
    expect(lines).toContain("Driver: Karim Benali was assigned and is e-mailed that the job is cancelled.");
    expect(lines).toContain("Name: Claire Martin");
    expect(lines).toContain("E-mail: claire@example.com");
    expect(lines).toContain("Passengers: 2 adults, 1 child, 0 babies");
    expect(lines).toContain("Outbound (leg 1)");
    expect(lines).toContain("Pick-up: 20/05/2026 10:00 (Paris time)");
    expect(lines).toContain("Return (leg 2)");
    expect(lines).toContain("Pick-up: 24/05/2026 09:00 (Paris time)");
  });

  it("says when nothing was paid, no driver was assigned, and the sandbox moved no money", () => {
    const unpaid = travellerCancelledEmail(row, site, { at, refundedCents: 0, provider: null, drivers: [] });
    expect(unpaid.body).toContain("Nothing was paid, so nothing is refunded.");
    expect(unpaid.body).toContain("Driver: none was assigned.");
    const sandbox = travellerCancelledEmail({ ...row, test: true }, site, {
      at,
      refundedCents: 12_000,
      provider: "sandbox",
      drivers: [],
    });
    expect(sandbox.body).toContain("through the sandbox (a test payment: no money moved).");
    expect(sandbox.subject.startsWith("[TEST] Booking NV-7K3M9Q cancelled by the traveller")).toBe(true);
  });

  it("names both drivers of a round trip driven by two, each told the job is cancelled", () => {
    const mail = travellerCancelledEmail(row, site, {
      at,
      refundedCents: 0,
      provider: null,
      drivers: [{ name: "Jean Dupont" }, { name: "Marc Petit" }],
    });
    expect(mail.body.split("\n")).toContain(
      "Drivers: Jean Dupont and Marc Petit were assigned and are e-mailed that the job is cancelled.",
    );
  });

  it("never breaks a line with what the traveller typed", () => {
    const mail = travellerCancelledEmail({ ...row, firstname: "Claire\nSubject: x", details: "not json" }, site, {
      at,
      refundedCents: 0,
      provider: null,
      drivers: [],
    });
    expect(mail.body).toContain("Name: Claire Subject: x Martin");
    expect(mail.subject).not.toContain("\n");
  });

  it("gives the row's columns on details that do not read, and says the legs could not be read", () => {
    const mail = travellerCancelledEmail({ ...row, details: { legs: [{ leg: 1 }] } }, site, {
      at,
      refundedCents: 0,
      provider: null,
      drivers: [],
    });
    expect(mail.subject).toBe("Booking NV-7K3M9Q cancelled by the traveller: Charles de Gaulle Airport (CDG) to Disneyland Paris");
    expect(mail.body).toContain("Route: Charles de Gaulle Airport (CDG) to Disneyland Paris (round trip)");
    expect(mail.body).toContain("Passengers: 2 adults, 1 child, 0 babies");
    expect(mail.body).toContain(UNREAD_LEGS);
    expect(mail.body).not.toContain("Pick-up:");
  });
});
