// `npm run bench:runs [-- --check]`: the shared shuttle's run planner on a made-up peak day
// (docs/decisions/0025-shuttle-run-planner.md, docs/quality.md).
//
// Draws the day with a seeded generator (app/domain/runs/peak-day.ts: 400 legs over CDG, ORY and
// BVA, both directions), plans it for 8-seat, 8-suitcase vans and a 30-minute wait promise, and
// prints the runs planned, the lower bound on runs (app/domain/runs/run-lower-bound.ts), their
// ratio, the waits, and the planning time (median of BENCH_RUNS plans). The domain modules are
// TypeScript, loaded through Vite's module runner.
//
//   BENCH_RUNS (9)  BENCH_SEED (20260714)  BENCH_LEGS (400)
//   --check: exit 1 when the runs are more than 1.10 × the bound, a wait is over the promise, or a
//            leg is not in exactly one run; the time is printed, never gated (it moves with the machine)
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CHECK = process.argv.includes("--check");
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const SEED = Number(process.env.BENCH_SEED ?? 20260714);
const LEGS = Number(process.env.BENCH_LEGS ?? 400);
const MAX_RATIO = 1.1;

async function load(file) {
  const { module } = await runnerImport(path.join(ROOT, file), { configFile: false, logLevel: "error" });
  return module;
}

const { peakDay } = await load("app/domain/runs/peak-day.ts");
const { planRuns, SHUTTLE_CAPACITY, SHUTTLE_MAX_WAIT_MINUTES } = await load("app/domain/runs/run-plan.ts");
const { runsLowerBound } = await load("app/domain/runs/run-lower-bound.ts");

// 14 July 2026, midnight in Paris (summer time).
const parties = peakDay({ seed: SEED, legs: LEGS, day: new Date("2026-07-13T22:00:00Z") });
const options = { capacity: SHUTTLE_CAPACITY, maxWaitMinutes: SHUTTLE_MAX_WAIT_MINUTES };

const times = [];
let runs = [];
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  runs = planRuns(parties, options);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
const bound = runsLowerBound(parties, options);
const ratio = runs.length / bound;

const longestWait = Math.max(0, ...runs.map((r) => r.longestWaitMinutes));
const totalWait = runs.reduce((sum, r) => sum + r.totalWaitMinutes, 0);
const overCapacityAlone = runs.filter((r) => r.problems.some((p) => p.kind === "over-seats" || p.kind === "over-suitcases")).length;
const flaggedShared = runs.filter((r) => r.legKeys.length > 1 && r.problems.length > 0).length;
const legCounts = new Map();
for (const run of runs) for (const key of run.legKeys) legCounts.set(key, (legCounts.get(key) ?? 0) + 1);
const legsOnce = parties.every((p) => legCounts.get(p.legKey) === 1) && legCounts.size === parties.length;

const count = (filter) => parties.filter(filter).length;
const seats = parties.reduce((sum, p) => sum + p.seats, 0);
console.log(`Peak day (seed ${SEED}): ${parties.length} legs, ${seats} passengers`);
for (const airport of ["CDG", "ORY", "BVA"]) {
  const arrivals = count((p) => p.airport === airport && p.direction === "arrival");
  const departures = count((p) => p.airport === airport && p.direction === "departure");
  console.log(`  ${airport}: ${arrivals} arrivals, ${departures} departures`);
}
console.log(
  `Capacity ${SHUTTLE_CAPACITY.seats} seats, ${SHUTTLE_CAPACITY.suitcases} suitcases; wait promise ${SHUTTLE_MAX_WAIT_MINUTES} min`,
);
console.log("");
console.log(`runs planned        ${runs.length} (${overCapacityAlone} of them a party over the van alone, flagged for a bigger vehicle)`);
console.log(`lower bound         ${bound}`);
console.log(`ratio               ${ratio.toFixed(3)} (bar ${MAX_RATIO.toFixed(2)})`);
console.log(`longest wait        ${longestWait.toFixed(1)} min`);
console.log(`total wait          ${Math.round(totalWait)} min, ${(totalWait / parties.length).toFixed(1)} min a party`);
console.log(`parties a run       ${(parties.length / runs.length).toFixed(2)}`);
console.log(`planning time       ${median.toFixed(1)} ms median of ${RUNS} (${times[0].toFixed(1)}–${times.at(-1).toFixed(1)} ms)`);

const failures = [];
if (ratio > MAX_RATIO) failures.push(`${runs.length} runs is more than ${MAX_RATIO} × the bound of ${bound}`);
if (longestWait > SHUTTLE_MAX_WAIT_MINUTES)
  failures.push(`a party waits ${longestWait} min, over the ${SHUTTLE_MAX_WAIT_MINUTES}-minute promise`);
if (!legsOnce) failures.push("a leg is not in exactly one run");
if (flaggedShared > 0) failures.push(`${flaggedShared} shared runs are flagged`);
if (CHECK && failures.length > 0) {
  for (const failure of failures) console.error(`FAIL: ${failure}`);
  process.exit(1);
}
if (CHECK) console.log("\nCheck passed.");
