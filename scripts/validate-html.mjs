// `npm run validate:html`: the Nu HTML validator (vnu-jar, on the machine's Java) on the server
// HTML of every route. Starts the built server on a spare port; fails on any error.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { startSampleSite } from "./sample-site.mjs";

const require = createRequire(import.meta.url);
const jar = require("vnu-jar");
const site = await startSampleSite("vnu", Number(process.env.VALIDATE_PORT ?? "3192"));

// Every kind of page, and the variants a page has beside it: another alias, a booking link's
// query, a failed payment, wrong links.
const paths = [
  ...site.pages,
  "/informations",
  "/reservation?depart=Charles_de_Gaulle_Airport_(CDG)&arrive=Disneyland_Paris&private_shuttle=0&nb_pax=22&depart_type=1&arrive_type=2&type_trajet=2&hotel=disneyland-hotel",
  "/response_bank_ok_ko?ok_ko=ko&order_id=NV-TEST01",
  `/my-booking/${"x".repeat(43)}`,
  `/driver/${"x".repeat(43)}`,
];
const dir = mkdtempSync(path.join(os.tmpdir(), "navette-html-"));
const files = [];
async function keep(p, shown) {
  const file = path.join(dir, `${String(files.length).padStart(3, "0")}.html`);
  writeFileSync(file, await (await site.get(p)).text());
  files.push({ file, path: shown });
}
for (const p of paths) await keep(p, p);
// The back office again in French, the member's other language.
await site.backOfficeIn("fr");
for (const p of site.adminPaths) await keep(p, `${p} (fr)`);
const result = spawnSync("java", ["-jar", jar, "--errors-only", "--format", "json", ...files.map((f) => f.file)], {
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
if (result.error) throw result.error;
const messages = JSON.parse(result.stderr || '{"messages":[]}').messages ?? [];
const byFile = new Map(files.map((f) => [`file:${f.file}`, f.path]));
for (const m of messages) {
  console.log(`${site.hideTokens(byFile.get(m.url) ?? m.url)}:${m.lastLine ?? "?"}: ${m.type}: ${m.message}`);
}
rmSync(dir, { recursive: true, force: true });
console.log(`Nu HTML validator: ${messages.length} error(s) on ${files.length} pages.`);
await site.stop();
process.exit(messages.length > 0 ? 1 : 0);
