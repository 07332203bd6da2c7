import type { RunDirection, RunParty } from "./run-check";

/**
 * A made-up peak day of shared-shuttle legs for `npm run bench:runs`: the same day for the same
 * seed. Arrivals come in the airports' landing waves and departures in their take-off waves, with
 * a fifth of each spread over the day; parties are mostly 1-4 passengers, some 5-8; each passenger
 * has a check-in suitcase most often and a cabin bag often, a family a stroller sometimes, and a
 * few more than the allowance, capped at the shuttle's 1 suitcase and 1 cabin bag a passenger
 * (1.5 suitcase units). Pure: the seed and the day are arguments.
 */

export interface PeakDayOptions {
  seed: number;
  legs: number;
  /** The day's midnight in Paris, as an instant. */
  day: Date;
}

/** Mulberry32: a small, fast seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const AIRPORTS: readonly (readonly [string, number])[] = [
  ["CDG", 0.5],
  ["ORY", 0.35],
  ["BVA", 0.15],
];
/** Passengers of a party and how often. */
const PARTY_SIZES: readonly (readonly [number, number])[] = [
  [1, 0.2],
  [2, 0.33],
  [3, 0.17],
  [4, 0.2],
  [5, 0.04],
  [6, 0.03],
  [7, 0.02],
  [8, 0.01],
];
/** Hours (Paris) of the waves: parties ready to leave the airport, and parties' latest pickups for a flight. */
const WAVES: Record<RunDirection, readonly number[]> = {
  arrival: [7.5, 9.5, 11, 13.5, 16, 18.5, 21.5],
  departure: [5, 7.5, 10, 12.5, 15, 17.5],
};
/** The hours over which the fifth of the parties outside the waves spread. */
const SPREAD: Record<RunDirection, readonly [number, number]> = { arrival: [6, 23.5], departure: [4, 20] };
const WAVE_SD_HOURS = 0.6;
const ALLOWANCE_PER_PASSENGER = 1.5;

function pick<T>(random: () => number, weighted: readonly (readonly [T, number])[]): T {
  let r = random() * weighted.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, weight] of weighted) {
    r -= weight;
    if (r < 0) return value;
  }
  return weighted.at(-1)![0];
}

/** A normal deviate (Box-Muller). */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** A party's suitcase units: per passenger a suitcase (85 %) and a cabin bag (60 %), a stroller (a third of families), a few extra bags, capped at the allowance. */
function luggageOf(random: () => number, passengers: number): number {
  let units = 0;
  for (let i = 0; i < passengers; i++) {
    if (random() < 0.85) units += 1;
    if (random() < 0.6) units += 0.5;
    if (random() < 0.05) units += 1;
  }
  if (passengers >= 3 && random() < 1 / 3) units += 1;
  return Math.min(units, passengers * ALLOWANCE_PER_PASSENGER);
}

/** The day's legs, in the order they were drawn; keys "P1-1", "P2-1"… */
export function peakDay({ seed, legs, day }: PeakDayOptions): RunParty[] {
  const random = seededRandom(seed);
  const parties: RunParty[] = [];
  for (let i = 1; i <= legs; i++) {
    const airport = pick(random, AIRPORTS);
    const direction: RunDirection = random() < 0.5 ? "arrival" : "departure";
    const [from, to] = SPREAD[direction];
    const waves = WAVES[direction];
    const hour =
      random() < 0.2
        ? from + random() * (to - from)
        : Math.min(to, Math.max(from, waves[Math.floor(random() * waves.length)]! + normal(random) * WAVE_SD_HOURS));
    const at = new Date(day.getTime() + Math.round(hour * 60) * 60_000);
    const seats = pick(random, PARTY_SIZES);
    parties.push({ legKey: `P${i}-1`, airport, direction, at, seats, suitcases: luggageOf(random, seats) });
  }
  return parties;
}
