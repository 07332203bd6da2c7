// The built site with one of everything a page can show, for the scripts that read every page
// (`npm run validate:html`, `npm run budget`): the administrator signed in, a booking posted as the
// form posts it and paid in the sandbox, and a driver whose link came by e-mail.
import { SMTPServer } from "smtp-server";
import { bookingBody } from "./booking-body.mjs";
import { startServerForCheck } from "./built-server.mjs";

const ADMIN = { email: "owner@sample.test", password: "sample site password 1" };

/** The back office's pages, read signed in as the administrator. */
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

/** Every public path the sitemap lists. */
async function sitemapPaths(base) {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/**
 * Starts the sample site under `name` on `port`. Returns its base URL, its `pages`, the
 * traveller's and the driver's pages (their tokens inside), `get(path)` that reads any page as its
 * visitor would (the back office with the administrator's cookie, the traveller's with theirs),
 * `hideTokens(path)` for reports, `adminPaths` (the back office's pages and the sample booking's),
 * `backOfficeIn(locale)`, which sets the administrator's language for every later `get`, and
 * `stop()`.
 */
export async function startSampleSite(name, port) {
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
  const server = await startServerForCheck(name, {
    port,
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
      MAIL_FROM: "Navette <booking@sample.test>",
    },
  });
  const base = server.url;
  const form = (fields) => ({ "content-type": "application/x-www-form-urlencoded", origin: base, ...fields });

  const login = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: form(),
    body: new URLSearchParams(ADMIN),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0])
    .join("; ");
  if (login.status !== 302 || !cookie) throw new Error(`Signing in to the back office answered ${login.status}.`);

  // The traveller's pages: the browser's result cookie holds a link token of its own
  // (docs/product.md, Managing a booking).
  const posted = await fetch(`${base}/api/booking`, {
    method: "POST",
    redirect: "manual",
    headers: form(),
    body: bookingBody(`${name}-${Date.now()}`),
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
    headers: form(),
    body: new URLSearchParams({ intent: "pay" }),
  });
  if (paid.status !== 303) throw new Error(`Paying ${orderId} in the sandbox answered ${paid.status}.`);

  // A driver added and sent their link from the drivers page; the link comes from its e-mail.
  const adminPost = (fields) =>
    fetch(`${base}/admin/drivers`, { method: "POST", redirect: "manual", headers: form({ cookie }), body: new URLSearchParams(fields) });
  const added = await adminPost({ intent: "add", name: "Karim Benali", phone: "06 98 76 54 32", email: "karim@sample.test" });
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

  const travellerPaths = [
    `/driver/${driverToken}`,
    `/my-booking/${manageToken}`,
    `/my-booking/${manageToken}/change`,
    `/my-booking/${manageToken}/voucher`,
    // The same booking's pages in French: the traveller's pages speak the language of their address.
    `/fr/my-booking/${manageToken}`,
    `/fr/my-booking/${manageToken}/change`,
    `/fr/my-booking/${manageToken}/voucher`,
    `/response_bank_ok_ko?ok_ko=ok&order_id=${orderId}`,
  ];
  const hideTokens = (p) => p.replace(manageToken, ":token").replace(driverToken, ":token").replace(orderId, ":order");
  // The back office's pages, and the paid booking's own.
  const adminPaths = [...ADMIN_PATHS, `/admin/bookings/${orderId}`];

  /** A page as its visitor reads it; a page of the back office or of a link that fails throws. */
  async function get(p) {
    const signedIn = adminPaths.includes(p);
    const traveller = travellerPaths.includes(p);
    const answer = await fetch(
      base + p,
      signedIn ? { headers: { cookie }, redirect: "manual" } : traveller ? { headers: { cookie: resultCookie } } : {},
    );
    if (traveller && answer.status !== 200) throw new Error(`${hideTokens(p)} answered ${answer.status}.`);
    // A back-office page must be the page itself, not the login page it would send a stranger to.
    if (signedIn && answer.status !== 200 && !(p.endsWith("no-such-page") && answer.status === 404)) {
      throw new Error(`${p} answered ${answer.status} to the signed-in administrator.`);
    }
    return answer;
  }

  return {
    base,
    /**
     * Every kind of page the site shows, read as its visitor would: the sitemap's pages, an alias,
     * the price pages with a query, the result page, the not-found page, 'Lost your link?', the
     * staff login and back office, and the traveller's and driver's pages.
     */
    pages: [
      ...(await sitemapPaths(base)),
      "/booking",
      "/rates?from=beauvais&to=paris",
      "/hotels_disneyland_paris?airport=ORY&kind=private",
      "/response_bank_ok_ko?ok_ko=ok&order_id=NV-TEST01",
      "/no-such-page",
      "/my-booking",
      "/fr/my-booking",
      "/admin/login",
      ...adminPaths,
      ...travellerPaths,
    ],
    travellerPaths,
    /** The back office's pages, read again after `backOfficeIn`. */
    adminPaths,
    hideTokens,
    get,
    /** Sets the administrator's back-office language (`en` or `fr`), as the account page does. */
    async backOfficeIn(locale) {
      const chosen = await fetch(`${base}/admin/account`, {
        method: "POST",
        redirect: "manual",
        headers: form({ cookie }),
        body: new URLSearchParams({ intent: "language", locale }),
      });
      if (chosen.status !== 302) throw new Error(`Choosing the back office's language answered ${chosen.status}.`);
    },
    async stop() {
      await server.stop();
      smtp.close();
    },
  };
}
