import { describe, expect, it } from "vitest";
import { adminWordsIn } from "~/lib/test-support/admin-words";
import { bookingStatusIn, longDayIn, paymentStatusIn } from "./admin-words";

describe("the back office's shared words", () => {
  it.each([
    ["en", { year: 2026, month: 3, day: 29 }, "Sunday 29 March 2026"],
    ["fr", { year: 2026, month: 3, day: 29 }, "dimanche 29 mars 2026"],
    ["en", { year: 2026, month: 12, day: 5 }, "Saturday 5 December 2026"],
    ["fr", { year: 2026, month: 12, day: 5 }, "samedi 5 décembre 2026"],
    ["fr", { year: 2027, month: 1, day: 1 }, "vendredi 1er janvier 2027"],
  ] as const)("name a day in full in %s: %o", (locale, day, expected) => {
    expect(longDayIn(adminWordsIn(locale), day)).toBe(expected);
  });

  it("name a booking status in the member's language", () => {
    expect(bookingStatusIn(adminWordsIn("en"), "driver_assigned")).toBe("Driver assigned");
    expect(bookingStatusIn(adminWordsIn("fr"), "driver_assigned")).toBe("Chauffeur attribué");
  });

  it("name a payment status in the member's language", () => {
    expect(paymentStatusIn(adminWordsIn("en"), "partly_refunded")).toBe("Partly refunded");
    expect(paymentStatusIn(adminWordsIn("fr"), "partly_refunded")).toBe("Remboursé en partie");
  });
});
