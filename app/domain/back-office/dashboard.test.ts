import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  comingPickups,
  toConfirmRows,
  toRefundRows,
  unassignedRows,
  type ToConfirmBooking,
  type ToRefundBooking,
  type UnassignedBooking,
} from "./dashboard";
import type { PickupBooking } from "./run-sheet";
import { adminWordsIn } from "~/lib/test-support/admin-words";

const en = adminWordsIn("en");
const fr = adminWordsIn("fr");

const now = new Date("2026-10-24T20:00:00Z"); // 22:00 in Paris, the evening before the clocks go back

describe("toConfirmRows", () => {
  const paid = (orderId: string, paidAt: string | null, edits: Partial<ToConfirmBooking> = {}): ToConfirmBooking => ({
    orderId,
    test: orderId.endsWith("T"),
    paymentStatus: "paid",
    bookingStatus: "new",
    paidAt: paidAt ? new Date(paidAt) : null,
    firstPickupAt: new Date("2026-10-30T09:00:00Z"),
    depart: "Orly Airport (ORY)",
    arrive: "Disneyland Paris",
    ...edits,
  });

  it("puts the oldest payment first, with the time left on the 12-hour promise, overdue ones marked", () => {
    const rows = toConfirmRows(
      [paid("NV-LATE", "2026-10-24T19:00:00Z"), paid("NV-OVERT", "2026-10-24T06:50:00Z"), paid("NV-NOW", "2026-10-24T20:00:00Z")],
      now,
      en,
    );
    expect(rows.map((r) => [r.orderId, r.timeLeft, r.overdue, r.test])).toEqual([
      ["NV-OVERT", "overdue by 1 h 10 min", true, true],
      ["NV-LATE", "11 h 00 min left", false, false],
      ["NV-NOW", "12 h 00 min left", false, false],
    ]);
    expect(rows[1]).toMatchObject({ paid: "24/10/2026 21:00", due: "25/10/2026 08:00", firstPickup: "30/10/2026 10:00" });
  });

  it("counts a booking whose payment moment is unknown as overdue, first", () => {
    const rows = toConfirmRows([paid("NV-A", "2026-10-24T19:00:00Z"), paid("NV-B", null)], now, en);
    expect(rows.map((r) => [r.orderId, r.overdue, r.timeLeft])).toEqual([
      ["NV-B", true, "payment time unknown"],
      ["NV-A", false, "11 h 00 min left"],
    ]);
  });

  it("gives nothing for nothing", () => {
    expect(toConfirmRows([], now, en)).toEqual([]);
  });

  it("keeps a booking until 3 hours after its first pickup, and leaves out history and other statuses", () => {
    const pickup = (at: string | null) => ({ firstPickupAt: at ? new Date(at) : null });
    const rows = toConfirmRows(
      [
        paid("NV-SOON", "2026-10-24T19:00:00Z", pickup("2026-10-25T06:00:00Z")),
        paid("NV-JUST-GONE", "2026-10-24T10:00:00Z", pickup("2026-10-24T17:00:00Z")), // exactly 3 h ago: kept
        paid("NV-GONE", "2026-10-24T09:00:00Z", pickup("2026-10-24T16:59:59Z")), // 3 h and a second ago
        paid("NV-HISTORIC", "2025-06-01T09:00:00Z", pickup("2025-06-03T09:00:00Z")), // before the back office
        paid("NV-NO-PICKUP", "2026-10-24T19:00:00Z", pickup(null)),
        paid("NV-CONFIRMED", "2026-10-24T19:00:00Z", { bookingStatus: "confirmed" }),
        paid("NV-UNPAID", "2026-10-24T19:00:00Z", { paymentStatus: "pending_payment" }),
        paid("NV-CANCELLED", "2026-10-24T19:00:00Z", { bookingStatus: "cancelled" }),
      ],
      now,
      en,
    );
    expect(rows.map((r) => r.orderId)).toEqual(["NV-JUST-GONE", "NV-SOON"]);
  });

  it("marks a booking overdue as soon as its promise has passed, seconds count, with no 'left' in its words", () => {
    // Paid 12 h and 10 s ago: the minutes round to 0, yet the promise is broken.
    const [late] = toConfirmRows([paid("NV-SECONDS", "2026-10-24T07:59:50Z")], now, en);
    expect(late).toMatchObject({ overdue: true, timeLeft: "overdue by 0 h 00 min" });
    // Paid 11 h 59 min 50 s ago: 10 s left, in time.
    const [inTime] = toConfirmRows([paid("NV-IN-TIME", "2026-10-24T08:00:10Z")], now, en);
    expect(inTime).toMatchObject({ overdue: false, timeLeft: "0 h 00 min left" });
    // Exactly on the promise: not yet overdue.
    const [due] = toConfirmRows([paid("NV-DUE", "2026-10-24T08:00:00Z")], now, en);
    expect(due).toMatchObject({ overdue: false, timeLeft: "0 h 00 min left" });
  });
});

describe("toRefundRows", () => {
  const cancelled = (orderId: string, cancelledAt: string | null, edits: Partial<ToRefundBooking> = {}): ToRefundBooking => ({
    orderId,
    test: false,
    paymentStatus: "paid",
    bookingStatus: "cancelled",
    priceCents: 9_000,
    paidAmountCents: null,
    refundedCents: 0,
    cancelledAt: cancelledAt ? new Date(cancelledAt) : null,
    depart: "Orly Airport (ORY)",
    arrive: "Disneyland Paris",
    ...edits,
  });

  it("lists cancelled bookings still holding money, the longest waiting first, with what is held", () => {
    const rows = toRefundRows(
      [
        cancelled("NV-LATER", "2026-10-24T18:00:00Z"),
        cancelled("NV-PART", "2026-10-23T18:00:00Z", { paymentStatus: "partly_refunded", refundedCents: 3_000 }),
        cancelled("NV-PAID-MORE", "2026-10-24T19:00:00Z", { paidAmountCents: 9_500, test: true }),
        cancelled("NV-UNKNOWN", null),
        cancelled("NV-REFUNDED", "2026-10-22T18:00:00Z", { paymentStatus: "refunded", refundedCents: 9_000 }),
        cancelled("NV-UNPAID", "2026-10-22T18:00:00Z", { paymentStatus: "pending_payment" }),
        cancelled("NV-FAILED", "2026-10-22T18:00:00Z", { paymentStatus: "payment_failed" }),
        cancelled("NV-LIVE", "2026-10-22T18:00:00Z", { bookingStatus: "confirmed" }),
        cancelled("NV-NO-SHOW", "2026-10-22T18:00:00Z", { bookingStatus: "no_show" }),
      ],
      en,
    );
    expect(rows.map((r) => [r.orderId, r.payment, r.heldCents, r.cancelled, r.test])).toEqual([
      ["NV-UNKNOWN", "Paid", 9_000, "", false],
      ["NV-PART", "Partly refunded", 6_000, "23/10/2026 20:00", false],
      ["NV-LATER", "Paid", 9_000, "24/10/2026 20:00", false],
      ["NV-PAID-MORE", "Paid", 9_500, "24/10/2026 21:00", true],
    ]);
    expect(rows[0]!.route).toBe("Orly Airport (ORY) → Disneyland Paris");
  });
});

describe("comingPickups", () => {
  const b = (orderId: string, first: string): PickupBooking => ({
    orderId,
    test: false,
    bookingStatus: "confirmed",
    paymentStatus: "paid",
    paymentMode: "card",
    source: "web",
    depart: "A",
    arrive: "B",
    adults: 1,
    children: 0,
    babies: 0,
    firstPickupAt: new Date(first),
    returnPickupAt: null,
    firstDriverName: null,
    returnDriverName: null,
    details: null,
  });

  it("splits today's and tomorrow's Paris pickups, tomorrow being the 25-hour day", () => {
    const days = comingPickups(
      [
        b("NV-1", "2026-10-23T21:59:00Z"), // 23:59 the day before: not shown
        b("NV-2", "2026-10-24T21:30:00Z"), // 23:30 today
        b("NV-3", "2026-10-24T05:00:00Z"), // 07:00 today (already past: still today's)
        b("NV-4", "2026-10-25T22:30:00Z"), // 23:30 tomorrow (CET)
        b("NV-5", "2026-10-25T23:00:00Z"), // midnight, the day after tomorrow
      ],
      now,
      en,
    );
    expect(days.map((d) => [d.when, d.iso, d.label, d.lines.map((l) => `${l.time} ${l.orderId}`)])).toEqual([
      ["today", "2026-10-24", "Saturday 24 October 2026", ["07:00 NV-3", "23:30 NV-2"]],
      ["tomorrow", "2026-10-25", "Sunday 25 October 2026", ["23:30 NV-4"]],
    ]);
  });
});

describe("the dashboard in French", () => {
  it("says the time left, an unknown payment time and the money held in a French member's words", () => {
    const booking = (orderId: string, paidAt: string | null): ToConfirmBooking => ({
      orderId,
      test: false,
      paymentStatus: "paid",
      bookingStatus: "new",
      paidAt: paidAt ? new Date(paidAt) : null,
      firstPickupAt: new Date("2026-10-30T09:00:00Z"),
      depart: "A",
      arrive: "B",
    });
    const rows = toConfirmRows([booking("NV-A", "2026-10-24T19:00:00Z"), booking("NV-B", null)], now, fr);
    expect(rows.map((r) => r.timeLeft)).toEqual(["heure du paiement inconnue", "encore 11 h 00 min"]);
  });

  it("names today's day in full in French", () => {
    const [today] = comingPickups([], now, fr);
    expect(today!.label).toBe("samedi 24 octobre 2026");
  });
});

describe("unassignedRows", () => {
  const c = (orderId: string, first: string | null, ret: string | null, edits: Partial<UnassignedBooking> = {}): UnassignedBooking => ({
    orderId,
    test: false,
    bookingStatus: "confirmed",
    firstDriverId: null,
    returnDriverId: null,
    firstPickupAt: first ? new Date(first) : null,
    returnPickupAt: ret ? new Date(ret) : null,
    depart: "Orly Airport (ORY)",
    arrive: "Disneyland Paris",
    ...edits,
  });

  it("lists confirmed bookings with no driver and a pickup to come, by their next pickup", () => {
    const rows = unassignedRows(
      [
        c("NV-LATER", "2026-10-28T08:00:00Z", null),
        c("NV-RETURN", "2026-10-20T08:00:00Z", "2026-10-26T08:00:00Z"), // outbound done, return to come
        c("NV-PAST", "2026-10-20T08:00:00Z", "2026-10-22T08:00:00Z"),
        c("NV-DRIVER", "2026-10-27T08:00:00Z", null, { firstDriverId: 4 }),
        c("NV-BACK", "2026-10-20T08:00:00Z", "2026-10-29T08:00:00Z", { firstDriverId: 4 }), // the return has no driver yet
        c("NV-OUT", "2026-10-29T08:00:00Z", "2026-10-30T08:00:00Z", { returnDriverId: 4 }), // the outbound has none
        c("NV-CANCEL", "2026-10-27T08:00:00Z", null, { bookingStatus: "cancelled" }),
        c("NV-NEW", "2026-10-27T08:00:00Z", null, { bookingStatus: "new" }),
        c("NV-ASSIGNED", "2026-10-27T08:00:00Z", null, { bookingStatus: "driver_assigned", firstDriverId: 2 }),
      ],
      now,
    );
    expect(rows.map((r) => [r.orderId, r.nextPickup])).toEqual([
      ["NV-RETURN", "26/10/2026 09:00"],
      ["NV-LATER", "28/10/2026 09:00"],
      ["NV-BACK", "29/10/2026 09:00"],
      ["NV-OUT", "29/10/2026 09:00"],
    ]);
  });
});

describe("dashboard rows, for any bookings", () => {
  const HOUR = 3_600_000;
  const base = now.getTime();
  /** An instant within 30 days either side of `now`, to the second. */
  const instant = fc.integer({ min: -30 * 24 * 3600, max: 30 * 24 * 3600 }).map((s) => new Date(base + s * 1000));
  /** An instant within two minutes of `at`, to the second: where rounding and boundaries bite. */
  const near = (at: number) => fc.integer({ min: -120, max: 120 }).map((s) => new Date(at + s * 1000));
  const bookingStatus = fc.constantFrom("new", "confirmed", "driver_assigned", "completed", "cancelled", "no_show");
  const paymentStatus = fc.constantFrom("pending_payment", "paid", "payment_failed", "refunded", "partly_refunded");
  const orderIds = (n: number) => Array.from({ length: n }, (_, i) => `NV-${String(i).padStart(4, "0")}`);

  const toConfirm = fc
    .array(
      fc.record({
        test: fc.boolean(),
        paymentStatus,
        bookingStatus,
        // Some paid right around 12 hours ago, and some picked up right around 3 hours ago.
        paidAt: fc.option(fc.oneof(instant, near(base - 12 * HOUR)), { nil: null }),
        firstPickupAt: fc.option(fc.oneof(instant, near(base - 3 * HOUR)), { nil: null }),
      }),
      { maxLength: 30 },
    )
    .map((list): ToConfirmBooking[] => list.map((b, i) => ({ ...b, orderId: orderIds(list.length)[i]!, depart: "A", arrive: "B" })));

  it("toConfirm rows are exactly the paid, new bookings with a first pickup to come (or under 3 h past), by payment time", () => {
    fc.assert(
      fc.property(toConfirm, (bookings) => {
        const rows = toConfirmRows(bookings, now, en);
        const expected = bookings.filter(
          (b) =>
            b.paymentStatus === "paid" &&
            b.bookingStatus === "new" &&
            b.firstPickupAt !== null &&
            b.firstPickupAt.getTime() >= base - 3 * HOUR,
        );
        expect(rows.map((r) => r.orderId).sort()).toEqual(expected.map((b) => b.orderId).sort());
        const byId = new Map(bookings.map((b) => [b.orderId, b]));
        const paidTimes = rows.map((r) => byId.get(r.orderId)!.paidAt?.getTime() ?? -Infinity);
        for (let i = 1; i < paidTimes.length; i++) expect(paidTimes[i - 1]!).toBeLessThanOrEqual(paidTimes[i]!);
        for (const r of rows) {
          const paidAt = byId.get(r.orderId)!.paidAt;
          const overdue = paidAt === null || paidAt.getTime() + 12 * HOUR < base;
          expect(r.overdue).toBe(overdue);
          // The words agree with the flag: an overdue row never says "left".
          expect(r.timeLeft.endsWith(" left")).toBe(!overdue);
        }
      }),
    );
  });

  it("a booking paid around 12 hours ago is overdue exactly when its promise has passed, and its words say so", () => {
    fc.assert(
      fc.property(near(base - 12 * HOUR), (paidAt) => {
        const [row] = toConfirmRows(
          [
            {
              orderId: "NV-0001",
              test: false,
              paymentStatus: "paid",
              bookingStatus: "new",
              paidAt,
              firstPickupAt: now,
              depart: "A",
              arrive: "B",
            },
          ],
          now,
          en,
        );
        const overdue = paidAt.getTime() + 12 * HOUR < base;
        expect(row!.overdue).toBe(overdue);
        expect(row!.timeLeft).toMatch(overdue ? /^overdue by \d+ h \d\d min$/ : /^\d+ h \d\d min left$/);
      }),
      { numRuns: 300 },
    );
  });

  const unassigned = fc
    .array(
      fc.record({
        test: fc.boolean(),
        bookingStatus,
        firstDriverId: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
        returnDriverId: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
        firstPickupAt: fc.option(fc.oneof(instant, near(base)), { nil: null }),
        returnPickupAt: fc.option(fc.oneof(instant, near(base)), { nil: null }),
      }),
      { maxLength: 30 },
    )
    .map((list): UnassignedBooking[] => list.map((b, i) => ({ ...b, orderId: orderIds(list.length)[i]!, depart: "A", arrive: "B" })));

  it("unassigned rows are exactly the confirmed bookings with a driverless leg to come, soonest first, at that leg's pickup", () => {
    fc.assert(
      fc.property(unassigned, (bookings) => {
        const rows = unassignedRows(bookings, now);
        const future = (at: Date | null) => at !== null && at.getTime() > base;
        const expected = bookings.filter(
          (b) =>
            b.bookingStatus === "confirmed" &&
            ((b.firstDriverId === null && future(b.firstPickupAt)) || (b.returnDriverId === null && future(b.returnPickupAt))),
        );
        expect(rows.map((r) => r.orderId).sort()).toEqual(expected.map((b) => b.orderId).sort());
        for (let i = 1; i < rows.length; i++)
          expect(rows[i - 1]!.nextPickupAt.getTime()).toBeLessThanOrEqual(rows[i]!.nextPickupAt.getTime());
        const byId = new Map(bookings.map((b) => [b.orderId, b]));
        for (const r of rows) {
          const b = byId.get(r.orderId)!;
          const driverless = [b.firstDriverId === null ? b.firstPickupAt : null, b.returnDriverId === null ? b.returnPickupAt : null];
          const next = Math.min(...driverless.filter(future).map((at) => at!.getTime()));
          expect(r.nextPickupAt.getTime()).toBe(next);
        }
      }),
    );
  });

  const toRefund = fc
    .array(
      fc.record({
        test: fc.boolean(),
        paymentStatus,
        bookingStatus,
        priceCents: fc.integer({ min: 0, max: 500_000 }),
        paidAmountCents: fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: null }),
        refundedCents: fc.integer({ min: 0, max: 500_000 }),
        cancelledAt: fc.option(instant, { nil: null }),
      }),
      { maxLength: 30 },
    )
    .map((list): ToRefundBooking[] => list.map((b, i) => ({ ...b, orderId: orderIds(list.length)[i]!, depart: "A", arrive: "B" })));

  it("toRefund rows are exactly the cancelled bookings still paid or partly refunded, longest waiting first, never holding less than nothing", () => {
    fc.assert(
      fc.property(toRefund, (bookings) => {
        const rows = toRefundRows(bookings, en);
        const expected = bookings.filter(
          (b) => b.bookingStatus === "cancelled" && (b.paymentStatus === "paid" || b.paymentStatus === "partly_refunded"),
        );
        expect(rows.map((r) => r.orderId).sort()).toEqual(expected.map((b) => b.orderId).sort());
        const byId = new Map(bookings.map((b) => [b.orderId, b]));
        const times = rows.map((r) => byId.get(r.orderId)!.cancelledAt?.getTime() ?? -Infinity);
        for (let i = 1; i < times.length; i++) expect(times[i - 1]!).toBeLessThanOrEqual(times[i]!);
        for (const r of rows) {
          const b = byId.get(r.orderId)!;
          expect(r.heldCents).toBe(Math.max(0, (b.paidAmountCents ?? b.priceCents) - b.refundedCents));
          expect(Number.isSafeInteger(r.heldCents) && r.heldCents >= 0).toBe(true);
        }
      }),
    );
  });
});
