import { describe, expect, it } from "vitest";
import english from "~/locales/en/booking.json";
import { bookingPageMessages, bookingRuleMessages, bookingWordsIn } from "./i18n.server";

describe("the booking catalogue's two halves", () => {
  it("together are the whole catalogue but the endpoint's page", () => {
    const page = Object.keys(bookingPageMessages("fr"));
    const rules = Object.keys(bookingRuleMessages("fr").messages);
    const expected = Object.keys(english)
      .filter((key) => !key.startsWith("post."))
      .map((key) => `booking.${key}`);
    expect([...page, ...rules].sort()).toEqual(expected.sort());
    expect(page.filter((id) => rules.includes(id))).toEqual([]);
  });

  it("give the rules' messages a version of their own per language", () => {
    expect(bookingRuleMessages("fr").version).toMatch(/^[0-9a-f]{12}$/);
    expect(bookingRuleMessages("fr").version).not.toBe(bookingRuleMessages("es").version);
  });
});

describe("the booking rules' words on the server", () => {
  it("fill a message's values in its language", () => {
    expect(bookingWordsIn("en")("rule.countAdults", { min: 1, max: 50 })).toBe("Please enter between 1 and 50 adults.");
    expect(bookingWordsIn("fr")("form.summary", { count: 2 })).toBe("Votre réservation comporte 2 problèmes");
  });
});
