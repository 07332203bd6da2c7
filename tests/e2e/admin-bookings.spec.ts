import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { addDays, formatFrenchDate, parisToday } from "../../app/domain/booking/paris-time";
import { signIn } from "./admin-helpers";
import { bookingInput as input, DESKTOP, expectNoAxeViolations, fillCustomer, MOBILE, waitForReady } from "./helpers";

// The back office's bookings list and its CSV export (docs/product.md, Back office, Bookings): a
// round trip booked and paid on the public site (the suite's server runs the sandbox payment page)
// is found by its order id through the Search box, filtered by status, and exported, one CSV row
// per leg.

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

    await page.getByLabel("Search", { exact: true }).fill(orderId.toLowerCase());
    await page.getByRole("button", { name: "Show bookings" }).click();
    // A GET form: its empty fields come along, and mean no filter.
    await expect(page).toHaveURL(new RegExp(`\\?q=${orderId.toLowerCase()}&`));
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

    // The status filter, with the search kept: paid finds it, cancelled does not.
    await page.getByLabel("Status").selectOption("paid");
    await page.getByRole("button", { name: "Show bookings" }).click();
    await expect(page).toHaveURL(/status=paid/);
    await expect(rows).toHaveCount(1);
    await page.getByLabel("Status").selectOption("cancelled");
    await page.getByRole("button", { name: "Show bookings" }).click();
    await expect(page).toHaveURL(/status=cancelled/);
    await expect(page.getByText("No booking matches these filters.")).toBeVisible();
    await page.getByLabel("Status").selectOption("paid");
    await page.getByRole("button", { name: "Show bookings" }).click();
    await expect(rows).toHaveCount(1);

    // The CSV of this selection: a download with a BOM, a header row and the booking's two legs.
    const link = page.getByRole("link", { name: "Download CSV" });
    await expect(link).toHaveAttribute("href", `/admin/bookings.csv?q=${orderId.toLowerCase()}&status=paid`);
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

    const response = await page.request.get(`/admin/bookings.csv?q=${orderId}`);
    expect(response.status()).toBe(200);
    expect(response.headers()).toMatchObject({
      "content-type": "text/csv; charset=utf-8",
      "cache-control": "no-store",
    });
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/);

    // No axe violations on the list with its table, on a phone and a desktop; the table scrolls inside its region.
    await page.goto(`/admin/bookings?q=${orderId}`);
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
