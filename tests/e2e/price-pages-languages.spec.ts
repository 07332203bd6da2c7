import { expect, test } from "@playwright/test";
import { DESKTOP, PageProblems, catalogue, gotoReady, newPage, rawHtml } from "./helpers";

// The price pages and the fleet in the other languages: server HTML in the page's language whose
// forms, tabs and links stay in it, with the words of the catalogues themselves.

const fr = catalogue("fr", "prices");
const de = catalogue("de", "prices");
const CDG_PRESET = "/charles-de-gaulle-airport-disneyland-transportation";

test("a French preset rates page names its route in French and its prices book the same party", async ({ page }) => {
  const problems = new PageProblems(page);
  await gotoReady(page, `/fr${CDG_PRESET}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  const route = { from: fr["airports.CDG.place"]!, to: "Disneyland Paris" };
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    fr["rates.routeTitle"]!.replace("{from}", route.from).replace("{to}", route.to),
  );
  await expect(page.getByLabel(fr["rates.departure"]!)).toHaveValue("Charles de Gaulle Airport (CDG)");
  const table = page.getByRole("table", { name: new RegExp(`^${fr["rates.shuttle"]}`) });
  await expect(table.getByRole("columnheader").first()).toHaveText(fr["table.passengers"]!);
  await expect(table.getByRole("rowheader").first()).toHaveText("1 passager");
  // The booking form is English only: the price leads to it with the party and trip chosen.
  const first = table.getByRole("link").first();
  await expect(first).toContainText("40,00 €");
  expect(new URL((await first.getAttribute("href"))!, "http://x").searchParams.get("nb_pax")).toBe("1");
  await problems.expectNone();
});

test("choosing a French rates page's departure keeps the page in French", async ({ page }) => {
  await gotoReady(page, `/fr${CDG_PRESET}`);
  await page.getByLabel(fr["rates.departure"]!).selectOption("Orly Airport (ORY)");
  await expect(page).toHaveURL((url) => url.pathname === "/fr/rates" && url.searchParams.get("from") === "Orly Airport (ORY)");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(fr["airports.ORY.place"]!);
  await expect(page.getByLabel(fr["rates.departure"]!)).toBeFocused();
});

test("a French airport page's tabs keep the French address and its meeting points are in French", async ({ browser }) => {
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await gotoReady(page, "/fr/airport_charles_de_gaulle_disneyland_paris_transfer");
    await page.getByRole("tab", { name: fr["airport.tabPrivate"] }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/fr/airport_charles_de_gaulle_disneyland_paris_private_transfer");
    await expect(page.getByRole("heading", { name: fr["meeting.title"]!.replace("{code}", "CDG") })).toBeVisible();
    const unknown = page.getByRole("row", { name: new RegExp(`^${fr["meeting.terminalNotKnown"]}`) }).first();
    await expect(unknown.getByRole("cell")).toContainText("Disneyland shuttle");
    await expect(unknown.getByRole("cell")).not.toHaveAttribute("lang", /.+/);
    await expect(page.locator('main [lang="en"]')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("a German hotel list opened on Orly shows Orly's private transfers in German, its links in German", async ({ request }) => {
  const html = await rawHtml(request, "/de/hotels_disneyland_paris?airport=ORY&kind=shuttle");
  expect(html).toContain('<html lang="de"');
  expect(html).toContain(de["hotels.lead"]!);
  expect(html).toContain(`href="/de/hotels_disneyland_paris?airport=ORY&amp;kind=shuttle"`);
  expect(html).toContain(`action="/de/hotels_disneyland_paris"`);
  expect(html).toContain(de["hotels.book"]!.replace("{code}", "ORY"));
  expect(html).toContain(de["hotels.notFromOrly"]!);
});

test("a Dutch rates page and its footer write euros as the Dutch do", async ({ page }) => {
  await gotoReady(page, `/nl${CDG_PRESET}`);
  const first = page.getByRole("table").first().getByRole("link").first();
  await expect(first).toContainText("€\u00a040,00");
  await expect(page.locator("footer .price-from").first()).toContainText("€\u00a0");
});

test("the Dutch fleet page is in Dutch, the vehicles' own texts too", async ({ page }) => {
  const cars = catalogue("nl", "cars");
  await gotoReady(page, "/nl/cars");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(cars["title"]!);
  const caravelle = page.locator(".fleet li").filter({ hasText: "Volkswagen Caravelle" });
  await expect(caravelle.locator(".badge").first()).toHaveText("8 passagiers");
  await expect(caravelle).toContainText("Ons meest gevraagde voertuig voor Disneyland Paris.");
  await expect(caravelle.locator("[lang]")).toHaveCount(0);
  await expect(page.locator('main a[href="/nl/rates"]')).toHaveCount(1);
});

test("the English fleet page marks no text of its own as English", async ({ page }) => {
  await gotoReady(page, "/cars");
  await expect(page.locator(".fleet li").first()).toBeVisible();
  await expect(page.locator("main [lang]")).toHaveCount(0);
});
