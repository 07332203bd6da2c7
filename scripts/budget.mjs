// `npm run budget [-- --check]`: the gzip bytes of every page's HTML (its CSS is inline, decision
// 0004) and of the JavaScript it loads before the visitor's first interaction, against the page's
// budget. Bytes do not move with the machine, so `--check` (CI) fails on any page over budget and
// on a page that has none. Reads the built site with one of everything (scripts/sample-site.mjs).
import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { startSampleSite } from "./sample-site.mjs";

const check = process.argv.includes("--check");
const KB = 1024;

/** A page's address in any language: English at the path itself, the others under their prefix. */
const anyLanguage = (path) => new RegExp(`^(\\/(fr|es|it|de|nl))?${path.source.replace(/^\^/, "")}`);

/**
 * Each kind of page and its budget in KB of gzip: `html` for the document, `js` for its scripts.
 * The first rule whose `paths` matches a page is its budget. Figures: docs/quality.md. A page's
 * JavaScript budget is at most its bytes of 2026-11-27, before the site spoke six languages, plus the
 * 3 KB the languages may add.
 */
const BUDGETS = [
  // Content pages: server HTML and the 0.8 KB menu script (decision 0005).
  {
    name: "content page",
    paths: anyLanguage(/^(\/(cars|services|info|informations|links|legal-notice|privacy-policy|terms-of-service)?)?$/),
    html: 14,
    js: 2,
  },
  // Price pages: server HTML and a small script of their own (decision 0028).
  {
    name: "price page",
    paths: anyLanguage(/^\/(rates(\?.*)?|hotels_disneyland_paris(\?.*)?|airport_[a-z_]+|[a-z-]+-transportation)$/),
    html: 16,
    js: 10,
  },
  { name: "contact", paths: anyLanguage(/^\/contact$/), html: 14, js: 122.5 },
  { name: "booking form", paths: anyLanguage(/^\/(reservation|booking)(\?.*)?$/), html: 30, js: 143.4 },
  { name: "payment result", paths: anyLanguage(/^\/response_bank_ok_ko\?/), html: 14, js: 118.8 },
  { name: "not found", paths: anyLanguage(/^\/no-such-page$/), html: 14, js: 2 },
  // The traveller's and the driver's pages, opened by their links: each its own figure, the bytes of
  // 2026-11-27 rounded up, so that what they carry grows only by a decision.
  // 'Lost your link?' carries the booking pages' error page (a refused post in the page's
  // language): a few hundred bytes over 145.5 KB.
  { name: "lost link", paths: anyLanguage(/^\/my-booking$/), html: 14, js: 146 },
  { name: "traveller's booking", paths: anyLanguage(/^\/my-booking\/[^/]+$/), html: 14, js: 120 },
  { name: "traveller's change", paths: anyLanguage(/^\/my-booking\/[^/]+\/change$/), html: 16, js: 152 },
  { name: "voucher", paths: anyLanguage(/^\/my-booking\/[^/]+\/voucher$/), html: 14, js: 117.2 },
  { name: "driver's day", paths: /^\/driver\/[^/]+$/, html: 14, js: 117.7 },
  // The back office, signed in: each page its own figure, likewise. Its pages are measured in
  // English and in French; where French's longer words need it, the HTML figure is 13 KB.
  { name: "staff login", paths: /^\/admin\/login$/, html: 10, js: 118 },
  { name: "dashboard", paths: /^\/admin$/, html: 12, js: 146.6 },
  // 145.1 KB before the languages (6ac273f); 119.5 KB since its page's code left the filters'
  // schema on the server (2026-11-28): the figure follows it down, with room for its words.
  { name: "bookings", paths: /^\/admin\/bookings$/, html: 13, js: 121 },
  { name: "phone booking", paths: /^\/admin\/bookings\/new$/, html: 13, js: 130 },
  // The sample's paid booking: 14.9 KB of HTML in English and 15.7 KB in French, 159.3 KB of
  // JavaScript (2026-11-28).
  { name: "a booking", paths: /^\/admin\/bookings\/NV-[A-Z0-9]+$/, html: 16.5, js: 160 },
  // 117.9 KB before the languages, and the 3 KB they may add: the frame's language code is most of it.
  { name: "drivers", paths: /^\/admin\/drivers$/, html: 12, js: 120.9 },
  { name: "vehicles", paths: /^\/admin\/vehicles$/, html: 13, js: 120.6 },
  { name: "run sheet", paths: /^\/admin\/run-sheet$/, html: 12, js: 146.5 },
  // 10.0 KB of HTML before its words were the catalogue's (2026-11-28): the words its browser code
  // writes (the board's columns and problems) ride in its data, 2 KB more.
  { name: "shuttle runs", paths: /^\/admin\/runs$/, html: 13, js: 158.6 },
  { name: "prices", paths: /^\/admin\/prices$/, html: 13, js: 126.8 },
  // 145.3, 143.3 and 144.7 KB before the languages (6ac273f); 119.8, 117.7 and 119.0 KB since
  // their code left the staff forms' schemas on the server (2026-11-28), likewise.
  { name: "staff", paths: /^\/admin\/staff$/, html: 12, js: 121.5 },
  { name: "audit", paths: /^\/admin\/audit$/, html: 12, js: 119.5 },
  { name: "account", paths: /^\/admin\/account$/, html: 12, js: 120.5 },
  { name: "back office's not found", paths: /^\/admin\/no-such-page$/, html: 12, js: 116.5 },
];

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const assets = new Map();
async function assetBytes(href) {
  if (!assets.has(href)) assets.set(href, gz(await readFile(new URL(`../build/client${href}`, import.meta.url))));
  return assets.get(href);
}

/** The scripts a document loads before any interaction: its script tags, module preloads and the bootstrap's imports. */
function scriptsOf(html) {
  return new Set([
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]),
    // The hydration bootstrap's own list of the modules it preloads after first paint (decision 0009).
    ...JSON.parse(/const preloads = (\[[^\]]*\]);/.exec(html)?.[1] ?? "[]"),
    ...[...html.matchAll(/import\("([^"]+\.js)"\)/g)].map((m) => m[1]),
    ...[...html.matchAll(/import \* as [^ ]+ from "([^"]+\.js)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]),
  ]);
}

const site = await startSampleSite("budget", Number(process.env.BUDGET_PORT ?? "3190"));
const rows = [];
async function measure(path, shown) {
  const html = await (await site.get(path)).text();
  let js = 0;
  for (const href of scriptsOf(html)) js += await assetBytes(href);
  const budget = BUDGETS.find((b) => b.paths.test(path));
  const over = budget ? [gz(Buffer.from(html)) > budget.html * KB && "HTML", js > budget.js * KB && "JS"].filter(Boolean) : ["no budget"];
  rows.push({ path: shown, budget, html: gz(Buffer.from(html)), js, over });
}
for (const path of site.pages) await measure(path, site.hideTokens(path));
// The back office again in French, the member's other language: the same budgets hold.
await site.backOfficeIn("fr");
for (const path of site.adminPaths) await measure(path, `${site.hideTokens(path)} (fr)`);
await site.stop();

const kb = (n) => `${(n / KB).toFixed(1)} KB`;
console.log("gzip bytes per page: the HTML (CSS inline) and the JavaScript loaded before the first interaction\n");
console.log("| page | kind | HTML | budget | JS | budget | within |");
console.log("|---|---|---:|---:|---:|---:|---|");
for (const r of rows) {
  const b = r.budget;
  console.log(
    `| ${r.path} | ${b?.name ?? "?"} | ${kb(r.html)} | ${b ? `${b.html} KB` : "–"} | ${kb(r.js)} | ${b ? `${b.js} KB` : "–"} | ${r.over.length === 0 ? "yes" : `OVER: ${r.over.join(", ")}`} |`,
  );
}
const failed = rows.filter((r) => r.over.length > 0);
if (failed.length > 0) console.log(`\n${failed.length} page(s) over budget or without one.`);
process.exit(check && failed.length > 0 ? 1 : 0);
