import { describe, expect, it } from "vitest";
import { legSchema } from "../booking/model";
import { outboundLeg, roundTripDetails, row, site } from "../booking/round-trip.fixture";
import { landingChange } from "./landing-change";
import { landingChangedDriverEmail, landingChangedTravellerEmail } from "./landing-emails";
import { adminWordsIn } from "~/lib/test-support/admin-words";

const driver = { name: "Karim Benali", phone: "+33698765432", email: "karim@drivers.example" };
const changed = landingChange(legSchema.parse(outboundLeg), "08:30", new Date("2026-06-30T18:00:00Z"), adminWordsIn("en"));
if (!changed.ok) throw new Error(changed.message);
const notice = { leg: changed.leg, from: changed.from, to: changed.to };
/** The booking as it is after the change: leg 1 lands at 08:30. */
const after = { ...row, details: { ...roundTripDetails, legs: [JSON.parse(JSON.stringify(changed.leg)), roundTripDetails.legs[1]] } };

describe("the traveller's landing time notice", () => {
  it("gives the new landing time and the leg's new pickup, and only that leg", () => {
    const email = landingChangedTravellerEmail(after, site, notice);
    expect(email).toMatchObject({
      kind: "landing_changed_traveller",
      recipient: "alice@example.com",
      subject: "Navette Paris: new landing time for booking NV-7K3P2Q",
      leg: 1,
    });
    expect(email.body).toContain("new landing time of flight AF007 for booking NV-7K3P2Q: 08:30 instead of 07:45 (Paris time).");
    expect(email.body).toContain("Pick-up: 01/07/2026 at 08:30 (Paris time)");
    expect(email.body).toContain("landing 08:30 (Paris time)");
    expect(email.body).not.toContain("Return");
    expect(email.body).toContain("Call us on +33 1 99 00 12 34");
  });

  it("carries the manage link's marker when the site gives one", () => {
    const marker = "https://navette.example/my-booking/MARKER";
    const email = landingChangedTravellerEmail(after, { ...site, manageUrl: marker }, notice);
    expect(email.manageLink).toBe(marker);
    expect(email.body).toContain(marker);
  });

  it("marks a test booking's subject", () => {
    expect(landingChangedTravellerEmail({ ...after, test: true }, site, notice).subject).toMatch(/^\[TEST\] /);
  });
});

describe("the driver's landing time notice", () => {
  it("puts the new time on top of the leg's job", () => {
    const email = landingChangedDriverEmail(after, site, driver, notice);
    expect(email).toMatchObject({
      kind: "landing_changed_driver",
      recipient: "karim@drivers.example",
      subject: "Job NV-7K3P2Q: flight AF007 now lands at 08:30",
      leg: 1,
    });
    const lines = email.body.split("\n");
    expect(lines[0]).toBe("Hello Karim Benali,");
    expect(lines[2]).toBe(
      "The landing time of flight AF007 of booking NV-7K3P2Q changed (Outbound, leg 1): 08:30 instead of 07:45 (Paris time).",
    );
    expect(lines[3]).toBe("New pick-up: 01/07/2026 at 08:30 (Paris time)");
    expect(email.body).toContain("The job as it is now:");
    expect(email.body).toContain("Outbound (leg 1)");
    expect(email.body).not.toContain("Return (leg 2)");
  });

  it("says 'the flight' when the leg has no flight number, and no old time when none was stored", () => {
    const bare = { ...notice, from: null, leg: { ...notice.leg, pickup: { ...notice.leg.pickup, flightNumber: " " } } };
    const email = landingChangedDriverEmail(after, site, driver, bare);
    expect(email.body).toContain("The landing time of the flight of booking NV-7K3P2Q changed (Outbound, leg 1): 08:30 (Paris time).");
  });
});
