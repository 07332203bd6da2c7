import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { noShowAllowed, noShowFrom } from "./free-waiting";

const LANDED = new Date("2026-07-14T08:00:00Z");

describe("noShowFrom", () => {
  it.each([
    ["a private arrival", "private", true, "2026-07-14T09:00:00.000Z"],
    ["a private pickup at a hotel", "private", false, "2026-07-14T08:15:00.000Z"],
    ["a shuttle arrival", "shuttle", true, "2026-07-14T08:15:00.000Z"],
    ["a shuttle pickup at a hotel", "shuttle", false, "2026-07-14T08:15:00.000Z"],
  ] as const)("lets %s be a no-show from %s", (_label, kind, pickupIsFlight, from) => {
    expect(noShowFrom(kind, { pickupAt: LANDED, pickupIsFlight }).toISOString()).toBe(from);
  });
});

describe("noShowAllowed", () => {
  it("refuses a minute before the free waiting time ends and allows it at its end", () => {
    const leg = { pickupAt: LANDED, pickupIsFlight: true };
    expect(noShowAllowed("private", leg, new Date("2026-07-14T08:59:00Z"))).toBe(false);
    expect(noShowAllowed("private", leg, new Date("2026-07-14T09:00:00Z"))).toBe(true);
  });

  it("never allows a no-show before the pickup moment", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("private" as const, "shuttle" as const),
        fc.boolean(),
        fc.integer({ min: -10_000, max: 10_000 }),
        (kind, flight, minutes) => {
          const now = new Date(LANDED.getTime() + minutes * 60_000);
          if (minutes < 15) expect(noShowAllowed(kind, { pickupAt: LANDED, pickupIsFlight: flight }, now)).toBe(false);
        },
      ),
    );
  });
});
