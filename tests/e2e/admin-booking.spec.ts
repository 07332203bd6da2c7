import { expect, test, type Page } from "@playwright/test";
import { addDays, formatFrenchDate, parisToday } from "../../app/domain/booking/paris-time";
import { HOTELS } from "../../app/domain/hotels";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { bookingInput as input, expectNoAxeViolations, fillCustomer, waitForReady } from "./helpers";
import { type SiteServer, startSite } from "./site-server";

// One booking's back-office page (docs/product.md, Back office): a booking made on the public
// site and paid in the sandbox is opened by staff, confirmed (the traveller's e-mail reaching a
// real SMTP server with the order id in its subject), noted, and cancelled with one refund even
// when two cancels arrive together. The site is our own, with SMTP_URL set and its own owner.

const STAFF = { email: "owner@admin-booking.test", password: "admin booking e2e password" };

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

/** Books CDG → Disneyland Paris for two on the public form and pays on the sandbox page; the order id. */
async function bookAndPay(page: Page): Promise<string> {
  await page.goto(`${site.base}/reservation?depart=Charles_de_Gaulle_Airport_(CDG)&arrive=Disneyland_Paris&nb_pax=2`, {
    waitUntil: "load",
  });
  await waitForReady(page);
  const day = addDays(parisToday(new Date()), 3);
  const hotel = HOTELS.find((h) => h.zip === "77700")!;
  await input(page, "french_date_pu_t1").fill(formatFrenchDate(day));
  await input(page, "horaire_vol_pu_1").fill("10:00");
  await input(page, "city_vol_pu_1").fill("London");
  await input(page, "num_vol_pu_1").fill("BA304");
  await input(page, "hotel_n_drop_1").selectOption(String(hotel.id));
  await input(page, "info_t1").fill("Child seat please");
  await fillCustomer(page);
  await page.getByRole("button", { name: "Book Now" }).click();
  await page.waitForURL(/\/payment\/NV-[A-Z0-9]{6}$/);
  const orderId = /NV-[A-Z0-9]{6}$/.exec(page.url())![0];
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/response_bank_ok_ko\?ok_ko=ok/);
  return orderId;
}

async function signIn(page: Page, next: string): Promise<void> {
  await page.goto(`${site.base}/admin/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel("E-mail").fill(STAFF.email);
  await page.getByLabel("Password").fill(STAFF.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}

async function mailTo(subject: RegExp, timeoutMs = 20_000) {
  await expect.poll(() => smtp.received.filter((m) => subject.test(m.subject)).length, { timeout: timeoutMs }).toBeGreaterThan(0);
  return smtp.received.filter((m) => subject.test(m.subject));
}

test("a paid booking is confirmed by e-mail, noted, and cancelled with one refund whatever the double click", async ({ page }) => {
  test.setTimeout(90_000);
  const orderId = await bookAndPay(page);
  const path = `/admin/bookings/${orderId}`;
  await signIn(page, path);
  await expect(page).toHaveURL(`${site.base}${path}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Booking ${orderId}`);
  await expect(page.getByText("Test booking: no money moved")).toBeVisible();
  await expect(page.getByText("London")).toBeVisible();
  await expect(page.getByText("Child seat please")).toBeVisible();

  // Confirm: Post/Redirect/Get, the status message, and the traveller's e-mail on the SMTP server.
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status")).toContainText("The booking is confirmed");
  await expect(page).toHaveURL(`${site.base}${path}?done=confirmed`);
  const [confirmation] = await mailTo(new RegExp(`booking ${orderId} confirmed`));
  expect(confirmation!.subject).toBe(`[TEST] Navette Paris: booking ${orderId} confirmed`);
  expect(confirmation!.to).toEqual(["ada@example.com"]);
  expect(confirmation!.text).toContain("(Paris time)");
  await page.reload();
  await expect(page.getByRole("row", { name: /Confirmation \(traveller\)/ })).toContainText("Sent");

  // A note, in the notes and the history.
  await page.getByLabel("Note (staff only)").fill("Traveller called: one extra suitcase.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("status")).toContainText("The note is added");
  await expect(page.getByRole("region", { name: "Internal notes" })).toContainText("Traveller called: one extra suitcase.");
  await expect(page.getByRole("region", { name: "History" })).toContainText("Traveller called: one extra suitcase.");

  // Cancel without its confirmation ticked: refused, nothing changed.
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByRole("alert")).toContainText("Tick 'Yes, cancel and refund'");
  await expect(page.getByText("Booking status").locator("xpath=following-sibling::dd[1]")).toHaveText("Confirmed");

  // Two cancels at once, as a double click sends them: one refund.
  const cancel = () =>
    page.request.post(`${site.base}${path}`, {
      form: { intent: "cancel", confirmCancel: "yes" },
      headers: { origin: site.base },
      maxRedirects: 0,
    });
  const answers = await Promise.all([cancel(), cancel()]);
  expect(answers.map((a) => a.status()).sort()).toEqual([303, 409]);
  await page.goto(`${site.base}${path}`);
  await expect(page.getByText("Booking status").locator("xpath=following-sibling::dd[1]")).toHaveText("Cancelled");
  await expect(page.getByText("Payment status").locator("xpath=following-sibling::dd[1]")).toHaveText("Refunded");
  const price = await page.getByText("Price", { exact: true }).locator("xpath=following-sibling::dd[1]").textContent();
  await expect(page.getByText("Refunded", { exact: true }).locator("xpath=following-sibling::dd[1]")).toHaveText(price!);
  const refunds = page.getByRole("region", { name: "Payment" }).getByRole("listitem");
  await expect(refunds).toHaveCount(1);
  await expect(refunds).toContainText(`refund sbx_refund_${orderId}`);
  const cancelled = await mailTo(new RegExp(`booking ${orderId} cancelled`));
  expect(cancelled).toHaveLength(1);
  expect(cancelled[0]!.text).toContain("We have refunded");
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `booking page at ${width} px`);
  }
});

test("a driver is assigned (the job and the traveller's driver details by e-mail), an e-mail is sent again, and bookings are marked completed and no-show", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const orderId = await bookAndPay(page);
  // Another traveller, in a browser of their own (the same link in the same browser is the same booking).
  const traveller = await browser.newContext();
  const other = await bookAndPay(await traveller.newPage());
  await traveller.close();
  await signIn(page, "/admin/drivers");

  // A driver, added through the drivers page.
  await page.getByLabel("Name").fill("Jean Dupont");
  await page.getByLabel("Phone").fill("06 45 67 89 01");
  await page.getByLabel("E-mail").fill("jean.driver@example.com");
  await page.getByLabel("Vehicle", { exact: true }).selectOption({ label: "Mercedes Class V (7 seats)" });
  await page.getByRole("button", { name: "Add driver" }).click();
  await expect(page.getByRole("status")).toContainText("Jean Dupont is added to the drivers.");

  const path = `/admin/bookings/${orderId}`;
  await page.goto(`${site.base}${path}`);
  await expect(page.getByRole("button", { name: "Assign driver" })).toHaveCount(0); // confirmed first
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status")).toContainText("The booking is confirmed");

  // Assign: the driver gets the job, the traveller the driver's name and phone.
  await page.getByRole("combobox", { name: "Driver" }).selectOption({ label: "Jean Dupont (Mercedes Class V)" });
  await page.getByRole("button", { name: "Assign driver" }).click();
  await expect(page.getByText("Booking status").locator("xpath=following-sibling::dd[1]")).toHaveText("Driver assigned");
  const [job] = await mailTo(new RegExp(`Job ${orderId}`));
  expect(job!.to).toEqual(["jean.driver@example.com"]);
  expect(job!.text).toContain("BA304");
  const [yourDriver] = await mailTo(new RegExp(`your driver for booking ${orderId}`));
  expect(yourDriver!.to).toEqual(["ada@example.com"]);
  expect(yourDriver!.text).toContain("Jean Dupont");
  expect(yourDriver!.text).toContain("+33 6 45 67 89 01");

  // Resend the confirmation: a second copy reaches the traveller, under a new Message-ID.
  await page.reload();
  await expect(page.getByRole("row", { name: /Confirmation \(traveller\)/ }).first()).toContainText("Sent", { timeout: 20_000 });
  await page
    .getByRole("row", { name: /Confirmation \(traveller\)/ })
    .first()
    .getByRole("button", { name: "Resend" })
    .click();
  await expect(page.getByRole("status")).not.toBeEmpty();
  await expect
    .poll(() => smtp.received.filter((m) => m.subject.includes(`booking ${orderId} confirmed`)).length, { timeout: 20_000 })
    .toBe(2);
  const ids = smtp.received.filter((m) => m.subject.includes(`booking ${orderId} confirmed`)).map((m) => m.headers["message-id"]);
  expect(new Set(ids).size).toBe(2);

  // Completed, and the other booking a no-show: finished bookings take no further action.
  await page.getByRole("button", { name: "Mark completed" }).click();
  await expect(page.getByText("Booking status").locator("xpath=following-sibling::dd[1]")).toHaveText("Completed");
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
  await page.goto(`${site.base}/admin/bookings/${other}`);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status")).toContainText("The booking is confirmed");
  await page.getByRole("button", { name: "Mark no-show" }).click();
  await expect(page.getByText("Booking status").locator("xpath=following-sibling::dd[1]")).toHaveText("No-show");
  await expect(page.getByRole("region", { name: "History" })).toContainText("no-show");
});

test("an unknown order answers 404 inside the back office, and the page has no axe violations before any action", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, "/admin/bookings/NV-ZZZZZZ");
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(page.getByText("There is no booking with this order number.")).toBeVisible();
  const orderId = await bookAndPay(page);
  await page.goto(`${site.base}/admin/bookings/${orderId}`);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `new booking page at ${width} px`);
  }
});

test("a booking taken by phone follows the form's rules, is saved once and opens its page", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, "/admin/bookings/new");
  await page.getByLabel("From").selectOption("Orly Airport (ORY)");
  await page.getByLabel("To").selectOption("Disneyland Paris");
  await page.getByLabel("Private").check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "3. Outbound" })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `phone booking form at ${width} px`);
  }

  // Refused as the public form refuses: no name, a date too soon, a staff price without its reason.
  await page.getByLabel("Date of the transfer").fill(formatFrenchDate(parisToday(new Date())));
  await page.getByLabel("Another price in euros").fill("70");
  await page.getByRole("button", { name: "Save booking" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("The booking was not saved");
  await expect(alert).toContainText("Please enter your last name.");
  await expect(alert).toContainText("Say why the price differs from the price file.");
  await expectNoAxeViolations(page, "phone booking form with its problems");

  await page.getByLabel("Date of the transfer").fill(formatFrenchDate(addDays(parisToday(new Date()), 4)));
  await page.getByLabel("Landing time").fill("11:30");
  await page.getByLabel("Flight number").fill("EZY 123");
  await page.getByLabel("Flight arriving from (city)").fill("Geneva");
  await page.getByLabel("Hotel of the list").selectOption({ index: 1 });
  await page.getByLabel("Last name").fill("Durand");
  await page.getByLabel("First name").fill("Paul");
  await page.getByLabel("E-mail", { exact: true }).fill("paul@example.com");
  await page.getByLabel("Mobile phone").fill("+33 6 11 22 33 44");
  await page.getByLabel("Why the price differs").fill("Regular customer");
  await page.getByLabel("Pay on board (cash)").check();
  await page.getByRole("button", { name: "Save booking" }).dblclick();
  await expect(page).toHaveURL(/\/admin\/bookings\/NV-[A-Z0-9]{6}\?done=created$/);
  await expect(page.getByRole("status")).toContainText("The booking is saved.");
  await expect(page.getByText("Taken by phone", { exact: true })).toBeVisible();
  await expect(page.getByText("Pay on board (cash)", { exact: true })).toBeVisible();
  await expect(page.getByText("Regular customer").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "History" })).toContainText("Took the booking by phone: 70,00");
  // Paid on board: it can be confirmed unpaid.
  await expect(page.getByRole("button", { name: "Confirm" })).toBeVisible();
});
