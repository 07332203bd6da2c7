import { expect, test, type Browser, type Page } from "@playwright/test";
import { addDays, formatFrenchDate, parisToday } from "../../app/domain/booking/paris-time";
import { HOTELS } from "../../app/domain/hotels";
import { signIn } from "./admin-helpers";
import {
  DESKTOP,
  MOBILE,
  PageProblems,
  SITE_URL,
  bookingInput as input,
  expectNoAxeViolations,
  fillCustomer,
  gotoReady,
  newPage,
  waitForReady,
} from "./helpers";
import { bookAndPay } from "./traveller-helpers";

// The payment result page says the order's real state for an order of the site's own: paid (with
// the booking's link for the browser that made it), waiting for the provider's notification (checked
// again for a few seconds, with or without JavaScript, then 'the e-mail will follow'), not paid
// (with the way back to the form, for the browser that booked only), cancelled; and the booking
// rules' texts for any other order id.

const WAITING = "We are waiting for the payment provider's confirmation…";
const WILL_FOLLOW = "Your payment is being confirmed: the confirmation e-mail will follow.";
const CONFIRMED_IN_12 = "Your reservation will be confirmed within 12 hours.";
const NOT_COMPLETED = "You did not complete your payment";

test.describe.configure({ mode: "parallel" });

/** Books CDG → a Disneyland hotel on the form and stops at the sandbox payment page, unpaid. */
async function bookUnpaid(page: Page): Promise<string> {
  await page.goto("/reservation?depart=Charles_de_Gaulle_Airport_(CDG)&arrive=Disneyland_Paris&nb_pax=2", { waitUntil: "load" });
  await waitForReady(page);
  const hotel = HOTELS.find((h) => h.zip === "77700")!;
  await input(page, "french_date_pu_t1").fill(formatFrenchDate(addDays(parisToday(new Date()), 4)));
  await input(page, "horaire_vol_pu_1").fill("11:00");
  await input(page, "city_vol_pu_1").fill("Dublin");
  await input(page, "num_vol_pu_1").fill("EI520");
  await input(page, "hotel_n_drop_1").selectOption(String(hotel.id));
  await fillCustomer(page);
  await page.getByRole("button", { name: "Book Now" }).click();
  await page.waitForURL(/\/payment\/NV-[A-Z0-9]{6}$/);
  return /NV-[A-Z0-9]{6}$/.exec(page.url())![0];
}

async function axeAtBothWidths(page: Page, label: string): Promise<void> {
  for (const size of [MOBILE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page, `${label} at ${size.width} px`);
  }
}

const resultPath = (orderId: string, okKo: string) => `/response_bank_ok_ko?ok_ko=${okKo}&order_id=${orderId}`;

test("paid on the sandbox: the paid text and a link that opens the booking, for the browser that booked only", async ({ browser }) => {
  test.setTimeout(60_000);
  const { context, page } = await newPage(browser, DESKTOP);
  const problems = await PageProblems.attach(page);
  const { orderId } = await bookAndPay(page, SITE_URL);
  await waitForReady(page);
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Thank you for your booking!");
  await expect(main.getByText(CONFIRMED_IN_12, { exact: true })).toBeVisible();
  await expect(main).toContainText(orderId);
  await expect(main).not.toContainText(WAITING);

  // The cookie the booking endpoint set: HttpOnly, SameSite=Lax, for this page only, for a day.
  const cookie = (await context.cookies()).find((c) => c.name === "navette_result");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/response_bank_ok_ko", secure: false });
  expect(cookie!.value.startsWith(`${orderId}.`)).toBe(true);
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(23 * 3_600_000);
  expect(cookie!.expires * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);

  const link = main.getByRole("link", { name: "Open your booking" });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/my-booking\/[A-Za-z0-9_-]{43}$/);
  await axeAtBothWidths(page, "payment result paid");
  await problems.expectNone();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.locator("main")).toContainText(orderId);

  // Another browser that knows the order id gets no link: the e-mail, and 'Lost your link?'.
  const other = await newPage(browser, DESKTOP);
  await gotoReady(other.page, resultPath(orderId, "ok"));
  const otherMain = other.page.locator("main");
  await expect(otherMain.getByText(CONFIRMED_IN_12, { exact: true })).toBeVisible();
  await expect(otherMain).toContainText("Your confirmation e-mail has the link to your booking.");
  await expect(otherMain.getByRole("link", { name: "Lost your link?" })).toHaveAttribute("href", "/my-booking");
  await expect(otherMain.locator('a[href^="/my-booking/"]')).toHaveCount(0);
  await axeAtBothWidths(other.page, "payment result paid, another browser");

  // This booking's cookie under another order's id opens nothing there either.
  const second = await bookUnpaid(other.page);
  await other.context.addCookies([{ name: "navette_result", value: `${second}.${cookie!.value.split(".")[1]}`, url: SITE_URL }]);
  await gotoReady(other.page, resultPath(second, "ok"));
  await expect(other.page.locator("main")).toContainText(WAITING);
  await expect(other.page.locator('main a[href^="/my-booking/"]')).toHaveCount(0);
  await other.context.close();
  await context.close();
});

test("unpaid, back with ok: the waiting text, then 'the e-mail will follow' after the checks", async ({ browser }) => {
  test.setTimeout(60_000);
  const { context, page } = await newPage(browser, DESKTOP);
  const problems = await PageProblems.attach(page);
  const orderId = await bookUnpaid(page);
  await gotoReady(page, resultPath(orderId, "ok"));
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Thank you for your booking!");
  await expect(main.getByRole("status")).toHaveText(WAITING);
  await expect(main).not.toContainText(CONFIRMED_IN_12);
  // The browser that booked has its link even now (its page says the payment is awaited).
  await expect(main.getByRole("link", { name: "Open your booking" })).toHaveAttribute("href", /^\/my-booking\/[A-Za-z0-9_-]{43}$/);
  await axeAtBothWidths(page, "payment result waiting");
  // Five checks two seconds apart, with no reload of the page.
  await expect(main.getByRole("status")).toHaveText(WILL_FOLLOW, { timeout: 20_000 });
  expect(page.url()).toBe(`${SITE_URL}${resultPath(orderId, "ok")}`);
  await axeAtBothWidths(page, "payment result confirming");
  await problems.expectNone();
  await context.close();
});

test("waiting, then paid meanwhile: the page turns to the paid text by itself", async ({ browser }) => {
  test.setTimeout(60_000);
  const { context, page } = await newPage(browser, DESKTOP);
  const orderId = await bookUnpaid(page);
  const payment = page.url();
  await gotoReady(page, resultPath(orderId, "ok"));
  await expect(page.getByRole("status")).toHaveText(WAITING);
  // Paid on the sandbox page in another tab: its notification marks the booking paid.
  const tab = await context.newPage();
  await tab.goto(payment);
  await tab.getByRole("button", { name: /^Pay / }).click();
  await tab.waitForURL(/ok_ko=ok/);
  await expect(page.getByRole("status")).toHaveText(CONFIRMED_IN_12, { timeout: 15_000 });
  await context.close();
});

test("unpaid, back with ko: not completed, with the way back to the form", async ({ browser }) => {
  test.setTimeout(60_000);
  const { context, page } = await newPage(browser, DESKTOP);
  const problems = await PageProblems.attach(page);
  const orderId = await bookUnpaid(page);
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.waitForURL(/ok_ko=ko/);
  await waitForReady(page);
  const main = page.locator("main");
  await expect(main.getByText(NOT_COMPLETED, { exact: true })).toBeVisible();
  await expect(main).toContainText(orderId);
  await expect(main.getByText("Please try again or go back to the homepage.", { exact: true })).toBeVisible();
  await expect(main.locator('a[href^="/my-booking"]')).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "Book Now", exact: true })).toHaveAttribute("href", "/rates");
  await axeAtBothWidths(page, "payment result not paid");
  await problems.expectNone();
  // Another browser that knows the order id: not its route, and 'Book Now' as for an order the
  // site does not know, in the page and in its data.
  const other = await newPage(browser, DESKTOP);
  await gotoReady(other.page, resultPath(orderId, "ko"));
  const otherMain = other.page.locator("main");
  await expect(otherMain.getByText(NOT_COMPLETED, { exact: true })).toBeVisible();
  await expect(otherMain.getByRole("link")).toHaveText(["Home", "Book Now"]);
  expect(await other.page.content()).not.toContain("/reservation?depart=");
  const data = await other.page.request.get(`${resultPath(orderId, "ko").replace("?", ".data?")}`);
  expect(await data.text()).not.toContain("depart=");
  await other.context.close();
  // Back to the form: the same trip, the details kept, and posting it again pays the same order.
  await main.getByRole("link", { name: "Back to your booking" }).click();
  await page.waitForURL(/\/reservation\?depart=/);
  await waitForReady(page);
  await expect(input(page, "num_vol_pu_1")).toHaveValue("EI520");
  await page.getByRole("button", { name: "Book Now" }).click();
  await page.waitForURL(new RegExp(`/payment/${orderId}$`));
  await context.close();
});

test("an order id the site does not know: the booking rules' texts exactly as before", async ({ browser }) => {
  const { context, page } = await newPage(browser, DESKTOP);
  for (const orderId of ["NV-ZZZZZZ", "EXT-2031-0042"]) {
    await gotoReady(page, resultPath(orderId, "ok"));
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Thank you for your booking!");
    await expect(main.getByText(CONFIRMED_IN_12, { exact: true })).toBeVisible();
    await expect(main).toContainText(orderId);
    await expect(main).not.toContainText(WAITING);
    await expect(main.getByRole("link")).toHaveText(["Home"]);
    await axeAtBothWidths(page, `payment result, unknown order ${orderId}`);
    await gotoReady(page, resultPath(orderId, "ko"));
    await expect(main.getByText(NOT_COMPLETED, { exact: true })).toBeVisible();
    await expect(main.getByRole("link")).toHaveText(["Home", "Book Now"]);
  }
  await context.close();
});

test("a cancelled booking says so, and its page", async ({ browser }) => {
  test.setTimeout(60_000);
  const { context, page } = await newPage(browser, DESKTOP);
  const orderId = await bookUnpaid(page);
  const staff = await newPage(browser, DESKTOP);
  await signIn(staff.page, undefined, `/admin/bookings/${orderId}`);
  const answer = await staff.page.request.post(`${SITE_URL}/admin/bookings/${orderId}`, {
    form: { intent: "cancel", confirmCancel: "yes" },
    headers: { origin: SITE_URL },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(303);
  await staff.context.close();
  await gotoReady(page, resultPath(orderId, "ok"));
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("This booking is cancelled");
  await expect(main).toContainText(orderId);
  // What happens to a payment, without promising a refund already made.
  await expect(main).toContainText(/If you paid for it, we refund the payment in full; for any question, call us on \+[\d ]+\./);
  await expect(main).not.toContainText("it is refunded in full");
  await expect(main.getByRole("link", { name: "Open your booking" })).toBeVisible();
  await axeAtBothWidths(page, "payment result cancelled");
  await context.close();
});

test("never kept: no-store on the page and on its data", async ({ request }) => {
  for (const path of [resultPath("NV-ZZZZZZ", "ok"), resultPath("TEST1", "ko")]) {
    const page = await request.get(path);
    expect(page.headers()["cache-control"]).toBe("no-store");
    const data = await request.get(path.replace("/response_bank_ok_ko?", "/response_bank_ok_ko.data?"));
    expect(data.status()).toBe(200);
    expect(data.headers()["cache-control"]).toBe("no-store");
  }
});

/** A browser context with JavaScript off, as some travellers' are. */
async function withoutJavaScript(browser: Browser) {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: SITE_URL, javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

test("JavaScript off: the waiting page refreshes itself five times, counted in its address, then says the e-mail will follow", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const booking = await newPage(browser, DESKTOP);
  const orderId = await bookUnpaid(booking.page);
  const cookies = await booking.context.cookies();
  await booking.context.close();

  const { context, page } = await withoutJavaScript(browser);
  await context.addCookies(cookies);
  await page.goto(resultPath(orderId, "ok"));
  await expect(page.locator("main")).toContainText(WAITING);
  await expect(page.locator("main").getByRole("link", { name: "Open your booking" })).toBeVisible();
  await page.waitForURL(/check=1$/, { timeout: 5_000 });
  await expect(page.locator("main")).toContainText(WAITING);
  await page.waitForURL(/check=5$/, { timeout: 15_000 });
  await expect(page.locator("main")).toContainText(WILL_FOLLOW);
  // No further refresh.
  await page.waitForTimeout(3_000);
  expect(page.url()).toMatch(/check=5$/);
  await context.close();
});
