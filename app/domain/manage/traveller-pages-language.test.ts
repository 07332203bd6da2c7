import { describe, expect, it } from "vitest";
import { manageView, type ManagedRow } from "~/components/manage/booking-view";
import { row as roundTrip } from "../booking/round-trip.fixture";
import { readStoredDetails } from "../booking/model";
import { parisDateTime } from "../booking/paris-time";
import { formatEuros } from "../money";
import { changeProblems, changeFormSchema } from "./change-form";
import { changeClosedReason } from "./changes";
import { freeCancellationUntil } from "./deadline";
import { lostLinkProblems, lostLinkSchema } from "./lost-link-form";
import { voucherView } from "./voucher";
import { mailWordsIn, manageWordsIn } from "~/lib/test-support/booking-words";

// The traveller's pages speak the language of their address (docs/product.md, Languages): the
// server writes their sentences in it, and their forms' problems come back in it.

const HOUR = 3_600_000;
const firstPickupAt = readStoredDetails(roundTrip.details)!.legs[0]!.pickupAt;
const PHONE = "+33 1 23 45 67 89";

const managed: ManagedRow = {
  ...roundTrip,
  test: false,
  paymentMode: "card",
  status: "paid",
  bookingStatus: "confirmed",
  refundedCents: 0,
  paidAmountCents: 15_950,
  paidAt: new Date(firstPickupAt.getTime() - 200 * HOUR),
  firstPickupAt,
};

function spanishView(now: Date) {
  return manageView(managed, {
    drivers: new Map([[1, { name: "Karim Benali", phone: "+33 6 98 76 54 32" }]]),
    refundableCents: 15_950,
    points: undefined,
    words: mailWordsIn("es"),
    manage: manageWordsIn("es"),
    now,
  });
}

describe("the booking's page in Spanish", () => {
  const es = manageWordsIn("es");

  it("writes the state, the driver and the amount in Spanish, as Spain writes euros", () => {
    const view = spanishView(new Date(firstPickupAt.getTime() - 72 * HOUR));
    expect(view.status.title).toBe(es("status.title.confirmed"));
    expect(view.status.lines[0]).toBe(es("status.driverOfLegIs", { leg: "outbound", name: "Karim Benali" }));
    expect(view.status.drivers[0]!.title).toBe(es("driver.titleOfLeg", { leg: "outbound" }));
    expect(view.money).toEqual([{ label: es("money.paid"), amount: formatEuros(15_950, "es") }]);
    expect(view.refund).toBe(formatEuros(15_950, "es"));
  });

  it("gives free cancellation's end and the time left in Spanish", () => {
    const view = spanishView(new Date(firstPickupAt.getTime() - 72 * HOUR));
    expect(view.deadline).toMatchObject({
      text: es("deadline.until", parisDateTime(freeCancellationUntil(firstPickupAt))),
      left: es("deadline.days", { days: 2 }),
    });
  });

  it("says in Spanish why the booking cannot be cancelled online after the deadline", () => {
    const view = spanishView(new Date(firstPickupAt.getTime() - 2 * HOUR));
    expect(view.deadline).toBeNull();
    expect(view.closedBecause).toBe(es("check.deadline", parisDateTime(freeCancellationUntil(firstPickupAt))));
  });
});

describe("the voucher in German", () => {
  it("gives the day's advice, the driver's title and what to do if the driver is not found in German", () => {
    const de = manageWordsIn("de");
    const voucher = voucherView(
      { ...roundTrip, bookingStatus: "confirmed", status: "paid", paymentMode: "card" },
      {
        phone: PHONE,
        drivers: new Map([
          [1, { name: "Jean Dupont", phone: "+33 6 11 22 33 44" }],
          [2, { name: "Marc Petit", phone: "+33 6 55 66 77 88" }],
        ]),
        words: mailWordsIn("de"),
        manage: de,
      },
    );
    expect(voucher.warning).toBeNull();
    expect(voucher.onTheDay[0]).toBe(`${de("voucher.arrivalPrivate")} ${de("voucher.waitLanding", { minutes: 60 })}`);
    expect(voucher.drivers.map((d) => d.title)).toEqual([
      de("driver.titleOfLeg", { leg: "outbound" }),
      de("driver.titleOfLeg", { leg: "return" }),
    ]);
    expect(voucher.driverNotFound).toEqual([
      de("voucher.stay"),
      de("voucher.callDrivers", {
        outbound: "Jean Dupont",
        outboundPhone: "+33 6 11 22 33 44",
        return: "Marc Petit",
        returnPhone: "+33 6 55 66 77 88",
      }),
      de("voucher.callUs", { phone: PHONE, orderId: roundTrip.orderId }),
      de("voucher.noOther"),
    ]);
  });
});

describe("the traveller's forms in another language", () => {
  it("refuse a change after the deadline in French", () => {
    const fr = manageWordsIn("fr");
    const now = new Date(firstPickupAt.getTime() - 2 * HOUR);
    expect(changeClosedReason({ ...managed, bookingStatus: "confirmed" }, now, PHONE, fr)).toBe(
      fr("change.closed.deadline", { ...parisDateTime(freeCancellationUntil(firstPickupAt)), phone: PHONE }),
    );
  });

  it("name a change form's field and its limit in Dutch", () => {
    const nl = manageWordsIn("nl");
    const parsed = changeFormSchema.safeParse({ zip_pu_1: "7".repeat(21) });
    expect(parsed.success).toBe(false);
    expect(changeProblems(parsed.error!, nl)).toEqual([{ field: "zip_pu_1", message: nl("change.problem.tooLong", { max: 20 }) }]);
  });

  it("say what a control character spoils in Italian, with the field's label", () => {
    const it_ = manageWordsIn("it");
    const parsed = changeFormSchema.safeParse({ address_pu_1: "Rue\u202e 1" });
    expect(changeProblems(parsed.error!, it_)).toEqual([
      { field: "address_pu_1", message: it_("change.problem.plainText", { label: it_("change.address") }) },
    ]);
  });

  it("refuse a lost link's order number in Italian", () => {
    const it_ = manageWordsIn("it");
    const parsed = lostLinkSchema.safeParse({ orderId: "12345", email: "ada@example.com" });
    expect(lostLinkProblems(parsed.error!, it_)).toEqual([{ field: "orderId", message: it_("lost.orderIdProblem") }]);
  });
});
