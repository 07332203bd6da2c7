import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, formatFrenchDate, parisToday } from "../booking/paris-time";
import { bookingFormSchema } from "../booking/validation";
import { HOTELS } from "../hotels";
import { parsePriceFile } from "../pricing/csv";
import {
  bookingActionProblems,
  bookingActionSchema,
  DONE_CODES,
  doneMessage,
  MAX_NOTE_LENGTH,
  outsideReasonOf,
  phoneDraft,
  phoneExtrasSchema,
  phoneStartDraft,
} from "./booking-actions";
import { activeCapacities, FIRST_FLEET } from "../fleet";
import { plainTextMessage } from "../plain-text";
import { adminWordsIn } from "~/lib/test-support/admin-words";

const en = adminWordsIn("en");
const fr = adminWordsIn("fr");

/** A refused post's messages, in English or French. */
function refusal(fields: Record<string, string>, words = en): string[] {
  const result = bookingActionSchema.safeParse(fields);
  expect(result.success).toBe(false);
  return result.success ? [] : bookingActionProblems(result.error, words).map((p) => p.message);
}

const FLEET = activeCapacities(FIRST_FLEET);

describe("bookingActionSchema", () => {
  it.each([
    [{ intent: "confirm" }, { intent: "confirm" }],
    [
      { intent: "assign_driver", leg: "2", driverId: "7" },
      { intent: "assign_driver", leg: 2, driverId: 7 },
    ],
    [{ intent: "complete" }, { intent: "complete" }],
    [{ intent: "no_show" }, { intent: "no_show" }],
    [
      { intent: "cancel", confirmCancel: "yes" },
      { intent: "cancel", confirmCancel: "yes" },
    ],
    [
      { intent: "refund", confirmRefund: "yes" },
      { intent: "refund", confirmRefund: "yes" },
    ],
    [
      { intent: "cancel", confirmCancel: "yes", refundedOutside: "yes", outsideReason: "  Refunded in Stripe's dashboard, re_9  " },
      { intent: "cancel", confirmCancel: "yes", refundedOutside: "yes", outsideReason: "Refunded in Stripe's dashboard, re_9" },
    ],
    [
      { intent: "refund", confirmRefund: "yes", refundedOutside: "yes", outsideReason: "Bank transfer back on 3 May" },
      { intent: "refund", confirmRefund: "yes", refundedOutside: "yes", outsideReason: "Bank transfer back on 3 May" },
    ],
    [
      { intent: "cancel", confirmCancel: "yes", outsideReason: "" },
      { intent: "cancel", confirmCancel: "yes", outsideReason: "" },
    ],
    [
      { intent: "add_note", note: "  Called back, all fine.  " },
      { intent: "add_note", note: "Called back, all fine." },
    ],
    [
      { intent: "resend", emailId: "12" },
      { intent: "resend", emailId: 12 },
    ],
    [
      { intent: "set_language", locale: "es" },
      { intent: "set_language", locale: "es" },
    ],
  ])("reads %j", (fields, expected) => {
    expect(bookingActionSchema.parse(fields)).toEqual(expected);
  });

  it.each([
    [{}, "This action is not one the booking page offers."],
    [{ intent: "delete" }, "This action is not one the booking page offers."],
    [{ intent: "assign_driver", leg: "1" }, "Choose a driver."],
    [{ intent: "assign_driver", leg: "1", driverId: "0" }, "Choose a driver."],
    [{ intent: "assign_driver", leg: "1", driverId: "1.5" }, "Choose a driver."],
    [{ intent: "assign_driver", leg: "1", driverId: "99999999999" }, "Choose a driver."],
    [{ intent: "assign_driver", driverId: "7" }, "Choose the leg to assign a driver to."],
    [{ intent: "assign_driver", leg: "3", driverId: "7" }, "Choose the leg to assign a driver to."],
    [{ intent: "cancel" }, "Tick 'Yes, cancel and refund' to cancel the booking."],
    [{ intent: "cancel", confirmCancel: "on" }, "Tick 'Yes, cancel and refund' to cancel the booking."],
    [{ intent: "refund" }, "Tick 'Yes, refund the payment' to refund it."],
    [
      { intent: "cancel", confirmCancel: "yes", refundedOutside: "yes" },
      "Say how the payment was refunded outside the site (where, when, its reference).",
    ],
    [
      { intent: "refund", confirmRefund: "yes", refundedOutside: "yes", outsideReason: " x " },
      "Say how the payment was refunded outside the site (where, when, its reference).",
    ],
    [
      { intent: "cancel", confirmCancel: "yes", refundedOutside: "on", outsideReason: "Refunded" },
      "This choice is not one the booking page offers.",
    ],
    [
      { intent: "cancel", confirmCancel: "yes", refundedOutside: "yes", outsideReason: "x".repeat(501) },
      "A reason has at most 500 characters.",
    ],
    [{ intent: "refund", confirmRefund: "on" }, "Tick 'Yes, refund the payment' to refund it."],
    [{ intent: "add_note", note: "   " }, "Write the note."],
    [{ intent: "add_note", note: "x".repeat(MAX_NOTE_LENGTH + 1) }, `A note has at most ${MAX_NOTE_LENGTH} characters.`],
    [{ intent: "resend", emailId: "-3" }, "Choose the e-mail to send again."],
    [{ intent: "set_language", locale: "pt" }, "Choose one of the site's six languages."],
    [{ intent: "set_language" }, "Choose one of the site's six languages."],
  ])("refuses %j with one clear message", (fields, message) => {
    expect(refusal(fields)).toEqual([message]);
  });

  it("names the field of a note or a reason holding an invisible or control character, and a NUL as such", () => {
    const reason = { intent: "refund", confirmRefund: "yes", refundedOutside: "yes" };
    expect(refusal({ intent: "add_note", note: "Gate B\u202e" })).toEqual([plainTextMessage("Note")]);
    expect(refusal({ ...reason, outsideReason: "Bank transfer\u200b" })).toEqual([plainTextMessage("Reason")]);
    expect(refusal({ intent: "add_note", note: "Gate B\u0000" })).toEqual(["The note holds a character that cannot be stored."]);
    expect(refusal({ ...reason, outsideReason: "Bank\u0000" })).toEqual(["The reason holds a character that cannot be stored."]);
  });

  it("refuses in French for a member who works in French", () => {
    expect(refusal({ intent: "delete" }, fr)).toEqual(["Cette action n’est pas de celles que propose la page de la réservation."]);
    expect(refusal({ intent: "cancel" }, fr)).toEqual(["Cochez «\u00a0Oui, annuler et rembourser\u00a0» pour annuler la réservation."]);
    expect(refusal({ intent: "add_note", note: "x".repeat(MAX_NOTE_LENGTH + 1) }, fr)).toEqual([
      "Une note comporte au plus 2000 caractères.",
    ]);
    expect(refusal({ intent: "refund", confirmRefund: "yes", refundedOutside: "yes", outsideReason: "x".repeat(501) }, fr)).toEqual([
      "Un motif comporte au plus 500 caractères.",
    ]);
    expect(refusal({ intent: "add_note", note: "Porte B\u202e" }, fr)).toEqual([
      "Note\u00a0: retirez les caractères invisibles ou de contrôle (par exemple une marque de direction).",
    ]);
    expect(refusal({ intent: "change_landing", leg: "1", landingTime: "11h20" }, fr)).toEqual([
      "Saisissez la nouvelle heure d’atterrissage au format HH:MM, heure de Paris, par exemple 11:20.",
    ]);
  });

  it("points each problem at its field", () => {
    const result = bookingActionSchema.safeParse({ intent: "cancel", confirmCancel: "yes", refundedOutside: "yes" });
    expect(result.success ? [] : bookingActionProblems(result.error, en).map((p) => p.field)).toEqual(["outsideReason"]);
  });

  it("keeps any note of 1 to the limit's characters, trimmed, and nothing else", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: MAX_NOTE_LENGTH + 20 }), (note) => {
        const result = bookingActionSchema.safeParse({ intent: "add_note", note });
        const trimmed = note.trim();
        const fits = trimmed.length >= 1 && trimmed.length <= MAX_NOTE_LENGTH && !trimmed.includes("\u0000");
        expect(result.success).toBe(fits);
        if (result.success) expect(result.data).toEqual({ intent: "add_note", note: trimmed });
      }),
    );
  });
});

describe("outsideReasonOf", () => {
  it("gives the reason only when the box says the payment was refunded outside the site", () => {
    expect(outsideReasonOf({ refundedOutside: "yes", outsideReason: "Refunded in Stripe" })).toBe("Refunded in Stripe");
    expect(outsideReasonOf({ outsideReason: "Refunded in Stripe" })).toBeNull();
    expect(outsideReasonOf({})).toBeNull();
  });
});

describe("doneMessage", () => {
  it("gives each known code's message", () => {
    expect(doneMessage("confirmed", en)).toBe("The booking is confirmed, and the traveller's confirmation e-mail is on its way.");
    expect(doneMessage("created", en)).toBe("The booking is saved.");
    for (const code of DONE_CODES) expect(doneMessage(code, en)).toMatch(/^The .+\.$/);
  });

  it("gives nothing for any other text", () => {
    expect(doneMessage(null, en)).toBeNull();
    expect(doneMessage("toString", en)).toBeNull();
    expect(doneMessage("<script>", en)).toBeNull();
  });

  it("says it in French", () => {
    expect(doneMessage("note_added", fr)).toBe("La note est ajoutée à l’historique.");
    expect(doneMessage("cancelled_refunded", fr)).toBe(
      "La réservation est annulée, le paiement est intégralement remboursé, et le voyageur est prévenu par e-mail.",
    );
    for (const code of DONE_CODES) expect(doneMessage(code, fr)).not.toBe(doneMessage(code, en));
  });
});

describe("a booking taken by phone", () => {
  const rows = parsePriceFile(readFileSync(new URL("../../../data/prices.csv", import.meta.url), "utf8")).rows;
  const now = new Date("2026-05-10T10:00:00Z");
  const day = formatFrenchDate(addDays(parisToday(now), 3));
  const back = formatFrenchDate(addDays(parisToday(now), 6));
  const hotel = HOTELS.find((h) => h.zip === "77700")!;
  const route = {
    depart: "Charles de Gaulle Airport (CDG)",
    arrive: "Disneyland Paris",
    shuttle_private: "Private",
    nb_trajet: "1",
    submission_token: "phone-1",
  };
  const staffFields = {
    ...route,
    lastname: "Martin",
    firstname: "Claire",
    email: "claire@example.com",
    phone_mobile: "+33 6 12 34 56 78",
    pax_adult_t1: "2",
    pax_child_t1: "1",
    pax_baby_t1: "0",
    french_date_pu_t1: day,
    horaire_vol_pu_1: "10:05",
    num_vol_pu_1: "BA 304",
    city_vol_pu_1: "London",
    hotel_n_drop_1: String(hotel.id),
    info_t1: "Child seat",
  };

  it("builds the draft the public form would post, which the form's own rules accept", () => {
    const draft = phoneDraft(staffFields, rows, FLEET, now);
    expect(draft).toMatchObject({ horaire_vol_pu_1: "10:00", pax_t1: "3", hotel_drop_1: hotel.name, zip_drop_1: hotel.zip });
    const booking = bookingFormSchema({ now, rows }).parse(draft);
    expect(booking).toMatchObject({
      kind: "private",
      roundTrip: false,
      passengers: { adults: 2, children: 1, babies: 0 },
      customer: { lastname: "Martin", email: "claire@example.com" },
      submissionToken: "phone-1",
    });
    expect(booking.legs[0]!.pickup).toMatchObject({ kind: "flight", flightNumber: "BA 304", flightCity: "London" });
    expect(booking.legs[0]!.dropoff).toMatchObject({ hotel: hotel.name, zip: hotel.zip });
  });

  it("mirrors the return leg as the form does, taking only its date, flight and notes", () => {
    const draft = phoneDraft(
      {
        ...staffFields,
        nb_trajet: "2",
        french_date_pu_t2: back,
        horaire_vol_drop_2: "18:00",
        num_vol_drop_2: "AF 8",
        hotel_drop_2: "ignored",
      },
      rows,
      FLEET,
      now,
    );
    const booking = bookingFormSchema({ now, rows }).parse(draft);
    expect(booking.roundTrip).toBe(true);
    expect(booking.legs[1]!.pickup).toMatchObject({ kind: "address", hotel: hotel.name });
    expect(booking.legs[1]!.dropoff).toMatchObject({ kind: "flight", flightNumber: "AF 8", flightCity: "London" });
  });

  it("is refused by the same rules as the public form: a date too soon, no name", () => {
    const today = formatFrenchDate(parisToday(now));
    const result = bookingFormSchema({ now, rows }).safeParse(
      phoneDraft({ ...staffFields, french_date_pu_t1: today, lastname: "" }, rows, FLEET, now),
    );
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((i) => i.path[0]);
    expect(fields).toContain("lastname");
  });

  it("starts the form from the route, priced from the price file", () => {
    const start = phoneStartDraft({ depart: route.depart, arrive: route.arrive, private_shuttle: "1", type_trajet: "1" }, rows, FLEET, now);
    expect(Number(start.prix_cb)).toBeGreaterThan(0);
    expect(start.type_pu_t1).toBe("1");
  });

  it.each([
    [{ payment: "cash" }, { payment: "cash", locale: "en", priceOverride: null, priceOverrideReason: "" }],
    [
      { payment: "link", priceOverride: "" },
      { payment: "link", locale: "en", priceOverride: null, priceOverrideReason: "" },
    ],
    [
      { payment: "cash", priceOverride: "85,5", priceOverrideReason: "Regular customer" },
      { payment: "cash", locale: "en", priceOverride: 8_550, priceOverrideReason: "Regular customer" },
    ],
    [
      { payment: "link", priceOverride: " 120 ", priceOverrideReason: "Night" },
      { payment: "link", locale: "en", priceOverride: 12_000, priceOverrideReason: "Night" },
    ],
    [
      { payment: "link", locale: "nl" },
      { payment: "link", locale: "nl", priceOverride: null, priceOverrideReason: "" },
    ],
  ])("reads the staff's choices %j", (fields, expected) => {
    expect(phoneExtrasSchema.parse(fields)).toEqual(expected);
  });

  it.each([
    [{}, "payment"],
    [{ payment: "card" }, "payment"],
    [{ payment: "cash", priceOverride: "85" }, "priceOverrideReason"],
    [{ payment: "cash", priceOverride: "0", priceOverrideReason: "Free ride" }, "priceOverride"],
    [{ payment: "cash", priceOverride: "85.555", priceOverrideReason: "Why" }, "priceOverride"],
    [{ payment: "cash", priceOverride: "-5", priceOverrideReason: "Why" }, "priceOverride"],
  ])("refuses %j at %s", (fields, field) => {
    const result = phoneExtrasSchema.safeParse(fields);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path[0])).toContain(field);
  });
});
