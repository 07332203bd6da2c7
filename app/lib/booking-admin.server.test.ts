import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditEvents, bookingLegs, bookings, drivers, outbox, paymentEvents } from "../../db/schema";
import { addNote, assignDriver, confirmBooking, markFinished, resendEmail, resendRefusal, setLanguage } from "./booking-admin.server";
import { loadBookingPage } from "./booking-page.server";
import { legDrivers } from "./booking-tx.server";
import { bookingsPickedUpBetween } from "./dispatch.server";
import { pickupsBetween } from "~/domain/back-office/run-sheet";
import { cancelBooking } from "./booking-refunds.server";
import { writeLegs } from "./booking-store.server";
import { readStoredDetails } from "~/domain/booking/model";
import { MEETING_POINTS_HEADER, parseMeetingPoints } from "~/domain/meeting-points";
import { saveBooking, type BookingRow } from "./bookings.server";
import { PaymentLinkFailed } from "./payment-links.server";
import { createPhoneBooking } from "./phone-booking.server";
import { checkedBooking } from "./test-support/booking-rows";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import { mailWordsIn } from "./i18n.server";
import { POSTGRES, usePostgresDatabase } from "./test-support/postgres-database";
import { bookingFixtures, countingSandbox, noLink, now, paid, site, staff } from "./test-support/staff-actions";
import { adminWordsIn } from "~/lib/test-support/admin-words";

// The booking page's actions on the embedded PostgreSQL: each one once, whatever the double
// clicks, with its audit row and its e-mails written together.

const database = useEmbeddedDatabase();
const { newBooking, reread, mails, history, addDriver } = bookingFixtures(database);

beforeEach(async () => {
  await database.db.execute(sql`truncate outbox, payment_events, audit_events, bookings, drivers restart identity cascade`);
});

describe("confirmBooking", () => {
  it("confirms a paid booking once, e-mailing the traveller a confirmation that carries the order id", async () => {
    const row = await newBooking(paid);
    const outcomes = await Promise.all([
      confirmBooking(database.db, row.orderId, staff, site, adminWordsIn("en")),
      confirmBooking(database.db, row.orderId, staff, site, adminWordsIn("en")),
    ]);
    expect(outcomes).toContainEqual({ ok: true, done: "confirmed" });
    expect(outcomes).toContainEqual({ ok: false, status: 409, message: "The booking is already confirmed." });
    const after = await reread(row.orderId);
    expect(after.bookingStatus).toBe("confirmed");
    expect(after.confirmedAt).toBeInstanceOf(Date);
    const sent = await mails(row.orderId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: "booking_confirmed", recipient: "claire@example.com", status: "pending" });
    expect(sent[0]!.subject).toBe(`[TEST] Navette Paris: booking ${row.orderId} confirmed`);
    const rows = await history(row.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: "staff-1", actor: "dispatch@navette.example", action: "booking_confirmed" });
  });

  it("refuses an unpaid card booking and an unknown order, changing nothing", async () => {
    const row = await newBooking();
    expect(await confirmBooking(database.db, row.orderId, staff, site, adminWordsIn("en"))).toEqual({
      ok: false,
      status: 409,
      message: "A card booking is confirmed once it is paid.",
    });
    expect(await confirmBooking(database.db, "NV-ZZZZZZ", staff, site, adminWordsIn("en"))).toMatchObject({ ok: false, status: 404 });
    expect(await reread(row.orderId)).toEqual(row);
    expect(await mails(row.orderId)).toEqual([]);
    expect(await history(row.orderId)).toEqual([]);
  });

  it("refuses in the member's words", async () => {
    const row = await newBooking();
    expect(await confirmBooking(database.db, row.orderId, staff, site, adminWordsIn("fr"))).toEqual({
      ok: false,
      status: 409,
      message: "Une réservation par carte n’est confirmée qu’une fois payée.",
    });
  });

  it("confirms an unpaid booking to be paid on board", async () => {
    const row = await newBooking({ paymentMode: "cash" });
    expect(await confirmBooking(database.db, row.orderId, staff, site, adminWordsIn("en"))).toEqual({ ok: true, done: "confirmed" });
    expect((await history(row.orderId))[0]!.detail).toContain("to be paid on board");
  });
});

describe("assignDriver", () => {
  it("assigns an active driver once: the job to the driver, the driver's name and phone to the traveller", async () => {
    const row = await newBooking({ ...paid, bookingStatus: "confirmed" });
    const karim = await addDriver({ name: "Karim Benali" });
    const outcomes = await Promise.all([
      assignDriver(database.db, row.orderId, 1, karim.id, staff, site, adminWordsIn("en")),
      assignDriver(database.db, row.orderId, 1, karim.id, staff, site, adminWordsIn("en")),
    ]);
    expect(outcomes).toContainEqual({ ok: true, done: "driver_assigned" });
    expect(outcomes).toContainEqual({ ok: false, status: 409, message: "Karim Benali is already assigned to this booking." });
    expect(await reread(row.orderId)).toMatchObject({ bookingStatus: "driver_assigned" });
    expect((await legDrivers(database.db, row.orderId)).get(1)?.id).toBe(karim.id);
    const [job, traveller, ...rest] = await mails(row.orderId);
    expect(rest).toEqual([]);
    expect(job).toMatchObject({ kind: "driver_job", recipient: "karim@drivers.example" });
    expect(job!.body).toContain("Name: Claire Martin");
    expect(job!.body).toContain("Phone: +33 6 12 34 56 78");
    expect(job!.body).toContain("Pick-up: 20/05/2026 at 10:00 (Paris time)");
    expect(job!.body).toContain("flight BA 304 from London");
    expect(traveller).toMatchObject({ kind: "driver_assigned", recipient: "claire@example.com" });
    expect(traveller!.body).toContain("Name: Karim Benali\nPhone: +33 6 98 76 54 32");
    expect((await history(row.orderId))[0]!.detail).toContain("Assigned driver Karim Benali");

    const other = await addDriver({ name: "Lea Dubois" });
    expect(await assignDriver(database.db, row.orderId, 1, other.id, staff, site, adminWordsIn("en"))).toEqual({
      ok: true,
      done: "driver_assigned",
    });
    expect((await history(row.orderId))[1]!.detail).toContain(
      "Assigned driver Lea Dubois, in place of Karim Benali (e-mailed that the job is withdrawn)",
    );
    const [, , leaJob, leaNote, withdrawn, ...more] = await mails(row.orderId);
    expect(more).toEqual([]);
    expect([leaJob!.kind, leaJob!.recipient, leaNote!.kind]).toEqual(["driver_job", "lea@drivers.example", "driver_assigned"]);
    expect(withdrawn).toMatchObject({ kind: "driver_job_cancelled", recipient: "karim@drivers.example" });
    expect(withdrawn!.subject).toMatch(new RegExp(`^\\[TEST\\] Job ${row.orderId} withdrawn: `));
    expect(withdrawn!.body).toContain("is given to another driver: you no longer do this job.");
    expect(withdrawn!.body).not.toContain("Claire");
  });

  it("gives a round trip's return to another driver: each driver is e-mailed only their own leg", async () => {
    const row = await newBooking({ ...paid, bookingStatus: "confirmed" }, "round trip");
    const karim = await addDriver({ name: "Karim Benali" });
    const lea = await addDriver({ name: "Lea Dubois" });
    expect(await assignDriver(database.db, row.orderId, 1, karim.id, staff, site, adminWordsIn("en"))).toEqual({
      ok: true,
      done: "driver_assigned",
    });
    // The return has no driver yet: the booking is not all assigned.
    expect((await reread(row.orderId)).bookingStatus).toBe("confirmed");
    expect(await assignDriver(database.db, row.orderId, 2, lea.id, staff, site, adminWordsIn("en"))).toEqual({
      ok: true,
      done: "driver_assigned",
    });
    expect((await reread(row.orderId)).bookingStatus).toBe("driver_assigned");
    const sent = await mails(row.orderId);
    const jobOf = (recipient: string) => sent.find((m) => m.kind === "driver_job" && m.recipient === recipient)!;
    expect(jobOf("karim@drivers.example").body).toContain("Pick-up: 20/05/2026 at 10:00 (Paris time)");
    expect(jobOf("karim@drivers.example").body).not.toContain("24/05/2026");
    expect(jobOf("lea@drivers.example").body).toContain("You are assigned to the return of booking");
    expect(jobOf("lea@drivers.example").body).toContain("flight BA 305 to London");
    expect(jobOf("lea@drivers.example").body).not.toContain("20/05/2026");
    expect(sent.filter((m) => m.kind === "driver_assigned").map((m) => m.body.includes("to the return of your booking"))).toEqual([
      false,
      true,
    ]);
    expect((await history(row.orderId)).map((h) => h.detail.split(";")[0])).toEqual([
      "Assigned driver Karim Benali to the outbound of the booking",
      "Assigned driver Lea Dubois to the return of the booking",
    ]);
    // The run sheet gives each leg its own driver.
    const found = await bookingsPickedUpBetween(database.db, new Date("2026-05-19T00:00:00Z"), new Date("2026-05-26T00:00:00Z"));
    const lines = pickupsBetween(found, new Date("2026-05-19T00:00:00Z"), new Date("2026-05-26T00:00:00Z"), adminWordsIn("en")).lines;
    expect(lines.filter((l) => l.orderId === row.orderId).map((l) => [l.leg, l.driver])).toEqual([
      [1, "Karim Benali"],
      [2, "Lea Dubois"],
    ]);
  });

  it("refuses the same driver again for a round trip's leg, naming the leg, in English and in French", async () => {
    const row = await newBooking({ ...paid, bookingStatus: "confirmed" }, "round trip");
    const karim = await addDriver({ name: "Karim Benali" });
    await assignDriver(database.db, row.orderId, 2, karim.id, staff, site, adminWordsIn("en"));
    expect(await assignDriver(database.db, row.orderId, 2, karim.id, staff, site, adminWordsIn("en"))).toEqual({
      ok: false,
      status: 409,
      message: "Karim Benali is already assigned to the return of this booking.",
    });
    const fr = adminWordsIn("fr");
    expect(await assignDriver(database.db, row.orderId, 2, karim.id, staff, site, fr)).toMatchObject({
      message: "Karim Benali est déjà attribué au retour de cette réservation.",
    });
    expect(await assignDriver(database.db, row.orderId, 1, 999, staff, site, fr)).toEqual({
      ok: false,
      status: 400,
      message: "Choisissez un chauffeur dans la liste des chauffeurs en service.",
    });
  });

  it("refuses an inactive or unknown driver, and a booking not yet confirmed", async () => {
    const row = await newBooking({ ...paid, bookingStatus: "confirmed" });
    const gone = await addDriver({ name: "Old Driver", active: false });
    expect(await assignDriver(database.db, row.orderId, 1, gone.id, staff, site, adminWordsIn("en"))).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await assignDriver(database.db, row.orderId, 1, 999, staff, site, adminWordsIn("en"))).toMatchObject({ ok: false, status: 400 });
    const fresh = await newBooking(paid);
    const karim = await addDriver({ name: "Karim Benali" });
    expect(await assignDriver(database.db, fresh.orderId, 1, karim.id, staff, site, adminWordsIn("en"))).toEqual({
      ok: false,
      status: 409,
      message: "Confirm the booking before assigning a driver.",
    });
    expect(await reread(row.orderId)).toEqual(row);
    expect(await mails(row.orderId)).toEqual([]);
  });
});

describe("markFinished", () => {
  it("marks completed or no-show once, and a finished booking takes no more actions", async () => {
    const a = await newBooking({ ...paid, bookingStatus: "driver_assigned" });
    const b = await newBooking({ ...paid, bookingStatus: "confirmed" });
    expect(await markFinished(database.db, a.orderId, "complete", staff, adminWordsIn("en"))).toEqual({ ok: true, done: "completed" });
    expect(await markFinished(database.db, b.orderId, "no_show", staff, adminWordsIn("en"))).toEqual({ ok: true, done: "no_show" });
    expect(await markFinished(database.db, a.orderId, "no_show", staff, adminWordsIn("en"))).toEqual({
      ok: false,
      status: 409,
      message: "The booking is already completed.",
    });
    expect((await reread(a.orderId)).bookingStatus).toBe("completed");
    expect((await reread(b.orderId)).bookingStatus).toBe("no_show");
    expect((await history(b.orderId)).map((h) => h.action)).toEqual(["booking_no_show"]);
    expect((await loadBookingPage(database.db, a.orderId, adminWordsIn("en")))!.actions).toEqual([]);
  });

  it("marks every leg's ride as the booking ends: completed, or no-show", async () => {
    const a = await newBooking({ ...paid, bookingStatus: "confirmed" }, "round trip");
    const b = await newBooking({ ...paid, bookingStatus: "confirmed" });
    await markFinished(database.db, a.orderId, "complete", staff, adminWordsIn("en"));
    await markFinished(database.db, b.orderId, "no_show", staff, adminWordsIn("en"));
    const rides = await database.db
      .select({ orderId: bookingLegs.orderId, leg: bookingLegs.leg, rideStatus: bookingLegs.rideStatus })
      .from(bookingLegs)
      .orderBy(bookingLegs.orderId, bookingLegs.leg);
    expect(rides.filter((r) => r.orderId === a.orderId).map((r) => r.rideStatus)).toEqual(["completed", "completed"]);
    expect(rides.filter((r) => r.orderId === b.orderId).map((r) => r.rideStatus)).toEqual(["no_show"]);
  });
});

describe("addNote", () => {
  it("keeps the note in the history once, even when the same note is posted twice at once", async () => {
    const row = await newBooking();
    const note = "Traveller called: two extra suitcases.";
    expect(await Promise.all([addNote(database.db, row.orderId, note, staff), addNote(database.db, row.orderId, note, staff)])).toEqual([
      { ok: true, done: "note_added" },
      { ok: true, done: "note_added" },
    ]);
    await addNote(database.db, row.orderId, "Second, different note.", staff);
    expect((await history(row.orderId)).map((h) => [h.action, h.detail])).toEqual([
      ["note_added", note],
      ["note_added", "Second, different note."],
    ]);
    expect(await addNote(database.db, "NV-ZZZZZZ", note, staff)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("setLanguage", () => {
  it("changes the traveller's language once, in the history, and writes the next e-mail in it", async () => {
    const row = await newBooking(paid);
    expect(
      await Promise.all([setLanguage(database.db, row.orderId, "de", staff), setLanguage(database.db, row.orderId, "de", staff)]),
    ).toEqual(
      expect.arrayContaining([
        { ok: true, done: "language_set" },
        { ok: true, done: "language_unchanged" },
      ]),
    );
    expect((await reread(row.orderId)).locale).toBe("de");
    expect((await history(row.orderId)).map((h) => [h.action, h.detail])).toEqual([["language_changed", "English → Deutsch"]]);
    await confirmBooking(database.db, row.orderId, staff, site, adminWordsIn("en"));
    const [confirmation] = await mails(row.orderId);
    expect(confirmation!.subject).toBe(
      `[TEST] ${mailWordsIn("de").t("confirmed.subject", { siteName: "Navette Paris", orderId: row.orderId })}`,
    );
  });

  it("refuses an unknown order, changing nothing", async () => {
    expect(await setLanguage(database.db, "NV-ZZZZZZ", "fr", staff)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("resendEmail", () => {
  it("queues a new copy of an e-mail, once, and refuses one whose text is gone", async () => {
    const row = await newBooking(paid);
    await confirmBooking(database.db, row.orderId, staff, site, adminWordsIn("en"));
    const [original] = await mails(row.orderId);
    await database.db.update(outbox).set({ status: "sent", sentAt: now, attempts: 1 }).where(eq(outbox.id, original!.id));
    const outcomes = await Promise.all([
      resendEmail(database.db, row.orderId, original!.id, staff, site, noLink, new Date(), adminWordsIn("en")),
      resendEmail(database.db, row.orderId, original!.id, staff, site, noLink, new Date(), adminWordsIn("en")),
    ]);
    expect(outcomes).toContainEqual({ ok: true, done: "resent" });
    expect(outcomes).toContainEqual({ ok: false, status: 409, message: "A copy of this e-mail is already waiting to be sent." });
    const [, copy, ...rest] = await mails(row.orderId);
    expect(rest).toEqual([]);
    expect(copy).toMatchObject({
      kind: "booking_confirmed",
      recipient: original!.recipient,
      subject: original!.subject,
      body: original!.body,
      status: "pending",
      attempts: 0,
      resentFrom: original!.id,
    });
    expect(copy!.id).not.toBe(original!.id);
    expect((await history(row.orderId)).at(-1)).toMatchObject({ action: "email_resent" });

    await database.db.update(outbox).set({ body: "" }).where(eq(outbox.id, original!.id));
    expect(await resendEmail(database.db, row.orderId, original!.id, staff, site, noLink, new Date(), adminWordsIn("en"))).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await resendEmail(database.db, row.orderId, 9999, staff, site, noLink, new Date(), adminWordsIn("en"))).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await resendEmail(database.db, row.orderId, 9999, staff, site, noLink, now, adminWordsIn("fr"))).toMatchObject({
      message: "Cet e-mail n’appartient pas à cette réservation.",
    });
  });
});

describe("resendEmail by the booking's state", () => {
  /** A payment link maker that numbers its links and keeps what it was asked. */
  function countingLinks() {
    const asked: Array<string | undefined> = [];
    return {
      asked,
      make: async (row: BookingRow, fresh?: string) => {
        asked.push(fresh);
        return `https://navette.example/pay/${row.orderId}/${asked.length}`;
      },
    };
  }

  async function phoneLinkBooking(token: string): Promise<{ orderId: string; linkId: number; links: ReturnType<typeof countingLinks> }> {
    const links = countingLinks();
    const input = {
      booking: checkedBooking(token),
      priceCents: 6_500,
      filePriceCents: 6_500,
      overrideReason: null,
      payment: "link" as const,
      test: false,
    };
    const outcome = await createPhoneBooking(database.db, input, staff, site, links.make, adminWordsIn("en"));
    const orderId = (outcome as { orderId: string }).orderId;
    const [link] = await mails(orderId);
    await database.db.update(outbox).set({ status: "sent", sentAt: now, attempts: 1 }).where(eq(outbox.id, link!.id));
    return { orderId, linkId: link!.id, links };
  }

  it("writes a payment link anew with a new link, asked under a key of its own", async () => {
    const { orderId, linkId, links } = await phoneLinkBooking("resend-link-1");
    expect(await resendEmail(database.db, orderId, linkId, staff, site, links.make, new Date(), adminWordsIn("en"))).toEqual({
      ok: true,
      done: "resent",
    });
    const [original, copy] = await mails(orderId);
    expect(original!.body).toContain(`https://navette.example/pay/${orderId}/1`);
    expect(copy).toMatchObject({ kind: "payment_link", recipient: "claire@example.com", resentFrom: linkId, status: "pending" });
    expect(copy!.body).toContain(`https://navette.example/pay/${orderId}/2`);
    expect(copy!.body).not.toContain(`https://navette.example/pay/${orderId}/1`);
    expect(links.asked).toEqual([undefined, `resend-${linkId}-1`]);
    expect((await history(orderId)).at(-1)!.detail).toContain("to be sent again with a new payment link");
  });

  it("changes nothing when the new payment link cannot be made", async () => {
    const { orderId, linkId } = await phoneLinkBooking("resend-link-2");
    const before = { mails: await mails(orderId), history: await history(orderId) };
    const failing = async (): Promise<string> => {
      throw new PaymentLinkFailed("stripe did not answer: StripeConnectionError");
    };
    expect(await resendEmail(database.db, orderId, linkId, staff, site, failing, new Date(), adminWordsIn("en"))).toEqual({
      ok: false,
      status: 502,
      message:
        "Nothing was sent: a new payment link could not be made (stripe did not answer: StripeConnectionError). Try again in a minute.",
    });
    expect({ mails: await mails(orderId), history: await history(orderId) }).toEqual(before);
  });

  it("refuses a payment link once the booking is paid or cancelled", async () => {
    const a = await phoneLinkBooking("resend-link-3");
    await database.db.update(bookings).set(paid).where(eq(bookings.orderId, a.orderId));
    expect(await resendEmail(database.db, a.orderId, a.linkId, staff, site, a.links.make, new Date(), adminWordsIn("en"))).toEqual({
      ok: false,
      status: 409,
      message: "This booking is already paid: its payment link is not sent again.",
    });
    const b = await phoneLinkBooking("resend-link-4");
    await cancelBooking(database.db, b.orderId, staff, site, countingSandbox(), null, adminWordsIn("en"));
    expect(await resendEmail(database.db, b.orderId, b.linkId, staff, site, b.links.make, new Date(), adminWordsIn("en"))).toEqual({
      ok: false,
      status: 409,
      message: "This booking is cancelled: its payment link is not sent again.",
    });
    expect([...a.links.asked, ...b.links.asked]).toEqual([undefined, undefined]);
  });

  it("refuses a confirmation of a cancelled booking, and a job of a replaced driver or a cancelled booking", async () => {
    const row = await newBooking(paid);
    await confirmBooking(database.db, row.orderId, staff, site, adminWordsIn("en"));
    const karim = await addDriver({ name: "Karim Benali" });
    const lea = await addDriver({ name: "Lea Dubois" });
    await assignDriver(database.db, row.orderId, 1, karim.id, staff, site, adminWordsIn("en"));
    const karimJob = (await mails(row.orderId)).find((m) => m.kind === "driver_job")!;
    await assignDriver(database.db, row.orderId, 1, lea.id, staff, site, adminWordsIn("en"));
    const leaJob = (await mails(row.orderId)).find((m) => m.kind === "driver_job" && m.recipient === "lea@drivers.example")!;
    expect(await resendEmail(database.db, row.orderId, karimJob.id, staff, site, noLink, new Date(), adminWordsIn("en"))).toEqual({
      ok: false,
      status: 409,
      message: "This job went to a driver who is no longer assigned to this booking: it is not sent again.",
    });
    expect(await resendEmail(database.db, row.orderId, leaJob.id, staff, site, noLink, new Date(), adminWordsIn("en"))).toEqual({
      ok: true,
      done: "resent",
    });

    // The traveller's first driver e-mail named Karim: sent again, it names the driver assigned now.
    const karimNote = (await mails(row.orderId)).find((m) => m.kind === "driver_assigned")!;
    expect(karimNote.body).toContain("Name: Karim Benali");
    expect(await resendEmail(database.db, row.orderId, karimNote.id, staff, site, noLink, new Date(), adminWordsIn("en"))).toEqual({
      ok: true,
      done: "resent",
    });
    const renewed = (await mails(row.orderId)).find((m) => m.resentFrom === karimNote.id)!;
    expect(renewed).toMatchObject({ kind: "driver_assigned", recipient: "claire@example.com" });
    expect(renewed.body).toContain("Name: Lea Dubois");
    expect(renewed.body).not.toContain("Karim");

    await cancelBooking(database.db, row.orderId, staff, site, countingSandbox(), null, adminWordsIn("en"));
    const confirmation = (await mails(row.orderId)).find((m) => m.kind === "booking_confirmed")!;
    expect(await resendEmail(database.db, row.orderId, confirmation.id, staff, site, noLink, new Date(), adminWordsIn("en"))).toEqual({
      ok: false,
      status: 409,
      message: "This booking is cancelled: its confirmation is not sent again.",
    });
    expect(await resendEmail(database.db, row.orderId, leaJob.id, staff, site, noLink, new Date(), adminWordsIn("en"))).toEqual({
      ok: false,
      status: 409,
      message: "This booking is cancelled: the driver's job is not sent again.",
    });
    const cancellation = (await mails(row.orderId)).find((m) => m.kind === "booking_cancelled")!;
    expect(await resendEmail(database.db, row.orderId, cancellation.id, staff, site, noLink, new Date(), adminWordsIn("en"))).toEqual({
      ok: true,
      done: "resent",
    });
  });

  it("writes a reminder anew from the booking as it is now, for its leg: the flight changed since, the driver assigned since, the meeting point", async () => {
    const row = await newBooking({ ...paid, bookingStatus: "confirmed" });
    const [stale] = await database.db
      .insert(outbox)
      .values({
        orderId: row.orderId,
        kind: "reminder",
        leg: 1,
        recipient: row.email,
        subject: "Navette Paris: your transfer tomorrow, booking x",
        body: "Flight: BA 304\nYour driver's name and phone number will reach you by e-mail as soon as a driver is assigned.\n",
        status: "sent",
        sentAt: now,
        attempts: 1,
      })
      .returning();
    const [leg] = readStoredDetails(row.details)!.legs;
    await writeLegs(database.db, row.orderId, [{ ...leg!, pickup: { ...leg!.pickup, flightNumber: "BA 306" } }]);
    await assignDriver(database.db, row.orderId, 1, (await addDriver({ name: "Karim Benali" })).id, staff, site, adminWordsIn("en"));
    const { points } = parseMeetingPoints(
      [MEETING_POINTS_HEADER, "ORY,,private,Orly arrivals hall exit 7.", "*,,private,Hotel lobby."].join("\n"),
    );
    const withPoints = { ...site, meetingPoints: points, manageUrl: "[manage-link:resend]" };

    // As of the day it was booked: a copy written on 19 or 20 May 2026 says "tomorrow" or "today", not the date.
    expect(await resendEmail(database.db, row.orderId, stale!.id, staff, withPoints, noLink, now, adminWordsIn("en"))).toEqual({
      ok: true,
      done: "resent",
    });
    const copy = (await mails(row.orderId)).find((m) => m.resentFrom === stale!.id)!;
    expect(copy).toMatchObject({
      kind: "reminder",
      leg: 1,
      recipient: "claire@example.com",
      status: "pending",
      linkMarker: "[manage-link:resend]",
    });
    expect(copy.subject).toBe(`[TEST] Navette Paris: your transfer on 20/05/2026, booking ${row.orderId}`);
    expect(copy.body).toContain("Flight: BA 306");
    expect(copy.body).not.toContain("BA 304");
    expect(copy.body).toContain("Meeting point\nOrly arrivals hall exit 7.");
    expect(copy.body).toContain("Your driver\nName: Karim Benali\nPhone: +33 6 98 76 54 32");
    expect(copy.body).toContain("[manage-link:resend]");
    expect((await history(row.orderId)).at(-1)!.detail).toContain("to be sent again, written from the booking as it is now");

    // A reminder of a leg the booking has no pickup for is not sent again.
    const [orphan] = await database.db
      .insert(outbox)
      .values({
        orderId: row.orderId,
        kind: "reminder",
        leg: 2,
        recipient: row.email,
        subject: "s",
        body: "b",
        status: "sent",
        sentAt: now,
      })
      .returning();
    expect(await resendEmail(database.db, row.orderId, orphan!.id, staff, site, noLink, new Date(), adminWordsIn("en"))).toEqual({
      ok: false,
      status: 409,
      message: "This reminder's leg has no pickup in the booking now: it is not sent again.",
    });
  });

  it.each<[string, string, string, string | null, boolean]>([
    ["confirmed", "paid", "booking_confirmed", null, false],
    ["cancelled", "refunded", "booking_confirmed", null, true],
    ["cancelled", "paid", "traveller_confirmation", null, true],
    ["new", "paid", "traveller_confirmation", null, false],
    ["cancelled", "refunded", "booking_cancelled", null, false],
    ["cancelled", "paid", "business_notification", null, false],
    ["new", "pending_payment", "payment_link", null, false],
    ["new", "payment_failed", "payment_link", null, false],
    ["new", "paid", "payment_link", null, true],
    ["new", "partly_refunded", "payment_link", null, true],
    ["cancelled", "pending_payment", "payment_link", null, true],
    ["driver_assigned", "paid", "driver_assigned", "lea@drivers.example", false],
    ["confirmed", "paid", "driver_assigned", null, true],
    ["cancelled", "refunded", "driver_assigned", "karim@drivers.example", true],
    ["driver_assigned", "paid", "driver_job", "karim@drivers.example", false],
    ["driver_assigned", "paid", "driver_job", " Karim@Drivers.example", false],
    ["driver_assigned", "paid", "driver_job", "lea@drivers.example", true],
    ["confirmed", "paid", "driver_job", null, true],
    ["cancelled", "paid", "driver_job", "karim@drivers.example", true],
    ["confirmed", "paid", "reminder", null, false],
    ["cancelled", "refunded", "reminder", null, true],
  ])("%s, %s: %s (driver now %s) refused %s", (bookingStatus, status, kind, driverEmail, refused) => {
    const refusal = resendRefusal(
      { bookingStatus: bookingStatus as never, status: status as never, roundTrip: false },
      { kind: kind as never, recipient: "karim@drivers.example", leg: null },
      driverEmail === null ? new Map() : new Map([[1, { email: driverEmail }]]),
      adminWordsIn("en"),
    );
    expect(refusal !== null).toBe(refused);
  });

  it.each([
    ["driver_job", "karim@drivers.example", 2, false],
    ["driver_job", "karim@drivers.example", 1, true],
    ["driver_job", "karim@drivers.example", null, true],
    ["driver_assigned", "claire@example.com", 2, false],
    ["driver_assigned", "claire@example.com", 1, true],
    ["driver_assigned", "claire@example.com", null, true],
  ] as const)("a %s to %s about leg %s, Karim driving the return alone: refused %s", (kind, recipient, leg, refused) => {
    const refusal = resendRefusal(
      { bookingStatus: "confirmed", status: "paid", roundTrip: true },
      { kind, recipient, leg },
      new Map([[2, { email: "karim@drivers.example" }]]),
      adminWordsIn("en"),
    );
    expect(refusal !== null).toBe(refused);
  });

  it("says why in the member's words", () => {
    const refusal = (words = adminWordsIn("en")) =>
      resendRefusal(
        { bookingStatus: "cancelled", status: "refunded", roundTrip: false },
        { kind: "payment_link", recipient: "claire@example.com", leg: null },
        new Map(),
        words,
      );
    expect(refusal()).toBe("This booking is cancelled: its payment link is not sent again.");
    expect(refusal(adminWordsIn("fr"))).toBe("Cette réservation est annulée\u00a0: son lien de paiement n’est pas renvoyé.");
  });
});

// On PostgreSQL the posts really run at once, on separate connections: the row lock makes them
// take turns.
describe.skipIf(!POSTGRES)("on PostgreSQL, posts at once on separate connections", () => {
  const pgDatabase = usePostgresDatabase("navette_unit");

  it("refunds once, confirms once and assigns once under five posts each", async () => {
    const db = pgDatabase.db;
    const { row } = await saveBooking(db, { booking: checkedBooking("pg-1"), priceCents: 6_500 });
    await db.update(bookings).set(paid).where(eq(bookings.id, row.id));
    const confirms = await Promise.all([1, 2, 3, 4, 5].map(() => confirmBooking(db, row.orderId, staff, site, adminWordsIn("en"))));
    expect(confirms.filter((o) => o.ok)).toHaveLength(1);
    const [driver] = await db
      .insert(drivers)
      .values({ name: "Karim Benali", phone: "+33 6 98 76 54 32", email: "karim@drivers.example" })
      .returning();
    const assigns = await Promise.all(
      [1, 2, 3, 4, 5].map(() => assignDriver(db, row.orderId, 1, driver!.id, staff, site, adminWordsIn("en"))),
    );
    expect(assigns.filter((o) => o.ok)).toHaveLength(1);
    const provider = countingSandbox();
    const cancels = await Promise.all(
      [1, 2, 3, 4, 5].map(() => cancelBooking(db, row.orderId, staff, site, provider, null, adminWordsIn("en"))),
    );
    expect(cancels.filter((o) => o.ok)).toEqual([{ ok: true, done: "cancelled_refunded" }]);
    expect(provider.calls).toEqual([6_500]);
    const [after] = await db.select().from(bookings).where(eq(bookings.orderId, row.orderId));
    expect(after).toMatchObject({ bookingStatus: "cancelled", status: "refunded", refundedCents: 6_500 });
    const kinds = (await db.select().from(outbox).where(eq(outbox.orderId, row.orderId))).map((m) => m.kind).sort();
    expect(kinds).toEqual(["booking_cancelled", "booking_confirmed", "driver_assigned", "driver_job", "driver_job_cancelled"]);
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.orderId, row.orderId))).toHaveLength(1);
  });

  it("stores one phone booking under five posts of one form", async () => {
    const db = pgDatabase.db;
    const input = {
      booking: checkedBooking("pg-phone"),
      priceCents: 6_500,
      filePriceCents: 6_500,
      overrideReason: null,
      payment: "link" as const,
      test: false,
    };
    const outcomes = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        createPhoneBooking(db, input, staff, site, async (r) => `https://navette.example/payment/${r.orderId}`, adminWordsIn("en")),
      ),
    );
    expect(new Set(outcomes.map((o) => (o.ok ? o.orderId : o.message))).size).toBe(1);
    const orderId = (outcomes[0] as { orderId: string }).orderId;
    expect(await db.select().from(outbox).where(eq(outbox.orderId, orderId))).toHaveLength(1);
    expect(await db.select().from(auditEvents).where(eq(auditEvents.orderId, orderId))).toHaveLength(1);
  });
});
