import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import {
  addDays,
  compareDates,
  formatFrenchDate,
  parisInstant,
  parisParts,
  parisToday,
  parseIsoDate,
} from "../../app/domain/booking/paris-time";
import { formatClock } from "../../app/domain/booking/time-rules";
import { HOTELS } from "../../app/domain/hotels";
import { freeCancellationUntil, timeLeft } from "../../app/domain/manage/deadline";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { bookingInput as input, catalogueWords, DESKTOP, expectNoAxeViolations, fillCustomer, MOBILE, waitForReady } from "./helpers";
import { type SiteServer, startSite } from "./site-server";
import { bookAndPay, manageLinkIn, mailsTo } from "./traveller-helpers";

// The traveller's booking page (docs/product.md, Managing a booking): a booking made on the site
// and paid in the sandbox, its confirmation caught by a real SMTP server, the e-mail's link opened
// (status in words, the deadline line, the countdown), cancelled 3 days ahead with one refund (the
// page, the traveller's and the business's e-mails, the booking's page in the back office), the
// same step without JavaScript, a booking 20 to 24 hours ahead that cannot be cancelled online and
// says why (at any time of day: its site's price file has a route with a pick-up time of the
// traveller's choosing), and 'Lost your link?'. axe at 390 and 1280 px on each page.

const STAFF = { email: "owner@manage.test", password: "manage e2e owner password" };
const BUSINESS = "business@manage.test";
const PHONE = "+33 1 99 00 12 34";

let smtp: TestSmtp;
let site: SiteServer;
let pricesDir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  smtp = await startSmtp();
  pricesDir = mkdtempSync(path.join(os.tmpdir(), "navette-e2e-manage-prices-"));
  writeFileSync(path.join(pricesDir, "prices.csv"), pricesWithHotelToParis());
  site = await startSite({
    env: {
      PRICES_CSV: path.join(pricesDir, "prices.csv"),
      SMTP_URL: smtp.url,
      MAIL_FROM: "Navette <booking@navette.test>",
      SITE_EMAIL: BUSINESS,
      SITE_PHONE: PHONE,
      ADMIN_EMAIL: STAFF.email,
      ADMIN_PASSWORD: STAFF.password,
    },
  });
});
test.afterAll(async () => {
  await site?.stop();
  await smtp?.close();
  if (pricesDir) rmSync(pricesDir, { recursive: true, force: true });
});

/**
 * axe at phone and desktop widths, then back to desktop; each from the top of the page, so that the
 * sticky site header covers nothing a step of the test has scrolled under it.
 */
async function axeAtBothWidths(page: Page, label: string): Promise<void> {
  for (const size of [MOBILE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page, `${label} at ${size.width} px`);
  }
}

/** The link the confirmation e-mail of this order carries. */
async function manageLinkOf(orderId: string): Promise<string> {
  const [confirmation] = await mailsTo(smtp, new RegExp(`your booking ${orderId}$`));
  return manageLinkIn(confirmation!);
}

async function signIn(page: Page, next: string): Promise<void> {
  await page.goto(`${site.base}/admin/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel("E-mail").fill(STAFF.email);
  await page.getByLabel("Password").fill(STAFF.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}

const statusHeading = (page: Page) => page.getByRole("heading", { level: 2, name: /^Status:/ });

/** The traveller's pages' words in English, as the page speaks them. */
const ENGLISH = catalogueWords("en", "manage");

/**
 * The countdown's words to the free-cancellation deadline of a pick-up at `pickupAt`, for a page
 * made between `since` and now: the words at either end (an hour may tick over in between).
 */
function countdownSince(pickupAt: Date, since: Date): RegExp {
  const deadline = freeCancellationUntil(pickupAt);
  const words = new Set([timeLeft(deadline, since, ENGLISH), timeLeft(deadline, new Date(), ENGLISH)]);
  return new RegExp(`^(${[...words].join("|")}) left$`);
}

test("the e-mailed link opens the booking, which is cancelled 3 days ahead with one refund", async ({ page }) => {
  test.setTimeout(120_000);
  const { orderId, pickupAt } = await bookAndPay(page, site.base, { daysAhead: 3 });
  const link = await manageLinkOf(orderId);
  const opened = new Date();
  await page.goto(link);
  await waitForReady(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Booking ${orderId}`);
  await expect(statusHeading(page)).toHaveText("Status: Paid, waiting for confirmation");
  await expect(page.getByText(/^Free cancellation until \d\d\/\d\d\/\d{4} \d\d:\d\d \(Paris time\)$/)).toBeVisible();
  // The deadline is 10:00 two days on: 1 day 10 hours to 2 days 10 hours left, by the hour the test runs.
  await expect(page.getByTestId("countdown")).toHaveText(countdownSince(pickupAt, opened));
  await expect(page.getByRole("link", { name: "Print voucher" })).toHaveAttribute("href", new URL(link).pathname + "/voucher");
  await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveAttribute("href", new URL(link).pathname + "/calendar.ics");
  await expect(page.getByRole("link", { name: "Change details" })).toBeVisible();
  await expect(page.getByText("The date, the route and the number of passengers are changed by phone")).toBeVisible();
  const paid = (await page.getByText("Amount paid").locator("xpath=following-sibling::dd[1]").textContent())!.trim();
  expect(paid).toMatch(/^\d+,\d\d\u00a0€$/);
  await axeAtBothWidths(page, "the booking's page");

  // The confirmation step: the question takes the focus; nothing is cancelled yet.
  await page.getByRole("button", { name: "Cancel booking" }).click();
  const question = page.getByRole("heading", { name: `Cancel booking ${orderId} and refund ${paid}?` });
  await expect(question).toBeFocused();
  await expect(page.getByRole("button", { name: "Yes, cancel and refund" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Keep my booking" })).toBeVisible();
  await axeAtBothWidths(page, "the cancellation step");

  await page.getByRole("button", { name: "Yes, cancel and refund" }).click();
  await expect(page).toHaveURL(`${link}?done=cancelled`);
  await expect(page.getByRole("status")).toHaveText(
    `Your booking ${orderId} is cancelled. ${paid} is refunded to the card you paid with: depending on your bank, it shows on your account within 5 to 10 days. We have e-mailed you a confirmation.`,
  );
  await expect(statusHeading(page)).toHaveText("Status: Cancelled and refunded");
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);

  // The same post again (a double click, a replay): the booking stays cancelled, refunded once.
  const again = await page.request.post(link, { form: { intent: "confirm-cancel" }, headers: { origin: site.base }, maxRedirects: 0 });
  expect(again.status()).toBe(303);

  const traveller = await mailsTo(smtp, new RegExp(`booking ${orderId} cancelled$`));
  expect(traveller).toHaveLength(1);
  expect(traveller[0]!.to).toEqual(["ada@example.com"]);
  expect(traveller[0]!.text).toContain(`We have refunded ${paid} to the card you paid with.`);
  expect(() => manageLinkIn(traveller[0]!)).not.toThrow();
  const business = await mailsTo(smtp, new RegExp(`Booking ${orderId} cancelled by the traveller`));
  expect(business).toHaveLength(1);
  expect(business[0]!.to).toEqual([BUSINESS]);
  expect(business[0]!.text).toContain(`Refunded in full: ${paid} through the sandbox`);

  // The back office holds one refund.
  await signIn(page, `/admin/bookings/${orderId}`);
  await expect(page.getByText("Booking status").locator("xpath=following-sibling::dd[1]")).toHaveText("Cancelled");
  await expect(page.getByRole("region", { name: "Payment" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("region", { name: "History" })).toContainText("Cancelled by the traveller on the booking's page");
  expect(smtp.received.filter((m) => m.subject.includes(`Booking ${orderId} cancelled by the traveller`))).toHaveLength(1);
});

test("without JavaScript the countdown reads on the page, and Cancel asks first", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { orderId, pickupAt } = await bookAndPay(page, site.base, { daysAhead: 4 });
  const link = await manageLinkOf(orderId);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  try {
    const opened = new Date();
    await plain.goto(link);
    await expect(plain.getByTestId("countdown")).toHaveText(countdownSince(pickupAt, opened));
    await plain.getByRole("button", { name: "Cancel booking" }).click();
    await expect(plain.getByRole("heading", { name: new RegExp(`^Cancel booking ${orderId} and refund`) })).toBeVisible();
    await plain.getByRole("link", { name: "Keep my booking" }).click();
    await expect(statusHeading(plain)).toHaveText("Status: Paid, waiting for confirmation");
    // The form's own post (Origin: null under no-referrer, Sec-Fetch-Site: same-origin) cancels.
    await plain.getByRole("button", { name: "Cancel booking" }).click();
    await plain.getByRole("button", { name: "Yes, cancel and refund" }).click();
    await expect(plain.getByRole("status")).toContainText(`Your booking ${orderId} is cancelled.`);
    await expect(statusHeading(plain)).toHaveText("Status: Cancelled and refunded");
  } finally {
    await context.close();
  }
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const QUARTER = 15 * MINUTE;
const PARIS_ZIPS = Array.from({ length: 20 }, (_, i) => String(75001 + i))
  .concat("75116")
  .join(",");

/**
 * The shipped price file and a route the business may add to it: a Disneyland hotel to an address
 * in Paris, priced as CDG → Paris. Both its ends are addresses, so its pick-up time is the
 * traveller's (any time, no flight window), which no route of the shipped file allows.
 */
function pricesWithHotelToParis(): string {
  const shipped = readFileSync(new URL("../../data/prices.csv", import.meta.url), "utf8");
  const added = shipped
    .split(/\r?\n/)
    .filter((line) => line.startsWith("0;Charles de Gaulle Airport (CDG);Paris;"))
    .map((line) => {
      const cells = line.split(";");
      Object.assign(cells, { 1: "Disneyland Paris", 9: "2", 10: "2", 21: "77700,77144,77600,95200", 22: PARIS_ZIPS });
      return cells.join(";");
    });
  expect(added).toHaveLength(6);
  return `${shipped.trimEnd()}\n${added.join("\n")}\n`;
}

/**
 * A pick-up less than 24 hours after `now` that the booking form takes (at least 20 hours ahead, on
 * a date from tomorrow): 22 hours ahead on the quarter hour, or tomorrow at 00:00 when that is
 * later. null only in the first hour of the 25-hour day that ends summer time, when tomorrow
 * begins more than 24 hours ahead.
 */
function pickupWithin24Hours(now: Date): Date | null {
  const tomorrow = parisInstant({ ...addDays(parisToday(now), 1), hour: 0, minute: 0 }).getTime();
  const at = Math.max(Math.ceil((now.getTime() + 22 * HOUR) / QUARTER) * QUARTER, tomorrow);
  return at - now.getTime() < 24 * HOUR ? new Date(at) : null;
}

/** Books a Disneyland hotel → Paris transfer picked up at `at` on the public form, and pays in the sandbox. */
async function bookPickupAt(page: Page, at: Date): Promise<string> {
  const p = parisParts(at);
  await page.goto(`${site.base}/reservation?depart=Disneyland_Paris&arrive=Paris&nb_pax=2`, { waitUntil: "load" });
  await waitForReady(page);
  await input(page, "french_date_pu_t1").fill(formatFrenchDate(p));
  await input(page, "time_h_pu_t1").fill(formatClock({ hour: p.hour, minute: p.minute }));
  await input(page, "hotel_n_pu_1").selectOption(String(HOTELS.find((h) => h.zip === "77700")!.id));
  await input(page, "address_drop_1").fill("10 Rue de Rivoli");
  await input(page, "zip_drop_1").fill("75004");
  await fillCustomer(page);
  await page.getByRole("button", { name: "Book Now" }).click();
  await page.waitForURL(/\/payment\/NV-[A-Z0-9]{6}$/);
  const orderId = /NV-[A-Z0-9]{6}$/.exec(page.url())![0];
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/response_bank_ok_ko\?ok_ko=ok/);
  return orderId;
}

test("a pick-up 20 to 24 hours ahead can be booked at any time of day, clock changes included", () => {
  const days = [
    parisToday(new Date()),
    ...["2026-03-28", "2026-03-29", "2026-03-30", "2026-10-24", "2026-10-25", "2026-10-26"].map((iso) => parseIsoDate(iso)!),
  ];
  for (const day of days) {
    const midnight = parisInstant({ ...day, hour: 0, minute: 0 }).getTime();
    const nextMidnight = parisInstant({ ...addDays(day, 1), hour: 0, minute: 0 }).getTime();
    // Every 5 minutes, each a moment into its minute (at 00:00:00 itself, tomorrow is 24 hours away).
    for (let t = midnight + 7_000; t < nextMidnight; t += 5 * MINUTE) {
      const at = pickupWithin24Hours(new Date(t));
      const label = new Date(t).toISOString();
      // The 25-hour day's first hour only: its tomorrow is more than 24 hours away.
      expect(at === null, label).toBe(nextMidnight - midnight === 25 * HOUR && t < midnight + HOUR);
      if (!at) continue;
      expect(at.getTime() - t, label).toBeGreaterThanOrEqual(21 * HOUR);
      expect(at.getTime() - t, label).toBeLessThan(24 * HOUR);
      expect(compareDates(parisToday(at), day), label).toBeGreaterThan(0);
      expect(parisParts(at).minute % 15, label).toBe(0);
    }
  }
});

test("a booking whose first pickup is 20 to 24 hours away shows no Cancel, says why and gives the phone", async ({ page }) => {
  test.setTimeout(120_000);
  const at = pickupWithin24Hours(new Date());
  test.skip(at === null, "The first hour of the day that ends summer time: every date the form takes begins more than 24 hours ahead.");
  const orderId = await bookPickupAt(page, at!);
  const link = await manageLinkOf(orderId);
  await page.goto(link);
  await waitForReady(page);
  await expect(statusHeading(page)).toHaveText("Status: Paid, waiting for confirmation");
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Change details" })).toHaveCount(0);
  const why = page.locator(".manage-closed");
  await expect(why).toContainText(
    /^Free cancellation ended on \d\d\/\d\d\/\d{4} \d\d:\d\d \(Paris time\): bookings cannot be cancelled online within 24 hours of pickup\./,
  );
  await expect(why.getByRole("link", { name: PHONE })).toHaveAttribute("href", "tel:+33199001234");
  await expect(page.getByRole("link", { name: "Print voucher" })).toBeVisible();
  await axeAtBothWidths(page, "a booking past its free cancellation");

  // A post replayed from a page opened earlier is refused with the same sentence, and nothing changes.
  const replay = await page.request.post(link, { form: { intent: "confirm-cancel" }, headers: { origin: site.base }, maxRedirects: 0 });
  expect(replay.status()).toBe(409);
  expect(await replay.text()).toContain("bookings cannot be cancelled online within 24 hours of pickup.");
  await page.reload();
  await expect(statusHeading(page)).toHaveText("Status: Paid, waiting for confirmation");
  expect(smtp.received.filter((m) => m.subject.includes(`Booking ${orderId} cancelled by the traveller`))).toHaveLength(0);
});

test("'Lost your link?' is linked from the footer and a wrong link, answers alike, and e-mails the link to the booking's address", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { orderId } = await bookAndPay(page, site.base, { daysAhead: 5 });
  await page.goto(`${site.base}/my-booking/${"Q".repeat(43)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking not found");
  await page.getByRole("link", { name: /^Lost your link\?/ }).click();
  await expect(page).toHaveURL(`${site.base}/my-booking`);
  await page.goto(`${site.base}/`);
  await page.getByRole("contentinfo").getByRole("link", { name: "Manage my booking" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manage my booking");
  await waitForReady(page);
  await axeAtBothWidths(page, "the lost-link page");

  // Checked in the browser with the server's own schema: each problem announced and linked to its field.
  await page.getByRole("button", { name: "Send me the link" }).click();
  const problems = page.getByRole("alert");
  await expect(problems).toContainText("Enter your order number as our e-mails write it");
  await expect(problems).toContainText("Enter the e-mail address you booked with");
  await problems.getByRole("link", { name: /Enter the e-mail address/ }).click();
  await expect(page.getByLabel("E-mail address")).toBeFocused();
  await expect(page.getByLabel("E-mail address")).toHaveAttribute("aria-invalid", "true");
  await axeAtBothWidths(page, "the lost-link page with its problems");

  const answer =
    "If this order number and e-mail address match a booking, we have sent its link to that address. It can take a few minutes.";
  // Another address: the same answer, and no e-mail.
  await page.getByLabel("Order number").fill(orderId);
  await page.getByLabel("E-mail address").fill("someone.else@example.com");
  await page.getByRole("button", { name: "Send me the link" }).click();
  await expect(page.getByRole("status")).toHaveText(answer);
  // The booking's own address, typed as people do.
  await page.goto(`${site.base}/my-booking`);
  await waitForReady(page);
  await page.getByLabel("Order number").fill(orderId.toLowerCase());
  await page.getByLabel("E-mail address").fill(" ADA@example.com ");
  await page.getByRole("button", { name: "Send me the link" }).click();
  await expect(page.getByRole("status")).toHaveText(answer);
  const [mail] = await mailsTo(smtp, new RegExp(`the link to your booking ${orderId}$`));
  expect(mail!.to).toEqual(["ada@example.com"]);
  expect(smtp.received.filter((m) => m.subject.includes(`the link to your booking ${orderId}`))).toHaveLength(1);
  await page.goto(manageLinkIn(mail!));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Booking ${orderId}`);
});
