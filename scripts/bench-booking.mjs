// Booking endpoint benchmark: `npm run build`, then `npm run bench:booking`.
//
// Starts the built server itself (`node server/index.js`) on PGlite (a fresh DATA_DIR), then on
// PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a database created for the run
// and dropped after), and POSTs valid bookings, each with its own submission token and its own
// X-Forwarded-For address (the rate limit is per address), with bounded concurrency for a fixed
// time. Reports bookings per second and latency percentiles. Node only: no load tool needed.
//
//   BENCH_SECONDS (10)  BENCH_CONCURRENCY (16)  BENCH_DATABASE_URL / TEST_DATABASE_URL
import os from "node:os";
import { postBooking } from "./booking-body.mjs";
import { isBuilt, startBuiltServer } from "./built-server.mjs";
import { withThrowawayDatabase } from "./throwaway-database.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PG_URL = process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim() || null;

let addressCount = 0;
async function postOne(url) {
  const n = ++addressCount;
  const started = performance.now();
  const response = await postBooking(url, n);
  const text = await response.text();
  return { status: response.status, ms: performance.now() - started, text };
}

function percentile(sorted, p) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function run(label, env) {
  const server = await startBuiltServer({ env, throwawayData: "navette-bench-" });
  try {
    const probe = await postOne(server.url);
    if (probe.status !== 303) {
      const problems = [...probe.text.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]).join("; ");
      throw new Error(`${label}: a valid booking was answered ${probe.status}, not 303 (${problems})`);
    }
    // Warm-up.
    const warmEnd = performance.now() + 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < warmEnd) await postOne(server.url);
      }),
    );

    const latencies = [];
    const others = new Map();
    const started = performance.now();
    const end = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < end) {
          const { status, ms } = await postOne(server.url);
          if (status === 303) latencies.push(ms);
          else others.set(status, (others.get(status) ?? 0) + 1);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const result = {
      backend: label,
      seconds: Number(elapsed.toFixed(1)),
      concurrency: CONCURRENCY,
      bookings: latencies.length,
      "bookings/s": Number((latencies.length / elapsed).toFixed(1)),
      "p50 ms": Number(percentile(latencies, 50).toFixed(1)),
      "p99 ms": Number(percentile(latencies, 99).toFixed(1)),
      "max ms": Number((latencies.at(-1) ?? NaN).toFixed(1)),
      "other answers": Object.fromEntries(others),
    };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    await server.stop();
  }
}

if (!isBuilt()) {
  console.error("build/server/index.js is missing: run `npm run build` first.");
  process.exit(1);
}
console.log(
  `Booking benchmark: ${SECONDS} s per backend, ${CONCURRENCY} posts in flight, on ${os.cpus().length} CPUs (client and server share them).`,
);
const results = [await run("PGlite", {})];
if (PG_URL) {
  results.push(await withThrowawayDatabase(PG_URL, "navette_bench", (url) => run("PostgreSQL", { DATABASE_URL: url })));
} else {
  console.log("PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).");
}
console.table(results);
