import { copyFileSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { formatEuros } from "../../app/domain/money";
import { parsePriceFile } from "../../app/domain/pricing/csv";
import { ratesView } from "../../app/domain/rates-view";
import { OWNER, signIn } from "./admin-helpers";
import { expectNoAxeViolations, withCdgShuttlePrice1 } from "./helpers";
import { type SiteServer, startSite } from "./site-server";

// The prices page publishes by replacing the price file: it runs on a site of its own, with a
// copy of the shipped file, so that the suite's server and its other tests keep theirs.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SHIPPED = new URL("../../data/prices.csv", import.meta.url);
const SHIPPED_TEXT = readFileSync(SHIPPED, "utf8");
const RATES = "/rates?from=charles&to=disney";

/** What the rates page shows for one passenger on the shuttle, one way, by card, from a file. */
function shuttleForOne(text: string): string {
  const cents = ratesView(parsePriceFile(text).rows, "charles_de_gaulle", "disney")?.shuttle.lines.find((l) => l.code === "1")?.card[1];
  if (cents == null) throw new Error("no CDG → Disneyland shuttle price for 1 passenger");
  return formatEuros(cents);
}

const OLD_CENTS = parsePriceFile(SHIPPED_TEXT).rows.find(
  (r) =>
    r.kind === "shuttle" &&
    r.from === "Charles de Gaulle Airport (CDG)" &&
    r.to === "Disneyland Paris" &&
    r.tripType === 1 &&
    r.payment === "card",
)!;
const EDITED = withCdgShuttlePrice1(SHIPPED_TEXT, 4250);

/** The file with its third line's shuttle flag made unreadable. */
const BROKEN = SHIPPED_TEXT.split("\n")
  .map((line, i) => (i === 2 ? line.replace(/^0;/, "7;") : line))
  .join("\n");

test.describe.configure({ mode: "serial" });

test.describe("prices page", () => {
  let site: SiteServer;
  let dir: string;
  let csv: string;
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    dir = path.join(ROOT, "test-results", "admin-prices", `${process.pid}-${Date.now()}`);
    mkdirSync(dir, { recursive: true });
    csv = path.join(dir, "prices.csv");
    copyFileSync(SHIPPED, csv);
    site = await startSite({ env: { PRICES_CSV: csv, ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password } });
    context = await browser.newContext({ baseURL: site.base });
    page = await context.newPage();
    await signIn(page, OWNER, "/admin/prices");
  });

  test.afterAll(async () => {
    await context?.close();
    await site?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function axeAtBothWidths(label: string): Promise<void> {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page, `prices page, ${label}, at ${width} px`);
    }
  }

  /** The shuttle table's 1-passenger, one-way card cell of the rates page, from the server's HTML. */
  async function ratesCell(): Promise<string> {
    const html = (await (await fetch(`${site.base}${RATES}`)).text()).replace(/<!-- -->/g, "");
    const start = html.indexOf("<caption>Shared shuttle,");
    if (start < 0) return "(no shuttle table)";
    const table = html.slice(start, html.indexOf("</table>", start));
    const row = /<tr><th scope="row">1 passenger<\/th>([\s\S]*?)<\/tr>/.exec(table)?.[1] ?? "";
    const cell = /<td>([\s\S]*?)<\/td>/.exec(row)?.[1] ?? "";
    return /<a [^>]*>([^<]*)</.exec(cell)?.[1] ?? cell;
  }

  async function upload(name: string, text: string): Promise<void> {
    await page.getByLabel("Price file", { exact: true }).setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
    await page.getByRole("button", { name: "Check", exact: true }).click();
  }

  test("with nothing published yet, the page says so and has no axe violations", async () => {
    await expect(page.getByRole("heading", { name: "Prices", level: 1 })).toBeVisible();
    await expect(page.getByText("No file has been published from the back office yet.")).toBeVisible();
    await axeAtBothWidths("empty");
  });

  test("a file with a problem shows it with its line, and nothing is published", async () => {
    await upload("broken.csv", BROKEN);
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("This file cannot be published");
    await expect(alert).toContainText('Line 3: unknown shuttle flag "7"');
    expect(readFileSync(csv, "utf8")).toBe(SHIPPED_TEXT);
    await expect(page.getByText("No file has been published from the back office yet.")).toBeVisible();
    await axeAtBothWidths("with problems");
  });

  test("a file with one changed price previews old → new; publishing shows it on /rates at once", async () => {
    await upload("summer.csv", EDITED);
    const preview = page.getByRole("region", { name: "What publishing summer.csv changes" });
    await expect(preview).toContainText("1 price changes, 0 routes are added and 0 routes are removed.");
    const row = preview.getByRole("table", { name: "Prices that change" }).locator("tbody tr");
    await expect(row).toHaveCount(1);
    const before = formatEuros(OLD_CENTS.kind === "shuttle" ? OLD_CENTS.prices[1]! : 0);
    await expect(row).toContainText("Shuttle: Charles de Gaulle Airport (CDG) → Disneyland Paris");
    await expect(row).toContainText(`${before} → ${formatEuros(4250)}`.replace(/\u00a0/g, " "));
    await axeAtBothWidths("with a preview");

    expect(await ratesCell()).toBe(shuttleForOne(SHIPPED_TEXT));
    await page.getByLabel("Note (optional)").fill("Summer prices");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Version 2 is published" })).toBeVisible();
    expect(readFileSync(csv, "utf8")).toBe(EDITED);
    await expect.poll(ratesCell, { timeout: 1_000 }).toBe(shuttleForOne(EDITED));

    const versions = page.getByRole("table").last().locator("tbody tr");
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0)).toContainText(OWNER.email);
    await expect(versions.nth(0)).toContainText("Summer prices");
    await expect(versions.nth(0)).toContainText("In use");
    await expect(versions.nth(0)).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(versions.nth(1)).toContainText("before the back office");
  });

  test("rolling back asks first, then brings the old price back", async () => {
    await page.getByRole("link", { name: "Roll back to version 1" }).click();
    const confirm = page.getByRole("region", { name: "Roll back to version 1?" });
    await expect(confirm).toContainText(`${formatEuros(4250)} → ${shuttleForOne(SHIPPED_TEXT)}`.replace(/\u00a0/g, " "));
    // Nothing changes before the confirmation.
    expect(readFileSync(csv, "utf8")).toBe(EDITED);
    await confirm.getByRole("button", { name: "Yes, roll back to version 1" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Version 3 is published" })).toBeVisible();
    expect(readFileSync(csv, "utf8")).toBe(SHIPPED_TEXT);
    await expect.poll(ratesCell, { timeout: 1_000 }).toBe(shuttleForOne(SHIPPED_TEXT));
    await expect(page.getByRole("table").last().locator("tbody tr").first()).toContainText("Roll back to version 1.");
  });
});
