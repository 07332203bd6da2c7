import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { legSchema, type BookingLeg } from "../booking/model";
import { addDays, isoDate, parisInstant, parseIsoDate } from "../booking/paris-time";
import { outboundLeg, returnLeg } from "../booking/round-trip.fixture";
import { arrivalPickupAt } from "../booking/rules";
import { formatClock, parseClock } from "../booking/time-rules";
import { landingChange, landingDayShift, LANDING_CHANGE_GRACE_MINUTES } from "./landing-change";
import { adminWordsIn } from "~/lib/test-support/admin-words";

const EN = adminWordsIn("en");

/** Leg 1 of the shared round trip: AF007 landing at CDG at 07:45 on 1 July 2026. */
const arrival: BookingLeg = legSchema.parse(outboundLeg);
const departure: BookingLeg = legSchema.parse(returnLeg);
/** The evening before the flight: every change of the tables is still to come. */
const NOW = new Date("2026-06-30T18:00:00Z");

/** The arrival leg landing at `time` on `date`, its pickup moment measured as the booking form measures it. */
function arrivalAt(date: string, time: string): BookingLeg {
  const pickupAt = arrivalPickupAt(parseIsoDate(date)!, parseClock(time)!);
  return { ...arrival, date, pickupAt, pickup: { ...arrival.pickup, flightTime: time } };
}

describe("landingChange", () => {
  it.each<[string, string, string, string, string]>([
    // leg's date, old landing, new landing → new date, new pickup (UTC)
    ["2026-07-01", "07:45", "08:30", "2026-07-01", "2026-07-01T06:30:00.000Z"],
    ["2026-07-01", "07:45", "07:00", "2026-07-01", "2026-07-01T05:00:00.000Z"],
    ["2026-07-01", "23:10", "00:40", "2026-07-02", "2026-07-01T22:40:00.000Z"],
    ["2026-07-01", "00:20", "23:50", "2026-06-30", "2026-06-30T21:50:00.000Z"],
    // Twelve hours exactly stays on the leg's day, earlier or later.
    ["2026-07-01", "19:45", "07:45", "2026-07-01", "2026-07-01T05:45:00.000Z"],
    ["2026-07-01", "07:45", "19:45", "2026-07-01", "2026-07-01T17:45:00.000Z"],
    // A minute more than twelve hours earlier is the next day.
    ["2026-07-01", "19:46", "07:45", "2026-07-02", "2026-07-02T05:45:00.000Z"],
    // Across the end of summer time: the next day's landing is on winter time (UTC+1).
    ["2026-10-24", "23:30", "01:15", "2026-10-25", "2026-10-24T23:15:00.000Z"],
    // Into the spring-forward gap: read as paris-time.ts reads it, one hour later.
    ["2026-03-29", "01:30", "02:30", "2026-03-29", "2026-03-29T01:30:00.000Z"],
  ])("%s: %s → %s lands on %s, picked up at %s", (date, from, to, newDate, pickupAt) => {
    const changed = landingChange(arrivalAt(date, from), to, new Date("2026-01-01T00:00:00Z"), EN);
    expect(changed).toMatchObject({ ok: true, from, to, leg: { date: newDate, pickup: { flightTime: to } } });
    if (!changed.ok) return;
    expect(changed.leg.pickupAt.toISOString()).toBe(pickupAt);
    expect(changed.days).toEqual(newDate === date ? [date] : [date, newDate]);
  });

  it.each<[string, BookingLeg, string, Date, string]>([
    ["a departure", departure, "18:30", NOW, "not-arrival"],
    ["a time without its leading zero", arrival, "8:30", NOW, "bad-time"],
    ["an hour past 23", arrival, "24:00", NOW, "bad-time"],
    ["minutes past 59", arrival, "08:60", NOW, "bad-time"],
    ["no time", arrival, "", NOW, "bad-time"],
    ["words", arrival, "late", NOW, "bad-time"],
    ["the time already stored", arrival, "07:45", NOW, "same-time"],
    ["a leg whose date does not read", { ...arrival, date: "01/07/2026" }, "08:30", NOW, "bad-leg"],
    ["a landing long past", arrival, "08:30", new Date("2026-07-02T12:00:00Z"), "over"],
  ])("refuses %s", (_what, leg, time, now, reason) => {
    const refused = landingChange(leg, time, now, EN);
    expect(refused).toMatchObject({ ok: false, reason });
    if (!refused.ok) expect(refused.message).not.toBe("");
  });

  it("takes the time with spaces around it", () => {
    expect(landingChange(arrival, " 08:30 ", NOW, EN)).toMatchObject({ ok: true, to: "08:30" });
  });

  it("takes a landing just inside the grace period after it", () => {
    const landed = new Date("2026-07-01T06:30:00Z");
    const now = new Date(landed.getTime() + LANDING_CHANGE_GRACE_MINUTES * 60_000);
    expect(landingChange(arrival, "08:30", now, EN)).toMatchObject({ ok: true });
    expect(landingChange(arrival, "08:30", new Date(now.getTime() + 60_000), EN)).toMatchObject({ ok: false, reason: "over" });
  });

  it("names a long-past landing's day in full, in the member's words", () => {
    const now = new Date("2026-07-02T12:00:00Z");
    expect(landingChange(arrival, "08:30", now, EN)).toMatchObject({
      message: "A landing at 08:30 on Wednesday 1 July 2026 is long past: this pickup is over and its time is no longer changed.",
    });
    expect(landingChange(arrival, "08:30", now, adminWordsIn("fr"))).toMatchObject({
      message:
        "Un atterrissage à 08:30 le mercredi 1er juillet 2026 est passé depuis longtemps\u00a0: cette prise en charge est terminée et son heure ne change plus.",
    });
  });

  it("gives a leg that had no landing time one, on its own day", () => {
    const changed = landingChange({ ...arrival, pickup: { ...arrival.pickup, flightTime: null } }, "23:55", NOW, EN);
    expect(changed).toMatchObject({ ok: true, from: null, to: "23:55", leg: { date: "2026-07-01" } });
  });
});

describe("landingChange's properties", () => {
  const dates = fc.integer({ min: 0, max: 2 * 366 }).map((n) => isoDate(addDays({ year: 2026, month: 1, day: 1 }, n)));
  const clocks = fc.record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) }).map(formatClock);
  const early = new Date("2025-01-01T00:00:00Z");

  it("moves only the landing, the pickup and the day, to the landing nearest the old one", () => {
    fc.assert(
      fc.property(dates, clocks, clocks, (date, from, to) => {
        fc.pre(from !== to);
        const before = arrivalAt(date, from);
        const changed = landingChange(before, to, early, EN);
        expect(changed.ok).toBe(true);
        if (!changed.ok) return;
        const { leg } = changed;
        expect(leg.pickup.flightTime).toBe(to);
        expect(leg.pickupAt).toEqual(arrivalPickupAt(parseIsoDate(leg.date)!, parseClock(to)!));
        // Twelve hours on the clock, and the hour a clock change adds or takes.
        expect(Math.abs(leg.pickupAt.getTime() - before.pickupAt.getTime())).toBeLessThanOrEqual(13 * 3_600_000);
        const rest = (l: BookingLeg) => ({ ...l, date: "", pickupAt: null, pickup: { ...l.pickup, flightTime: null } });
        expect(rest(leg)).toEqual(rest(before));
        expect(changed.days[0]).toBe(date);
        expect(changed.days.at(-1)).toBe(leg.date);
      }),
    );
  });

  it("puts the leg back when the old time is given again", () => {
    fc.assert(
      fc.property(dates, clocks, clocks, (date, from, to) => {
        fc.pre(from !== to);
        const before = arrivalAt(date, from);
        const there = landingChange(before, to, early, EN);
        if (!there.ok) throw new Error(there.message);
        const back = landingChange(there.leg, from, early, EN);
        expect(back).toMatchObject({ ok: true, leg: before });
      }),
    );
  });

  it("changes nothing the second time the same time is given", () => {
    fc.assert(
      fc.property(dates, clocks, clocks, (date, from, to) => {
        fc.pre(from !== to);
        const there = landingChange(arrivalAt(date, from), to, early, EN);
        if (!there.ok) throw new Error(there.message);
        expect(landingChange(there.leg, to, early, EN)).toMatchObject({ ok: false, reason: "same-time" });
      }),
    );
  });

  it("shifts the day by the nearer occurrence of the clock", () => {
    fc.assert(
      fc.property(clocks, clocks, (from, to) => {
        const a = parseClock(from)!;
        const b = parseClock(to)!;
        const minutes = (c: typeof a, shift: number) => shift * 1440 + c.hour * 60 + c.minute;
        const shift = landingDayShift(a, b);
        const chosen = Math.abs(minutes(b, shift) - minutes(a, 0));
        for (const other of [-1, 0, 1]) expect(chosen).toBeLessThanOrEqual(Math.abs(minutes(b, other) - minutes(a, 0)));
      }),
    );
  });
});

it("measures the pickup as the booking form does", () => {
  expect(arrivalPickupAt({ year: 2026, month: 7, day: 1 }, { hour: 7, minute: 45 })).toEqual(
    parisInstant({ year: 2026, month: 7, day: 1, hour: 7, minute: 45 }),
  );
});
