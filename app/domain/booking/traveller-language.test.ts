import { describe, expect, it } from "vitest";
import { bookingConfirmedEmail, driverAssignedEmail, driverJobEmail, paymentLinkEmail } from "./staff-emails";
import { MEETING_POINTS_HEADER, parseMeetingPoints } from "../meeting-points";
import { formatEuros } from "../money";
import { reminderEmail } from "../manage/reminder-email";
import { manageLinkEmail } from "../manage/traveller-emails";
import { calendarEvents } from "../manage/calendar";
import { bookingEmails } from "./paid-emails";
import { MARKER, row, site } from "./round-trip.fixture";
import { mailWordsIn } from "~/lib/test-support/booking-words";

// A booking made in another language speaks it in every message to its traveller, and only there:
// the business and the drivers read the staff's language (docs/product.md, Languages).

const spanish = { ...row, locale: "es" as const };
const es = mailWordsIn("es");
const linkedSite = { ...site, manageUrl: MARKER };

describe("a booking made in Spanish", () => {
  it("is confirmed to its traveller in Spanish, the price written as Spain writes euros", () => {
    const [traveller] = bookingEmails(spanish, linkedSite);
    expect(traveller!.subject).toBe(es.t("paid.subject", { siteName: site.siteName, orderId: row.orderId }));
    expect(traveller!.body).toContain(es.t("greeting", { name: "Alice Martin" }));
    expect(traveller!.body).toContain(es.t("line.pricePaid", { price: formatEuros(15_950, "es") }));
    expect(traveller!.body).toContain(es.t("cancellation.rule"));
    expect(traveller!.body).toContain(es.t("manage.title"));
    expect(traveller!.body).not.toContain("Thank you for booking");
  });

  it("tells the business of it in English", () => {
    const [, business] = bookingEmails(spanish, linkedSite);
    expect(business!.subject).toMatch(/^New paid booking NV-7K3P2Q: /);
    expect(business!.body).toContain(`Price paid: ${formatEuros(15_950, "en")}`);
    expect(business!.body).toContain("Passengers: 2 adults, 1 child, 0 babies");
  });

  it("gives its driver's job in English and the traveller's driver e-mail in Spanish", () => {
    const driver = { name: "Karim", phone: "+33612345678", email: "karim@navette.example" };
    expect(driverJobEmail(spanish, site, driver).body).toContain("You are assigned to booking NV-7K3P2Q (Private transfer).");
    const assigned = driverAssignedEmail(spanish, linkedSite, driver);
    expect(assigned.subject).toBe(es.t("assigned.subject", { siteName: site.siteName, orderId: row.orderId }));
    expect(assigned.body).toContain(es.t("driver.title"));
  });

  it("writes the staff's confirmation, the payment link and the lost link in Spanish", () => {
    expect(bookingConfirmedEmail(spanish, linkedSite).body).toContain(
      es.t("confirmed.body", { orderId: row.orderId, siteName: site.siteName }),
    );
    expect(paymentLinkEmail(spanish, linkedSite, "https://pay.example/x").body).toContain(
      es.t("paymentLink.body", { siteName: site.siteName, orderId: row.orderId, amount: formatEuros(15_950, "es") }),
    );
    expect(manageLinkEmail(spanish, linkedSite).subject).toBe(
      es.t("manageLink.subject", { siteName: site.siteName, orderId: row.orderId }),
    );
  });
});

describe("a booking made in French", () => {
  const french = { ...row, locale: "fr" as const };
  const fr = mailWordsIn("fr");

  it("gives each pickup's meeting point in French where the file has it, else in English", () => {
    const { points } = parseMeetingPoints(
      [
        `${MEETING_POINTS_HEADER},meeting_point_fr`,
        "CDG,,private,Arrivals hall of your terminal,Hall des arrivées de votre terminal",
        "*,,private,Hotel lobby,",
      ].join("\n"),
    );
    const body = bookingEmails(french, { ...linkedSite, meetingPoints: points })[0]!.body;
    expect(body).toContain(fr.t("line.meetingPoint", { point: "Hall des arrivées de votre terminal" }));
    expect(body).toContain(fr.t("line.meetingPoint", { point: "Hotel lobby" }));
  });

  it("reminds its traveller the day before in French", () => {
    const pickupAt = new Date("2026-07-01T06:30:00Z");
    const message = reminderEmail({
      row: french,
      leg: 1,
      pickupAt,
      site: linkedSite,
      driver: null,
      meetingPoint: null,
      now: new Date("2026-06-30T15:00:00Z"),
    });
    expect(message.subject).toBe(
      fr.t("reminder.subject", { when: "tomorrow", date: "01/07/2026", siteName: site.siteName, orderId: row.orderId }),
    );
    expect(message.body).toContain(fr.t("reminder.driverToCome"));
  });

  it("gives its calendar file's events in French", () => {
    const [event] = calendarEvents(french, {
      manageLink: "https://navette.example/my-booking/x",
      site,
      now: new Date("2026-06-01T00:00:00Z"),
      words: fr,
    });
    expect(event!.description).toContain(fr.t("calendar.booking", { url: "https://navette.example/my-booking/x" }));
    expect(event!.summary).toBe(
      fr.t("calendar.summary", {
        siteName: site.siteName,
        orderId: row.orderId,
        from: "Charles de Gaulle Airport (CDG)",
        to: "Disneyland Paris",
      }),
    );
  });
});
