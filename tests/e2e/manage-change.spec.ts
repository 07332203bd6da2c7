import { expect, test } from "@playwright/test";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { expectNoAxeViolations, waitForReady } from "./helpers";
import { type SiteServer, startSite } from "./site-server";
import { bookAndPay, mailsTo, manageLinkIn } from "./traveller-helpers";

// 'Change details' on the traveller's booking page (docs/product.md, Managing a booking): a
// booking made on the site and paid in the sandbox, its manage link opened from the confirmation
// e-mail caught by a real SMTP server, its flight number changed (the business is e-mailed the old
// and new numbers, the booking's page shows the new one), a hotel outside the route's area refused
// with a clear message, an over-long field refused in the browser before any request, and axe at
// 390 and 1280 px with and without errors.

const BUSINESS = "office@manage-change.test";

let smtp: TestSmtp;
let site: SiteServer;
let changePage = "";
let orderId = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  smtp = await startSmtp();
  site = await startSite({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Navette <booking@navette.test>", SITE_EMAIL: BUSINESS } });
});
test.afterAll(async () => {
  await site?.stop();
  await smtp?.close();
});

test("the flight number changed on the change page reaches the business by e-mail and shows on the booking's page", async ({ page }) => {
  test.setTimeout(90_000);
  ({ orderId } = await bookAndPay(page, site.base));
  const [confirmation] = await mailsTo(smtp, new RegExp(`your booking ${orderId}`));
  const link = manageLinkIn(confirmation!);
  await page.goto(link);
  await page.getByRole("link", { name: "Change details" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Change booking ${orderId}`);
  changePage = page.url();
  expect(changePage).toBe(`${link}/change`);
  await expect(page.getByText("The date, the route and the number of passengers are changed by phone")).toBeVisible();

  const flightNumber = page.getByLabel("Flight number");
  await expect(flightNumber).toHaveValue("BA304");
  await flightNumber.fill("BA306");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toContainText("Your changes are saved");
  await expect(page).toHaveURL(`${changePage}?done=changed`);
  await expect(page.getByLabel("Flight number")).toHaveValue("BA306");

  const [notice] = await mailsTo(smtp, new RegExp(`Booking ${orderId} changed by the traveller`));
  expect(notice!.to).toEqual([BUSINESS]);
  expect(notice!.subject).toMatch(/^\[TEST\] /);
  expect(notice!.text).toContain("Pick-up flight number: BA304 → BA306");

  await page.getByRole("link", { name: `Back to your booking ${orderId}` }).click();
  await expect(page).toHaveURL(link);
  await expect(page.getByText(/BA306/).first()).toBeVisible();
  await expect(page.getByText(/BA304/)).toHaveCount(0);
});

test("a hotel outside the route's area is refused with a clear message, nothing changed", async ({ page }) => {
  test.skip(changePage === "", "needs the booking of the first test");
  await page.goto(changePage);
  await page.getByLabel("Hotel", { exact: true }).selectOption("");
  await page.getByLabel("Hotel name").fill("Hôtel du Louvre");
  await page.getByLabel("Address").fill("Place André Malraux");
  await page.getByLabel("Postcode").fill("75001");
  await page.getByRole("button", { name: "Save changes" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Nothing was changed");
  await expect(alert).toContainText("75001 is outside this route's area");
  await expect(page.getByLabel("Postcode")).toHaveAttribute("aria-invalid", "true");
  // The message is linked to its field.
  await alert.getByRole("link", { name: /75001 is outside this route's area/ }).click();
  await expect(page.getByLabel("Postcode")).toBeFocused();
  await page.goto(changePage);
  await expect(page.getByLabel("Postcode")).toHaveValue("77700");
  expect(smtp.received.filter((m) => m.subject.includes(`Booking ${orderId} changed`))).toHaveLength(1);
});

test("an over-long field is refused in the browser by the form's own schema, without a request", async ({ page }) => {
  test.skip(changePage === "", "needs the booking of the first test");
  await page.goto(changePage);
  // The check runs once the page's script does; before that the form posts as without JavaScript.
  await waitForReady(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "GET") posts.push(request.url());
  });
  // A number field has no maxlength: seven digits go past the count's six characters.
  const checkIn = page.getByLabel("Check-in luggage");
  await checkIn.fill("1234567");
  // A text field's maxlength stops typing, not a value set otherwise (pasted by a script, say).
  await page.getByLabel("Flight number").evaluate((input: HTMLInputElement) => {
    input.value = "BA".repeat(11);
  });
  await page.getByRole("button", { name: "Save changes" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Nothing was changed");
  await expect(alert).toContainText("This field is too long: at most 6 characters.");
  await expect(alert).toContainText("This field is too long: at most 20 characters.");
  await expect(checkIn).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Flight number")).toHaveAttribute("aria-invalid", "true");
  await alert.getByRole("link", { name: "This field is too long: at most 6 characters." }).click();
  await expect(checkIn).toBeFocused();
  expect(posts).toEqual([]);
  expect(page.url()).toBe(changePage);
  await page.goto(changePage);
  await expect(page.getByLabel("Flight number")).toHaveValue("BA306");
  expect(smtp.received.filter((m) => m.subject.includes(`Booking ${orderId} changed`))).toHaveLength(1);
});

for (const width of [390, 1280]) {
  test(`the change page has no axe violations at ${width} px, with and without errors`, async ({ page }) => {
    test.skip(changePage === "", "needs the booking of the first test");
    await page.setViewportSize({ width, height: 900 });
    await page.goto(changePage);
    await expect(page.getByRole("button", { name: "Save changes" })).toBeVisible();
    await expectNoAxeViolations(page, `change page at ${width} px`);
    await page.getByLabel("Flight number").fill("");
    await page.getByLabel("Postcode").fill("75001");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert")).toContainText("Please enter the pick-up flight number.");
    await expectNoAxeViolations(page, `change page with errors at ${width} px`);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the change form posts and saves as a plain form", async ({ page }) => {
    test.skip(changePage === "", "needs the booking of the first test");
    await page.goto(changePage);
    await page.getByLabel("Notes for the driver (transfer)").fill("We travel with a dog in a crate.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(`${changePage}?done=changed`);
    await expect(page.getByRole("status")).toContainText("Your changes are saved");
    await expect(page.getByLabel("Notes for the driver (transfer)")).toHaveValue("We travel with a dog in a crate.");
  });
});
