import { expect, test } from "@playwright/test";
import { gotoReady, squash } from "./helpers";

// The footer: what it holds, and its absence on the booking form.

const STARTING_PRICES = ["40,00 €", "71,00 €", "60,00 €", "115,00 €", "65,00 €"];

test("the footer on the home page shows the starting prices and the release date", async ({ page }) => {
  await gotoReady(page, "/");
  const footer = page.locator("body > footer, footer").first();
  await expect(page.getByRole("contentinfo")).toHaveCount(1);
  await expect(footer).toBeVisible();

  const text = squash((await footer.textContent()) ?? "");
  for (const price of STARTING_PRICES) {
    expect(text, `footer shows ${price}`).toContain(price);
  }

  const time = footer.locator("time");
  await expect(time).toHaveCount(1);
  await expect(time).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
  expect(squash((await time.textContent()) ?? ""), "the release date is written out").not.toBe("");

  // Legal links and the main airport routes.
  for (const path of ["/legal-notice", "/privacy-policy", "/terms-of-service"]) {
    await expect(footer.locator(`a[href="${path}"]`).first()).toBeVisible();
  }
  await expect(footer.locator('a[href="/charles-de-gaulle-airport-disneyland-transportation"]').first()).toBeVisible();
});

for (const path of ["/reservation", "/booking"]) {
  test(`no footer on ${path}`, async ({ page }) => {
    await gotoReady(page, path);
    await expect(page.locator("main h1")).toBeVisible();
    await expect(page.locator("footer")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
  });
}

test("the footer comes back when leaving the booking form", async ({ page }) => {
  await gotoReady(page, "/reservation");
  await expect(page.locator("footer")).toHaveCount(0);
  // Default viewport is desktop: the menu is shown without the hamburger.
  await page.locator("header nav").getByRole("link", { name: "Cars", exact: true }).click();
  await expect(page).toHaveURL(/\/cars$/);
  await expect(page.getByRole("contentinfo")).toHaveCount(1);
});
