import type { LegNumber } from "../booking/model";
import type { ManageWords } from "./manage-words";

/**
 * The drivers a traveller is told of, as the booking's page, its voucher and the business's
 * notices name them. A driver is assigned to a leg (docs/decisions/0020-legs-as-rows.md), yet one
 * driver for every leg of the booking reads as it always has: "your driver". Otherwise each driver
 * goes with their leg, and a leg without one yet is left out. Pure.
 */

/** A driver as the traveller reads them: the phone written for people. */
export interface TravellerDriver {
  name: string;
  phone: string;
}

/** A round trip's leg, in the traveller's words. */
export type DriverLeg = "outbound" | "return";

export interface ShownDriver extends TravellerDriver {
  /** The leg this driver drives; null when they drive every leg of the booking. */
  leg: DriverLeg | null;
}

const LEG_WORD: Record<LegNumber, DriverLeg> = { 1: "outbound", 2: "return" };

/** Each leg's driver, by leg number, as the traveller is told of them (a round trip has two legs, a one-way trip one). */
export function shownDrivers(drivers: ReadonlyMap<LegNumber, TravellerDriver>, roundTrip: boolean): ShownDriver[] {
  const assigned = [...drivers].sort(([a], [b]) => a - b);
  const [first] = assigned;
  if (!first) return [];
  const same = assigned.every(([, d]) => d.name === first[1].name && d.phone === first[1].phone);
  if (same && assigned.length === (roundTrip ? 2 : 1)) return [{ name: first[1].name, phone: first[1].phone, leg: null }];
  return assigned.map(([leg, d]) => ({ name: d.name, phone: d.phone, leg: LEG_WORD[leg] }));
}

/** "Your driver", or "Your driver for the return", in the page's words. */
export function driverTitle(driver: Pick<ShownDriver, "leg">, words: ManageWords): string {
  return driver.leg ? words("driver.titleOfLeg", { leg: driver.leg }) : words("driver.title");
}

/** Each driver with their title in the page's words, as the booking's page and its voucher name them. */
export function titledDrivers(drivers: readonly ShownDriver[], words: ManageWords): (ShownDriver & { title: string })[] {
  return drivers.map((driver) => ({ ...driver, title: driverTitle(driver, words) }));
}

/** The round trip's leg still without a driver while the other has one; null otherwise. */
export function legWaitingForDriver(drivers: readonly ShownDriver[]): DriverLeg | null {
  const [only, ...more] = drivers;
  if (!only?.leg || more.length > 0) return null;
  return only.leg === "outbound" ? "return" : "outbound";
}
