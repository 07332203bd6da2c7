import { describe, expect, it } from "vitest";
import { bookingEmails } from "./paid-emails";
import { row, site } from "./round-trip.fixture";
import { driverJobCancelledEmail, driverJobEmail } from "./staff-emails";
import { bookingChangedEmail, driverChangedJobEmail } from "../manage/change-email";
import type { Change } from "../manage/change-description";
import { travellerCancelledEmail } from "../manage/traveller-emails";
import { landingChangedDriverEmail } from "../flights/landing-emails";
import { driverLinkEmail } from "../driver-day/link-email";
import { readStoredDetails } from "./model";
import { staffLanguage } from "~/lib/email-site.server";

/**
 * The business's and the drivers' e-mails speak the staff's language (STAFF_LANGUAGE), whatever
 * the booking's: a Spanish traveller's booking reaches a French office in French.
 */
const french = { ...site, staff: staffLanguage("fr") };
const spanishBooking = { ...row, locale: "es" as const };
const driver = { name: "Karim Benali", phone: "+33 6 98 76 54 32", email: "karim@drivers.example" };

describe("the staff's e-mails in French", () => {
  it("tell the business of a paid booking in French, the traveller in their own language", () => {
    const [traveller, business] = bookingEmails(spanishBooking, french);
    expect(traveller!.subject).toMatch(/reserva/i);
    expect(business!.subject).toBe(
      "Nouvelle réservation payée NV-7K3P2Q\u00a0: Charles de Gaulle Airport (CDG) vers Disneyland Paris le 01/07/2026 à 07:45",
    );
    for (const line of [
      "Une réservation a été payée sur Navette Paris.",
      "Client",
      "Nom\u00a0: Alice Martin",
      "Téléphone\u00a0: +33 6 12 34 56 78",
      "Prise en charge\u00a0: 01/07/2026 à 07:45 (heure de Paris)",
      "Répondez au voyageur à l’adresse alice@example.com.",
    ]) {
      expect(business!.body).toContain(line);
    }
    expect(business!.body).not.toMatch(/Customer|Reply to|Pick-up/);
  });

  it("give a driver the job in French, the return alone named as such", () => {
    const job = driverJobEmail(spanishBooking, french, driver, [2]);
    expect(job.subject).toBe("Course NV-7K3P2Q\u00a0: Disneyland Paris vers Charles de Gaulle Airport (CDG) le 05/07/2026 à 14:30");
    expect(job.body).toMatch(/^Bonjour Karim Benali,\n/);
    expect(job.body).toContain("Vous êtes affecté au retour de la réservation NV-7K3P2Q (");
    expect(job.body).toContain("Une question\u00a0? Appelez le bureau au +33 1 99 00 12 34.");
    expect(job.body).not.toMatch(/Hello|You are assigned|Questions/);
  });

  it("tell a driver in French that a job is off", () => {
    const off = driverJobCancelledEmail(spanishBooking, french, driver, "cancelled");
    expect(off.subject).toMatch(/^Course NV-7K3P2Q annulée\u00a0: /);
    expect(off.body).toMatch(/La réservation NV-7K3P2Q \(.+\) est annulée\u00a0: vous n’assurez plus cette course\./);
    const outbound = driverJobCancelledEmail(spanishBooking, french, driver, "reassigned", [1]);
    expect(outbound.body).toMatch(/L’aller de la réservation NV-7K3P2Q \(.+\) est confié à un autre chauffeur/);
  });

  it("tell the business in French that the traveller cancelled, and which drivers are told", () => {
    const at = new Date("2026-06-20T10:00:00Z");
    const mail = travellerCancelledEmail(spanishBooking, french, {
      at,
      refundedCents: 15_950,
      provider: "sandbox",
      drivers: [{ name: "Karim Benali" }, { name: "Lea Dubois" }],
    });
    expect(mail.subject).toMatch(/^Réservation NV-7K3P2Q annulée par le voyageur\u00a0: /);
    expect(mail.body).toContain("Le voyageur a annulé la réservation NV-7K3P2Q depuis sa page sur Navette Paris, le 20/06/2026 à 12:00");
    expect(mail.body).toContain("Remboursement intégral\u00a0: 159,50\u00a0€ par le bac à sable");
    expect(mail.body).toContain("Chauffeurs\u00a0: Karim Benali et Lea Dubois étaient affectés");
  });

  it("tell the business and the driver what the traveller changed, in French", () => {
    const changes: Change[] = [
      { leg: 1, what: "pick-up landing time", field: "pu.flightTime", before: "07:45", after: "08:30", forDriver: true, movesPickup: true },
      { leg: null, what: "baby seats", field: "count.baby_seat", before: "0", after: "1", forDriver: true, movesPickup: false },
      { leg: 1, what: "pick-up terminal", field: "pu.terminal", before: "not known yet", after: "2E", forDriver: true, movesPickup: false },
    ];
    const changed = { ...spanishBooking, firstPickupAt: new Date("2026-07-01T05:45:00Z") };
    const business = bookingChangedEmail(changed, french, changes, [{ driver, told: true }]);
    for (const line of [
      "Le voyageur a modifié la réservation NV-7K3P2Q sur Navette Paris.",
      "Ce qui a changé (avant → après)",
      "Aller (trajet 1)",
      "  Heure d’atterrissage (prise en charge)\u00a0: 07:45 → 08:30",
      "  Terminal (prise en charge)\u00a0: pas encore connu → 2E",
      "Coordonnées et bagages",
      "  Sièges bébé\u00a0: 0 → 1",
      "Le chauffeur, Karim Benali, reçoit par e-mail la course telle qu’elle est maintenant.",
    ]) {
      expect(business.body).toContain(line);
    }
    const job = driverChangedJobEmail(changed, french, driver, changes);
    expect(job.subject).toMatch(/^Course NV-7K3P2Q modifiée\u00a0: /);
    expect(job.body).toContain("La course telle qu’elle est maintenant\u00a0:");
  });

  it("tell the driver of a new landing time in French", () => {
    const leg = readStoredDetails(row.details)!.legs[0]!;
    const mail = landingChangedDriverEmail(spanishBooking, french, driver, { leg, from: "07:45", to: "08:30" });
    expect(mail.subject).toBe("Course NV-7K3P2Q\u00a0: nouvelle heure d’atterrissage 08:30 (vol AF007)");
    expect(mail.body).toContain("Nouvelle heure d’atterrissage pour la réservation NV-7K3P2Q (vol AF007, ");
    expect(mail.body).toMatch(/\nNouvelle prise en charge\u00a0: /);
  });

  it("give a driver the link to their day in French", () => {
    const mail = driverLinkEmail(driver, french, "[link]");
    expect(mail.subject).toBe("Navette Paris\u00a0: vos courses du jour");
    expect(mail.body).toMatch(/^Bonjour Karim Benali,\n\nVos courses d’aujourd’hui et de demain/);
    expect(mail.body).toContain("S’il ne fonctionne plus, appelez le bureau\u00a0: +33 1 99 00 12 34.");
  });
});
