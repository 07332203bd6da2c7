import { type AdminWords, longDayIn } from "../back-office/admin-words";
import { addDays, isoDate, parisClock, parisDayOf, parisDayRange, parisToday, type ParisDate } from "../booking/paris-time";

/**
 * A driver's legs of today and tomorrow (Paris days), in time order, the legs of one shuttle run
 * grouped under it. Pure: the legs, `now` and the words (the staff's language) are arguments; a
 * leg outside the two days is left out.
 */

/** The shared shuttle's run a leg is in. */
export interface DayRun {
  id: number;
  /** When the run leaves; null before the dispatcher's plan gives it a time. */
  departsAt: Date | null;
  airport: string;
  direction: "arrival" | "departure";
}

/** What the plan reads of a leg. */
export interface DayLegInput {
  orderId: string;
  leg: 1 | 2;
  pickupAt: Date;
  run: DayRun | null;
}

export type DayItem<T> = { kind: "leg"; at: Date; leg: T } | { kind: "run"; at: Date; run: DayRun; legs: T[] };

export interface DaySection<T> {
  /** yyyy-MM-dd, Paris. */
  iso: string;
  /** "Today, Friday 27 November 2026", "Aujourd’hui, vendredi 27 novembre 2026". */
  title: string;
  items: DayItem<T>[];
}

/** The instants the page covers: today's Paris midnight to the midnight after tomorrow. */
export function driverDayWindow(now: Date): { today: ParisDate; tomorrow: ParisDate; start: Date; end: Date } {
  const today = parisToday(now);
  const tomorrow = addDays(today, 1);
  return { today, tomorrow, start: parisDayRange(today).start, end: parisDayRange(tomorrow).end };
}

/** Earlier first; at one moment, by order id, then outbound before return. */
function byPickup(a: DayLegInput, b: DayLegInput): number {
  return a.pickupAt.getTime() - b.pickupAt.getTime() || (a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0) || a.leg - b.leg;
}

/** An item's tie-break at one moment: a run after a lone leg, runs by id (the sort keeps legs in pickup order). */
function itemKey<T>(item: DayItem<T>): string {
  return item.kind === "run" ? `run-${item.run.id}` : `leg`;
}

/**
 * Today's and tomorrow's sections: each lists its legs and runs by time; a run is listed at its
 * time (its first leg's pickup before it has one), on the day of its first leg, its legs in
 * pickup order beneath it.
 */
export function planDriverDay<T extends DayLegInput>(legs: readonly T[], now: Date, words: AdminWords): DaySection<T>[] {
  const { today, tomorrow, start, end } = driverDayWindow(now);
  const within = legs.filter((l) => l.pickupAt.getTime() >= start.getTime() && l.pickupAt.getTime() < end.getTime()).sort(byPickup);
  const days = [
    { day: today, name: "today" },
    { day: tomorrow, name: "tomorrow" },
  ];
  const sections = new Map(
    days.map(({ day, name }) => {
      const title = words("driver.day", { day: name, date: longDayIn(words, day) });
      return [isoDate(day), { iso: isoDate(day), title, items: [] as DayItem<T>[] }];
    }),
  );
  const runs = new Map<number, Extract<DayItem<T>, { kind: "run" }>>();
  for (const leg of within) {
    // A run is listed on the day of its first leg, where its legs follow it.
    const section = sections.get(parisDayOf(leg.pickupAt))!;
    if (!leg.run) {
      section.items.push({ kind: "leg", at: leg.pickupAt, leg });
      continue;
    }
    const group = runs.get(leg.run.id);
    if (group) {
      group.legs.push(leg);
      continue;
    }
    const item = { kind: "run" as const, at: leg.run.departsAt ?? leg.pickupAt, run: leg.run, legs: [leg] };
    runs.set(leg.run.id, item);
    section.items.push(item);
  }
  for (const section of sections.values()) {
    section.items.sort((a, b) => a.at.getTime() - b.at.getTime() || (itemKey(a) < itemKey(b) ? -1 : itemKey(a) > itemKey(b) ? 1 : 0));
  }
  return [...sections.values()];
}

/** A run's heading on the driver's page: "Shuttle run from CDG, leaves the airport at 10:30 (Paris time)". */
export function runHeading(run: DayRun, words: AdminWords): string {
  const { direction, airport } = run;
  if (!run.departsAt) return words("driver.run.unplanned", { direction, airport });
  return words("driver.run.heading", { direction, airport, time: parisClock(run.departsAt) });
}
