// `npm run validate:html`: the Nu HTML validator (vnu-jar, on the machine's Java) on the server
// HTML of every route. Starts the built server on a spare port; fails on any error.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { bookingBody } from "./booking-body.mjs";
import { startServerForCheck } from "./built-server.mjs";

const require = createRequire(import.meta.url);
const jar = require("vnu-jar");
// The back office's pages are checked too, signed in as the administrator this server creates.
const ADMIN = { email: "owner@validate.test", password: "validator password 1" };
// A mail server of the script's own: a driver's day opens only by the link its e-mail carries.
const mails = [];
const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, _session, callback) {
    let text = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => (text += chunk));
    stream.on("end", () => {
      mails.push(text.replace(/=\r?\n/g, ""));
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const server = await startServerForCheck("vnu", {
  port: Number(process.env.VALIDATE_PORT ?? "3192"),
  env: {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
    MAIL_FROM: "Navette <booking@validate.test>",
  },
});
const base = server.url;
const login = await fetch(`${base}/admin/login`, {
  method: "POST",
  redirect: "manual",
  headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
  body: new URLSearchParams(ADMIN),
});
const cookie = login.headers
  .getSetCookie()
  .map((line) => line.split(";", 1)[0])
  .join("; ");
if (login.status !== 302 || !cookie) throw new Error(`Signing in to the back office answered ${login.status}.`);
const ADMIN_PATHS = [
  "/admin",
  "/admin/bookings",
  "/admin/bookings/new",
  "/admin/drivers",
  "/admin/vehicles",
  "/admin/run-sheet",
  "/admin/runs",
  "/admin/prices",
  "/admin/staff",
  "/admin/audit",
  "/admin/account",
  "/admin/no-such-page",
];

// The traveller's pages: a booking posted as the form posts it and paid in the sandbox; the
// browser's result cookie holds a link token of its own (docs/product.md, Managing a booking).
const posted = await fetch(`${base}/api/booking`, {
  method: "POST",
  redirect: "manual",
  headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
  body: bookingBody(`validate-${Date.now()}`),
});
const resultCookie = posted.headers
  .getSetCookie()
  .map((line) => line.split(";", 1)[0])
  .find((pair) => pair.startsWith("navette_result="));
const [orderId, manageToken] = (resultCookie ?? "").slice("navette_result=".length).split(".");
if (!orderId || !manageToken) throw new Error(`The booking post answered ${posted.status} without its result cookie.`);
const paid = await fetch(`${base}/payment/${orderId}`, {
  method: "POST",
  redirect: "manual",
  headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
  body: new URLSearchParams({ intent: "pay" }),
});
if (paid.status !== 303) throw new Error(`Paying ${orderId} in the sandbox answered ${paid.status}.`);
// A driver's day: a driver added and sent their link from the drivers page, the link from its e-mail.
const adminPost = (fields) =>
  fetch(`${base}/admin/drivers`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base, cookie },
    body: new URLSearchParams(fields),
  });
const added = await adminPost({ intent: "add", name: "Karim Benali", phone: "06 98 76 54 32", email: "karim@validate.test" });
const driverId = /driver=(\d+)/.exec(added.headers.get("location") ?? "")?.[1];
if (!driverId) throw new Error(`Adding a driver answered ${added.status}.`);
const sent = await adminPost({ intent: "send-link", id: driverId });
if (sent.status !== 303) throw new Error(`Sending the driver's link answered ${sent.status}.`);
let driverToken;
for (let i = 0; i < 200 && !driverToken; i++) {
  driverToken = mails.map((m) => /\/driver\/([A-Za-z0-9_-]{43})/.exec(m)?.[1]).find(Boolean);
  if (!driverToken) await new Promise((resolve) => setTimeout(resolve, 100));
}
if (!driverToken) throw new Error("The driver's link e-mail did not arrive.");
const TRAVELLER_PATHS = [
  `/driver/${driverToken}`,
  `/my-booking/${manageToken}`,
  `/my-booking/${manageToken}/change`,
  `/my-booking/${manageToken}/voucher`,
  `/response_bank_ok_ko?ok_ko=ok&order_id=${orderId}`,
];

const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
const paths = [
  ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname),
  "/booking",
  "/informations",
  "/reservation?depart=Charles_de_Gaulle_Airport_(CDG)&arrive=Disneyland_Paris&private_shuttle=0&nb_pax=22&depart_type=1&arrive_type=2&type_trajet=2&hotel=disneyland-hotel",
  "/response_bank_ok_ko?ok_ko=ok&order_id=NV-TEST01",
  "/response_bank_ok_ko?ok_ko=ko&order_id=NV-TEST01",
  "/no-such-page",
  "/admin/login",
  ...ADMIN_PATHS,
  "/my-booking",
  `/my-booking/${"x".repeat(43)}`,
  `/driver/${"x".repeat(43)}`,
  ...TRAVELLER_PATHS,
];
/** A path as the report prints it: no link's token. */
function hideTokens(p) {
  return p.replace(manageToken, ":token").replace(driverToken, ":token");
}
const dir = mkdtempSync(path.join(os.tmpdir(), "navette-html-"));
const files = [];
for (const [i, p] of paths.entries()) {
  const file = path.join(dir, `${String(i).padStart(2, "0")}.html`);
  const signedIn = ADMIN_PATHS.includes(p);
  const traveller = TRAVELLER_PATHS.includes(p);
  const answer = await fetch(
    base + p,
    signedIn ? { headers: { cookie }, redirect: "manual" } : traveller ? { headers: { cookie: resultCookie } } : {},
  );
  if (traveller && answer.status !== 200) throw new Error(`${hideTokens(p)} answered ${answer.status}.`);
  // A back-office page must be the page itself, not the login page it would send a stranger to.
  if (signedIn && answer.status !== 200 && !(p.endsWith("no-such-page") && answer.status === 404)) {
    throw new Error(`${p} answered ${answer.status} to the signed-in administrator.`);
  }
  writeFileSync(file, await answer.text());
  files.push({ file, path: p });
}
const result = spawnSync("java", ["-jar", jar, "--errors-only", "--format", "json", ...files.map((f) => f.file)], {
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
if (result.error) throw result.error;
const messages = JSON.parse(result.stderr || '{"messages":[]}').messages ?? [];
const byFile = new Map(files.map((f) => [`file:${f.file}`, f.path]));
for (const m of messages) {
  console.log(`${hideTokens(byFile.get(m.url) ?? m.url)}:${m.lastLine ?? "?"}: ${m.type}: ${m.message}`);
}
rmSync(dir, { recursive: true, force: true });
console.log(`Nu HTML validator: ${messages.length} error(s) on ${files.length} pages.`);
await server.stop();
smtp.close();
process.exit(messages.length > 0 ? 1 : 0);
