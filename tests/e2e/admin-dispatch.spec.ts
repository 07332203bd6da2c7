import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { initialDraft, setFlightTime, setLegDate } from "../../app/domain/booking/draft";
import type { BookingDraft } from "../../app/domain/booking/fields";
import { addDays, isoDate, parisToday, type ParisDate } from "../../app/domain/booking/paris-time";
import { priceRequestOf } from "../../app/domain/booking/price-request";
import { parsePriceFile } from "../../app/domain/pricing/csv";
import { quote } from "../../app/domain/pricing/pricing";
import { signIn } from "./admin-helpers";
import { DESKTOP, expectNoAxeViolations, MOBILE } from "./helpers";
import { startSite, type SiteServer } from "./site-server";
import { activeCapacities, FIRST_FLEET } from "../../app/domain/fleet";

const FIRST_FLEET_CAPACITIES = activeCapacities(FIRST_FLEET);

// The dispatcher's pages (docs/product.md, Back office): the dashboard, the drivers and the run
// sheet, on a built site of the test's own whose bookings are all made through the public
// booking endpoint and paid on the sandbox's payment page, as a traveller's would be: 20 pickups
// on one day, 80 on the next.

const ROWS = parsePriceFile(readFileSync(new URL("../../data/prices.csv", import.meta.url), "utf8")).rows;
const ADMIN = { email: "dispatch-owner@navette.test", password: "dispatch owner password" };
const FORM = "application/x-www-form-urlencoded";

/** The number of pages of a PDF made by Chromium. */
function pageCount(pdf: Buffer): number {
  return (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;
}

let addressCount = Math.floor(Math.random() * 60_000);
/** A visitor address of its own per booking (X-Forwarded-For, trusted from loopback), for the rate limits. */
function nextAddress(): string {
  const n = ++addressCount;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** A complete booking form: Orly → Disneyland Paris, private, one way, a flight landing at `landing` on `day`. */
function draft(n: number, day: ParisDate, landing: string): BookingDraft {
  let d = initialDraft(
    { depart: "Orly Airport (ORY)", arrive: "Disneyland Paris", private_shuttle: "1", hotel: "disneyland-hotel" },
    { now: new Date() },
  );
  d = setFlightTime(setLegDate(d, 1, day), "pu", 1, landing);
  Object.assign(d, {
    city_vol_pu_1: "London",
    num_vol_pu_1: `BA ${300 + n}`,
    lastname: "Martin",
    firstname: "Claire",
    email: `claire.${n}@example.com`,
    phone_mobile: "+33 6 12 34 56 78",
    submission_token: `dispatch-${Date.now()}-${n}`,
  });
  const q = quote(ROWS, priceRequestOf(d, FIRST_FLEET_CAPACITIES));
  return Object.assign(d, { prix_cb: String(q.cb), prix_cash: String(q.cash) });
}

/** Books through the public endpoint and pays on the sandbox's page; the order id. */
async function bookAndPay(base: string, form: BookingDraft): Promise<string> {
  const headers = { "content-type": FORM, origin: base, "x-forwarded-for": nextAddress() };
  const booked = await fetch(`${base}/api/booking`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams(form) });
  const orderId = /^\/payment\/(NV-[A-Z0-9]{6})$/.exec(booked.headers.get("location") ?? "")?.[1];
  expect(booked.status, await booked.text()).toBe(303);
  if (!orderId) throw new Error(`No payment page: ${booked.headers.get("location")}`);
  const paid = await fetch(`${base}/payment/${orderId}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, "x-forwarded-for": nextAddress() },
    body: new URLSearchParams({ intent: "pay" }),
  });
  expect(paid.status).toBe(303);
  expect(paid.headers.get("location")).toContain("ok_ko=ok");
  return orderId;
}

/** Landing times from 04:30, a quarter of an hour apart, within the private transfer's window (up to 23:00). */
function landingAt(i: number): string {
  const minutes = 4 * 60 + 30 + (i % 75) * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

let site: SiteServer;
const today = parisToday(new Date());
const twenty = addDays(today, 3);
const eighty = addDays(today, 4);
const orders: string[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startSite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  const jobs = [
    ...Array.from({ length: 20 }, (_, i) => draft(i, twenty, landingAt(i * 3))),
    ...Array.from({ length: 80 }, (_, i) => draft(100 + i, eighty, landingAt(i))),
  ];
  // A few at a time: the server's own pace, not the test's.
  for (let i = 0; i < jobs.length; i += 5) {
    orders.push(...(await Promise.all(jobs.slice(i, i + 5).map((form) => bookAndPay(site.base, form)))));
  }
});

test.afterAll(async () => {
  await site?.stop();
});

async function signedIn(browser: Browser, path: string, viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL: site.base, viewport });
  const page = await context.newPage();
  await signIn(page, ADMIN, path);
  return page;
}

test("the run sheet of a day of 20 pickups prints on one A4 page, and of 80 on more; days link to each other", async ({
  browser,
}, testInfo) => {
  const page = await signedIn(browser, `/admin/run-sheet?date=${isoDate(twenty)}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Run sheet,");
  const rows = page.locator(".run-sheet-table tbody tr");
  await expect(rows).toHaveCount(20);
  await expect(page.getByText("20 pickups, Paris time.")).toBeVisible();
  // In time order: 04:30, 05:15, … every 45 minutes.
  const times = await page.locator(".run-sheet-time").allTextContents();
  expect(times).toEqual(Array.from({ length: 20 }, (_, i) => landingAt(i * 3)));
  await expect(rows.first()).toContainText("BA 300 from London, lands 04:30");
  await expect(rows.first()).toContainText("Orly Airport (ORY) → Disneyland Paris, Disneyland Hotel");
  await expect(rows.first()).toContainText("1 adult");
  await expect(rows.first()).toContainText("Test");
  const one = await page.pdf({ format: "A4", preferCSSPageSize: true, printBackground: true });
  await testInfo.attach("run sheet of 20 pickups.pdf", { body: one, contentType: "application/pdf" });
  expect(pageCount(one), "20 pickups on one A4 page").toBe(1);

  await page.getByRole("link", { name: "Next day →" }).click();
  await expect(page).toHaveURL(new RegExp(`date=${isoDate(eighty)}$`));
  await expect(rows).toHaveCount(80);
  const many = await page.pdf({ format: "A4", preferCSSPageSize: true, printBackground: true });
  expect(pageCount(many), "80 pickups take more than one page").toBeGreaterThan(1);

  await page.getByRole("link", { name: "← Previous day" }).click();
  await expect(page).toHaveURL(new RegExp(`date=${isoDate(twenty)}$`));
  await expect(rows).toHaveCount(20);
  await page.getByRole("link", { name: "← Previous day" }).click();
  await expect(page.getByText("No pickup on this day.")).toBeVisible();

  // The date picker, and a date that is no day.
  await page.getByLabel("Day", { exact: true }).fill(isoDate(eighty));
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`date=${isoDate(eighty)}$`));
  await expect(rows).toHaveCount(80);
  const bad = await page.goto("/admin/run-sheet?date=2026-02-30");
  expect(bad?.status()).toBe(400);
  expect(bad?.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("alert")).toContainText("The date must be a real day written as yyyy-mm-dd");
  await page.context().close();
});

test("the dashboard shows a paid booking to confirm, with the time left on the 12-hour promise", async ({ browser }) => {
  const page = await signedIn(browser, "/admin");
  const panel = page.locator("section", { has: page.getByRole("heading", { name: /^Paid, to confirm \(\d+\)/ }) });
  await expect(panel.getByRole("heading")).toContainText(`Paid, to confirm (${orders.length})`);
  const row = panel.getByRole("row", { name: new RegExp(orders[0]!) });
  await expect(row).toContainText(/1[12] h \d\d min left/);
  await expect(row).toContainText("Test");
  await expect(row.getByRole("link", { name: orders[0]! })).toHaveAttribute("href", `/admin/bookings/${orders[0]}`);
  // The oldest payments first: those of the first bookings made (paid five at a time).
  const first = (await panel.locator("tbody tr").first().getByRole("link").textContent()) ?? "";
  expect(orders.slice(0, 5)).toContain(first);
  const last = (await panel.locator("tbody tr").last().getByRole("link").textContent()) ?? "";
  expect(orders.slice(-5)).toContain(last);
  await expect(page.getByRole("heading", { name: /^Today, .*: 0 pickups$/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Confirmed, no driver yet \(0\)$/ })).toBeVisible();
  await page.context().close();
});

test("a driver is added through the form and listed; a bad phone is refused with a linked error, nothing added", async ({ browser }) => {
  const page = await signedIn(browser, "/admin/drivers");
  await expect(page.getByRole("heading", { name: "All drivers (0, 0 active)" })).toBeVisible();
  await page.getByLabel("Name").fill("Jean Dupont");
  await page.getByLabel("Phone").fill("12");
  await page.getByLabel("E-mail").fill("jean@example.com");
  await page.getByLabel("Vehicle", { exact: true }).selectOption({ label: "Mercedes Class V (7 seats)" });
  await page.getByLabel("Plate or note").fill("AB-123-CD");
  await page.getByRole("button", { name: "Add driver" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Nothing was changed");
  const link = alert.getByRole("link", { name: /Enter a valid phone number/ });
  await expect(link).toHaveAttribute("href", "#f-phone");
  const phone = page.getByLabel("Phone");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(/Enter a valid phone number/);
  await expect(page.getByLabel("Name")).toHaveValue("Jean Dupont");
  await link.click();
  await expect(phone).toBeFocused();
  // The message stays with its field after the jump.
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(/Enter a valid phone number/);
  await expect(page.getByRole("heading", { name: "All drivers (0, 0 active)" })).toBeVisible();

  await page.getByLabel("Phone").fill("06 12 34 56 78");
  await page.getByRole("button", { name: "Add driver" }).click();
  await expect(page.getByRole("status")).toContainText("Jean Dupont is added to the drivers.");
  const row = page.getByRole("row", { name: /Jean Dupont/ });
  await expect(row).toContainText("+33 6 12 34 56 78");
  await expect(row).toContainText("jean@example.com");
  await expect(row).toContainText("Mercedes Class V, AB-123-CD");
  await expect(row).toContainText("Active");

  await row.getByRole("link", { name: "Edit Jean Dupont" }).click();
  await expect(page.getByRole("heading", { name: "Edit Jean Dupont" })).toBeVisible();
  await expect(page.getByLabel("Phone")).toHaveValue("+33 6 12 34 56 78");
  await page.getByLabel("Vehicle", { exact: true }).selectOption({ label: "Renault Trafic (8 seats)" });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toContainText("Jean Dupont's details are saved.");
  await expect(row).toContainText("Renault Trafic, AB-123-CD");

  await row.getByRole("button", { name: "Deactivate Jean Dupont" }).click();
  await expect(row).toContainText("Inactive");
  await expect(page.getByRole("heading", { name: "All drivers (1, 0 active)" })).toBeVisible();
  await row.getByRole("button", { name: "Reactivate Jean Dupont" }).click();
  await expect(row).toContainText("Active");
  await expect(page.getByRole("heading", { name: "All drivers (1, 1 active)" })).toBeVisible();
  await page.context().close();
});

test("a phone number already a driver's is refused with 409 on add and on edit, the message linked to the phone field", async ({
  browser,
}) => {
  const page = await signedIn(browser, "/admin/drivers");
  // The answer itself: a conflict, not a missing page.
  const posted = await page.request.post("/admin/drivers", {
    headers: { origin: site.base },
    form: { intent: "add", name: "Anne Bernard", phone: "+33612345678", email: "anne@example.com" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(409);
  expect(posted.headers()["cache-control"]).toBe("no-store");

  await page.getByLabel("Name").fill("Anne Bernard");
  await page.getByLabel("Phone").fill("06 12 34 56 78");
  await page.getByLabel("E-mail").fill("anne@example.com");
  await page.getByRole("button", { name: "Add driver" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Nothing was changed");
  const link = alert.getByRole("link", { name: /Jean Dupont \(driver #1\) already has this phone number/ });
  await expect(link).toHaveAttribute("href", "#f-phone");
  await expect(page.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Phone")).toHaveAccessibleDescription(/already has this phone number/);
  await expect(page.getByRole("heading", { name: "All drivers (1, 1 active)" })).toBeVisible();

  await page.getByLabel("Phone").fill("06 45 67 89 01");
  await page.getByRole("button", { name: "Add driver" }).click();
  await expect(page.getByRole("status")).toContainText("Anne Bernard is added to the drivers.");
  const anne = page.getByRole("row", { name: /Anne Bernard/ });
  await anne.getByRole("link", { name: "Edit Anne Bernard" }).click();
  await expect(page.getByRole("heading", { name: "Edit Anne Bernard" })).toBeVisible();
  await page.getByLabel("Phone").fill("+33 6 12 34 56 78");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(alert.getByRole("link", { name: /Jean Dupont \(driver #1\) already has this phone number/ })).toHaveAttribute(
    "href",
    "#f-phone",
  );
  await expect(page.getByLabel("Phone")).toHaveValue("+33 6 12 34 56 78");
  await expect(anne).toContainText("+33 6 45 67 89 01");
  await expectNoAxeViolations(page, "drivers with a phone number already taken");
  await page.context().close();
});

for (const viewport of [MOBILE, DESKTOP]) {
  test(`the dashboard, drivers and run sheet have no axe violations at ${viewport.width} px`, async ({ browser }) => {
    // Three pages, each read by axe: 28 s on a 2-core machine beside another worker.
    test.slow();
    const page = await signedIn(browser, "/admin", viewport);
    await expectNoAxeViolations(page, `dashboard at ${viewport.width} px`);
    await page.goto("/admin/drivers");
    await expect(page.getByRole("heading", { name: "Drivers", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, `drivers at ${viewport.width} px`);
    await page.goto(`/admin/run-sheet?date=${isoDate(twenty)}`);
    await expect(page.locator(".run-sheet-table tbody tr")).toHaveCount(20);
    await expectNoAxeViolations(page, `run sheet at ${viewport.width} px`);
    await page.goto("/admin/run-sheet?date=nonsense");
    await expectNoAxeViolations(page, `run sheet with a bad date at ${viewport.width} px`);
    await page.context().close();
  });
}
