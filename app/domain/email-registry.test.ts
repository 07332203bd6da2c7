import { describe, expect, it } from "vitest";
import { driverLinkEmail } from "./driver-day/link-email";
import { bookingEmails } from "./booking/paid-emails";
import { row, site } from "./booking/round-trip.fixture";
import {
  bookingCancelledEmail,
  bookingConfirmedEmail,
  bookingRefundedEmail,
  driverAssignedEmail,
  driverJobCancelledEmail,
  driverJobEmail,
  paymentLinkEmail,
} from "./booking/staff-emails";
import { EMAIL_KINDS, EMAILS, isRewritten, type EmailKind, type ResendFacts } from "./email-registry";
import { bookingChangedEmail, driverChangedJobEmail } from "./manage/change-email";
import { landingChangedDriverEmail, landingChangedTravellerEmail } from "./flights/landing-emails";
import { legSchema } from "./booking/model";
import { outboundLeg } from "./booking/round-trip.fixture";
import { reminderEmail } from "./manage/reminder-email";
import { manageLinkEmail, travellerCancelledEmail } from "./manage/traveller-emails";

const driver = { name: "Karim Benali", phone: "+33698765432", email: "karim@drivers.example" };
const now = new Date("2026-06-30T16:00:00Z");
const landing = { leg: legSchema.parse(outboundLeg), from: "07:30", to: "07:45" };

/** One message of every builder the site has, built from the same round trip. */
function everyBuilder(): { kind: EmailKind; recipient: string }[] {
  const change = {
    leg: 1 as const,
    what: "pick-up flight number",
    field: "pu.flightNumber" as const,
    before: "AF007",
    after: "AF008",
    forDriver: true,
    movesPickup: false,
  };
  return [
    ...bookingEmails(row, site),
    bookingConfirmedEmail(row, site),
    driverAssignedEmail(row, site, driver),
    driverJobEmail(row, site, driver),
    driverJobCancelledEmail(row, site, driver, "cancelled"),
    bookingCancelledEmail(row, site, 0),
    bookingRefundedEmail(row, site, 1_000),
    paymentLinkEmail(row, site, "https://pay.example/x"),
    manageLinkEmail(row, { ...site, manageUrl: "https://navette.example/my-booking/x" }),
    travellerCancelledEmail(row, site, { at: now, refundedCents: 0, provider: null, drivers: [] }),
    bookingChangedEmail({ ...row, firstPickupAt: now }, site, [change], []),
    driverChangedJobEmail({ ...row, firstPickupAt: now }, site, driver, [change]),
    reminderEmail({ row, leg: 1, pickupAt: new Date("2026-07-01T05:45:00Z"), site, driver: null, meetingPoint: null, now }),
    landingChangedTravellerEmail(row, site, landing),
    landingChangedDriverEmail(row, site, driver, landing),
    driverLinkEmail(driver, site, "[manage-link:x]"),
  ];
}

const facts = (edits: Partial<ResendFacts> = {}): ResendFacts => ({
  cancelled: false,
  paid: true,
  driverNow: true,
  sentToDriverNow: true,
  ...edits,
});

describe("the e-mail registry", () => {
  it("has an entry for exactly the kinds the builders write", () => {
    const built = new Set(everyBuilder().map((m) => m.kind));
    expect([...built].sort()).toEqual([...EMAIL_KINDS].sort());
    expect(Object.keys(EMAILS).sort()).toEqual([...EMAIL_KINDS].sort());
  });

  it("sends each kind to the recipient its entry names", () => {
    const to: Record<string, string> = { traveller: row.email, driver: driver.email, business: site.businessEmail };
    for (const message of everyBuilder())
      expect([message.kind, message.recipient]).toEqual([message.kind, to[EMAILS[message.kind].recipient]]);
  });

  it("gives every kind its own label for staff", () => {
    const labels = EMAIL_KINDS.map((kind) => EMAILS[kind].label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("writes anew only the payment link, the traveller's driver and the reminder", () => {
    expect(EMAIL_KINDS.filter(isRewritten)).toEqual(["driver_assigned", "payment_link", "reminder"]);
  });

  it.each<[EmailKind, Partial<ResendFacts>, boolean]>([
    ["traveller_confirmation", { cancelled: true }, true],
    ["traveller_confirmation", {}, false],
    ["business_notification", { cancelled: true }, false],
    ["driver_assigned", { driverNow: false }, true],
    ["driver_assigned", {}, false],
    ["driver_job", { sentToDriverNow: false }, true],
    ["driver_job", { cancelled: true }, true],
    ["driver_job", {}, false],
    ["payment_link", { paid: true }, true],
    ["payment_link", { paid: false }, false],
    ["payment_link", { paid: false, cancelled: true }, true],
    ["reminder", { cancelled: true }, true],
    ["manage_link", { cancelled: true }, false],
    ["landing_changed_traveller", { cancelled: true }, true],
    ["landing_changed_traveller", { driverNow: false }, false],
    ["landing_changed_driver", { sentToDriverNow: false }, true],
    ["landing_changed_driver", { cancelled: true }, true],
    ["landing_changed_driver", {}, false],
  ])("%s with %o: refused %s", (kind, edits, refused) => {
    expect(EMAILS[kind].refusal(facts(edits)) !== null).toBe(refused);
  });
});
