import { expect, test, type Locator, type Page } from "@playwright/test";
import { AIRPORTS, DISNEYLAND_PLACE, type Airport } from "../../app/domain/airports";
import { HOTELS } from "../../app/domain/hotels";
import { DESKTOP, MOBILE, PageProblems, SITE_URL, expectNoAxeViolations, gotoReady, newPage } from "./helpers";

// The hotel list: airport tabs, Orly
// private only, hotel cards linking to the booking form with the hotel's slug.

const PATH = "/hotels_disneyland_paris";
const RESORT_HOTELS = HOTELS.filter((h) => h.zip.startsWith("77")).sort((a, b) =>
  a.name.localeCompare(b.name, "en", { sensitivity: "base" }),
);
const CDG = AIRPORTS.find((a) => a.code === "CDG")!;
const ORY = AIRPORTS.find((a) => a.code === "ORY")!;
const BVA = AIRPORTS.find((a) => a.code === "BVA")!;

function tab(page: Page, airport: Airport): Locator {
  return page.getByRole("tablist", { name: "Airport" }).getByRole("tab", { name: new RegExp(`\\(${airport.code}\\)$`) });
}

/** The panel shown now (hidden panels are out of the accessibility tree). */
function panel(page: Page): Locator {
  return page.getByRole("tabpanel");
}

function radio(page: Page, kind: "Shuttle" | "Private"): Locator {
  return panel(page).getByRole("radio", { name: new RegExp(`^${kind}`) });
}

async function expectCardLinks(page: Page, airport: Airport, privateShuttle: "0" | "1"): Promise<void> {
  await expect(panel(page)).toHaveCount(1);
  const cards = panel(page).getByRole("listitem");
  await expect(cards).toHaveCount(RESORT_HOTELS.length);
  await expect(cards.getByRole("heading", { level: 3 })).toHaveText(RESORT_HOTELS.map((h) => h.name));
  const hrefs = await cards.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs).toHaveLength(RESORT_HOTELS.length);
  hrefs.forEach((href, i) => {
    const url = new URL(href, SITE_URL);
    expect(url.pathname).toBe("/reservation");
    expect(Object.fromEntries(url.searchParams), `${airport.code} card ${RESORT_HOTELS[i]!.name}`).toEqual({
      depart: airport.place.replace(/ /g, "_"),
      arrive: DISNEYLAND_PLACE.replace(/ /g, "_"),
      private_shuttle: privateShuttle,
      nb_pax: "1",
      depart_type: "1",
      arrive_type: "2",
      type_trajet: "1",
      hotel: RESORT_HOTELS[i]!.slug,
    });
  });
}

test("airport tabs; Orly forces Private and disables Shuttle; CDG offers Shuttle again", async ({ browser }) => {
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    const problems = await PageProblems.attach(page);
    await gotoReady(page, PATH);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Disneyland Paris hotels");

    // One tab per airport, CDG first and selected.
    const allTabs = page.getByRole("tablist", { name: "Airport" }).getByRole("tab");
    await expect(allTabs).toHaveCount(AIRPORTS.length);
    for (const a of AIRPORTS) await expect(tab(page, a)).toHaveCount(1);
    await expect(tab(page, CDG)).toHaveAttribute("aria-selected", "true");
    await expect(radio(page, "Shuttle")).toBeEnabled();
    await expect(radio(page, "Shuttle")).toBeChecked();
    await expect(radio(page, "Private")).not.toBeChecked();
    await expectCardLinks(page, CDG, "0");

    // Orly: Shuttle disabled, Private forced.
    await tab(page, ORY).click();
    await expect(tab(page, ORY)).toHaveAttribute("aria-selected", "true");
    await expect(tab(page, CDG)).toHaveAttribute("aria-selected", "false");
    await expect(radio(page, "Shuttle")).toBeDisabled();
    await expect(radio(page, "Shuttle")).not.toBeChecked();
    await expect(radio(page, "Private")).toBeChecked();
    await expect(radio(page, "Private")).toBeEnabled();
    await expectCardLinks(page, ORY, "1");

    // Back on CDG: Shuttle is offered and chosen again.
    await tab(page, CDG).click();
    await expect(radio(page, "Shuttle")).toBeEnabled();
    await expect(radio(page, "Shuttle")).toBeChecked();
    await expectCardLinks(page, CDG, "0");

    // The visitor's own choice of Private carries across airports.
    await radio(page, "Private").check();
    await expect(radio(page, "Private")).toBeChecked();
    await expectCardLinks(page, CDG, "1");
    await tab(page, BVA).click();
    await expect(radio(page, "Private")).toBeChecked();
    await expect(radio(page, "Shuttle")).toBeEnabled();
    await expectCardLinks(page, BVA, "1");
    await radio(page, "Shuttle").check();
    await expectCardLinks(page, BVA, "0");

    // Keyboard: arrows move between airport tabs (WAI-ARIA tabs).
    await tab(page, BVA).focus();
    await page.keyboard.press("Home");
    await expect(tab(page, AIRPORTS[0]!)).toBeFocused();
    await expect(tab(page, AIRPORTS[0]!)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowRight");
    await expect(tab(page, AIRPORTS[1]!)).toBeFocused();
    await expect(tab(page, AIRPORTS[1]!)).toHaveAttribute("aria-selected", "true");
    await problems.expectNone();
  } finally {
    await context.close();
  }
});

test("a hotel card's link opens the booking form with the hotel's slug", async ({ browser }) => {
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await gotoReady(page, PATH);
    const hotel = RESORT_HOTELS[0]!;
    const link = panel(page).getByRole("link", { name: new RegExp(`${hotel.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) });
    await expect(link).toHaveCount(1);
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === "/reservation" && url.searchParams.get("hotel") === hotel.slug);
  } finally {
    await context.close();
  }
});

test("axe on the hotel list at 390px and 1280px, and with Orly chosen", async ({ browser }) => {
  const { context, page } = await newPage(browser, MOBILE);
  try {
    const problems = await PageProblems.attach(page);
    await gotoReady(page, PATH);
    await expectNoAxeViolations(page, `${PATH} at ${MOBILE.width}px`);
    await page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(page, `${PATH} at ${DESKTOP.width}px`);
    await tab(page, ORY).click();
    await expect(radio(page, "Shuttle")).toBeDisabled();
    await expectNoAxeViolations(page, `${PATH} at ${DESKTOP.width}px, Orly chosen`);
    await problems.expectNone();
  } finally {
    await context.close();
  }
});
