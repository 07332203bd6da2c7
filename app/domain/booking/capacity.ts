/**
 * Whether a party and its luggage fit what it books (docs/product.md, Luggage capacity).
 *
 * Private transfers: the price for n passengers is for the smallest active vehicle with at least
 * n seats (over 8, one such vehicle per 8 passengers and one for the rest, as the price of a large
 * party is made). When the party's suitcases or child seats do not fit there, the booking is
 * priced as the smallest passenger count m > n whose vehicles carry them, in as many vehicles as
 * n needs; when none does, it is refused and the traveller is asked to call.
 *
 * Shared shuttles: a seat includes one suitcase and one cabin bag per passenger; more is refused.
 *
 * Luggage counts in suitcases: a cabin bag is half of one, a stroller (single or double) one.
 */
import type { VehicleCapacity, VehicleKind } from "../fleet";
import type { FormProblem } from "../form-problems";
import type { TransferKind } from "../site-paths";
import { countOf, legCounts, transferKind } from "./draft";
import { TRIP, type BookingDraft } from "./fields";
import { CHILD_SEATS, type BookingWords } from "./messages";
import type { ChildSeats, Luggage } from "./model";

export interface LuggageCounts {
  checkIn: number;
  cabin: number;
  strollerSingle: number;
  strollerDouble: number;
}

/** What a party asks of a vehicle. */
export interface PartyLoad {
  passengers: number;
  luggage: LuggageCounts;
  /** Baby seats, child seats and boosters together. */
  childSeats: number;
}

/** The private price table's largest count: a larger party is priced per 8 and the rest. */
const SEATS_PER_PRICED_VEHICLE = 8;

/** What the luggage takes of a luggage space, in suitcases (halves for cabin bags). */
export function suitcaseLoad(luggage: LuggageCounts): number {
  return luggage.checkIn + luggage.cabin / 2 + luggage.strollerSingle + luggage.strollerDouble;
}

/** Fewest seats first; among as many seats, the one that carries most (the one the business sends). */
function bySize(a: VehicleCapacity, b: VehicleCapacity): number {
  return a.seats - b.seats || b.suitcases - a.suitcases || b.childSeats - a.childSeats;
}

function smallestWith(fleet: readonly VehicleCapacity[], seats: number): VehicleCapacity | null {
  let best: VehicleCapacity | null = null;
  for (const v of fleet) if (v.seats >= seats && (best === null || bySize(v, best) < 0)) best = v;
  return best;
}

/** The vehicles a private price for `seats` passengers is for, or null when the fleet has none. */
export function vehiclesPricedFor(fleet: readonly VehicleCapacity[], seats: number): VehicleCapacity[] | null {
  if (!Number.isSafeInteger(seats) || seats < 1) return null;
  const full = Math.floor(seats / SEATS_PER_PRICED_VEHICLE);
  const rest = seats % SEATS_PER_PRICED_VEHICLE;
  const vehicles: VehicleCapacity[] = [];
  if (full > 0) {
    const big = smallestWith(fleet, SEATS_PER_PRICED_VEHICLE);
    if (!big) return null;
    for (let i = 0; i < full; i++) vehicles.push(big);
  }
  if (rest > 0) {
    const small = smallestWith(fleet, rest);
    if (!small) return null;
    vehicles.push(small);
  }
  return vehicles;
}

function carries(vehicles: readonly VehicleCapacity[], load: PartyLoad, what: "luggage" | "child-seats"): boolean {
  const sum = (key: "suitcases" | "childSeats") => vehicles.reduce((total, v) => total + v[key], 0);
  return what === "luggage" ? suitcaseLoad(load.luggage) <= sum("suitcases") : load.childSeats <= sum("childSeats");
}

export type CapacityAnswer =
  /** Priced for the party's own count. */
  | { ok: true; seatsPriced: number; upsized: null }
  /** Priced for a larger count, whose vehicle carries what the party's own does not. */
  | { ok: true; seatsPriced: number; upsized: { because: "luggage" | "child-seats"; kind: VehicleKind } }
  | { ok: false; reason: "no-vehicle" | "shuttle-allowance" };

/** The shuttle's allowance: a suitcase (or a stroller) and a cabin bag per passenger, a suitcase for two cabin bags. */
export function withinShuttleAllowance(load: PartyLoad): boolean {
  const { luggage, passengers } = load;
  const large = luggage.checkIn + luggage.strollerSingle + luggage.strollerDouble;
  return large <= passengers && suitcaseLoad(luggage) <= passengers * 1.5;
}

/**
 * The capacity rule for a booking of `kind` with this load, against the active vehicles' capacities.
 * A party that asks for no seat is left to the booking rules (they refuse it), and fits here.
 */
export function capacityAnswer(kind: TransferKind, load: PartyLoad, fleet: readonly VehicleCapacity[]): CapacityAnswer {
  const n = load.passengers;
  if (!Number.isSafeInteger(n) || n < 1) return { ok: true, seatsPriced: n, upsized: null };
  if (kind === "shuttle")
    return withinShuttleAllowance(load) ? { ok: true, seatsPriced: n, upsized: null } : { ok: false, reason: "shuttle-allowance" };
  const vehicleCount = (seats: number) => Math.ceil(seats / SEATS_PER_PRICED_VEHICLE);
  const own = vehiclesPricedFor(fleet, n);
  if (own && carries(own, load, "luggage") && carries(own, load, "child-seats")) return { ok: true, seatsPriced: n, upsized: null };
  // As many vehicles as the party's own count needs, each larger: never a second car for luggage.
  const last = Math.max(n, vehicleCount(n) * SEATS_PER_PRICED_VEHICLE);
  for (let m = n + 1; m <= last; m++) {
    const vehicles = vehiclesPricedFor(fleet, m);
    if (!vehicles || !carries(vehicles, load, "luggage") || !carries(vehicles, load, "child-seats")) continue;
    const because = own && !carries(own, load, "luggage") ? "luggage" : own ? "child-seats" : "luggage";
    const largest = vehicles.reduce((a, b) => (bySize(a, b) > 0 ? a : b));
    return { ok: true, seatsPriced: m, upsized: { because, kind: largest.kind } };
  }
  return { ok: false, reason: "no-vehicle" };
}

/** What the booking form says above the price when the party is priced as a larger vehicle. */
export function upsizeNotice(
  upsized: { because: "luggage" | "child-seats"; kind: VehicleKind },
  price: string,
  words: BookingWords,
): string {
  return words(upsized.because === "luggage" ? "upsize.luggage" : "upsize.childSeats", { vehicle: upsized.kind, price });
}

/** Why a booking is refused for its luggage, and whom to call. */
export function capacityRefusal(reason: "no-vehicle" | "shuttle-allowance", phone: string, words: BookingWords): string {
  return words(reason === "shuttle-allowance" ? "capacity.shuttleAllowance" : "capacity.noVehicle", { phone });
}

/** The load of a checked booking, or of a stored one: its party, luggage and child seats. */
export function bookingLoad(booking: { passengers: { total: number }; luggage: LuggageCounts; childSeats: ChildSeats }): PartyLoad {
  const { baby, child, booster } = booking.childSeats;
  return { passengers: booking.passengers.total, luggage: booking.luggage, childSeats: baby + child + booster };
}

/** The load of the booking form as it stands; a count not yet a number counts as none. */
export function draftLoad(draft: BookingDraft): PartyLoad {
  const count = (field: string) => {
    const n = countOf(draft[field]);
    return Number.isNaN(n) ? 0 : n;
  };
  const luggage: Omit<Luggage, "info"> = {
    checkIn: count(TRIP.checkInLuggage),
    cabin: count(TRIP.cabinBags),
    strollerSingle: count(TRIP.strollerSingle),
    strollerDouble: count(TRIP.strollerDouble),
  };
  const { total } = legCounts(draft, 1);
  return {
    passengers: Number.isNaN(total) ? 0 : total,
    luggage,
    childSeats: CHILD_SEATS.reduce((sum, [field]) => sum + count(field), 0),
  };
}

/** The capacity rule for the booking form as it stands. */
export function draftCapacity(draft: BookingDraft, fleet: readonly VehicleCapacity[]): CapacityAnswer {
  return capacityAnswer(transferKind(draft), draftLoad(draft), fleet);
}

/** The booking form's check with the capacity rule's refusal added at the luggage, when it refuses. */
export function withCapacity<R extends { errors: FormProblem[]; booking: unknown }>(
  result: R,
  answer: CapacityAnswer,
  phone: string,
  words: BookingWords,
): R {
  if (answer.ok) return result;
  return {
    ...result,
    errors: [...result.errors, { field: TRIP.checkInLuggage, message: capacityRefusal(answer.reason, phone, words) }],
    booking: null,
  };
}
