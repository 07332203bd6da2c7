import { describe, expect, it } from "vitest";
import { ENGLISH_WORDS } from "~/lib/test-support/booking-words";
import { DRAFT_FIELDS } from "./fields";
import { MESSAGES, fieldLabel, say } from "./messages";

// The labels the messages about a field name it by, in English as the form always wrote them.
const ENGLISH_LABELS = [
  "Last name",
  "First name",
  "E-mail",
  "Phone",
  "Mobile phone",
  "Fax",
  "Address",
  "Postcode",
  "City",
  "Country",
  "Phone country",
  "Trip details",
  "From",
  "To",
  "Single strollers",
  "Double strollers",
  "Baby seats",
  "Child seats",
  "Booster seats",
  "Cabin bags",
  "Check-in luggage",
  "Luggage notes",
  "Hotel",
  "Date",
  "Pick-up time",
  "Adults",
  "Children",
  "Babies",
  "Notes for the driver",
  "Pick-up place",
  "Pick-up flight time",
  "Pick-up flight city",
  "Pick-up flight number",
  "Pick-up hotel name",
  "Pick-up hotel",
  "Pick-up address",
  "Pick-up zip code",
  "Drop-off place",
  "Drop-off flight time",
  "Drop-off flight city",
  "Drop-off flight number",
  "Drop-off hotel name",
  "Drop-off hotel",
  "Drop-off address",
  "Drop-off zip code",
  "Pick-up terminal",
  "Return date",
  "Return pick-up time",
  "Return trip details",
  "Return adults",
  "Return children",
  "Return babies",
  "Return notes for the driver",
  "Return pick-up place",
  "Return pick-up flight time",
  "Return pick-up flight city",
  "Return pick-up flight number",
  "Return pick-up hotel name",
  "Return pick-up hotel",
  "Return pick-up address",
  "Return pick-up zip code",
  "Return drop-off place",
  "Return drop-off flight time",
  "Return drop-off flight city",
  "Return drop-off flight number",
  "Return drop-off hotel name",
  "Return drop-off hotel",
  "Return drop-off address",
  "Return drop-off zip code",
  "Return pick-up terminal",
];

describe("a field's label", () => {
  it("in English is the form's own, for every field of the draft", () => {
    const labels = new Set(DRAFT_FIELDS.map((field) => say(ENGLISH_WORDS, fieldLabel(field))));
    expect([...labels].sort()).toEqual([...ENGLISH_LABELS].sort());
  });

  it.each([
    ["address_pu_2", "Return pick-up address"],
    ["terminal_pu_1", "Pick-up terminal"],
    ["zip_drop_1", "Drop-off zip code"],
    ["lastname", "Last name"],
  ])("of %s is %s", (field, label) => {
    expect(say(ENGLISH_WORDS, fieldLabel(field))).toBe(label);
  });
});

describe("a value in bold", () => {
  it("is bold as a whole when it is a time on another day", () => {
    const evening = { key: "time.onDay", values: { time: "22:45", date: "03/06/2026" } } as const;
    expect(say(ENGLISH_WORDS, MESSAGES.pickupTooLate("01:00", evening))).toBe(
      "To be at the airport in time for your **01:00** flight, pick-up must be at **22:45 on 03/06/2026** at the latest.",
    );
  });
});
