import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { airportMeetingPoints, parseMeetingPoints } from "../../app/domain/meeting-points";
import type { AirportCode, TransferKind } from "../../app/domain/site-paths";
import { terminalLabel } from "../../app/domain/terminals";
import { DESKTOP, MOBILE, PageProblems, expectNoAxeViolations, gotoReady, newPage } from "./helpers";
import { startSite } from "./site-server";

// Meeting points on the airport pages (docs/product.md, Meeting points): the shipped
// data/meeting-points.csv, and a file of the test's own edited while the server runs.

const SHIPPED_TEXT = readFileSync(new URL("../../data/meeting-points.csv", import.meta.url), "utf8");
const POINTS = parseMeetingPoints(SHIPPED_TEXT).points;
const CDG_PRIVATE_PAGE = "/airport_charles_de_gaulle_disneyland_paris_private_transfer";
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TAB_LABEL: Record<TransferKind, string> = { shuttle: "Shuttle Transfer", private: "Private Transfer" };

/** Folders of this worker's tests, removed once they are done. */
const workDirs: string[] = [];

/** A folder of the test's own, outside Playwright's output folder (emptied by any run that starts). */
function workDir(name: string): string {
  const dir = path.join(ROOT, "test-results", "meeting-points", `${name}-${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  workDirs.push(dir);
  return dir;
}

test.afterAll(() => {
  for (const dir of workDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function section(page: Page, code: AirportCode): Locator {
  return page.getByRole("region", { name: `Where we meet you at ${code}` });
}

function meetingTable(page: Page, kind: TransferKind, code: AirportCode): Locator {
  return section(page, code).getByRole("table", { name: `${TAB_LABEL[kind]} meeting points at ${code}, by terminal`, exact: true });
}

/** [row header, meeting point] of each row the table shows. */
async function shownRows(table: Locator): Promise<string[][]> {
  return table.locator("tbody tr").evaluateAll((rows) => rows.map((tr) => [...tr.children].map((c) => (c.textContent ?? "").trim())));
}

function expectedRows(code: AirportCode, kind: TransferKind): string[][] {
  return airportMeetingPoints(POINTS, code, kind, "en").map((p) => [terminalLabel(p.terminal), p.text]);
}

test("the CDG private page lists where the driver meets you at each terminal, 2E included, then the shuttle's", async ({ browser }) => {
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    const problems = await PageProblems.attach(page);
    await gotoReady(page, CDG_PRIVATE_PAGE);
    const region = section(page, "CDG");
    await expect(region.getByRole("heading", { level: 2 })).toHaveText("Where we meet you at CDG");
    // The page's own service first.
    await expect(region.getByRole("heading", { level: 3 })).toHaveText(["Private Transfer", "Shuttle Transfer"]);
    const table = meetingTable(page, "private", "CDG");
    await expect(table.getByRole("columnheader")).toHaveText(["Terminal", "Meeting point"]);
    await expect(table.getByRole("row", { name: /^Terminal 2E / })).toHaveText(
      "Terminal 2E" + "Terminal 2E, arrivals hall, level 2, at exit 8, by the Relay shop: your driver holds a sign with your name.",
    );
    const rows = await shownRows(table);
    expect(rows).toEqual(expectedRows("CDG", "private"));
    expect(rows.map((r) => r[0])).toEqual([
      "Terminal 1",
      "Terminal 2A",
      "Terminal 2B",
      "Terminal 2C",
      "Terminal 2D",
      "Terminal 2E",
      "Terminal 2F",
      "Terminal 2G",
      "Terminal 3",
      "Terminal not known yet",
    ]);
    expect(rows.at(-1)![1]).toMatch(/call you on arrival.*call us if you cannot find them/);
    expect(await shownRows(meetingTable(page, "shuttle", "CDG"))).toEqual(expectedRows("CDG", "shuttle"));
    // Choosing a tab of the prices changes nothing here.
    await page.getByRole("tab", { name: "Shuttle Transfer" }).click();
    expect(await shownRows(table)).toEqual(expectedRows("CDG", "private"));
    await problems.expectNone();
  } finally {
    await context.close();
  }
});

test("the shuttle pages list the shuttle first, and Orly's page private transfers only; axe finds nothing at 390px", async ({
  browser,
}) => {
  const { context, page } = await newPage(browser, MOBILE);
  try {
    const problems = await PageProblems.attach(page);
    for (const [pathname, code, kinds] of [
      ["/airport_orly_disneyland_paris_private_transfer", "ORY", ["private"]],
      ["/airport_beauvais_disneyland_paris_transfer", "BVA", ["shuttle", "private"]],
      ["/airport_charles_de_gaulle_disneyland_paris_transfer", "CDG", ["shuttle", "private"]],
    ] as const) {
      await gotoReady(page, pathname);
      await expect(section(page, code).getByRole("heading", { level: 3 })).toHaveText(kinds.map((k) => TAB_LABEL[k]));
      for (const kind of kinds) expect(await shownRows(meetingTable(page, kind, code))).toEqual(expectedRows(code, kind));
      await expectNoAxeViolations(page, `${pathname} meeting points at 390px`);
    }
    await problems.expectNone();
  } finally {
    await context.close();
  }
});

test("the meeting points are in the page as sent, for a browser without JavaScript", async ({ request }) => {
  const html = (await (await request.get(CDG_PRIVATE_PAGE)).text()).replace(/<!-- -->/g, "");
  expect(html).toContain(
    '<th scope="row">Terminal 2E</th><td>Terminal 2E, arrivals hall, level 2, at exit 8, by the Relay shop: your driver holds a sign with your name.</td>',
  );
});

test.describe("a meeting points file of the site's own", () => {
  test("an edit shows on the kept airport page without a restart, and a broken edit leaves the last good text", async () => {
    const file = path.join(workDir("edit"), "meeting-points.csv");
    writeFileSync(file, SHIPPED_TEXT);
    const site = await startSite({ env: { MEETING_POINTS_CSV: file }, timeoutMs: 30_000 });
    try {
      const html = async () => (await (await fetch(`${site.base}${CDG_PRIVATE_PAGE}`)).text()).replace(/<!-- -->/g, "");
      expect(await html()).toContain("at exit 8, by the Relay shop");
      expect(await html()).toContain("at exit 8, by the Relay shop"); // a kept page now

      writeFileSync(file, SHIPPED_TEXT.replace("at exit 8, by the Relay shop", "at exit 10, by the pharmacy"));
      await expect.poll(html, { timeout: 10_000 }).toContain("at exit 10, by the pharmacy");
      expect(await html()).not.toContain("at exit 8, by the Relay shop: your driver");

      writeFileSync(
        file,
        SHIPPED_TEXT.replace("at exit 8, by the Relay shop", "at the new desk").replace("CDG,2E,private", "CDG,2H,private"),
      );
      // The file is checked when a page asks for it.
      await expect
        .poll(
          async () => {
            await html();
            return site.output();
          },
          { timeout: 10_000 },
        )
        .toContain("terminal 2H is not a terminal of CDG");
      expect(site.output()).toContain("The previous meeting points stay in use.");
      expect(await html()).toContain("at exit 10, by the pharmacy");
      expect(await html()).not.toContain("at the new desk");
    } finally {
      await site.stop();
    }
  });

  test("a broken file stops the server at start with one message naming MEETING_POINTS_CSV, the file and its errors", async () => {
    const file = path.join(workDir("broken"), "meeting-points.csv");
    writeFileSync(file, SHIPPED_TEXT.replace("CDG,2E,private", "CDG,2H,private").replace(/^\*,,shuttle,.*\n/m, ""));
    const error = await startSite({ env: { MEETING_POINTS_CSV: file }, timeoutMs: 30_000 }).then(
      async (site) => {
        await site.stop();
        return null;
      },
      (e: unknown) => e as Error,
    );
    expect(error, "the server must not start").not.toBeNull();
    const message = error!.message;
    expect(message).toContain("it exited (1)");
    expect(message).toContain(
      `The meeting points could not be loaded (MEETING_POINTS_CSV): The meeting points file ${file} has errors: line `,
    );
    expect(message).toContain("terminal 2H is not a terminal of CDG (1, 2A, 2B, 2C, 2D, 2E, 2F, 2G, 3; empty for the default)");
    expect(message).toContain("missing row: *,,shuttle,…");
    expect(message).not.toContain("listening on");
    expect(message).not.toMatch(/\bat .+:\d+:\d+\)/); // no stack trace
  });

  test("a missing file stops the server at start, naming it", async () => {
    const file = path.join(workDir("missing"), "no-such-file.csv");
    const error = await startSite({ env: { MEETING_POINTS_CSV: file }, timeoutMs: 30_000 }).then(
      async (site) => {
        await site.stop();
        return null;
      },
      (e: unknown) => e as Error,
    );
    expect(error?.message).toContain(
      `The meeting points could not be loaded (MEETING_POINTS_CSV): The meeting points file ${file} cannot be read: there is no such file.`,
    );
  });
});
