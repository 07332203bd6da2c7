import { describe, expect, it } from "vitest";
import { bookingEmails } from "~/domain/booking/paid-emails";
import { row } from "~/domain/booking/round-trip.fixture";
import { emailSite } from "./email-site.server";
import { readSettings } from "./settings.server";

describe("emailSite", () => {
  it("writes the business's e-mail in English by default", () => {
    const [, business] = bookingEmails(row, emailSite(readSettings({})));
    expect(business!.body).toMatch(/^A booking has been paid on Navette Paris\./);
  });

  it("writes the business's e-mail in French when STAFF_LANGUAGE is fr, the traveller's in the booking's language", () => {
    const [traveller, business] = bookingEmails({ ...row, locale: "en" }, emailSite(readSettings({ STAFF_LANGUAGE: "fr" })));
    expect(business!.body).toMatch(/^Une réservation a été payée sur Navette Paris\./);
    expect(traveller!.body).toMatch(/^Hello Alice Martin,/);
  });
});
