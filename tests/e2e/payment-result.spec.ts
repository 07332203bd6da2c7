import { expect, test } from "@playwright/test";
import { DESKTOP, PageProblems, expectNoAxeViolations, gotoReady, newPage } from "./helpers";

// The payment result screen: its exact texts on ok and otherwise,
// the order id, Home, and Book Now to /rates; no accessibility violation in either state.

test("ok: thank-you, 12-hour confirmation text, order id and Home", async ({ browser }) => {
  const { context, page } = await newPage(browser, DESKTOP);
  const problems = await PageProblems.attach(page);
  await gotoReady(page, "/response_bank_ok_ko?ok_ko=ok&order_id=NAV-2031-0042");
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 1 })).toContainText(/thank you/i);
  await expect(
    main.getByText("Your reservation will be confirmed within 12 hours.", {
      exact: true,
    }),
  ).toBeVisible();
  await expect(main).toContainText("NAV-2031-0042");
  await expect(main.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "Book Now" })).toHaveCount(0);
  await expect(main).not.toContainText("You did not complete your payment");
  await expectNoAxeViolations(page, "payment result ok");
  await main.getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await problems.expectNone();
  await context.close();
});

test("ok without an order id shows no order line", async ({ page }) => {
  await gotoReady(page, "/response_bank_ok_ko?ok_ko=ok");
  await expect(
    page.getByText("Your reservation will be confirmed within 12 hours.", {
      exact: true,
    }),
  ).toBeVisible();
  await expect(page.locator("main")).not.toContainText("Order");
});

for (const state of ["ko", "", "OK", "cancel"]) {
  test(`ok_ko=${state || "(empty)"}: payment not completed, order id, retry hint, Home and Book Now`, async ({ browser }) => {
    const { context, page } = await newPage(browser, DESKTOP);
    const problems = await PageProblems.attach(page);
    await gotoReady(page, `/response_bank_ok_ko?ok_ko=${state}&order_id=TEST1`);
    const main = page.locator("main");
    await expect(main.getByText("You did not complete your payment", { exact: true })).toBeVisible();
    await expect(main).toContainText("TEST1");
    await expect(
      main.getByText("Please try again or go back to the homepage.", {
        exact: true,
      }),
    ).toBeVisible();
    await expect(main).not.toContainText("Your reservation will be confirmed within 12 hours.");
    await expect(main.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
    const bookNow = main.getByRole("link", { name: "Book Now", exact: true });
    await expect(bookNow).toHaveAttribute("href", "/rates");
    if (state === "ko") {
      await expectNoAxeViolations(page, "payment result ko");
      await bookNow.click();
      await expect(page).toHaveURL(/\/rates$/);
    }
    await problems.expectNone();
    await context.close();
  });
}

test("the legacy .php address leads to the same screen", async ({ page }) => {
  await gotoReady(page, "/response_bank_ok_ko.php?ok_ko=ko&order_id=TEST2");
  await expect(page).toHaveURL(/\/response_bank_ok_ko\?ok_ko=ko&order_id=TEST2$/);
  await expect(page.getByText("You did not complete your payment", { exact: true })).toBeVisible();
  await expect(page.locator("main")).toContainText("TEST2");
});
