import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { FIRST_FLEET, activeCapacities } from "../../app/domain/fleet";
import { initialDraft, setFlightTime, setLegDate } from "../../app/domain/booking/draft";
import type { BookingDraft } from "../../app/domain/booking/fields";
import { addDays, parisParts, parisToday } from "../../app/domain/booking/paris-time";
import { priceRequestOf } from "../../app/domain/booking/price-request";
import { parsePriceFile } from "../../app/domain/pricing/csv";
import { quote } from "../../app/domain/pricing/pricing";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { signIn } from "./admin-helpers";
import { DESKTOP, expectNoAxeViolations, MOBILE } from "./helpers";
import { startSite, type SiteServer } from "./site-server";
import { mailsTo } from "./traveller-helpers";

// The driver's day (docs/product.md, The driver's day): staff add a driver and send them their
// link (caught by a real SMTP server), give them tomorrow's private pickup at Orly, and the driver
// opens the link on a 390 px phone, records the steps of the ride with plain forms (a no-show
// refused: the pickup is at least 20 hours away, so the free waiting time cannot be over), the
// staff booking page shows the steps, and a revoked link answers 404. The site is the test's own.

const STAFF = { email: "owner@driver-day.test", password: "driver day owner password" };
const DRIVER = { name: "Karim Benali", email: "karim@drivers.test", phone: "06 98 76 54 32" };
const ROWS = parsePriceFile(readFileSync(new URL("../../data/prices.csv", import.meta.url), "utf8")).rows;
const FORM = "application/x-www-form-urlencoded";

let smtp: TestSmtp;
let site: SiteServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  smtp = await startSmtp();
  site = await startSite({
    env: { SMTP_URL: smtp.url, MAIL_FROM: "Navette <booking@navette.test>", ADMIN_EMAIL: STAFF.email, ADMIN_PASSWORD: STAFF.password },
  });
});
test.afterAll(async () => {
  await site?.stop();
  await smtp?.close();
});

/**
 * A landing tomorrow (Paris) that the booking rules accept now: at least 21 hours ahead (the lead
 * time is 20), on a quarter hour, 10:00 at the earliest and 23:00 at the latest (a private
 * transfer's window). Tomorrow always has one: its end is at least 24 hours away.
 */
function tomorrowsLanding(now: Date): string {
  const earliest = parisParts(new Date(now.getTime() + 21 * 3_600_000));
  const tomorrow = addDays(parisToday(now), 1);
  const sameDay = earliest.year === tomorrow.year && earliest.month === tomorrow.month && earliest.day === tomorrow.day;
  const minutes = sameDay ? Math.max(10 * 60, Math.ceil((earliest.hour * 60 + earliest.minute) / 15) * 15) : 10 * 60;
  const at = Math.min(minutes, 23 * 60);
  return `${String(Math.floor(at / 60)).padStart(2, "0")}:${String(at % 60).padStart(2, "0")}`;
}

/** Orly → Disneyland Paris, private, tomorrow, booked through the public endpoint and paid in the sandbox. */
async function bookTomorrow(): Promise<string> {
  const now = new Date();
  let d: BookingDraft = initialDraft(
    { depart: "Orly Airport (ORY)", arrive: "Disneyland Paris", private_shuttle: "1", hotel: "disneyland-hotel" },
    { now },
  );
  d = setFlightTime(setLegDate(d, 1, addDays(parisToday(now), 1)), "pu", 1, tomorrowsLanding(now));
  Object.assign(d, {
    city_vol_pu_1: "London",
    num_vol_pu_1: "BA 341",
    lastname: "Lovelace",
    firstname: "Ada",
    email: "ada@example.com",
    phone_mobile: "+33 6 12 34 56 78",
    submission_token: `driver-day-${Date.now()}`,
  });
  const q = quote(ROWS, priceRequestOf(d, activeCapacities(FIRST_FLEET)));
  Object.assign(d, { prix_cb: String(q.cb), prix_cash: String(q.cash) });
  const headers = { "content-type": FORM, origin: site.base, "x-forwarded-for": "10.9.8.7" };
  const booked = await fetch(`${site.base}/api/booking`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams(d) });
  expect(booked.status, await booked.text()).toBe(303);
  const orderId = /^\/payment\/(NV-[A-Z0-9]{6})$/.exec(booked.headers.get("location") ?? "")![1]!;
  const paid = await fetch(`${site.base}/payment/${orderId}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, "x-forwarded-for": "10.9.8.6" },
    body: new URLSearchParams({ intent: "pay" }),
  });
  expect(paid.status).toBe(303);
  return orderId;
}

/** The leg's card on the driver's page. */
const legCard = (page: Page, orderId: string) => page.locator(`article[id^="leg-${orderId}-"]`);

let orderId: string;
let link: string;

test("staff send a driver the link to their day and give them a ride", async ({ browser }) => {
  test.setTimeout(90_000);
  orderId = await bookTomorrow();
  const page = await (await browser.newContext({ baseURL: site.base, viewport: DESKTOP })).newPage();
  await signIn(page, STAFF, "/admin/drivers");
  await page.getByLabel("Name").fill(DRIVER.name);
  await page.getByLabel("Phone").fill(DRIVER.phone);
  await page.getByLabel("E-mail").fill(DRIVER.email);
  await page.getByRole("button", { name: "Add driver" }).click();
  await expect(page.getByRole("status")).toContainText(`${DRIVER.name} is added to the drivers.`);

  await page.getByRole("button", { name: `Send link to ${DRIVER.name}` }).click();
  await expect(page.getByRole("status")).toContainText(`A new link to the day's rides is on its way to ${DRIVER.name}`);
  const [mail] = await mailsTo(smtp, /your day's rides$/);
  expect(mail!.to).toEqual([DRIVER.email]);
  link = /https?:\/\/\S+\/driver\/[A-Za-z0-9_-]{43}/.exec(mail!.text)![0];
  // Until the outbox sends it the list says the e-mail waits; then when the link was made.
  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(DRIVER.name) })).toContainText(/Made \d\d\/\d\d\/\d{4} \d\d:\d\d/);
  await expectNoAxeViolations(page, "/admin/drivers with a link sent");

  await page.goto(`/admin/bookings/${orderId}`);
  await page.getByRole("button", { name: "Confirm" }).click();
  await page.getByRole("combobox", { name: "Driver" }).selectOption({ label: DRIVER.name });
  await page.getByRole("button", { name: "Assign driver" }).click();
  await expect(page.getByRole("heading", { name: "Ride" })).toBeVisible();
  await expect(page.getByText("No step recorded by a driver yet.")).toBeVisible();
  await page.context().close();
});

test("the driver records the ride's steps on a 390 px phone; a no-show waits for the free waiting time", async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const page = await (await browser.newContext({ viewport: MOBILE })).newPage();
  const opened = await page.goto(link);
  expect(opened!.status()).toBe(200);
  expect(opened!.headers()["referrer-policy"]).toBe("no-referrer");
  expect(opened!.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${DRIVER.name}'s rides`);
  await expect(page.getByRole("heading", { level: 2, name: /^Tomorrow, / })).toBeVisible();
  const card = legCard(page, orderId);
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Ada Lovelace");
  await expect(card).toContainText("BA 341 from London");
  await expect(card).toContainText("Orly Airport (ORY)");
  await expect(card.getByRole("link", { name: "+33 6 12 34 56 78" })).toHaveAttribute("href", "tel:+33612345678");

  // Made for the phone: no sideways scroll, every button at least 44 px high.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  for (const button of await card.getByRole("button").all()) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expectNoAxeViolations(page, "the driver's day at 390 px");

  const press = (label: string) => card.getByRole("button", { name: new RegExp(`^${label} for `) }).click();
  await press("On my way");
  await expect(page).toHaveURL(/\?done=recorded&/);
  await expect(page.getByRole("status")).toHaveText(/^On my way at \d\d:\d\d \(Paris time\) is recorded\.$/);
  await press("At pickup");
  await expect(page.getByRole("status")).toHaveText(/^At pickup at \d\d:\d\d \(Paris time\) is recorded\.$/);

  await press("No-show");
  await expect(page.getByRole("alert")).toContainText("Nothing was recorded");
  await expect(page.getByRole("alert")).toContainText(
    /No-show is not recorded yet: the free waiting time runs until \d\d:\d\d \(Paris time\)/,
  );
  await expectNoAxeViolations(page, "the driver's day with a refused no-show");
  await page.goto(link);
  await expect(legCard(page, orderId).locator(".driver-steps li")).toHaveText([/^On my way at /, /^At pickup at /]);

  await press("Picked up");
  await expect(page.getByRole("status")).toHaveText(/^Picked up at \d\d:\d\d \(Paris time\) is recorded\.$/);
  await press("On my way");
  await expect(page.getByRole("status")).toHaveText(/^On my way at \d\d:\d\d \(Paris time\) was already recorded: nothing changed\.$/);
  await expect(legCard(page, orderId).locator(".driver-steps li")).toHaveText([/^On my way at /, /^At pickup at /, /^Picked up at /]);
  await expectNoAxeViolations(page, "the driver's day after the steps");
  await testInfo.attach("the driver's day at 390 px.png", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  await page.context().close();
});

test("the staff booking page shows the steps, and a revoked link answers 404", async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await (await browser.newContext({ baseURL: site.base, viewport: DESKTOP })).newPage();
  await signIn(page, STAFF, `/admin/bookings/${orderId}`);
  const ride = page.getByRole("region", { name: "Ride" });
  await expect(ride.getByRole("listitem")).toHaveText([
    /^On my way at \d\d:\d\d \(Paris time\)$/,
    /^At pickup at \d\d:\d\d \(Paris time\)$/,
    /^Picked up at \d\d:\d\d \(Paris time\)$/,
  ]);
  await expect(page.getByText(/Leg 1: Picked up at \d\d:\d\d \(Paris time\), recorded by Karim Benali/)).toBeVisible();
  await expectNoAxeViolations(page, "the booking's page with its ride");

  await page.goto("/admin/drivers");
  await page.getByRole("button", { name: `Revoke link of ${DRIVER.name}` }).click();
  await expect(page.getByRole("status")).toContainText(`${DRIVER.name}'s link to the day's rides no longer works.`);
  await page.context().close();

  const phone = await (await browser.newContext({ viewport: MOBILE })).newPage();
  const gone = await phone.goto(link);
  expect(gone!.status()).toBe(404);
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Not found");
  await expect(phone.getByText("Ask the office to send you a new one.")).toBeVisible();
  await phone.context().close();
});
