import { expect, test } from "@playwright/test";
import { dateBounds } from "../../app/domain/booking/paris-time";
import { bookingInput as input, catalogue, expectNoAxeViolations, PageProblems, SITE_URL, waitForReady } from "./helpers";
import { fillBookingIn } from "./traveller-helpers";

// The booking form in the traveller's language (docs/product.md, Languages): its words, its
// rules' messages in the browser and from the server, the calendar and the phone country list.

const CDG_DISNEY = "depart=Charles_de_Gaulle_Airport_(CDG)&arrive=Disneyland_Paris&nb_pax=2";
const french = catalogue("fr", "booking");
const spanish = catalogue("es", "booking");

test("the French form names its parts in French and posts to the French endpoint", async ({ page }) => {
  const problems = await PageProblems.attach(page);
  await page.goto(`/fr/reservation?${CDG_DISNEY}`, { waitUntil: "load" });
  await waitForReady(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 2, name: french["form.title"] })).toBeVisible();
  await expect(page.getByLabel(french["passengers.adults"]!)).toHaveValue("2");
  await expect(page.getByRole("radio", { name: french["kind.shuttle"] })).toBeChecked();
  await expect(page.locator("form.booking-form")).toHaveAttribute("action", "/fr/api/booking");
  await expect(page.getByRole("link", { name: french["form.back"] })).toHaveAttribute("href", /^\/fr\/rates\?from=/);
  await problems.expectNone();
});

test("an empty French booking is refused in French, each message at its field", async ({ page }) => {
  await page.goto(`/fr/reservation?${CDG_DISNEY}`, { waitUntil: "load" });
  await waitForReady(page);
  await page.getByRole("button", { name: french["form.submit"] }).click();
  const summary = page.getByRole("alert");
  await expect(summary.getByRole("heading", { level: 2 })).toContainText("Votre réservation comporte");
  await expect(summary.getByRole("link", { name: `${french["prefix.customer"]}${french["rule.lastname"]}` })).toBeVisible();
  await expect(page.locator("#err-lastname")).toHaveText(`${french["prefix.customer"]}${french["rule.lastname"]}`);
  await expect(summary).not.toContainText("Please");
});

test("the rules' messages arrive at the first focus, at their version, and are kept for good", async ({ page, request }) => {
  await page.goto(`/fr/reservation?${CDG_DISNEY}`, { waitUntil: "load" });
  await waitForReady(page);
  const [response] = await Promise.all([
    page.waitForResponse((r) => /\/booking-words\/fr\?v=[0-9a-f]{12}$/.test(r.url())),
    input(page, "lastname").focus(),
  ]);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const messages = (await response.json()) as Record<string, unknown>;
  expect(messages["booking.rule.lastname"]).toEqual([french["rule.lastname"]]);
  expect(Object.keys(messages).every((id) => /^booking\.(rule|label|prefix|phone|capacity)\./.test(id))).toBe(true);
  // At another version, or none, they are checked each time; a language the site does not speak is not found.
  expect((await request.get("/booking-words/fr?v=000000000000")).headers()["cache-control"]).toBe("no-cache");
  expect((await request.get("/booking-words/pt")).status()).toBe(404);
});

test("a Spanish booking is corrected in Spanish and goes on to payment", async ({ page }) => {
  const problems = await PageProblems.attach(page);
  await fillBookingIn(page, "es");
  await input(page, "lastname").fill("");
  await page.getByRole("button", { name: spanish["form.submit"] }).click();
  await expect(page.locator("#err-lastname")).toHaveText(`${spanish["prefix.customer"]}${spanish["rule.lastname"]}`);
  await input(page, "lastname").fill("Lovelace");
  await expect(page.locator("#err-lastname")).toHaveCount(0);
  await page.getByRole("button", { name: spanish["form.submit"] }).click();
  await page.waitForURL(/\/es\/payment\/NV-[A-Z0-9]{6}$/);
  await problems.expectNone();
});

test("a Spanish booking is paid on a Spanish page and comes back to the Spanish result", async ({ page }) => {
  const payment = catalogue("es", "payment");
  const problems = await PageProblems.attach(page);
  await fillBookingIn(page, "es");
  await page.getByRole("button", { name: spanish["form.submit"] }).click();
  await page.waitForURL(/\/es\/payment\/NV-[A-Z0-9]{6}$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(payment["sandbox.title"]!);
  await expectNoAxeViolations(page, "the Spanish payment page");
  const amount = (await page.locator(".summary div").nth(2).locator("dd").textContent())!;
  expect(amount).toMatch(/^\d+,\d\d\u00a0€$/);
  await page.getByRole("button", { name: payment["sandbox.pay"]!.replace("{amount}", amount) }).click();

  await page.waitForURL(/\/es\/response_bank_ok_ko\?ok_ko=ok&order_id=NV-[A-Z0-9]{6}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(payment["result.thanks"]!);
  // The result cookie, set for the Spanish result page, opens the booking's own link there.
  await expect(page.getByRole("link", { name: /<0>(.*)<\/0>/.exec(payment["result.openBooking"]!)![1] })).toBeVisible();
  await expectNoAxeViolations(page, "the Spanish result page");
  await problems.expectNone();
});

test("a payment page that does not exist is refused in the language of its address", async ({ request }) => {
  const german = catalogue("de", "payment");
  const response = await request.get("/de/payment/NV-ZZZZZZ");
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(html).toContain('<html lang="de"');
  expect(html).toContain(`<title>${german["sandbox.title"]} | `);
  expect(html).toContain(`<p>${german["sandbox.notFound"]}</p>`);
});

test("the old .php result address keeps the language and the query", async ({ request }) => {
  const response = await request.get("/fr/response_bank_ok_ko.php?ok_ko=ko&order_id=NV-2", { maxRedirects: 0 });
  expect(response.status()).toBe(308);
  expect(response.headers()["location"]).toBe("/fr/response_bank_ok_ko?ok_ko=ko&order_id=NV-2");
  const french = catalogue("fr", "payment");
  const page = await (await request.get("/fr/response_bank_ok_ko?ok_ko=ko&order_id=NV-2")).text();
  expect(page).toContain('<html lang="fr"');
  expect(page).toContain(`<h1>${french["result.notPaid"]}</h1>`);
});

test("a post the server refuses is answered in the language of the form that sent it", async ({ request }) => {
  const german = catalogue("de", "booking");
  const response = await request.post("/de/api/booking", {
    form: { depart: "Charles de Gaulle Airport (CDG)", arrive: "Disneyland Paris", lastname: "" },
    headers: { Origin: SITE_URL },
  });
  expect(response.status()).toBe(400);
  const html = await response.text();
  expect(html).toContain('<html lang="de"');
  expect(html).toContain(`<h1>${german["post.title"]}</h1>`);
  expect(html).toContain(`${german["prefix.customer"]}${german["rule.lastname"]}`);
  expect(html).toContain('href="/de/reservation?depart=Charles+de+Gaulle+Airport+%28CDG%29&amp;arrive=Disneyland+Paris"');
  expect(html).not.toContain("Please enter your last name.");
});

test("the calendar speaks Italian and the phone countries are named in Dutch", async ({ page }) => {
  const italian = catalogue("it", "booking");
  await page.goto(`/it/reservation?${CDG_DISNEY}`, { waitUntil: "load" });
  await waitForReady(page);
  await page.getByRole("button", { name: new RegExp(`^${italian["date.open"]}`) }).click();
  const dialog = page.getByRole("dialog", { name: italian["leg.date"] });
  await expect(dialog.getByRole("button", { name: italian["date.nextMonth"] })).toBeVisible();
  // The calendar opens on the first bookable day's month.
  const { min } = dateBounds(1, new Date());
  const month = new Date(Date.UTC(min.year, min.month - 1, 15)).toLocaleString("it-IT", { month: "long", timeZone: "UTC" });
  await expect(dialog.locator(".react-datepicker__current-month")).toHaveText(new RegExp(`^${month} ${min.year}$`, "i"));
  await expectNoAxeViolations(page, "the Italian calendar");
  await dialog.getByRole("button", { name: italian["date.close"] }).click();

  const dutch = catalogue("nl", "booking");
  await page.goto(`/nl/reservation?${CDG_DISNEY}`, { waitUntil: "load" });
  await waitForReady(page);
  const countries = page.getByRole("combobox", { name: dutch["customer.phoneCountry"] });
  await expect(countries.locator("option:checked")).toHaveText("Frankrijk");
  await expect(page.getByRole("combobox", { name: dutch["customer.country"], exact: true }).locator("option:checked")).toHaveText(
    "Frankrijk",
  );
});

test("the English form keeps its words", async ({ page }) => {
  await page.goto(`/reservation?${CDG_DISNEY}`, { waitUntil: "load" });
  await waitForReady(page);
  await expect(page.locator("form.booking-form")).toHaveAttribute("action", "/api/booking");
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page.locator("#err-lastname")).toHaveText("USER - Please enter your last name.");
  await expect(page.getByRole("combobox", { name: "Phone number country" }).locator("option:checked")).toHaveText("France");
});
