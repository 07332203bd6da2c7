import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { formatEuros } from "../../app/domain/money";
import { PRICE_FILE_COLUMNS, parsePriceFile, type PriceColumn } from "../../app/domain/pricing/csv";
import { ratesView } from "../../app/domain/rates-view";
import { DESKTOP, PageProblems, expectNoAxeViolations, waitForReady, withCdgShuttlePrice1 } from "./helpers";
import { type SiteServer, startSite } from "./site-server";

// The price file at run time (docs/product.md, Prices and the price file): each test starts the
// built server on a free port of its own with PRICES_CSV pointing at a copy it may edit.

const SHIPPED = new URL("../../data/prices.csv", import.meta.url);
const SHIPPED_TEXT = readFileSync(SHIPPED, "utf8");
const CDG_DISNEY_PRESET = "/charles-de-gaulle-airport-disneyland-transportation";
const CDG_SHUTTLE_PAGE = "/airport_charles_de_gaulle_disneyland_paris_transfer";
const BVA_SHUTTLE_PAGE = "/airport_beauvais_disneyland_paris_transfer";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * A folder of the test's own under test-results/price-file, outside Playwright's output folder:
 * a run started meanwhile (by a colleague) empties that one, and the server reads from here.
 */
function workDir(name: string): string {
  const dir = path.join(ROOT, "test-results", "price-file", `${name}-${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The built site on a price file of the test's own. */
class PricedSite {
  private constructor(private readonly site: SiteServer) {}

  static async start(pricesCsv: string): Promise<PricedSite> {
    return new PricedSite(await startSite({ env: { PRICES_CSV: pricesCsv } }));
  }

  get base(): string {
    return this.site.base;
  }

  get output(): string {
    return this.site.output();
  }

  async get(pathname: string, headers: Record<string, string> = {}): Promise<Response> {
    try {
      return await fetch(`${this.base}${pathname}`, { headers });
    } catch (error) {
      // Say what the server said: a failed request is most often a server that stopped.
      throw new Error(`GET ${pathname} failed (${String(error)}); the server printed:\n${this.output}`, { cause: error });
    }
  }

  async html(pathname: string): Promise<string> {
    const response = await this.get(pathname);
    expect(response.status, pathname).toBe(200);
    return (await response.text()).replace(/<!-- -->/g, "");
  }

  stop(): Promise<void> {
    return this.site.stop();
  }
}

/** The shared-shuttle, 1-passenger, one-way cell of the rates page, read from the server's HTML. */
function shuttleOneWayForOne(html: string): string {
  const start = html.indexOf("<caption>Shared shuttle,");
  if (start < 0) return "(no shuttle table)";
  const table = html.slice(start, html.indexOf("</table>", start));
  const row = /<tr><th scope="row">1 passenger<\/th>([\s\S]*?)<\/tr>/.exec(table)?.[1] ?? "";
  const cell = /<td>([\s\S]*?)<\/td>/.exec(row)?.[1] ?? "";
  return /<a [^>]*>([^<]*)</.exec(cell)?.[1] ?? cell;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function expectedShuttleOneWayForOne(text: string): string {
  const view = ratesView(parsePriceFile(text).rows, "charles_de_gaulle", "disney");
  const cents = view?.shuttle.lines.find((l) => l.code === "1")?.card[1];
  if (cents == null) throw new Error("no CDG → Disneyland shuttle price for 1 passenger");
  return formatEuros(cents);
}

async function csvAnswer(server: PricedSite, headers: Record<string, string> = {}) {
  const response = await server.get("/data/prices.csv", headers);
  return { status: response.status, etag: response.headers.get("etag"), body: await response.text() };
}

async function openPage(
  browser: Browser,
  server: PricedSite,
  pathname: string,
): Promise<{ page: Page; problems: PageProblems; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.base });
  const page = await context.newPage();
  const problems = await PageProblems.attach(page);
  await page.goto(pathname, { waitUntil: "load" });
  await waitForReady(page);
  return { page, problems, close: () => context.close() };
}

function tableRows(table: Locator): Promise<string[][]> {
  return table.locator("tbody tr").evaluateAll((rows) =>
    rows.map((tr) =>
      [...tr.children].map((cell) => {
        const clone = cell.cloneNode(true) as HTMLElement;
        clone.querySelectorAll(".visually-hidden").forEach((e) => e.remove());
        return (clone.textContent ?? "").trim();
      }),
    ),
  );
}

test("an edited price file shows on the pages and at /data/prices.csv without a restart", async ({ browser }) => {
  const dir = workDir("edit");
  const csv = path.join(dir, "prices.csv");
  copyFileSync(SHIPPED, csv);
  const server = await PricedSite.start(csv);
  try {
    const before = expectedShuttleOneWayForOne(SHIPPED_TEXT);
    expect(shuttleOneWayForOne(await server.html(CDG_DISNEY_PRESET))).toBe(before);

    const first = await csvAnswer(server);
    expect(first.status).toBe(200);
    expect(first.body).toBe(SHIPPED_TEXT);
    expect(first.etag).toMatch(/^"[^"]+"$/);
    const unchanged = await csvAnswer(server, { "If-None-Match": first.etag! });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBe("");

    // The business lowers the price in a spreadsheet and saves.
    const edited = withCdgShuttlePrice1(SHIPPED_TEXT, "3550");
    const after = expectedShuttleOneWayForOne(edited);
    expect(after).not.toBe(before);
    writeFileSync(csv, edited);

    await expect
      .poll(async () => shuttleOneWayForOne(await server.html(CDG_DISNEY_PRESET)), { timeout: 5_000, message: "the new price shows" })
      .toBe(after);
    const now = await csvAnswer(server);
    expect(now.status).toBe(200);
    expect(now.body).toBe(edited);
    expect(now.etag).toMatch(/^"[^"]+"$/);
    expect(now.etag).not.toBe(first.etag);
    expect((await csvAnswer(server, { "If-None-Match": first.etag! })).status).toBe(200);
    expect((await csvAnswer(server, { "If-None-Match": now.etag! })).status).toBe(304);

    // In a browser too: the rates page and the airport page.
    const rates = await openPage(browser, server, CDG_DISNEY_PRESET);
    try {
      await expect(rates.page.locator("main").getByRole("status", { includeHidden: true })).toHaveText("");
      const cell = rates.page
        .getByRole("table", { name: /^Shared shuttle,/ })
        .locator("tbody tr")
        .first()
        .getByRole("link")
        .first();
      await expect(cell).toHaveAccessibleName(new RegExp(`^${escapeRegExp(after)}\\s*, book one way for 1 passenger$`));
      await rates.problems.expectNone();
    } finally {
      await rates.close();
    }
    const airport = await openPage(browser, server, CDG_SHUTTLE_PAGE);
    try {
      const table = airport.page.getByRole("tabpanel", { name: "Shuttle Transfer" }).getByRole("table");
      await expect.poll(async () => (await tableRows(table))[0]?.[1]).toBe(after);
      await airport.problems.expectNone();
    } finally {
      await airport.close();
    }
    expect(server.output).not.toMatch(/skipped|not loaded/);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("while the server cannot read the price file the rates page reads 'Data is loadind', then shows prices", async ({ browser }) => {
  const dir = workDir("unreadable");
  const csv = path.join(dir, "prices.csv");
  const server = await PricedSite.start(csv);
  try {
    const waiting = await server.html(CDG_DISNEY_PRESET);
    expect(waiting).toMatch(/<p class="loading-panel" role="status"[^>]*>Data is loadind<\/p>/);
    expect(waiting).not.toContain("<table");
    expect(server.output).toMatch(/Cannot read the price file/);

    copyFileSync(SHIPPED, csv);
    await expect
      .poll(async () => shuttleOneWayForOne(await server.html(CDG_DISNEY_PRESET)), { timeout: 5_000, message: "the prices show" })
      .toBe(expectedShuttleOneWayForOne(SHIPPED_TEXT));
    const rates = await openPage(browser, server, CDG_DISNEY_PRESET);
    try {
      await expect(rates.page.locator("main").getByRole("status", { includeHidden: true })).toHaveText("");
      await rates.problems.expectNone();
    } finally {
      await rates.close();
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a file with a missing column keeps the last good prices; a bad row is skipped, the others show", async ({ browser }) => {
  const dir = workDir("broken");
  const csv = path.join(dir, "prices.csv");
  copyFileSync(SHIPPED, csv);
  const server = await PricedSite.start(csv);
  try {
    const good = expectedShuttleOneWayForOne(SHIPPED_TEXT);
    expect(shuttleOneWayForOne(await server.html(CDG_DISNEY_PRESET))).toBe(good);
    const goodAnswer = await csvAnswer(server);

    // A required column disappears (and a price changes, which must not show).
    const [header, ...body] = withCdgShuttlePrice1(SHIPPED_TEXT, "3550").split("\n");
    expect(header).toContain(";nb_pax_maxi;");
    writeFileSync(csv, [header!.replace(";nb_pax_maxi;", ";nb_pax_max;"), ...body].join("\n"));
    // The server looks at the file when asked for prices (at most once a second).
    await expect
      .poll(
        async () => {
          await server.get(CDG_DISNEY_PRESET);
          return server.output;
        },
        { timeout: 5_000, message: "the server reports the broken file" },
      )
      .toMatch(/was not loaded: .*nb_pax_maxi.*The previous prices stay in use\./);

    expect(shuttleOneWayForOne(await server.html(CDG_DISNEY_PRESET))).toBe(good);
    const kept = await csvAnswer(server);
    expect(kept.status).toBe(200);
    expect(kept.body).toBe(SHIPPED_TEXT);
    expect(kept.etag).toBe(goodAnswer.etag);
    expect((await csvAnswer(server, { "If-None-Match": goodAnswer.etag! })).status).toBe(304);
    const airportHtml = await server.html(CDG_SHUTTLE_PAGE);
    expect(airportHtml).toContain('class="tabs__tab"');
    expect(airportHtml).not.toContain("Prices for this airport are not available");

    // Fixed header, one unreadable row (an unknown trip type, to a place no other row names).
    const lowered = withCdgShuttlePrice1(SHIPPED_TEXT, "3550");
    const columns = header!.split(";");
    const badRow = lowered
      .split("\n")[1]!
      .split(";")
      .map((f, i) => (columns[i] === "Arrive" ? "Versailles" : columns[i] === "aller_retour" ? "9" : f))
      .join(";");
    const withBadRow = `${lowered.trimEnd()}\n${badRow}\n`;
    const badLine = withBadRow.trimEnd().split("\n").length;
    expect(parsePriceFile(withBadRow).warnings.map((w) => w.line)).toEqual([badLine]);
    writeFileSync(csv, withBadRow);
    const after = expectedShuttleOneWayForOne(withBadRow);
    await expect.poll(async () => shuttleOneWayForOne(await server.html(CDG_DISNEY_PRESET)), { timeout: 5_000 }).toBe(after);
    expect(server.output).toContain(`Price file line ${badLine} skipped`);
    expect((await csvAnswer(server)).body).toBe(withBadRow);

    const { page, problems, close } = await openPage(browser, server, "/rates?from=charles&to=disney");
    try {
      const departures = await page.getByLabel("Departure").locator("option").allTextContents();
      const arrivals = await page.getByLabel("Arrival").locator("option").allTextContents();
      expect(departures).not.toContain("Versailles");
      expect(arrivals).not.toContain("Versailles");
      expect(departures).toEqual(
        expect.arrayContaining(["Beauvais Airport (BVA)", "Charles de Gaulle Airport (CDG)", "Orly Airport (ORY)", "Paris"]),
      );
      await expect(
        page
          .getByRole("table", { name: /^Shared shuttle,/ })
          .locator("tbody tr")
          .first(),
      ).toContainText(after);
      await problems.expectNone();
    } finally {
      await close();
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** One line of a price file, from named cells (the others empty). */
function row(cells: Partial<Record<PriceColumn, string | number>>): string {
  return PRICE_FILE_COLUMNS.map((c) => String(cells[c] ?? "")).join(";");
}

test("where the file has no price for a passenger count and trip type, the airport table shows a dash", async ({ browser }) => {
  // Two pages, two axe scans, a tab switch and a server of its own: about 28 s on a quiet
  // machine, too close to the default 30 s on a busy CI machine.
  test.slow();
  const route = {
    Depart: "Charles de Gaulle Airport (CDG)",
    Arrive: "Disneyland Paris",
    mode_paiement: 2,
    duree_aller: 65,
    duree_retour: 65,
    delai_depart: 30,
    delai_arrive: 135,
    depart_type: 1,
    arrive_type: 2,
    cp_possible_depart: "95700",
    cp_possible_arrive: "77700,77144",
  };
  const prices = (values: (number | "")[]) =>
    Object.fromEntries(values.map((v, i) => [`price${i + 1}`, v])) as Partial<Record<PriceColumn, number | "">>;
  const text = [
    PRICE_FILE_COLUMNS.join(";"),
    row({
      shuttle: 0,
      ...route,
      aller_retour: 1,
      ...prices([4000, 5800, 7500, 9000, 10500, 12000, 13300, 14400]),
      price22: 7900,
      price_sup: 1700,
    }),
    // Round trip: nothing for 8 passengers (an empty cell).
    row({ shuttle: 0, ...route, aller_retour: 2, ...prices([7600, 11000, 14300, 17100, 20000, 22800, 25300, ""]) }),
    // Return: 0 for 5 passengers, which means no price.
    row({ shuttle: 0, ...route, aller_retour: 3, ...prices([4000, 5800, 7500, 9000, 0, 12000, 13300, 14400]) }),
    // Private: one way for 1 to 3 passengers only.
    row({ shuttle: 1, ...route, aller_retour: 1, nb_pax_mini: 1, nb_pax_maxi: 3, prix: 6000 }),
    "",
  ].join("\n");
  const parsed = parsePriceFile(text);
  expect(parsed.warnings).toEqual([]);
  expect(parsed.rows).toHaveLength(4);

  const dir = workDir("dash");
  const csv = path.join(dir, "prices.csv");
  writeFileSync(csv, text);
  const server = await PricedSite.start(csv);
  const euros = (cents: number) => formatEuros(cents);
  try {
    const { page, problems, close } = await openPage(browser, server, CDG_SHUTTLE_PAGE);
    try {
      const shuttle = page.getByRole("tabpanel", { name: "Shuttle Transfer" }).getByRole("table");
      await expect(shuttle.getByRole("columnheader")).toHaveText(["Passengers", "One Way", "Return", "Round Trip"]);
      await expect
        .poll(() => tableRows(shuttle))
        .toEqual([
          ["1 passenger", euros(4000), euros(4000), euros(7600)],
          ["2 passengers", euros(5800), euros(5800), euros(11000)],
          ["3 passengers", euros(7500), euros(7500), euros(14300)],
          ["4 passengers", euros(9000), euros(9000), euros(17100)],
          ["5 passengers", euros(10500), "–", euros(20000)],
          ["6 passengers", euros(12000), euros(12000), euros(22800)],
          ["7 passengers", euros(13300), euros(13300), euros(25300)],
          ["8 passengers", euros(14400), euros(14400), "–"],
        ]);
      // The dash is decoration; assistive technology reads "no price".
      const dashCell = shuttle.locator("tbody tr").nth(7).locator("td").nth(2);
      await expect(dashCell.locator('[aria-hidden="true"]')).toHaveText("–");
      await expect(dashCell).toContainText("no price");

      await page.getByRole("tab", { name: "Private Transfer" }).click();
      const privateTable = page.getByRole("tabpanel", { name: "Private Transfer" }).getByRole("table");
      await expect
        .poll(() => tableRows(privateTable))
        .toEqual(
          [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [
            n === 1 ? "1 passenger" : `${n} passengers`,
            n <= 3 ? euros(6000) : "–",
            // A return with no return row costs the one-way price.
            n <= 3 ? euros(6000) : "–",
            "–",
          ]),
        );
      await expectNoAxeViolations(page, `${CDG_SHUTTLE_PAGE} with missing prices at ${DESKTOP.width}px`);
      await problems.expectNone();
    } finally {
      await close();
    }

    // An airport with no row at all: no tabs, a notice.
    const bva = await server.html(BVA_SHUTTLE_PAGE);
    expect(bva).toContain("Prices for this airport are not available at the moment.");
    expect(bva).not.toContain('class="tabs__list"');

    // The rates page shows the same gap as a dash, not a link.
    const rates = await openPage(browser, server, CDG_DISNEY_PRESET);
    try {
      const eight = rates.page
        .getByRole("table", { name: /^Shared shuttle,/ })
        .locator("tbody tr")
        .filter({ has: rates.page.locator("th", { hasText: /^8 passengers$/ }) });
      await expect(eight.locator("td").nth(0).getByRole("link")).toHaveAccessibleName(
        new RegExp(`^${escapeRegExp(euros(14400))}\\s*, book one way for 8 passengers$`),
      );
      // A dash to the eye, words to a screen reader (the rates table shares the airport table's cell).
      await expect(eight.locator("td").nth(1).locator('[aria-hidden="true"]')).toHaveText("–");
      await expect(eight.locator("td").nth(1)).toHaveText("–no price");
      await expect(eight.locator("td").nth(1).getByRole("link")).toHaveCount(0);
      await expectNoAxeViolations(rates.page, `${CDG_DISNEY_PRESET} with missing prices at ${DESKTOP.width}px`);
      await rates.problems.expectNone();
    } finally {
      await rates.close();
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
