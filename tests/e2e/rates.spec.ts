import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { formatEuros } from "../../app/domain/money";
import { parsePriceFile } from "../../app/domain/pricing/csv";
import type { RatesTable } from "../../app/domain/pricing/pricing";
import { RATES_DRAFT_KEY } from "../../app/domain/rates-draft";
import { ratesView, type RatesView } from "../../app/domain/rates-view";
import { RATE_PRESETS } from "../../app/domain/site-paths";
import { DESKTOP, MOBILE, PageProblems, SITE_URL, expectNoAxeViolations, gotoReady, newPage } from "./helpers";

// The rates page and its presets (docs/product.md, Routes and Prices and the price file).
// Every expected price comes from the shipped data/prices.csv through the app's own domain
// modules, so these tests follow the file when the business edits it.

const ROWS = parsePriceFile(readFileSync(new URL("../../data/prices.csv", import.meta.url), "utf8")).rows;

const CDG = "Charles de Gaulle Airport (CDG)";
const ORY = "Orly Airport (ORY)";
const BVA = "Beauvais Airport (BVA)";
const DISNEY = "Disneyland Paris";
const PARIS = "Paris";
const LOADING = "Data is loadind";
const CDG_DISNEY_PRESET = "/charles-de-gaulle-airport-disneyland-transportation";

function view(from: string, to: string): RatesView {
  const v = ratesView(ROWS, from, to);
  if (!v) throw new Error(`the shipped price file has no route for from=${from} to=${to}`);
  return v;
}

function passengerLabel(code: string, total: number): string {
  if (code === "22") return "2 adults + 2 children";
  if (code === "sup") return "9 passengers or more";
  return total === 1 ? "1 passenger" : `${total} passengers`;
}

/** What a rates table should show: [row header, one way, round trip] per priced line. */
function expectedCells(table: RatesTable): string[][] {
  return table.lines
    .filter((l) => l.card[1] !== null || l.card[2] !== null)
    .map((l) => [
      passengerLabel(l.code, l.party.total),
      ...([1, 2] as const).map((t) => {
        const cents = l.card[t];
        if (cents === null) return "–";
        const each = l.perPassenger?.[t];
        return each != null ? `${formatEuros(each)} per person` : formatEuros(cents);
      }),
    ]);
}

function shuttleTable(page: Page): Locator {
  return page.locator("main table").filter({ has: page.locator("caption", { hasText: /^Shared shuttle,/ }) });
}

function privateTable(page: Page): Locator {
  return page.locator("main table").filter({ has: page.locator("caption", { hasText: /^Private car,/ }) });
}

/** The table as shown: row header, then each cell's visible price (the link's first text). */
async function shownCells(table: Locator): Promise<string[][]> {
  return table.locator("tbody tr").evaluateAll((rows) =>
    rows.map((tr) => {
      const cells = [...tr.children];
      return cells.map((cell) => {
        const link = cell.querySelector("a");
        const text = link ? (link.firstChild?.textContent ?? "") : (cell.textContent ?? "");
        return text.replace(/\u202f/g, "\u00a0").trim();
      });
    }),
  );
}

async function expectTables(page: Page, v: RatesView): Promise<void> {
  await expect(page.getByLabel("Departure")).toHaveValue(v.departure);
  await expect(page.getByLabel("Arrival")).toHaveValue(v.arrival);
  const shuttleHasPrices = expectedCells(v.shuttle).length > 0;
  if (shuttleHasPrices) {
    await expect(shuttleTable(page).locator("caption")).toHaveText(`Shared shuttle, ${v.departure} to ${v.arrival}, card prices`);
    await expect.poll(() => shownCells(shuttleTable(page))).toEqual(expectedCells(v.shuttle));
  } else {
    await expect(shuttleTable(page)).toHaveCount(0);
    await expect(page.getByText("No shared shuttle runs on this route.")).toBeVisible();
  }
  await expect(privateTable(page).locator("caption")).toHaveText(
    `Private car, ${v.departure} to ${v.arrival}, card prices for the whole car`,
  );
  await expect.poll(() => shownCells(privateTable(page))).toEqual(expectedCells(v.private));
}

function loadingPanel(page: Page): Locator {
  // Empty, it is kept in the layout but hidden (visibility: hidden), so it must be looked up hidden too.
  return page.locator("main").getByRole("status", { includeHidden: true });
}

/** Opens a rates page and waits until it shows its prices (the loading text is gone). */
async function gotoWithPrices(page: Page, path: string): Promise<void> {
  await gotoReady(page, path);
  await expect(loadingPanel(page)).toHaveText("");
  await expect(loadingPanel(page)).toBeHidden();
}

/** The part of the server's HTML between a table's caption and its end. */
function tableHtml(html: string, captionStart: string): string {
  const start = html.indexOf(`<caption>${captionStart}`);
  expect(start, `no table captioned "${captionStart}…" in the server HTML`).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</table>", start));
}

function selectedOption(html: string, selectId: string): string | undefined {
  const select = new RegExp(`<select[^>]*id="${selectId}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? "";
  return /<option value="([^"]*)" selected="">/.exec(select)?.[1];
}

/** React separates adjacent text parts with empty comments. */
function stripComments(html: string): string {
  return html.replace(/<!-- -->/g, "");
}

function decode(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');
}

test.describe("rate presets: from and to fixed by the path", () => {
  for (const preset of RATE_PRESETS) {
    test(`${preset.path}: ${preset.from} → ${preset.to} selected, prices in the server HTML`, async ({ request }) => {
      const v = view(preset.from, preset.to);
      // The preset's words pick the place they name.
      expect(v.departure.toLowerCase().replace(/ /g, "_")).toContain(preset.from);
      expect(v.arrival.toLowerCase()).toContain(preset.to);

      // No JavaScript needed: the server's HTML already holds the selection and the prices.
      const response = await request.get(preset.path);
      expect(response.status()).toBe(200);
      const html = stripComments(await response.text());
      expect(decode(selectedOption(html, "rates-from") ?? "")).toBe(v.departure);
      expect(decode(selectedOption(html, "rates-to") ?? "")).toBe(v.arrival);
      const privateOneWay = v.private.lines[0]!.card[1];
      expect(privateOneWay, "the file prices a private car for 1 passenger on every preset route").not.toBeNull();
      expect(tableHtml(html, "Private car,")).toContain(`>${formatEuros(privateOneWay!)}<`);
      const shuttleOneWay = v.shuttle.lines[0]!.card[1];
      if (shuttleOneWay !== null) expect(tableHtml(html, "Shared shuttle,")).toContain(`>${formatEuros(shuttleOneWay)}<`);
      else expect(html.includes("No shared shuttle runs on this route."), "the no-shuttle notice in the HTML").toBe(true);
      expect(html, "the loading line is empty in the server HTML").toMatch(/<p class="loading-panel" role="status"[^>]*><\/p>/);
    });
  }

  test("in the browser, each preset shows its departure, arrival and both tables", async ({ browser }) => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      const problems = await PageProblems.attach(page);
      for (const preset of RATE_PRESETS) {
        const v = view(preset.from, preset.to);
        await gotoReady(page, preset.path);
        await expect(page.getByRole("heading", { level: 1 }), preset.path).toHaveText(`${v.departure} to ${v.arrival}: transfer prices`);
        await expect(page.getByText("Departure", { exact: true })).toBeVisible();
        await expect(page.getByText("Arrival", { exact: true })).toBeVisible();
        await expectTables(page, v);
      }
      await problems.expectNone();
    } finally {
      await context.close();
    }
  });

  test("CDG → Disneyland, shared shuttle, 1 passenger, one way: the file's price (40,00 € when shipped) is in the raw HTML", async ({
    request,
  }) => {
    const cents = view("charles_de_gaulle", "disney").shuttle.lines.find((l) => l.code === "1")!.card[1]!;
    const text = formatEuros(cents);
    expect(text).toMatch(/^\d+,\d\d\u00a0€$/);
    const html = stripComments(await (await request.get(CDG_DISNEY_PRESET)).text());
    const shuttle = tableHtml(html, "Shared shuttle,");
    const firstRow = /<tr><th scope="row">1 passenger<\/th>([\s\S]*?)<\/tr>/.exec(shuttle)?.[1] ?? "";
    const oneWayCell = /<td>([\s\S]*?)<\/td>/.exec(firstRow)?.[1] ?? "";
    expect(oneWayCell).toContain(`>${text}<`);
    expect(oneWayCell).toContain(text.split("\u00a0")[0]); // e.g. "40,00"
  });
});

test("/rates?from=…&to=… matches by case-insensitive prefix, underscores read as spaces", async ({ browser }) => {
  const cases = [
    { query: "?from=orly&to=disney", from: ORY, to: DISNEY },
    { query: "?from=CHARLES_DE_gaulle&to=PARIS", from: CDG, to: PARIS },
    { query: "?from=beauvais_air&to=disneyland_P", from: BVA, to: DISNEY },
    { query: "?from=Disney&to=orly_airport_(ory)", from: DISNEY, to: ORY },
  ];
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    const problems = await PageProblems.attach(page);
    for (const c of cases) {
      await gotoReady(page, `/rates${c.query}`);
      await expect(page.getByLabel("Departure"), c.query).toHaveValue(c.from);
      await expect(page.getByLabel("Arrival"), c.query).toHaveValue(c.to);
      await expectTables(page, view(c.from, c.to));
    }
    await problems.expectNone();
  } finally {
    await context.close();
  }
});

test("the loading panel reads 'Data is loadind' while a new choice's prices load, and clears after", async ({ browser }) => {
  const { context, page } = await newPage(browser, DESKTOP);
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  try {
    const problems = await PageProblems.attach(page);
    // What the loading line says while the next page loads, reported by the page itself: Playwright
    // waits for a pending navigation before it reads the page.
    const seen: { loading: string | null; tables: number }[] = [];
    await page.exposeFunction("reportLoadingLine", (loading: string | null, tables: number) => seen.push({ loading, tables }));
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const panel = document.querySelector("main [role=status]");
        if (!panel) return;
        const report = (window as unknown as { reportLoadingLine: (text: string | null, tables: number) => void }).reportLoadingLine;
        new MutationObserver(() => report(panel.textContent, document.querySelectorAll("main table").length)).observe(panel, {
          childList: true,
          characterData: true,
          subtree: true,
        });
      });
    });
    await gotoWithPrices(page, CDG_DISNEY_PRESET);
    let asked = 0;
    await page.route(
      (url) => url.pathname === "/rates",
      async (route) => {
        asked++;
        await gate;
        await route.continue().catch(() => undefined);
      },
    );
    await page.getByLabel("Arrival").selectOption(PARIS);
    await expect.poll(() => asked).toBe(1);
    // The prices shown stay on screen meanwhile.
    await expect.poll(() => seen).toEqual([{ loading: LOADING, tables: 2 }]);
    release();
    await expect(page).toHaveURL((url) => url.pathname === "/rates" && url.searchParams.get("to") === PARIS);
    await expect(loadingPanel(page)).toHaveText("");
    await expect(loadingPanel(page)).toBeHidden();
    await expectTables(page, view(CDG, PARIS));
    await problems.expectNone();
  } finally {
    release();
    await context.close();
  }
});

test("the page loads no price file and no React: its tables are the server's", async ({ browser }) => {
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    const scripts: string[] = [];
    const csv: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      if (request.url().endsWith("/data/prices.csv")) csv.push(request.url());
    });
    await gotoWithPrices(page, CDG_DISNEY_PRESET);
    await expectTables(page, view(CDG, DISNEY));
    expect(csv).toEqual([]);
    expect(scripts.sort()).toEqual(["/js/menu.js", "/js/price-pages.js"]);
  } finally {
    await context.close();
  }
});

test("without JavaScript, 'Show prices' asks the server for the chosen departure and arrival", async ({ browser }) => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: SITE_URL, javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(CDG_DISNEY_PRESET);
    await expectTables(page, view(CDG, DISNEY));
    await page.getByLabel("Departure").selectOption(BVA);
    // Nothing happens until the form is sent.
    await expect(page).toHaveURL((url) => url.pathname === CDG_DISNEY_PRESET);
    await page.getByRole("button", { name: "Show prices" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/rates" && url.searchParams.get("from") === BVA);
    await expectTables(page, view(BVA, DISNEY));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${BVA} to ${DISNEY}: transfer prices`);

    await page.getByLabel("Arrival").selectOption(PARIS);
    await page.getByRole("button", { name: "Show prices" }).click();
    await expectTables(page, view(BVA, PARIS));
    await expect(loadingPanel(page)).toHaveText("");
  } finally {
    await context.close();
  }
});

test("with JavaScript, a choice keeps the focus on its own selector on the next page", async ({ browser }) => {
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await gotoWithPrices(page, CDG_DISNEY_PRESET);
    await expect(page.getByRole("button", { name: "Show prices" })).toBeHidden();
    await page.getByLabel("Arrival").selectOption(PARIS);
    await expectTables(page, view(CDG, PARIS));
    await expect(page.getByLabel("Arrival")).toBeFocused();
  } finally {
    await context.close();
  }
});

test("choosing a departure recomputes the arrivals and selects the one matching 'to', else the first", async ({ browser }) => {
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    const problems = await PageProblems.attach(page);
    await gotoWithPrices(page, CDG_DISNEY_PRESET); // to = disney
    const arrivalOptions = () => page.getByLabel("Arrival").locator("option").allTextContents();

    // Beauvais serves Disneyland: the preset's 'to' (disney) is selected.
    const bva = view(BVA, "disney");
    expect(bva.arrival).toBe(DISNEY);
    await page.getByLabel("Departure").selectOption(BVA);
    await page.waitForURL((url) => url.searchParams.get("from") === BVA);
    await expect.poll(arrivalOptions).toEqual(bva.arrivals);
    await expectTables(page, bva);

    // Paris has no Disneyland route: the first arrival is selected.
    const paris = view(PARIS, "disney");
    expect(paris.arrival).toBe(paris.arrivals[0]);
    expect(paris.arrivals.some((a) => a.toLowerCase().includes("disney"))).toBe(false);
    await page.getByLabel("Departure").selectOption(PARIS);
    await page.waitForURL((url) => url.searchParams.get("from") === PARIS);
    await expect.poll(arrivalOptions).toEqual(paris.arrivals);
    await expectTables(page, paris);

    // Routes work in both directions: Disneyland lists the airports that serve it.
    const disney = view(DISNEY, "disney");
    expect(disney.arrivals).toEqual(expect.arrayContaining([CDG, ORY, BVA]));
    await page.getByLabel("Departure").selectOption(DISNEY);
    await page.waitForURL((url) => url.searchParams.get("from") === DISNEY);
    await expect.poll(arrivalOptions).toEqual(disney.arrivals);
    await expect(page.getByLabel("Arrival")).toHaveValue(disney.arrivals[0]!);
    await expectTables(page, disney);
    await problems.expectNone();
  } finally {
    await context.close();
  }
});

test("choosing an arrival recomputes both tables, the title and the cards", async ({ browser }) => {
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    const problems = await PageProblems.attach(page);
    await gotoWithPrices(page, CDG_DISNEY_PRESET);
    await expectTables(page, view(CDG, DISNEY));
    await expect(page.getByRole("heading", { name: "Disneyland Paris", level: 2 })).toBeVisible();

    await page.getByLabel("Arrival").selectOption(PARIS);
    await expectTables(page, view(CDG, PARIS));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${CDG} to ${PARIS}: transfer prices`);
    await expect(page.getByRole("heading", { name: "Disneyland Paris", level: 2 })).toHaveCount(0);

    await page.getByLabel("Arrival").selectOption(ORY);
    await expectTables(page, view(CDG, ORY));
    // Both ends are airports: both airport cards show.
    const cards = page.locator("main").getByRole("heading", { level: 3 });
    await expect(cards).toHaveText([`Paris Charles de Gaulle Airport (CDG)`, `Paris Orly Airport (ORY)`]);
    await problems.expectNone();
  } finally {
    await context.close();
  }
});

test.describe("price links", () => {
  const routes = [
    { path: CDG_DISNEY_PRESET, depart: "Charles_de_Gaulle_Airport_(CDG)", arrive: "Disneyland_Paris", types: ["1", "2"] },
    { path: "/rates?from=disney&to=charles", depart: "Disneyland_Paris", arrive: "Charles_de_Gaulle_Airport_(CDG)", types: ["2", "1"] },
    { path: "/rates?from=paris&to=beauvais", depart: "Paris", arrive: "Beauvais_Airport_(BVA)", types: ["2", "1"] },
  ];
  for (const r of routes) {
    test(`${r.path}: each row of 1 to 8 passengers holds its own /reservation link per trip`, async ({ browser }) => {
      const { context, page } = await newPage(browser, DESKTOP);
      try {
        await gotoWithPrices(page, r.path);
        for (const [kind, table] of [
          ["0", shuttleTable(page)],
          ["1", privateTable(page)],
        ] as const) {
          for (let n = 1; n <= 8; n++) {
            const row = table
              .locator("tbody tr")
              .filter({ has: page.locator(`th[scope="row"]`, { hasText: new RegExp(`^${n} passengers?$`) }) });
            await expect(row, `${r.path} kind ${kind}: row for ${n}`).toHaveCount(1);
            const links = row.getByRole("link");
            await expect(links).toHaveCount(2);
            for (const [i, tripType] of (["1", "2"] as const).entries()) {
              const href = await links.nth(i).getAttribute("href");
              const url = new URL(href ?? "", SITE_URL);
              expect(url.pathname).toBe("/reservation");
              expect(Object.fromEntries(url.searchParams), `${r.path} private_shuttle=${kind} nb_pax=${n} trip ${tripType}`).toEqual({
                depart: r.depart,
                arrive: r.arrive,
                private_shuttle: kind,
                nb_pax: String(n),
                depart_type: r.types[0],
                arrive_type: r.types[1],
                type_trajet: tripType,
              });
              // The link says what it books.
              await expect(links.nth(i)).toHaveAccessibleName(
                new RegExp(`, book ${tripType === "1" ? "one way" : "round trip"} for ${n} passengers?$`),
              );
            }
          }
        }
      } finally {
        await context.close();
      }
    });
  }

  test("clicking a price stores 'reservationData' (nb_pax, shuttlePrices, privatePrices) and opens the booking form", async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      const problems = await PageProblems.attach(page);
      await gotoWithPrices(page, CDG_DISNEY_PRESET);
      expect(await page.evaluate((key) => window.localStorage.getItem(key), RATES_DRAFT_KEY)).toBeNull();
      await problems.expectNone();

      const link = privateTable(page)
        .locator("tbody tr")
        .filter({ has: page.locator("th", { hasText: /^3 passengers$/ }) })
        .getByRole("link")
        .nth(1);
      await link.click();
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === "/reservation" && url.searchParams.get("nb_pax") === "3" && url.searchParams.get("private_shuttle") === "1",
      );
      const stored = await page.evaluate((key) => window.localStorage.getItem(key), RATES_DRAFT_KEY);
      expect(stored).not.toBeNull();
      const v = view(CDG, DISNEY);
      expect(JSON.parse(stored ?? "null")).toEqual(
        JSON.parse(JSON.stringify({ nb_pax: "3", shuttlePrices: v.shuttle, privatePrices: v.private })),
      );
    } finally {
      await context.close();
    }
  });
});

test("the Disneyland card shows when either end contains 'disney', not for CDG → Paris", async ({ browser }) => {
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    const card = page.getByRole("region", { name: "Disneyland Paris", exact: true });
    for (const [path, shown] of [
      [CDG_DISNEY_PRESET, true],
      ["/rates?from=disney&to=orly", true],
      ["/charles-de-gaulle-paris-transportation", false],
      ["/rates?from=paris&to=orly", false],
    ] as const) {
      await gotoReady(page, path);
      await expect(page.getByLabel("Departure")).not.toHaveValue("");
      await expect(card, path).toHaveCount(shown ? 1 : 0);
      if (shown)
        await expect(card.getByRole("link", { name: "See the hotels we serve" })).toHaveAttribute("href", "/hotels_disneyland_paris");
    }
  } finally {
    await context.close();
  }
});

test("Orly → Disneyland shows no shuttle table, a notice instead, and the private prices", async ({ browser }) => {
  const v = view("orly", "disney");
  expect(expectedCells(v.shuttle)).toEqual([]);
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    const problems = await PageProblems.attach(page);
    await gotoWithPrices(page, "/orly-disneyland-transportation");
    const shuttleSection = page.getByRole("region", { name: "Shared shuttle", exact: true });
    await expect(shuttleSection.getByRole("table")).toHaveCount(0);
    await expect(shuttleSection).toContainText("No shared shuttle runs on this route.");
    await expectTables(page, v);
    await problems.expectNone();
  } finally {
    await context.close();
  }
});

test("rates tables have a caption, column headers and row headers", async ({ browser }) => {
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await gotoReady(page, CDG_DISNEY_PRESET);
    const v = view(CDG, DISNEY);
    for (const [table, data] of [
      [shuttleTable(page), v.shuttle],
      [privateTable(page), v.private],
    ] as const) {
      await expect(table.locator("caption")).not.toBeEmpty();
      await expect(table.locator("thead th")).toHaveText(["Passengers", "One way", "Round trip"]);
      await expect(table.locator(`thead th[scope="col"]`)).toHaveCount(3);
      const rows = expectedCells(data).length;
      await expect(table.locator("tbody tr")).toHaveCount(rows);
      await expect(table.locator(`tbody tr > th[scope="row"]:first-child`)).toHaveCount(rows);
      await expect(table.getByRole("columnheader")).toHaveCount(3);
      await expect(table.getByRole("rowheader")).toHaveCount(rows);
    }
    await expect(page.getByRole("table", { name: `Shared shuttle, ${CDG} to ${DISNEY}, card prices` })).toBeVisible();
  } finally {
    await context.close();
  }
});

test.describe("axe on the rates screens, at 390px and 1280px", () => {
  for (const path of [CDG_DISNEY_PRESET, "/rates"]) {
    test(path, async ({ browser }) => {
      const { context, page } = await newPage(browser, MOBILE);
      try {
        const problems = await PageProblems.attach(page);
        await gotoWithPrices(page, path);
        await expectNoAxeViolations(page, `${path} at ${MOBILE.width}px`);
        await page.setViewportSize(DESKTOP);
        await expectNoAxeViolations(page, `${path} at ${DESKTOP.width}px`);
        await problems.expectNone();
      } finally {
        await context.close();
      }
    });
  }
});
