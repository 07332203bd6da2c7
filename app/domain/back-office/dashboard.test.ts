import { describe, expect, it } from "vitest";
import { comingPickups, toConfirmRows, unassignedRows, type ToConfirmBooking, type UnassignedBooking } from "./dashboard";
import type { PickupBooking } from "./run-sheet";

const now = new Date("2026-10-24T20:00:00Z"); // 22:00 in Paris, the evening before the clocks go back

describe("toConfirmRows", () => {
  const paid = (orderId: string, paidAt: string | null): ToConfirmBooking => ({
    orderId,
    test: orderId.endsWith("T"),
    paidAt: paidAt ? new Date(paidAt) : null,
    firstPickupAt: new Date("2026-10-30T09:00:00Z"),
    depart: "Orly Airport (ORY)",
    arrive: "Disneyland Paris",
  });

  it("puts the oldest payment first, with the time left on the 12-hour promise, overdue ones marked", () => {
    const rows = toConfirmRows(
      [paid("NV-LATE", "2026-10-24T19:00:00Z"), paid("NV-OVERT", "2026-10-24T06:50:00Z"), paid("NV-NOW", "2026-10-24T20:00:00Z")],
      now,
    );
    expect(rows.map((r) => [r.orderId, r.timeLeft, r.overdue, r.test])).toEqual([
      ["NV-OVERT", "overdue by 1 h 10 min", true, true],
      ["NV-LATE", "11 h 00 min left", false, false],
      ["NV-NOW", "12 h 00 min left", false, false],
    ]);
    expect(rows[1]).toMatchObject({ paid: "24/10/2026 21:00", due: "25/10/2026 08:00", firstPickup: "30/10/2026 10:00" });
  });

  it("counts a booking whose payment moment is unknown as overdue, first", () => {
    const rows = toConfirmRows([paid("NV-A", "2026-10-24T19:00:00Z"), paid("NV-B", null)], now);
    expect(rows.map((r) => [r.orderId, r.overdue, r.timeLeft])).toEqual([
      ["NV-B", true, "payment time unknown"],
      ["NV-A", false, "11 h 00 min left"],
    ]);
  });

  it("gives nothing for nothing", () => {
    expect(toConfirmRows([], now)).toEqual([]);
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
    driverName: null,
    details: {},
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
    );
    expect(days.map((d) => [d.title, d.iso, d.label, d.lines.map((l) => `${l.time} ${l.orderId}`)])).toEqual([
      ["Today", "2026-10-24", "Saturday 24 October 2026", ["07:00 NV-3", "23:30 NV-2"]],
      ["Tomorrow", "2026-10-25", "Sunday 25 October 2026", ["23:30 NV-4"]],
    ]);
  });
});

describe("unassignedRows", () => {
  const c = (orderId: string, first: string | null, ret: string | null, edits: Partial<UnassignedBooking> = {}): UnassignedBooking => ({
    orderId,
    test: false,
    bookingStatus: "confirmed",
    driverId: null,
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
        c("NV-DRIVER", "2026-10-27T08:00:00Z", null, { driverId: 4 }),
        c("NV-CANCEL", "2026-10-27T08:00:00Z", null, { bookingStatus: "cancelled" }),
        c("NV-NEW", "2026-10-27T08:00:00Z", null, { bookingStatus: "new" }),
        c("NV-ASSIGNED", "2026-10-27T08:00:00Z", null, { bookingStatus: "driver_assigned", driverId: 2 }),
      ],
      now,
    );
    expect(rows.map((r) => [r.orderId, r.nextPickup])).toEqual([
      ["NV-RETURN", "26/10/2026 09:00"],
      ["NV-LATER", "28/10/2026 09:00"],
    ]);
  });
});
