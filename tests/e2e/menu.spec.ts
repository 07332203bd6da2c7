import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, SITE_NAME, VIP_URL, absolute, gotoReady } from "./helpers";

// The header and its menu (docs/product.md, Routes).

const ENTRIES: ReadonlyArray<{ label: string; href: string }> = [
  { label: "Home", href: "/" },
  { label: "Cars", href: "/cars" },
  { label: "Rates", href: "/rates" },
  { label: "Services", href: "/services" },
  { label: "Info", href: "/info" },
  { label: "Reservation", href: "/rates" },
  { label: "Links", href: "/links" },
  { label: "Hotels", href: "/hotels_disneyland_paris" },
  { label: "VIP Service", href: VIP_URL },
  { label: "Contact", href: "/contact" },
];

function menuButton(page: Page) {
  // Not by role: at desktop width the button is hidden and leaves the accessibility tree.
  return page.locator("header button[aria-controls]");
}

/** The list the button controls, found through its aria-controls. */
async function menuList(page: Page) {
  const id = await menuButton(page).getAttribute("aria-controls");
  expect(id, "the menu button has aria-controls").toBeTruthy();
  const list = page.locator(`[id="${id}"]`);
  await expect(list, `aria-controls="${id}" points at one element`).toHaveCount(1);
  return list;
}

test.describe("at 390px", () => {
  test.use({ viewport: MOBILE });

  test("the menu holds the ten entries in order, and is closed at start", async ({ page }) => {
    await gotoReady(page, "/");
    const button = menuButton(page);
    await expect(button).toBeVisible();
    await expect(button).toHaveAccessibleName(/menu/i);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    const list = await menuList(page);
    await expect(list).toBeHidden();
    await expect(list).not.toHaveClass(/(^|\s)is-active(\s|$)/);

    const links = list.locator(":scope > li > a");
    await expect(links).toHaveText(ENTRIES.map((e) => e.label));
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
    expect(hrefs.map((h) => (h.startsWith("http") ? h.replace(/\/+$/, "") : h))).toEqual(ENTRIES.map((e) => e.href));

    // The logo links home and carries the site name; click-to-call is a tel: link.
    const logo = page
      .locator("header")
      .getByRole("link", { name: new RegExp(SITE_NAME) })
      .first();
    await expect(logo).toHaveAttribute("href", "/");
    await expect(page.locator('header a[href^="tel:"]')).toBeVisible();
  });

  test("the hamburger opens and closes the menu", async ({ page }) => {
    await gotoReady(page, "/");
    const button = menuButton(page);
    const list = await menuList(page);

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(list).toBeVisible();
    await expect(list).toHaveClass(/(^|\s)is-active(\s|$)/);
    // Every entry is reachable once open.
    for (const entry of ENTRIES) {
      await expect(list.getByRole("link", { name: entry.label, exact: true }).first()).toBeVisible();
    }

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(list).toBeHidden();
    await expect(list).not.toHaveClass(/(^|\s)is-active(\s|$)/);
  });

  test("choosing an in-app link navigates and closes the menu", async ({ page }) => {
    await gotoReady(page, "/");
    const button = menuButton(page);
    const list = await menuList(page);

    await button.click();
    await expect(list).toBeVisible();
    await list.getByRole("link", { name: "Cars", exact: true }).click();
    await expect(page).toHaveURL(absolute("/cars"));
    await expect(page.locator("main h1")).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(list).toBeHidden();
    await expect(list).not.toHaveClass(/(^|\s)is-active(\s|$)/);

    // 'Reservation' goes to the rates page.
    await button.click();
    await expect(list).toBeVisible();
    await list.getByRole("link", { name: "Reservation", exact: true }).click();
    await expect(page).toHaveURL(absolute("/rates"));
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(list).toBeHidden();
  });

  test("on a page that hydrates, a menu link loads its page, where the menu works", async ({ page }) => {
    // /contact ships React; the menu's links still load each page as a document, with its own script.
    await gotoReady(page, "/contact");
    const button = menuButton(page);
    const list = await menuList(page);

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(list).toBeVisible();
    await list.getByRole("link", { name: "Hotels", exact: true }).click();
    await expect(page).toHaveURL(absolute("/hotels_disneyland_paris"));
    await expect(page.locator("main h1")).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(list).toBeHidden();

    await expect(page.getByRole("tablist", { name: "Airport" })).toBeVisible();
    // The menu works on the page reached.
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(list).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();
  });

  test("Escape closes the menu and returns focus to the button", async ({ page }) => {
    await gotoReady(page, "/");
    const button = menuButton(page);
    const list = await menuList(page);

    await button.click();
    await expect(list).toBeVisible();
    // Move focus into the menu first, as a keyboard user would.
    await list.getByRole("link", { name: "Home", exact: true }).focus();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(list).toBeHidden();
    await expect(button).toBeFocused();
  });
});

test.describe("at 1280px", () => {
  test.use({ viewport: DESKTOP });

  test("the menu is visible without the hamburger", async ({ page }) => {
    await gotoReady(page, "/");
    await expect(menuButton(page)).toBeHidden();
    const list = await menuList(page);
    await expect(list).toBeVisible();
    for (const entry of ENTRIES) {
      await expect(list.getByRole("link", { name: entry.label, exact: true }).first()).toBeVisible();
    }
    await list.getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL(absolute("/contact"));
    await expect(list).toBeVisible();
  });
});
