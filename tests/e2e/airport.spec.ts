import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { AIRPORTS, DISNEYLAND_PLACE, FALLBACK_AIRPORT_IMAGE, type Airport } from "../../app/domain/airports";
import { HOTELS } from "../../app/domain/hotels";
import { formatEuros } from "../../app/domain/money";
import { parsePriceFile } from "../../app/domain/pricing/csv";
import { airportTable, hasAnyPrice } from "../../app/domain/pricing/pricing";
import { AIRPORT_PAGES, type AirportPagePath, type TransferKind } from "../../app/domain/site-paths";
import { DESKTOP, MOBILE, PageProblems, SITE_URL, catalogue, expectNoAxeViolations, gotoReady, newPage } from "./helpers";

// The airport pages (docs/product.md, Routes and Prices and the price file). Prices are
// computed from the shipped data/prices.csv with the app's domain modules.

// The airports' words as the English pages show them.
const WORDS = catalogue("en", "prices");
const ROWS = parsePriceFile(readFileSync(new URL("../../data/prices.csv", import.meta.url), "utf8")).rows;

const TAB_LABEL: Record<TransferKind, string> = { shuttle: "Shuttle Transfer", private: "Private Transfer" };
const COLUMNS = [
  { suffix: 1, label: "One Way" },
  { suffix: 3, label: "Return" },
  { suffix: 2, label: "Round Trip" },
] as const;

/** The airport pages' hotels, written out rather than taken from the app: postcode 77…, sorted by name. */
const RESORT_HOTELS = HOTELS.filter((h) => h.zip.startsWith("77")).sort((a, b) =>
  a.name.localeCompare(b.name, "en", { sensitivity: "base" }),
);

function airportOf(page: AirportPagePath): Airport {
  const airport = AIRPORTS.find((a) => a.code === page.airport);
  if (!airport) throw new Error(`no airport ${page.airport}`);
  return airport;
}

/** The kinds that have prices from the airport to Disneyland in the shipped file, in tab order. */
function kindsWithPrices(airport: Airport): TransferKind[] {
  return (["shuttle", "private"] as const).filter((k) => hasAnyPrice(airportTable(ROWS, airport.place, DISNEYLAND_PLACE, k)));
}

/** [row header, One Way, Return, Round Trip] for 1…8 passengers, '–' where no price exists. */
function expectedRows(airport: Airport, kind: TransferKind): string[][] {
  const table = airportTable(ROWS, airport.place, DISNEYLAND_PLACE, kind) as Record<string, number | null>;
  return [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [
    n === 1 ? "1 passenger" : `${n} passengers`,
    ...COLUMNS.map((c) => {
      const cents = table[`${kind}_pax_${n}_${c.suffix}`] ?? null;
      return cents === null ? "–" : formatEuros(cents);
    }),
  ]);
}

/** What the table shows; a dash cell's visually hidden 'no price' is left out. */
async function shownRows(table: Locator): Promise<string[][]> {
  return table.locator("tbody tr").evaluateAll((rows) =>
    rows.map((tr) =>
      [...tr.children].map((cell) => {
        const clone = cell.cloneNode(true) as HTMLElement;
        clone.querySelectorAll(".visually-hidden").forEach((e) => e.remove());
        return (clone.textContent ?? "").replace(/\u202f/g, "\u00a0").trim();
      }),
    ),
  );
}

function tabs(page: Page): Locator {
  return page.getByRole("tablist", { name: "Transfer type" }).getByRole("tab");
}

function hotelSection(page: Page): Locator {
  return page.getByRole("region", { name: "Disneyland Paris hotels we serve" });
}

async function expectHotelLinks(page: Page, airport: Airport, kind: TransferKind): Promise<void> {
  const cards = hotelSection(page).getByRole("listitem");
  await expect(cards).toHaveCount(RESORT_HOTELS.length);
  await expect(cards.getByRole("heading", { level: 3 })).toHaveText(RESORT_HOTELS.map((h) => h.name));
  const hrefs = await cards.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs).toHaveLength(RESORT_HOTELS.length);
  hrefs.forEach((href, i) => {
    const url = new URL(href, SITE_URL);
    expect(url.pathname).toBe("/reservation");
    expect(Object.fromEntries(url.searchParams), `card ${i + 1} (${RESORT_HOTELS[i]!.name})`).toEqual({
      depart: airport.place.replace(/ /g, "_"),
      arrive: DISNEYLAND_PLACE.replace(/ /g, "_"),
      private_shuttle: kind === "private" ? "1" : "0",
      nb_pax: "1",
      depart_type: "1",
      arrive_type: "2",
      type_trajet: "1",
      hotel: RESORT_HOTELS[i]!.slug,
    });
  });
}

test("the airport pages' hotel list is not empty and holds only 77 postcodes", () => {
  expect(RESORT_HOTELS.length).toBeGreaterThan(0);
  expect(RESORT_HOTELS.length).toBeLessThan(HOTELS.length); // the 95200 hotel is left out
});

test.describe("airport pages: airport and first tab from the path", () => {
  for (const entry of AIRPORT_PAGES) {
    const airport = airportOf(entry);
    const kinds = kindsWithPrices(airport);
    const first = kinds.includes(entry.firstTab) ? entry.firstTab : kinds[0]!;

    test(`${entry.path}: ${airport.code} facts, '${TAB_LABEL[entry.firstTab]}' first, prices and hotels`, async ({ browser }) => {
      expect(kinds.length, "the shipped file prices this airport").toBeGreaterThan(0);
      expect(first, "the path's first tab has prices").toBe(entry.firstTab);
      const { context, page } = await newPage(browser, DESKTOP);
      try {
        const problems = await PageProblems.attach(page);
        await gotoReady(page, entry.path);
        const main = page.locator("main");

        // Image, city, country and code.
        const image = main.locator("img.airport-image").first();
        await expect(image).toHaveAttribute("src", airport.image);
        await expect(image).toHaveAttribute("alt", WORDS[`airports.${airport.code}.imageAlt`]!);
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        for (const [term, value] of [
          ["City", airport.city],
          ["Country", "France"],
          ["Code", airport.code],
        ]) {
          await expect(main.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`)).toHaveText(value!);
        }
        await expect(main).toContainText(WORDS[`airports.${airport.code}.intro`]!);
        await expect(page.getByRole("heading", { name: "Getting to Disneyland Paris" })).toBeVisible();

        // The tabs: one per kind with prices, the path's kind selected first.
        await expect(tabs(page)).toHaveText(kinds.map((k) => TAB_LABEL[k]));
        for (const k of kinds) {
          const tab = page.getByRole("tab", { name: TAB_LABEL[k] });
          await expect(tab).toHaveAttribute("aria-selected", String(k === first));
          await expect(tab).toHaveAttribute("tabindex", k === first ? "0" : "-1");
        }

        // Each tab's table: 1…8 passengers, One Way / Return / Round Trip, the file's prices.
        for (const k of [first, ...kinds.filter((x) => x !== first)]) {
          await page.getByRole("tab", { name: TAB_LABEL[k] }).click();
          const panel = page.getByRole("tabpanel", { name: TAB_LABEL[k] });
          await expect(panel).toBeVisible();
          await expect(page.getByRole("tabpanel")).toHaveCount(1);
          const table = panel.getByRole("table");
          await expect(table.locator("caption")).toHaveText(
            `${TAB_LABEL[k]}, ${airport.code} to Disneyland Paris, card prices per vehicle or group`,
          );
          await expect(table.getByRole("columnheader")).toHaveText(["Passengers", ...COLUMNS.map((c) => c.label)]);
          await expect(table.locator(`thead th[scope="col"]`)).toHaveCount(4);
          await expect(table.locator(`tbody th[scope="row"]`)).toHaveCount(8);
          await expect.poll(() => shownRows(table)).toEqual(expectedRows(airport, k));
          // Hotel cards book the kind of the tab shown.
          await expectHotelLinks(page, airport, k);
        }
        await problems.expectNone();
      } finally {
        await context.close();
      }
    });
  }
});

test("the Orly page offers only the Private Transfer tab (no shuttle prices in the file)", async ({ browser }) => {
  const orly = AIRPORTS.find((a) => a.code === "ORY")!;
  expect(kindsWithPrices(orly)).toEqual(["private"]);
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await gotoReady(page, "/airport_orly_disneyland_paris_private_transfer");
    await expect(tabs(page)).toHaveText(["Private Transfer"]);
    await expect(page.getByRole("tab", { name: "Shuttle Transfer" })).toHaveCount(0);
    await expect(page.getByRole("tab", { name: "Private Transfer" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Private Transfer", includeHidden: true })).toHaveCount(1);
    await expect(page.locator("#transfer-panel-shuttle")).toHaveCount(0);
    await expectHotelLinks(page, orly, "private");
  } finally {
    await context.close();
  }
});

test("the tabs follow the WAI-ARIA pattern: arrows, Home and End move selection and focus", async ({ browser }) => {
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    const problems = await PageProblems.attach(page);
    await gotoReady(page, "/airport_charles_de_gaulle_disneyland_paris_transfer");
    const shuttle = page.getByRole("tab", { name: "Shuttle Transfer" });
    const privateTab = page.getByRole("tab", { name: "Private Transfer" });
    const shuttlePanel = page.locator("#transfer-panel-shuttle");
    const privatePanel = page.locator("#transfer-panel-private");

    const expectSelected = async (selected: Locator, other: Locator, shown: Locator, hidden: Locator) => {
      await expect(selected).toHaveAttribute("aria-selected", "true");
      await expect(other).toHaveAttribute("aria-selected", "false");
      await expect(selected).toHaveAttribute("tabindex", "0");
      await expect(other).toHaveAttribute("tabindex", "-1");
      await expect(selected).toBeFocused();
      await expect(shown).toBeVisible();
      await expect(hidden).toBeHidden();
      await expect(hidden).toHaveAttribute("hidden", "");
      // Each panel is labelled by its tab, and each tab controls its panel.
      const panelId = await shown.getAttribute("id");
      await expect(selected).toHaveAttribute("aria-controls", panelId!);
      await expect(shown).toHaveAttribute("aria-labelledby", (await selected.getAttribute("id"))!);
    };

    await expect(page.getByRole("tablist")).toHaveCount(1);
    await shuttle.focus();
    await expect(shuttle).toBeFocused();
    await expect(shuttlePanel).toBeVisible();
    await expect(privatePanel).toBeHidden();

    await page.keyboard.press("ArrowRight");
    await expectSelected(privateTab, shuttle, privatePanel, shuttlePanel);
    await page.keyboard.press("ArrowRight"); // wraps round
    await expectSelected(shuttle, privateTab, shuttlePanel, privatePanel);
    await page.keyboard.press("ArrowLeft"); // wraps round
    await expectSelected(privateTab, shuttle, privatePanel, shuttlePanel);
    await page.keyboard.press("ArrowLeft");
    await expectSelected(shuttle, privateTab, shuttlePanel, privatePanel);
    await page.keyboard.press("End");
    await expectSelected(privateTab, shuttle, privatePanel, shuttlePanel);
    await page.keyboard.press("Home");
    await expectSelected(shuttle, privateTab, shuttlePanel, privatePanel);

    // Only the selected tab is in the tab order: Tab leaves the tab list for the panel's content.
    await page.keyboard.press("End");
    await expectSelected(privateTab, shuttle, privatePanel, shuttlePanel);
    await page.keyboard.press("Shift+Tab");
    await expect(shuttle).not.toBeFocused();
    await expect(privateTab).not.toBeFocused();
    await page.keyboard.press("Tab");
    await expect(privateTab).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(shuttle).not.toBeFocused();
    await expect(privateTab).not.toBeFocused();
    await problems.expectNone();
  } finally {
    await context.close();
  }
});

test("the airport image falls back to the generic Paris airports image when it fails to load", async ({ browser }) => {
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    const cdg = AIRPORTS.find((a) => a.code === "CDG")!;
    await page.route(`**${cdg.image}`, (route) => route.fulfill({ status: 404, contentType: "text/plain", body: "Not Found" }));
    const problems = await PageProblems.attach(page, (m) => /status of 404/.test(m.text()) && m.location().url.endsWith(cdg.image));
    await gotoReady(page, "/airport_charles_de_gaulle_disneyland_paris_private_transfer");
    const image = page.locator("main img.airport-image").first();
    await expect(image).toHaveAttribute("src", FALLBACK_AIRPORT_IMAGE);
    await expect(image).toHaveAttribute("alt", WORDS["airports.CDG.imageAlt"]!);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await problems.expectNone();
  } finally {
    await context.close();
  }
});

test.describe("axe on each airport page, at 390px and 1280px", () => {
  for (const entry of AIRPORT_PAGES) {
    test(entry.path, async ({ browser }) => {
      const { context, page } = await newPage(browser, MOBILE);
      try {
        const problems = await PageProblems.attach(page);
        await gotoReady(page, entry.path);
        await expectNoAxeViolations(page, `${entry.path} at ${MOBILE.width}px`);
        await page.setViewportSize(DESKTOP);
        await expectNoAxeViolations(page, `${entry.path} at ${DESKTOP.width}px`);
        await problems.expectNone();
      } finally {
        await context.close();
      }
    });
  }
});
