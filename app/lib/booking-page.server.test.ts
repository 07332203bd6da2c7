import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { addNote, assignDriver } from "./booking-admin.server";
import { bookingView, loadBookingPage } from "./booking-page.server";
import { cancelBooking } from "./booking-refunds.server";
import { OUTBOX_DEFAULTS } from "./mail.server";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import { bookingFixtures, countingSandbox, now, paid, site, staff } from "./test-support/staff-actions";
import { adminWordsIn } from "./test-support/admin-words";
import { FIRST_FLEET } from "~/domain/fleet";

const database = useEmbeddedDatabase();
const { newBooking, mails, addDriver } = bookingFixtures(database);

beforeEach(async () => {
  await database.db.execute(sql`truncate outbox, payment_events, audit_events, bookings, drivers restart identity cascade`);
});

describe("loadBookingPage", () => {
  it("gives the booking, its driver, the active drivers, its e-mails with their state, its refunds and history", async () => {
    const row = await newBooking({ ...paid, bookingStatus: "confirmed" });
    const karim = await addDriver({ name: "Karim Benali" });
    await addDriver({ name: "Old Driver", active: false });
    await assignDriver(database.db, row.orderId, 1, karim.id, staff, site, adminWordsIn("en"));
    const [job, traveller] = await mails(row.orderId);
    await database.db.update(outbox).set({ status: "sent", sentAt: now, attempts: 1 }).where(eq(outbox.id, job!.id));
    await database.db.update(outbox).set({ attempts: OUTBOX_DEFAULTS.maxAttempts }).where(eq(outbox.id, traveller!.id));
    await addNote(database.db, row.orderId, "Quiet traveller.", staff);
    await database.db
      .insert(outbox)
      .values({ orderId: row.orderId, kind: "booking_confirmed", recipient: "x@example.com", subject: "s", body: "b" });

    const page = (await loadBookingPage(database.db, row.orderId, adminWordsIn("en")))!;
    expect(page.row.orderId).toBe(row.orderId);
    expect(page.legDrivers.get(1)?.name).toBe("Karim Benali");
    expect(page.activeDrivers.map((d) => d.name)).toEqual(["Karim Benali"]);
    expect(page.emails.map((e) => [e.kind, e.state])).toEqual([
      ["driver_job", "sent"],
      ["driver_assigned", "failed"],
      ["booking_confirmed", "waiting"],
    ]);
    expect(page.history.map((h) => h.action)).toEqual(["driver_assigned", "note_added"]);
    expect(page.emails.map((e) => e.notAgain)).toEqual([null, null, null]);
    await cancelBooking(database.db, row.orderId, staff, site, countingSandbox(), null, adminWordsIn("en"));
    const cancelled = (await loadBookingPage(database.db, row.orderId, adminWordsIn("en")))!;
    expect(cancelled.emails.map((e) => [e.kind, e.notAgain])).toEqual([
      ["driver_job", "This booking is cancelled: the driver's job is not sent again."],
      ["driver_assigned", "This booking is cancelled: the traveller's driver e-mail is not sent again."],
      ["booking_confirmed", "This booking is cancelled: its confirmation is not sent again."],
      ["booking_cancelled", null],
      ["driver_job_cancelled", null],
    ]);
    expect(page.actions).toEqual(["assign_driver", "complete", "no_show", "cancel"]);
    expect(await loadBookingPage(database.db, "NV-ZZZZZZ", adminWordsIn("en"))).toBeNull();
  });
});

describe("loadBookingPage in the member's words", () => {
  it("says in French why an e-mail is not sent again", async () => {
    const row = await newBooking({ ...paid, bookingStatus: "confirmed" });
    const karim = await addDriver({ name: "Karim Benali" });
    await assignDriver(database.db, row.orderId, 1, karim.id, staff, site, adminWordsIn("en"));
    await cancelBooking(database.db, row.orderId, staff, site, countingSandbox(), null, adminWordsIn("en"));
    const page = (await loadBookingPage(database.db, row.orderId, adminWordsIn("fr")))!;
    expect(page.emails.map((e) => e.notAgain)).toEqual([
      "Cette réservation est annulée\u00a0: la course du chauffeur n’est pas renvoyée.",
      "Cette réservation est annulée\u00a0: l’e-mail «\u00a0Votre chauffeur\u00a0» du voyageur n’est pas renvoyé.",
      null,
      null,
    ]);
  });
});

describe("bookingView", () => {
  const fleet = FIRST_FLEET.map((vehicle, i) => ({ ...vehicle, id: i + 1 }));

  async function roundTripPage() {
    const row = await newBooking({ ...paid, bookingStatus: "confirmed" }, "round trip");
    const karim = await addDriver({ name: "Karim Benali" });
    await assignDriver(database.db, row.orderId, 1, karim.id, staff, site, adminWordsIn("en"));
    await addNote(database.db, row.orderId, "Quiet traveller.", staff);
    return (await loadBookingPage(database.db, row.orderId, adminWordsIn("en")))!;
  }

  it("gives the booking in English words, as the page always showed it", async () => {
    const view = bookingView(await roundTripPage(), fleet, "en");
    expect(view.booking).toMatchObject({
      source: "Booked on the site",
      language: "English",
      bookingStatus: "Confirmed",
      paymentStatus: "Paid",
      kind: "Private transfer",
      route: "Orly Airport (ORY) to Disneyland Paris (round trip)",
      passengers: "1 adult, 0 children, 0 babies",
      vehicleNeeded: "a saloon",
      refundableText: "65,00\u00a0€",
    });
    expect(view.booking.legs.map((l) => [l.title, l.driver?.name ?? null])).toEqual([
      ["Outbound (leg 1)", "Karim Benali"],
      ["Return (leg 2)", null],
    ]);
    expect(view.payment.paymentMode).toBe("Card");
    expect(view.history.map((h) => h.action)).toEqual(["Driver assigned", "Note"]);
    expect(view.notes.map((n) => n.text)).toEqual(["Quiet traveller."]);
    expect(view.canRefund).toBe(false);
  });

  it("gives it in French for a member who works in French, the history's details as written", async () => {
    const view = bookingView(await roundTripPage(), fleet, "fr");
    expect(view.booking).toMatchObject({
      source: "Réservée sur le site",
      bookingStatus: "Confirmée",
      paymentStatus: "Payé",
      kind: "Transfert privé",
      route: "Orly Airport (ORY) → Disneyland Paris (aller-retour)",
      passengers: "1 adulte, 0 enfant, 0 bébé",
      vehicleNeeded: "une berline",
    });
    expect(view.booking.legs.map((l) => l.title)).toEqual(["Aller (étape 1)", "Retour (étape 2)"]);
    expect(view.booking.legs[0]!.from).toContain("vol BA 304 en provenance de London");
    expect(view.payment.paymentMode).toBe("Carte");
    expect(view.history.map((h) => h.action)).toEqual(["Chauffeur attribué", "Note"]);
    expect(view.history[0]!.detail).toMatch(/^Assigned driver Karim Benali to the outbound of the booking;/);
  });
});
