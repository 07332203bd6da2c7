// `npm run lighthouse [-- --runs 3 --min 100 /path …]`: Lighthouse 12, mobile, default
// throttling, on the built site. Prints the median score per category and fails below --min.
import { spawn } from "node:child_process";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  if (i === -1) return fallback;
  const [value] = args.splice(i, 2).slice(1);
  return value;
};
const runs = Number(opt("--runs", "3"));
const min = Number(opt("--min", "0"));
const paths = args.length > 0 ? args : ["/", "/cars", "/info"];

const PORT = process.env.LIGHTHOUSE_PORT ?? "3191";
const base = `http://127.0.0.1:${PORT}`;
const server = spawn(process.execPath, ["server/index.js"], {
  env: { ...process.env, PORT, HOST: "127.0.0.1", SITE_URL: base },
  stdio: ["ignore", "ignore", "inherit"],
});
process.on("exit", () => server.kill("SIGTERM"));
for (let i = 0; ; i++) {
  try {
    if ((await fetch(base)).ok) break;
  } catch {
    if (i > 100) throw new Error("The server did not start.");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

const categories = ["performance", "accessibility", "best-practices", "seo"];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
let failed = false;
try {
  for (const path of paths) {
    const scores = Object.fromEntries(categories.map((c) => [c, []]));
    const failing = new Set();
    for (let r = 0; r < runs; r++) {
      const result = await lighthouse(base + path, { port: chrome.port, output: "json", logLevel: "error" });
      const lhr = result.lhr;
      for (const c of categories) scores[c].push(Math.round((lhr.categories[c].score ?? 0) * 100));
      for (const c of categories) {
        for (const ref of lhr.categories[c].auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) failing.add(`${c}: ${ref.id} (${audit.displayValue ?? audit.score})`);
        }
      }
    }
    const row = { path, ...Object.fromEntries(categories.map((c) => [c, median(scores[c])])) };
    if (categories.some((c) => row[c] < min)) failed = true;
    rows.push(row);
    if (failing.size > 0) console.error(`${path}: below 1 in ${[...failing].join("; ")}`);
  }
} finally {
  await chrome.kill();
}

console.log(`\nLighthouse 12, mobile, median of ${runs} run(s)\n`);
console.log("| route | Performance | Accessibility | Best Practices | SEO |");
console.log("|---|---:|---:|---:|---:|");
for (const r of rows) console.log(`| ${r.path} | ${r.performance} | ${r.accessibility} | ${r["best-practices"]} | ${r.seo} |`);
process.exit(failed ? 1 : 0);
