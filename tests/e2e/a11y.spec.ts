import { expect, test } from "@playwright/test";
import { DESKTOP, MOBILE, PageProblems, SITE_ROUTES, expectNoAxeViolations, gotoReady, newPage } from "./helpers";

// WCAG 2.2 AA (axe-core) at phone and desktop widths, and a clean console on every route:
// no errors, no CSP violations, no 'Error detected' log.

test.describe("axe and a clean console on every route, at 390px and 1280px", () => {
  for (const route of SITE_ROUTES) {
    test(route.path, async ({ browser }) => {
      const { context, page } = await newPage(browser, MOBILE);
      try {
        const problems = await PageProblems.attach(page);
        await gotoReady(page, route.path);
        await expect(page.locator("main h1")).toBeVisible();
        await expectNoAxeViolations(page, `${route.path} at ${MOBILE.width}px`);

        await page.setViewportSize(DESKTOP);
        await expectNoAxeViolations(page, `${route.path} at ${DESKTOP.width}px`);

        // Late errors (hydration mismatches, failed lazy loads) have had time to show by now.
        await problems.expectNone();
      } finally {
        await context.close();
      }
    });
  }
});

test("axe with the mobile menu open, at 390px", async ({ browser }) => {
  const { context, page } = await newPage(browser, MOBILE);
  try {
    const problems = await PageProblems.attach(page);
    await gotoReady(page, "/");
    const button = page.locator("header button[aria-controls]");
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const id = (await button.getAttribute("aria-controls")) ?? "";
    await expect(page.locator(`[id="${id}"]`)).toBeVisible();
    await expectNoAxeViolations(page, "/ at 390px with the menu open");
    await problems.expectNone();
  } finally {
    await context.close();
  }
});

test("axe on the not-found page, at 390px and 1280px", async ({ browser }) => {
  const { context, page } = await newPage(browser, MOBILE);
  try {
    // The document's own 404 is reported on the console; that one is expected.
    const problems = await PageProblems.attach(page, (m) => /status of 404/.test(m.text()) && m.location().url.endsWith("/no-such-page"));
    await gotoReady(page, "/no-such-page");
    await expectNoAxeViolations(page, "/no-such-page at 390px");
    await page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(page, "/no-such-page at 1280px");
    await problems.expectNone();
  } finally {
    await context.close();
  }
});

test("keyboard: the skip link is the first stop and moves focus to the main content", async ({ browser }) => {
  const { context, page } = await newPage(browser, MOBILE);
  try {
    await gotoReady(page, "/");
    await page.keyboard.press("Tab");
    const skip = page.locator(":focus");
    await expect(skip).toHaveAttribute("href", "#main");
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
  } finally {
    await context.close();
  }
});
