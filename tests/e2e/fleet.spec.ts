import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { initialDraft, setFlightTime, setLegDate } from "../../app/domain/booking/draft";
import type { BookingDraft } from "../../app/domain/booking/fields";
import { addDays, formatFrenchDate, parisToday } from "../../app/domain/booking/paris-time";
import { HOTELS } from "../../app/domain/hotels";
import { formatEuros } from "../../app/domain/money";
import { parsePriceFile } from "../../app/domain/pricing/csv";
import { quote, type PriceRequest } from "../../app/domain/pricing/pricing";
import { signIn } from "./admin-helpers";
import { bookingInput as input, expectNoAxeViolations, fillCustomer, waitForReady } from "./helpers";
import { startSite, type SiteServer } from "./site-server";

// The fleet (docs/product.md, Fleet and Luggage capacity): administrators edit it at
// /admin/vehicles, the cars page shows it, and a private party's luggage is priced for the vehicle
// that carries it, in the form before payment and by the server whatever is posted. The site is
// the test's own, so its fleet edits touch no other test.

const ADMIN = { email: "fleet-owner@navette.test", password: "fleet owner password" };
const PHONE = "+33 1 84 60 00 00";
const ROWS = parsePriceFile(readFileSync(new URL("../../data/prices.csv", import.meta.url), "utf8")).rows;
const CDG = "Charles de Gaulle Airport (CDG)";
const DISNEY = "Disneyland Paris";
const HOTEL = HOTELS.find((h) => h.zip === "77700")!;
const FORM = "application/x-www-form-urlencoded";

let site: SiteServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  site = await startSite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SITE_PHONE: PHONE } });
});
test.afterAll(async () => {
  await site?.stop();
});

/** The card price of CDG → Disneyland Paris, private, one way, for two, priced as `seats` passengers. */
function privateCard(seats: number): number {
  const request: PriceRequest = {
    from: CDG,
    to: DISNEY,
    kind: "private",
    tripType: 1,
    party: { adults: 2, children: 0, babies: 0 },
    seatsPriced: seats,
  };
  return quote(ROWS, request).cb;
}

/** A complete booking form for two, CDG → a Disneyland hotel, three days ahead, as the form posts it. */
function bookingFor(kind: "private" | "shuttle", luggage: Record<string, string>, n: number): BookingDraft {
  const day = addDays(parisToday(new Date()), 3);
  let d = initialDraft({ depart: CDG, arrive: DISNEY, private_shuttle: kind === "private" ? "1" : "0", nb_pax: "2" }, { now: new Date() });
  d = setFlightTime(setLegDate(d, 1, day), "pu", 1, "10:00");
  return Object.assign(d, {
    city_vol_pu_1: "London",
    num_vol_pu_1: "BA304",
    hotel_drop_1: HOTEL.name,
    hotel_n_drop_1: String(HOTEL.id),
    address_drop_1: HOTEL.address,
    zip_drop_1: HOTEL.zip,
    pax_adult_t1: "2",
    pax_t1: "2",
    lastname: "Lovelace",
    firstname: "Ada",
    email: "ada@example.com",
    phone_mobile: "+33 6 12 34 56 78",
    submission_token: `fleet-${Date.now()}-${n}`,
    // What a saloon for two costs: the price the post claims.
    prix_cb: String(privateCard(2)),
    ...luggage,
  });
}

async function post(form: BookingDraft, address: string) {
  return fetch(`${site.base}/api/booking`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": FORM, origin: site.base, "x-forwarded-for": address },
    body: new URLSearchParams(form),
  });
}

test("an administrator edits the fleet, and the cars page shows it", async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await (await browser.newContext({ baseURL: site.base })).newPage();
  await page.goto("/cars");
  await expect(page.getByRole("heading", { name: "50-seat coach" })).toBeVisible();
  await signIn(page, ADMIN, "/admin/vehicles");
  await expect(page.getByRole("heading", { name: "The fleet (9, 9 active)" })).toBeVisible();
  await expectNoAxeViolations(page, "/admin/vehicles");

  // A bad count is refused at its field, nothing added.
  await page.getByLabel("Name").fill("Ford Transit");
  await page.getByLabel("Kind").selectOption({ label: "Minibus" });
  await page.getByLabel("Passenger seats").fill("0");
  await page.getByLabel("Suitcases").fill("9");
  await page.getByLabel("Child seats").fill("2");
  await page.getByLabel("Picture", { exact: true }).selectOption("trafic");
  await page.getByLabel("Picture text").fill("Ford Transit minibus, side view");
  await page.getByLabel("Description").fill("A nine-seat minibus for groups going to the parks.");
  await page.getByLabel("Luggage, in words").fill("Nine large suitcases.");
  await page.getByRole("button", { name: "Add vehicle" }).click();
  const seats = page.getByLabel("Passenger seats");
  await expect(seats).toHaveAttribute("aria-invalid", "true");
  await expect(seats).toHaveAccessibleDescription(/whole number from 1 to 90/);
  await expect(page.getByRole("heading", { name: "The fleet (9, 9 active)" })).toBeVisible();
  await expectNoAxeViolations(page, "/admin/vehicles with an error");

  await seats.fill("9");
  await page.getByRole("button", { name: "Add vehicle" }).click();
  await expect(page.getByRole("status")).toContainText("Ford Transit is added to the fleet.");
  await expect(page.getByRole("heading", { name: "The fleet (10, 10 active)" })).toBeVisible();

  const suv = page.getByRole("row", { name: /Peugeot 5008/ });
  await suv.getByRole("link", { name: "Edit Peugeot 5008" }).click();
  await expect(page.getByRole("heading", { name: "Edit Peugeot 5008" })).toBeVisible();
  await expect(page.getByLabel("Suitcases")).toHaveValue("3");
  await page.getByLabel("Suitcases").fill("5");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toContainText("Peugeot 5008's details are saved.");
  await page
    .getByRole("row", { name: /50-seat coach/ })
    .getByRole("button", { name: "Deactivate 50-seat coach" })
    .click();
  await expect(page.getByRole("heading", { name: "The fleet (10, 9 active)" })).toBeVisible();

  // The cars page follows within the fleet store's second.
  await expect(async () => {
    await page.goto("/cars");
    await expect(page.getByRole("heading", { name: "Ford Transit" })).toBeVisible({ timeout: 500 });
    await expect(page.getByRole("heading", { name: "50-seat coach" })).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(page.locator("li", { has: page.getByRole("heading", { name: "Peugeot 5008" }) })).toContainText("5 suitcases");
  await expect(page.locator("li", { has: page.getByRole("heading", { name: "Ford Transit" }) })).toContainText("9 passengers");
  await page.context().close();
});

test("a vehicle's French description written on the vehicles page is the French cars page's", async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await (await browser.newContext({ baseURL: site.base })).newPage();
  await signIn(page, ADMIN, "/admin/vehicles");
  await page
    .getByRole("row", { name: /Mercedes Class S/ })
    .getByRole("link", { name: "Edit Mercedes Class S" })
    .click();
  const french = page.getByRole("group", { name: "Français" });
  const description = french.getByLabel("About the vehicle");
  // The first fleet's French text is there first: the form is drawn before it is typed in.
  await expect(description).toHaveValue(/Mercedes/);
  await waitForReady(page);
  await description.fill("Une berline de prestige pour deux ou trois passagers.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toContainText("Mercedes Class S's details are saved.");
  await expectNoAxeViolations(page, "/admin/vehicles with its texts in other languages");

  const card = (name: string) => page.locator("li", { has: page.getByRole("heading", { name }) });
  await expect(async () => {
    await page.goto("/fr/cars");
    await expect(card("Mercedes Class S")).toContainText("Une berline de prestige pour deux ou trois passagers.", { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(card("Mercedes Class S").locator("[lang]")).toHaveCount(0);
  await page.goto("/cars");
  await expect(card("Mercedes Class S")).not.toContainText("berline");
  await page.context().close();
});

test("the vehicles page refuses a signed-out visitor and a post from another site", async () => {
  const visit = await fetch(`${site.base}/admin/vehicles`, { redirect: "manual" });
  expect([302, 303]).toContain(visit.status);
  expect(visit.headers.get("location")).toContain("/admin/login");
  const add = await fetch(`${site.base}/admin/vehicles`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": FORM, origin: "https://elsewhere.example" },
    body: new URLSearchParams({ intent: "deactivate", id: "1" }),
  });
  expect(add.status).toBe(403);
});

test("two passengers with six suitcases are priced as the van before payment", async ({ page }) => {
  await page.goto(
    `${site.base}/reservation?depart=${encodeURIComponent(CDG)}&arrive=${encodeURIComponent(DISNEY)}&private_shuttle=1&nb_pax=2`,
    {
      waitUntil: "load",
    },
  );
  await waitForReady(page);
  const price = page.locator("#passengers-title ~ .price, .section-head .price").first();
  await expect(price).toContainText(formatEuros(privateCard(2)));
  await input(page, "check_in_luggage").fill("6");
  await expect(page.getByText(`Your luggage needs a van: ${formatEuros(privateCard(7))}`)).toBeVisible();
  await expect(price).toContainText(formatEuros(privateCard(7)));
  expect(privateCard(7)).toBeGreaterThan(privateCard(2));
  await expectNoAxeViolations(page, "/reservation with luggage that needs a van");

  // Ten suitcases fit no vehicle the site books: the form says whom to call and posts nothing.
  await input(page, "check_in_luggage").fill("10");
  await input(page, "cabin_bag").fill("4");
  await input(page, "french_date_pu_t1").fill(formatFrenchDate(addDays(parisToday(new Date()), 3)));
  await input(page, "horaire_vol_pu_1").fill("10:00");
  await input(page, "city_vol_pu_1").fill("London");
  await input(page, "num_vol_pu_1").fill("BA304");
  await input(page, "hotel_n_drop_1").selectOption(String(HOTEL.id));
  await fillCustomer(page);
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page.getByRole("alert")).toContainText(`Please call us on ${PHONE}`);
  expect(page.url()).toContain("/reservation");
});

test("a post that books a saloon for six suitcases is stored at the van's price", async ({ page }) => {
  const booked = await post(bookingFor("private", { check_in_luggage: "6" }, 1), "10.9.0.1");
  expect(booked.status, await booked.text()).toBe(303);
  const location = booked.headers.get("location") ?? "";
  expect(location).toMatch(/^\/payment\/NV-[A-Z0-9]{6}$/);
  await page.goto(`${site.base}${location}`);
  await expect(page.getByRole("button", { name: `Pay ${formatEuros(privateCard(7))}` })).toBeVisible();
});

test("a shuttle post with more luggage than its seats include is refused with the phone number", async () => {
  const refused = await post(bookingFor("shuttle", { check_in_luggage: "3" }, 2), "10.9.0.2");
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain(
    `A shuttle seat includes one suitcase and one cabin bag per passenger. For more luggage, choose a private transfer, or call us on ${PHONE}.`,
  );
});
