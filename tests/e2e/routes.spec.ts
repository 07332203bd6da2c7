import { expect, test } from "@playwright/test";
import { SITE_NAME, SITE_ROUTES, absolute, gotoReady, titlesOf } from "./helpers";

// The URL map (docs/product.md, Routes): every path answers 200 with its own screen,
// any other path 404 with the not-found page, and the legacy .php path a 308.

test.describe("every route answers 200 with its own main heading", () => {
  for (const route of SITE_ROUTES) {
    test(route.path, async ({ page, request }) => {
      const raw = await request.get(route.path, { maxRedirects: 0 });
      expect(raw.status(), `status of ${route.path}`).toBe(200);
      expect(raw.headers()["content-type"]).toContain("text/html");
      // The heading is in the server HTML, not only after hydration.
      expect(await raw.text()).toMatch(/<h1[\s>]/);

      await gotoReady(page, route.path);
      expect(new URL(page.url()).pathname, "no client-side redirect").toBe(route.path);
      const h1 = page.locator("h1");
      await expect(h1, "exactly one main heading").toHaveCount(1);
      await expect(h1).toBeVisible();
      expect((await h1.innerText()).trim(), "h1 is not empty").not.toBe("");
      await expect(page.locator("main h1"), "the heading is inside <main>").toHaveCount(1);
      await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toHaveCount(0);
      await expect(page.getByRole("heading", { name: /page not found/i })).toHaveCount(0);
    });
  }
});

test.describe("unknown paths", () => {
  for (const path of ["/no-such-page", "/cars/extra", "/rates/nothing"]) {
    test(`${path} answers 404 with the not-found page`, async ({ page, request }) => {
      const raw = await request.get(path, { maxRedirects: 0 });
      expect(raw.status()).toBe(404);
      const html = await raw.text();
      expect(titlesOf(html)).toHaveLength(1);
      expect(titlesOf(html)[0]).toContain(SITE_NAME);

      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      const main = page.locator("main");
      await expect(main.locator("h1")).toHaveCount(1);
      await expect(main.locator("h1")).not.toHaveText(/^\s*$/);
      await expect(main).toContainText(/does not exist/i);
      const home = main.locator('a[href="/"]');
      await expect(home.first()).toBeVisible();
      await home.first().click();
      await expect(page).toHaveURL(absolute("/"));
    });
  }
});

test("/response_bank_ok_ko.php redirects (308) to the path without the extension, keeping the query", async ({ request }) => {
  const response = await request.get("/response_bank_ok_ko.php?ok_ko=ok&order_id=NV-1", { maxRedirects: 0 });
  expect(response.status()).toBe(308);
  const location = response.headers()["location"] ?? "";
  expect(new URL(location, absolute("/")).href).toBe(absolute("/response_bank_ok_ko?ok_ko=ok&order_id=NV-1"));

  const bare = await request.get("/response_bank_ok_ko.php", { maxRedirects: 0 });
  expect(bare.status()).toBe(308);
  expect(new URL(bare.headers()["location"] ?? "", absolute("/")).href).toBe(absolute("/response_bank_ok_ko"));

  const followed = await request.get("/response_bank_ok_ko.php?ok_ko=ko&order_id=NV-2");
  expect(followed.status()).toBe(200);
  expect(followed.url()).toBe(absolute("/response_bank_ok_ko?ok_ko=ko&order_id=NV-2"));
});

test("the cars page gives each vehicle's seats, suitcases and child seats", async ({ page }) => {
  await gotoReady(page, "/cars");
  const caravelle = page.locator("li", { has: page.getByRole("heading", { name: "Volkswagen Caravelle" }) });
  await expect(caravelle).toContainText("8 passengers");
  await expect(caravelle).toContainText("8 suitcases");
  await expect(caravelle).toContainText("Child seats: up to 3, fitted on request.");
  const suv = page.locator("li", { has: page.getByRole("heading", { name: "Peugeot 5008" }) });
  await expect(suv).toContainText("6 passengers");
  await expect(suv).toContainText("3 suitcases");
  const coach = page.locator("li", { has: page.getByRole("heading", { name: "61-seat coach" }) });
  await expect(coach).toContainText("Child seats: none.");
});
