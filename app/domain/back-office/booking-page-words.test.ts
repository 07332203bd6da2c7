import { describe, expect, it } from "vitest";
import type { PartyLoad } from "../booking/capacity";
import { EMAIL_KINDS, EMAILS, type ResendFacts } from "../email-registry";
import { activeCapacities, FIRST_FLEET } from "../fleet";
import { historyActionIn, HISTORY_ACTIONS, resendRefusalIn, vehicleNeededIn } from "./booking-page-words";
import { adminWordsIn } from "~/lib/test-support/admin-words";

const en = adminWordsIn("en");
const fr = adminWordsIn("fr");
const FLEET = activeCapacities(FIRST_FLEET);
const NO_LUGGAGE = { checkIn: 0, cabin: 0, strollerSingle: 0, strollerDouble: 0 };

function load(passengers: number, checkIn: number, childSeats = 0): PartyLoad {
  return { passengers, luggage: { ...NO_LUGGAGE, checkIn }, childSeats };
}

describe("vehicleNeededIn", () => {
  it.each([
    ["two with two suitcases", load(2, 2), "a saloon"],
    ["two with six suitcases", load(2, 6), "a van, priced as 7 passengers for its luggage"],
    ["three with three child seats", load(3, 0, 3), "an SUV, priced as 4 passengers for its child seats"],
    ["eleven", load(11, 4), "a minibus and a saloon"],
    ["eight with ten suitcases", load(8, 10), "No vehicle of the fleet carries this party with its luggage and child seats"],
  ])("names the vehicle for %s", (_label, party, words) => {
    expect(vehicleNeededIn(en, "private", party, FLEET)).toBe(words);
  });

  it("names none for a shuttle", () => {
    expect(vehicleNeededIn(en, "shuttle", load(2, 2), FLEET)).toBeNull();
  });

  it.each([
    [load(2, 2), "une berline"],
    [load(2, 6), "un monospace, au tarif de 7 passagers en raison de ses bagages"],
    [load(3, 0, 3), "un SUV, au tarif de 4 passagers en raison de ses sièges enfant"],
    [load(11, 4), "un minibus et une berline"],
    [load(8, 10), "Aucun véhicule de la flotte ne peut transporter ce groupe avec ses bagages et ses sièges enfant"],
  ])("names it in French: %j → %s", (party, words) => {
    expect(vehicleNeededIn(fr, "private", party, FLEET)).toBe(words);
  });
});

/** Every state the resend rules read. */
const EVERY_FACTS: ResendFacts[] = [false, true].flatMap((cancelled) =>
  [false, true].flatMap((paid) =>
    [false, true].flatMap((driverNow) => [false, true].map((sentToDriverNow) => ({ cancelled, paid, driverNow, sentToDriverNow }))),
  ),
);

describe("resendRefusalIn", () => {
  it("refuses exactly what the e-mail registry refuses, in the registry's English", () => {
    for (const kind of EMAIL_KINDS) {
      for (const facts of EVERY_FACTS) {
        expect(resendRefusalIn(en, kind, facts), `${kind} ${JSON.stringify(facts)}`).toBe(EMAILS[kind].refusal(facts));
      }
    }
  });

  it("says why in French", () => {
    const facts = { cancelled: false, paid: true, driverNow: true, sentToDriverNow: false };
    expect(resendRefusalIn(fr, "payment_link", facts)).toBe(
      "Cette réservation est déjà payée\u00a0: son lien de paiement n’est pas renvoyé.",
    );
    expect(resendRefusalIn(fr, "driver_job", facts)).toBe(
      "Cette course a été envoyée à un chauffeur qui n’est plus attribué à cette réservation\u00a0: elle n’est pas renvoyée.",
    );
    expect(resendRefusalIn(fr, "booking_confirmed", { ...facts, cancelled: true })).toBe(
      "Cette réservation est annulée\u00a0: sa confirmation n’est pas renvoyée.",
    );
  });

  it("lets an e-mail go when nothing stands in its way", () => {
    expect(resendRefusalIn(fr, "booking_cancelled", { cancelled: true, paid: true, driverNow: false, sentToDriverNow: false })).toBeNull();
  });
});

describe("historyActionIn", () => {
  it("names each action of the history", () => {
    expect(historyActionIn(en, "driver_assigned")).toBe("Driver assigned");
    expect(historyActionIn(en, "booking_created")).toBe("Booking taken by phone");
    expect(historyActionIn(en, "ride_step")).toBe("Ride step (driver)");
    for (const action of HISTORY_ACTIONS) expect(historyActionIn(en, action)).not.toBe(action);
  });

  it("shows an action it does not know as its code", () => {
    expect(historyActionIn(en, "staff_added")).toBe("staff_added");
    expect(historyActionIn(fr, "toString")).toBe("toString");
  });

  it("names them in French", () => {
    expect(historyActionIn(fr, "booking_no_show")).toBe("Client absent");
    expect(historyActionIn(fr, "email_resent")).toBe("E-mail renvoyé");
  });
});
