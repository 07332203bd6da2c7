import { expect, test, type Browser, type Page } from "@playwright/test";
import { AIRPORT_PAGES, RATE_PRESETS } from "../../app/domain/site-paths";
import { DESKTOP, SITE_URL, gotoReady } from "./helpers";

// The price pages are server HTML that works without JavaScript; a small script of their own
// enhances them (docs/decisions/0028-price-pages-as-html.md). The behaviours with the script are
// tested in rates, airport and hotels specs; here, the pages without it and what the script keeps.

const PRICE_PAGES = ["/rates", "/hotels_disneyland_paris", ...AIRPORT_PAGES.map((p) => p.path), ...RATE_PRESETS.map((p) => p.path)];
const CDG_SHUTTLE = "/airport_charles_de_gaulle_disneyland_paris_transfer";
const CDG_PRIVATE = "/airport_charles_de_gaulle_disneyland_paris_private_transfer";
const HOTELS = "/hotels_disneyland_paris";

/** Runs `run` on a page of a context of its own, at desktop size, with or without JavaScript. */
async function inPage(browser: Browser, javaScriptEnabled: boolean, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: SITE_URL, javaScriptEnabled });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The private_shuttle value of every hotel card's booking link in `scope`. */
async function cardKinds(page: Page, scope: string): Promise<string[]> {
  return page
    .locator(`${scope} .hotel-card a`)
    .evaluateAll((links) =>
      links.map((a) => new URL(a.getAttribute("href") ?? "", location.href).searchParams.get("private_shuttle") ?? ""),
    );
}

for (const path of PRICE_PAGES) {
  test(`${path} loads no React, only the menu script and its own`, async ({ browser }) => {
    await inPage(browser, true, async (page) => {
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      await gotoReady(page, path);
      await page.waitForLoadState("networkidle");
      expect(scripts.sort()).toEqual(["/js/menu.js", "/js/price-pages.js"]);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    });
  });
}

test("without JavaScript, the airport page's tabs are links to each service's page", async ({ browser }) => {
  await inPage(browser, false, async (page) => {
    await page.goto(CDG_SHUTTLE);
    const list = page.getByRole("list", { name: "Transfer type" });
    await expect(list.getByRole("link", { name: "Shuttle Transfer" })).toHaveAttribute("aria-current", "page");
    await expect(page.locator("#transfer-panel-shuttle")).toBeVisible();
    await expect(page.locator("#transfer-panel-private")).toBeHidden();
    expect(new Set(await cardKinds(page, "main"))).toEqual(new Set(["0"]));

    await list.getByRole("link", { name: "Private Transfer" }).click();
    await expect(page).toHaveURL((url) => url.pathname === CDG_PRIVATE);
    await expect(page.getByRole("list", { name: "Transfer type" }).getByRole("link", { name: "Private Transfer" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.locator("#transfer-panel-private")).toBeVisible();
    await expect(page.locator("#transfer-panel-shuttle")).toBeHidden();
    expect(new Set(await cardKinds(page, "main"))).toEqual(new Set(["1"]));
  });
});

test("with JavaScript, the airport page's chosen tab is kept in the address and on reload", async ({ browser }) => {
  await inPage(browser, true, async (page) => {
    await gotoReady(page, CDG_SHUTTLE);
    await page.getByRole("tab", { name: "Private Transfer" }).click();
    await expect(page).toHaveURL((url) => url.pathname === CDG_PRIVATE);
    expect(new Set(await cardKinds(page, "main"))).toEqual(new Set(["1"]));
    await page.reload();
    await expect(page.getByRole("tab", { name: "Private Transfer" })).toHaveAttribute("aria-selected", "true");
    expect(new Set(await cardKinds(page, "main"))).toEqual(new Set(["1"]));
  });
});

test("without JavaScript, the hotel list's airports are links and its transfer choice a form; Orly forces private", async ({ browser }) => {
  await inPage(browser, false, async (page) => {
    await page.goto(HOTELS);
    const airports = page.getByRole("list", { name: "Airport" });
    await expect(airports.getByRole("link", { name: /\(CDG\)$/ })).toHaveAttribute("aria-current", "page");
    await expect(page.locator("#airport-panel-CDG")).toBeVisible();
    expect(new Set(await cardKinds(page, "#airport-panel-CDG"))).toEqual(new Set(["0"]));

    // Private from CDG, through the form's button.
    const cdg = page.locator("#airport-panel-CDG");
    await cdg.getByRole("radio", { name: /^Private/ }).check();
    await cdg.getByRole("button", { name: "Show CDG hotels" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("airport") === "CDG" && url.searchParams.get("kind") === "private");
    expect(new Set(await cardKinds(page, "#airport-panel-CDG"))).toEqual(new Set(["1"]));

    // Orly: shuttle disabled, private checked.
    await page
      .getByRole("list", { name: "Airport" })
      .getByRole("link", { name: /\(ORY\)$/ })
      .click();
    await expect(page.locator("#airport-panel-ORY")).toBeVisible();
    await expect(page.locator("#airport-panel-CDG")).toBeHidden();
    await expect(page.locator("#airport-panel-ORY").getByRole("radio", { name: /^Shuttle/ })).toBeDisabled();
    await expect(page.locator("#airport-panel-ORY").getByRole("radio", { name: /^Private/ })).toBeChecked();
    expect(new Set(await cardKinds(page, "#airport-panel-ORY"))).toEqual(new Set(["1"]));
    // The visitor's private choice carries to Beauvais.
    await page
      .getByRole("list", { name: "Airport" })
      .getByRole("link", { name: /\(BVA\)$/ })
      .click();
    await expect(page.locator("#airport-panel-BVA").getByRole("radio", { name: /^Private/ })).toBeChecked();
    expect(new Set(await cardKinds(page, "#airport-panel-BVA"))).toEqual(new Set(["1"]));
  });
});

test("with JavaScript, the hotel list keeps the airport and the transfer chosen on reload", async ({ browser }) => {
  await inPage(browser, true, async (page) => {
    await gotoReady(page, HOTELS);
    await expect(page.getByRole("button", { name: "Show CDG hotels" })).toBeHidden();
    await page
      .getByRole("tabpanel")
      .getByRole("radio", { name: /^Private/ })
      .check();
    await page.getByRole("tab", { name: /\(BVA\)$/ }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("airport") === "BVA" && url.searchParams.get("kind") === "private");
    await page.reload();
    await expect(page.getByRole("tab", { name: /\(BVA\)$/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel").getByRole("radio", { name: /^Private/ })).toBeChecked();
    expect(new Set(await cardKinds(page, "#airport-panel-BVA"))).toEqual(new Set(["1"]));
  });
});
