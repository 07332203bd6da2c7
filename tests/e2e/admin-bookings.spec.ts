import { randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { addDays, formatFrenchDate, parisToday } from "../../app/domain/booking/paris-time";
import { OWNER, signIn } from "./admin-helpers";
import { bookingInput as input, DESKTOP, expectNoAxeViolations, fillCustomer, MOBILE, waitForReady } from "./helpers";

// The back office's bookings list and its CSV export (docs/product.md, Back office, Bookings): a
// round trip booked and paid on the public site (the suite's server runs the sandbox payment page)
// is found by its order id through the Search box, filtered by status, and exported, one CSV row
// per leg. The search form posts, and the search text (a name, an e-mail, a phone) never shows in
// an address: the list's URL, its CSV link and the login page's next= carry it sealed, as `s`.

/** The parameters the list's address may carry: the sealed search and the filters that are not personal. */
const URL_PARAMS = new Set(["s", "status", "from", "to", "page"]);

/**
 * Checks that an address (the page's, a link's) carries none of these pieces of a search text, in
 * any case or encoding, and only the list's own parameters, the search as an opaque token.
 */
function expectNoSearchText(address: string, pieces: readonly string[]): void {
  const url = new URL(address, "http://site.test");
  for (const name of url.searchParams.keys()) expect(URL_PARAMS, `parameter ${name} in ${address}`).toContain(name);
  const token = url.searchParams.get("s");
  if (token !== null) expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  const forms = [address, decodeURIComponent(address), decodeURIComponent(address.replace(/\+/g, " "))].map((a) => a.toLowerCase());
  for (const piece of pieces) {
    for (const form of forms) expect(form, `"${piece}" in ${address}`).not.toContain(piece.toLowerCase());
  }
}

/**
 * Types a search into the list's Search box, with a status, shows it, and waits for the answer's
 * address (always another one: each search is sealed with a fresh IV).
 */
async function search(page: Page, text: string, status = ""): Promise<void> {
  const before = page.url();
  await page.getByLabel("Search", { exact: true }).fill(text);
  await page.getByLabel("Status").selectOption(status);
  await page.getByRole("button", { name: "Show bookings" }).click();
  await page.waitForURL((url) => url.href !== before);
}

/** The token of the current address's search. */
function tokenOf(page: Page): string {
  return new URL(page.url()).searchParams.get("s") ?? "";
}

/** Every row of the list contains this text. */
async function expectEveryRow(rows: Locator, text: string): Promise<void> {
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText(text);
}

/** Books a round trip CDG ⇄ Disneyland on the public form, pays it on the sandbox page, and gives its order id. */
async function bookAndPay(page: Page): Promise<string> {
  await page.goto("/reservation?depart=Charles_de_Gaulle_Airport_(CDG)&arrive=Disneyland_Paris&private_shuttle=1&type_trajet=2&nb_pax=3", {
    waitUntil: "load",
  });
  await waitForReady(page);
  const today = parisToday(new Date());
  await input(page, "french_date_pu_t1").fill(formatFrenchDate(addDays(today, 3)));
  await input(page, "horaire_vol_pu_1").fill("07:45");
  await input(page, "city_vol_pu_1").fill("New York");
  await input(page, "num_vol_pu_1").fill("AF007");
  await input(page, "hotel_drop_1").fill("Hotel du Test");
  await input(page, "address_drop_1").fill("5 Rue des Essais");
  await input(page, "zip_drop_1").fill("77144");
  await input(page, "french_date_pu_t2").fill(formatFrenchDate(addDays(today, 9)));
  await input(page, "horaire_vol_drop_2").fill("18:00");
  await input(page, "num_vol_drop_2").fill("AF008");
  await fillCustomer(page);
  await page.getByRole("button", { name: "Book Now" }).click();
  await page.waitForURL(/\/payment\/NV-[A-Z0-9]{6}$/, { timeout: 15_000 });
  const orderId = /\/payment\/(NV-[A-Z0-9]{6})$/.exec(page.url())![1]!;
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/response_bank_ok_ko\?/, { timeout: 15_000 });
  return orderId;
}

test.describe("back office bookings list", () => {
  test("a paid booking is found by its order id, filtered by status, and exported one row per leg", async ({ page }) => {
    test.setTimeout(90_000);
    const orderId = await bookAndPay(page);

    await signIn(page, undefined, "/admin/bookings");
    await expect(page).toHaveURL(/\/admin\/bookings$/);
    await expect(page.getByRole("heading", { name: "Bookings", level: 1 })).toBeVisible();

    await search(page, orderId.toLowerCase());
    // A posted form, answered by a redirect: the search sealed, no empty filter in the address.
    await expect(page).toHaveURL(/\/admin\/bookings\?s=[A-Za-z0-9_-]+$/);
    expectNoSearchText(page.url(), [orderId, orderId.slice(3)]);
    // The Search box shows what was searched, opened from the token.
    await expect(page.getByLabel("Search", { exact: true })).toHaveValue(orderId.toLowerCase());
    const table = page.getByRole("table", { name: /Bookings, newest first/ });
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row.getByRole("link", { name: orderId })).toHaveAttribute("href", `/admin/bookings/${orderId}`);
    await expect(row.getByText("Test", { exact: true })).toBeVisible();
    await expect(row).toContainText("Ada Lovelace");
    await expect(row).toContainText("Charles de Gaulle Airport (CDG) → Disneyland Paris");
    await expect(row).toContainText("Private");
    await expect(row).toContainText("Paid");
    await expect(row).toContainText("New");
    await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(row).toContainText(/\d+,\d{2}\s€/);
    await expect(page.getByText("1 booking matches these filters.")).toBeVisible();

    // The status filter, with the search kept (the box still holds it): paid finds it, cancelled does not.
    await page.getByLabel("Status").selectOption("paid");
    await page.getByRole("button", { name: "Show bookings" }).click();
    await expect(page).toHaveURL(/\?s=[A-Za-z0-9_-]+&status=paid$/);
    await expect(rows).toHaveCount(1);
    await page.getByLabel("Status").selectOption("cancelled");
    await page.getByRole("button", { name: "Show bookings" }).click();
    await expect(page).toHaveURL(/\?s=[A-Za-z0-9_-]+&status=cancelled$/);
    await expect(page.getByText("No booking matches these filters.")).toBeVisible();
    await expect(page.getByLabel("Status")).toHaveValue("cancelled");
    await page.getByLabel("Status").selectOption("paid");
    await page.getByRole("button", { name: "Show bookings" }).click();
    await expect(rows).toHaveCount(1);
    expectNoSearchText(page.url(), [orderId, orderId.slice(3)]);
    const sealed = page.url();
    const token = tokenOf(page);

    // The CSV of this selection: the same sealed search; a download with a BOM, a header row and the booking's two legs.
    const link = page.getByRole("link", { name: "Download CSV" });
    await expect(link).toHaveAttribute("href", `/admin/bookings.csv?s=${token}&status=paid`);
    expectNoSearchText((await link.getAttribute("href"))!, [orderId, orderId.slice(3)]);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toBe(
      "Order id,Leg,Pickup (Paris),From,To,Flight,Traveller,E-mail,Phone,Passengers,Luggage,Booking status,Payment status,Booking amount,Driver,Test",
    );
    const records = lines.slice(1, -1);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatch(new RegExp(`^${orderId},outbound,\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2},Charles de Gaulle Airport \\(CDG\\),`));
    expect(records[0]).toContain("AF007 from New York");
    expect(records[1]).toMatch(new RegExp(`^${orderId},return,`));
    expect(records[1]).toContain("AF008");
    for (const record of records) expect(record).toMatch(/,Ada Lovelace,ada@example\.com,'\+33612345678,3,.*,New,Paid,\d+\.\d{2},,yes$/);

    const response = await page.request.get(`/admin/bookings.csv?s=${token}`);
    expect(response.status()).toBe(200);
    expect(response.headers()).toMatchObject({
      "content-type": "text/csv; charset=utf-8",
      "cache-control": "no-store",
    });
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect((await response.text()).split("\r\n").filter((line) => line.startsWith(orderId))).toHaveLength(2);

    // The sealed address is a bookmark: opened again, it shows the same search and selection.
    await page.goto(sealed);
    await expect(page.getByLabel("Search", { exact: true })).toHaveValue(orderId.toLowerCase());
    await expect(page.getByLabel("Status")).toHaveValue("paid");
    await expect(rows).toHaveCount(1);

    // No axe violations on the list with its table, on a phone and a desktop; the table scrolls inside its region.
    for (const size of [MOBILE, DESKTOP]) {
      await page.setViewportSize(size);
      await expect(table).toBeVisible();
      await expectNoAxeViolations(page, `the bookings list at ${size.width} px`);
    }
    await page.setViewportSize(MOBILE);
    const region = page.getByRole("region", { name: /Bookings, newest first/ });
    const fits = await region.evaluate((el) => ({
      page: document.documentElement.scrollWidth,
      view: window.innerWidth,
      region: el.scrollWidth > el.clientWidth,
    }));
    expect(fits.page).toBeLessThanOrEqual(fits.view);
    expect(fits.region).toBe(true);
  });

  test("a name, an e-mail or a phone searched never shows in an address, nor in the login page's next=", async ({ page, browser }) => {
    test.setTimeout(90_000);
    const orderId = await bookAndPay(page);
    await signIn(page, undefined, "/admin/bookings");
    const rows = page.getByRole("table", { name: /Bookings, newest first/ }).locator("tbody tr");
    const searches: ReadonlyArray<{ text: string; pieces: string[]; every?: string }> = [
      { text: "Ada Lovelace", pieces: ["Ada Lovelace", "Lovelace", "ada+love", "ada%20love"], every: "Ada Lovelace" },
      { text: "ada@example.com", pieces: ["ada@example.com", "ada%40", "example"], every: "ada@example.com" },
      { text: "06 12 34 56 78", pieces: ["06 12", "06+12", "06%2012", "0612", "12345678", "3456"] },
    ];
    for (const { text, pieces, every } of searches) {
      await search(page, text, "paid");
      await expect(page).toHaveURL(/\/admin\/bookings\?s=[A-Za-z0-9_-]+&status=paid$/);
      expectNoSearchText(page.url(), pieces);
      await expect(page.getByLabel("Search", { exact: true })).toHaveValue(text);
      await expect(page.getByRole("link", { name: orderId })).toBeVisible();
      if (every) await expectEveryRow(rows, every);
      const csv = (await page.getByRole("link", { name: "Download CSV" }).getAttribute("href"))!;
      expect(csv).toBe(`/admin/bookings.csv?s=${tokenOf(page)}&status=paid`);
      expectNoSearchText(csv, pieces);
      // Paging links, when there are some, keep the same token.
      for (const href of await page
        .getByRole("navigation", { name: "Bookings pages" })
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""))) {
        expect(new URL(href, page.url()).searchParams.get("s")).toBe(tokenOf(page));
      }
    }

    // A session that has ended: the login page's next= carries the token, and after signing in
    // the same search is shown again.
    const sealedPath = new URL(page.url()).pathname + new URL(page.url()).search;
    const other = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${randomInt(1, 255)}` } });
    try {
      const signedOut = await other.newPage();
      await signedOut.goto(sealedPath);
      await expect(signedOut).toHaveURL(/\/admin\/login\?next=/);
      expect(new URL(signedOut.url()).searchParams.get("next")).toBe(sealedPath);
      expectNoSearchText(new URL(signedOut.url()).searchParams.get("next")!, searches[2]!.pieces);
      await signedOut.getByLabel("E-mail").fill(OWNER.email);
      await signedOut.getByLabel("Password").fill(OWNER.password);
      await signedOut.getByRole("button", { name: "Sign in" }).click();
      await expect(signedOut.getByLabel("Search", { exact: true })).toHaveValue("06 12 34 56 78");
      expect(signedOut.url()).toContain(sealedPath);
    } finally {
      await other.close();
    }
  });

  test("the search works without JavaScript: a plain post, a redirect, the search sealed", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await signIn(page, undefined, "/admin/bookings");
      await search(page, "Lovelace");
      await expect(page).toHaveURL(/\/admin\/bookings\?s=[A-Za-z0-9_-]+$/);
      expectNoSearchText(page.url(), ["Lovelace"]);
      await expect(page.getByLabel("Search", { exact: true })).toHaveValue("Lovelace");
      await expect(page.getByText(/booking(s)? match(es)? these filters\./)).toBeVisible();
      // A refused search: its message, and the text back in the box, not in the address.
      await search(page, "06 12");
      await expect(page).toHaveURL(/\/admin\/bookings$/);
      await expect(page.getByRole("alert")).toContainText("Type at least 4 digits to search by phone number.");
      await expect(page.getByLabel("Search", { exact: true })).toHaveValue("06 12");
    } finally {
      await context.close();
    }
  });

  test("a tampered or foreign search token gives a clear 400, never an error page; an old q= is not read", async ({ page }) => {
    await signIn(page, undefined, "/admin/bookings");
    await search(page, "Lovelace", "paid");
    await expect(page).toHaveURL(/\?s=[A-Za-z0-9_-]+&status=paid$/);
    const token = tokenOf(page);
    const at = Math.floor(token.length / 2);
    const tampered = `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;
    for (const bad of [tampered, "bm90LWEtdG9rZW4", "Lovelace"]) {
      const response = await page.goto(`/admin/bookings?s=${bad}&status=paid`);
      expect(response?.status()).toBe(400);
      expect(response?.headers()["cache-control"]).toBe("no-store");
      await expect(page.getByRole("alert")).toContainText("This search has expired; search again.");
      await expect(page.getByLabel("Search", { exact: true })).toHaveValue("");
      await expect(page.getByLabel("Status")).toHaveValue("paid");
      const csv = await page.request.get(`/admin/bookings.csv?s=${bad}`);
      expect(csv.status()).toBe(400);
      expect(await csv.text()).toBe("This search has expired; search again.\n");
    }
    for (const size of [MOBILE, DESKTOP]) {
      await page.setViewportSize(size);
      await expectNoAxeViolations(page, `the bookings list with an expired search at ${size.width} px`);
    }
    // Searching again from there works.
    await search(page, "Lovelace", "paid");
    await expect(page).toHaveURL(/\?s=[A-Za-z0-9_-]+&status=paid$/);
    await expect(page.getByLabel("Search", { exact: true })).toHaveValue("Lovelace");

    // An address with the search in plain text (an old bookmark) is not searched, and says so.
    const old = await page.goto("/admin/bookings?q=Lovelace&status=paid");
    expect(old?.status()).toBe(200);
    await expect(page.getByText("A search is no longer read from the page's address: type it in the Search box.")).toBeVisible();
    await expect(page.getByLabel("Search", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Status")).toHaveValue("paid");
    await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", "/admin/bookings.csv?status=paid");
  });

  test("bad filters are named, never an error page, and the CSV refuses them too", async ({ page }) => {
    await signIn(page, undefined, "/admin/bookings");
    const response = await page.goto("/admin/bookings?status=bogus&from=2026-02-30&page=0");
    expect(response?.status()).toBe(400);
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Choose a status from the list.");
    await expect(alert).toContainText("Enter the first pickup day as a date (yyyy-mm-dd).");
    await expect(alert).toContainText("The page number must be 1 or more.");
    await expect(page.getByLabel("Search", { exact: true })).toBeVisible();
    const csv = await page.request.get("/admin/bookings.csv?status=bogus");
    expect(csv.status()).toBe(400);
    expect(await csv.text()).toContain("Choose a status from the list.");
    for (const size of [MOBILE, DESKTOP]) {
      await page.setViewportSize(size);
      await expectNoAxeViolations(page, `the bookings list with bad filters at ${size.width} px`);
    }
  });

  test("a signed-out visitor gets the login page for the list and for the CSV", async ({ page }) => {
    for (const path of ["/admin/bookings?status=paid", "/admin/bookings.csv?status=paid"]) {
      const response = await page.goto(path);
      expect(page.url()).toContain(`/admin/login?next=${encodeURIComponent(path)}`);
      expect(response?.headers()["cache-control"]).toBe("no-store");
      await expect(page.getByRole("heading", { name: "Back office" })).toBeVisible();
    }
    const csv = await page.request.get("/admin/bookings.csv", { maxRedirects: 0 });
    expect(csv.status()).toBe(302);
    expect(csv.headers()["location"]).toBe("/admin/login?next=%2Fadmin%2Fbookings.csv");
  });
});
