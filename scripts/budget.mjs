// `npm run budget`: for every route, the gzip bytes of its server HTML, of the CSS it
// blocks on, and of the JavaScript it loads. Starts the built server on a spare port.
import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { startServerForCheck } from "./built-server.mjs";

const HTML_CSS_LIMIT = 14 * 1024;
const JS_LIMIT_CONTENT = 120 * 1024;
const JS_LIMIT_BOOKING = 200 * 1024;

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const cache = new Map();
async function assetBytes(href) {
  if (!cache.has(href)) {
    const file = new URL(`../build/client${href}`, import.meta.url);
    cache.set(href, gz(await readFile(file)));
  }
  return cache.get(href);
}

const server = await startServerForCheck("budget", { port: Number(process.env.BUDGET_PORT ?? "3190") });
const base = server.url;

// Every public route, as the site itself lists them, plus the screens kept out of the sitemap.
const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
const paths = [
  ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname),
  "/response_bank_ok_ko?ok_ko=ok&order_id=NV-TEST01",
];
const rows = [];
let failed = false;
for (const path of paths) {
  const html = await (await fetch(base + path)).text();
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const js = new Set([
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]),
    // The hydration bootstrap's own list of the modules it preloads after first paint (decision 0009).
    ...JSON.parse(/const preloads = (\[[^\]]*\]);/.exec(html)?.[1] ?? "[]"),
    ...[...html.matchAll(/import\("([^"]+\.js)"\)/g)].map((m) => m[1]),
    ...[...html.matchAll(/import \* as [^ ]+ from "([^"]+\.js)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]),
  ]);
  let cssBytes = 0;
  for (const href of css) cssBytes += await assetBytes(href);
  let jsBytes = 0;
  for (const href of js) jsBytes += await assetBytes(href);
  const htmlBytes = gz(Buffer.from(html));
  const booking = path === "/reservation";
  const jsLimit = booking ? JS_LIMIT_BOOKING : JS_LIMIT_CONTENT;
  const ok = (booking || htmlBytes + cssBytes <= HTML_CSS_LIMIT) && jsBytes <= jsLimit;
  if (!ok) failed = true;
  rows.push({ path, html: htmlBytes, css: cssBytes, "html+css": htmlBytes + cssBytes, js: jsBytes, ok: ok ? "yes" : "OVER" });
}
await server.stop();

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `gzip bytes per route (targets: HTML+CSS ≤ ${kb(HTML_CSS_LIMIT)} on content pages; JS ≤ ${kb(JS_LIMIT_CONTENT)}, ≤ ${kb(JS_LIMIT_BOOKING)} on /reservation)\n`,
);
console.log("CSS is inlined in the HTML (docs/decisions/0004-inline-css.md), so the CSS column counts only linked sheets.\n");
console.log("| route | HTML | CSS | HTML+CSS | JS | within |");
console.log("|---|---:|---:|---:|---:|---|");
for (const r of rows) console.log(`| ${r.path} | ${kb(r.html)} | ${kb(r.css)} | ${kb(r["html+css"])} | ${kb(r.js)} | ${r.ok} |`);
process.exit(failed ? 1 : 0);
