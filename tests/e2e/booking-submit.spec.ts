import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { initialDraft, withCounts } from "../../app/domain/booking/draft";
import { DRAFT_FIELDS, type BookingDraft } from "../../app/domain/booking/fields";
import { addDays, formatFrenchDate, isoDate, parisToday } from "../../app/domain/booking/paris-time";
import { priceRequestOf } from "../../app/domain/booking/price-request";
import { HOTELS } from "../../app/domain/hotels";
import { parsePriceFile } from "../../app/domain/pricing/csv";
import { quote } from "../../app/domain/pricing/pricing";
import { bookingInput as input, fillCustomer, PageProblems, pickInCalendar, waitForReady } from "./helpers";
import { type Capture, type SiteServer, startCapture, startSite } from "./site-server";
import { activeCapacities, FIRST_FLEET } from "../../app/domain/fleet";

const FIRST_FLEET_CAPACITIES = activeCapacities(FIRST_FLEET);

// Submitting the booking form (docs/product.md, Booking screen): a
// complete one-way booking and a complete round trip post every draft field to BOOKING_ENDPOINT.
// Each worker starts the built site on a port of its own with BOOKING_ENDPOINT pointing at a
// small capture server, which records the form-encoded body and answers 303 to the site's
// payment result screen. Every flow runs with the browser in three time zones.

const ROWS = parsePriceFile(readFileSync(new URL("../../data/prices.csv", import.meta.url), "utf8")).rows;
const ZONES = ["Europe/Paris", "America/Los_Angeles", "Asia/Tokyo"] as const;
const CDG = "Charles de Gaulle Airport (CDG)";
const DISNEY = "Disneyland Paris";
const CDG_DISNEY = "depart=Charles_de_Gaulle_Airport_(CDG)&arrive=Disneyland_Paris";

/** The capture endpoint and a site server whose BOOKING_ENDPOINT is it. */
class Rig {
  captures: Capture[] = [];
  private site: SiteServer | null = null;
  private capture: Awaited<ReturnType<typeof startCapture>> | null = null;
  siteBase = "";

  async start(): Promise<void> {
    this.capture = await startCapture(() => this.siteBase);
    this.captures = this.capture.captures;
    this.site = await startSite({ env: { BOOKING_ENDPOINT: this.capture.url } });
    this.siteBase = this.site.base;
  }

  async stop(): Promise<void> {
    await this.site?.stop();
    await this.capture?.close();
  }
}

const rig = new Rig();
test.beforeAll(async () => {
  test.setTimeout(60_000); // the site opens its PGlite store before it listens
  await rig.start();
});
test.afterAll(async () => rig.stop());

function expectedPrices(query: string, change: (d: BookingDraft) => BookingDraft) {
  const draft = withCounts(
    change(
      initialDraft(Object.fromEntries(new URLSearchParams(query)), {
        now: new Date(),
      }),
    ),
  );
  const q = quote(ROWS, priceRequestOf(draft, FIRST_FLEET_CAPACITIES));
  expect(q.cb, "the file prices this booking by card").toBeGreaterThan(0);
  expect(q.cash, "the file prices this booking in cash").toBeGreaterThan(0);
  return { cb: String(q.cb), cash: String(q.cash) };
}

/** Double-clicks Book Now and waits for the payment result screen; exactly one POST must arrive. */
async function bookAndLand(page: Page): Promise<Capture> {
  const before = rig.captures.length;
  await page.getByRole("button", { name: "Book Now" }).dblclick();
  await page.waitForURL(/\/response_bank_ok_ko\?ok_ko=ok&order_id=TEST1$/, {
    timeout: 10_000,
  });
  await expect(page.getByText("Your reservation will be confirmed within 12 hours.")).toBeVisible();
  await expect(page.getByText("TEST1")).toBeVisible();
  await page.waitForTimeout(400); // a second post, if any, would have arrived by now
  const arrived = rig.captures.slice(before);
  expect(arrived, "exactly one POST for a double click").toHaveLength(1);
  const capture = arrived[0]!;
  expect(capture.method).toBe("POST");
  expect(capture.contentType).toContain("application/x-www-form-urlencoded");
  const names = [...new Set(capture.fields.keys())];
  expect(
    DRAFT_FIELDS.filter((n) => !names.includes(n)),
    "every draft field is posted",
  ).toEqual([]);
  for (const name of DRAFT_FIELDS) expect(capture.fields.getAll(name), `${name} posted once`).toHaveLength(1);
  return capture;
}

function posted(capture: Capture): Record<string, string> {
  return Object.fromEntries(capture.fields.entries());
}

for (const timezoneId of ZONES) {
  test.describe(`booking submit, browser in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test("a complete one-way booking posts every field to BOOKING_ENDPOINT and ends on the result screen", async ({ page }) => {
      const problems = await PageProblems.attach(page);
      const query = `${CDG_DISNEY}&nb_pax=2`;
      await page.goto(`${rig.siteBase}/reservation?${query}`, {
        waitUntil: "load",
      });
      await waitForReady(page);
      const day = addDays(parisToday(new Date()), 3);
      const hotel = HOTELS.find((h) => h.zip === "77700")!;

      await input(page, "pax_child_t1").fill("1");
      await input(page, "check_in_luggage").fill("2");
      await input(page, "stroller_single").fill("1");
      await input(page, "info_pax_luggage").fill("One guitar case");
      await pickInCalendar(page, "Date of the transfer", day);
      await expect(input(page, "french_date_pu_t1")).toHaveValue(formatFrenchDate(day));
      await input(page, "horaire_vol_pu_1").fill("10:00");
      await input(page, "city_vol_pu_1").fill("London");
      await input(page, "num_vol_pu_1").fill("ba304");
      await input(page, "hotel_n_drop_1").selectOption(String(hotel.id));
      await input(page, "info_t1").fill("Child seat please");
      await fillCustomer(page);
      await expect(input(page, "phone_mobile")).toHaveValue(/^\+33 ?6/);

      const capture = await bookAndLand(page);
      const f = posted(capture);
      const prices = expectedPrices(query, (d) => ({
        ...d,
        pax_child_t1: "1",
      }));
      expect(f).toMatchObject({
        lastname: "Lovelace",
        firstname: "Ada",
        email: "ada@example.com",
        phone_mobile: "+33612345678",
        shuttle_private: "Shuttle",
        nb_trajet: "1",
        depart: CDG,
        arrive: DISNEY,
        lieu_pu_1: CDG,
        lieu_drop_1: DISNEY,
        type_pu_t1: "1",
        type_drop_t1: "2",
        french_date_pu_t1: formatFrenchDate(day),
        date_pu_t1: isoDate(day),
        date_jour_pu_t1: String(day.day).padStart(2, "0"),
        date_mois_pu_t1: String(day.month).padStart(2, "0"),
        date_annee_pu_t1: String(day.year),
        horaire_vol_pu_1: "10:00",
        time_vol_pu_t1: "10",
        minute_vol_pu_t1: "00",
        city_vol_pu_1: "London",
        num_vol_pu_1: "BA304",
        hotel_drop_1: hotel.name,
        hotel_n_drop_1: String(hotel.id),
        address_drop_1: hotel.address,
        zip_drop_1: hotel.zip,
        pax_adult_t1: "2",
        pax_child_t1: "1",
        pax_baby_t1: "0",
        pax_t1: "3",
        check_in_luggage: "2",
        cabin_bag: "1",
        stroller_single: "1",
        stroller_double: "0",
        country: "FR",
        prix_cb: prices.cb,
        prix_cash: prices.cash,
      });
      expect(f.prix_cb).toMatch(/^\d+$/);
      expect(f.info_t1).toContain("Child seat please");
      expect(f.info_t1).toContain("Passengers: 2 adults, 1 child, 0 babies.");
      expect(f.info_t1).toContain("Luggage: 2 check-in, 1 cabin, 1 single stroller, 0 double strollers.");
      expect(f.info_t1).toContain("One guitar case");
      // The visitor's details stay stored under the reservation key.
      await page.goto(`${rig.siteBase}/response_bank_ok_ko?ok_ko=ok&order_id=TEST1`);
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("reservation") ?? "{}") as Record<string, string>);
      expect(stored.lastname).toBe("Lovelace");
      await problems.expectNone();
    });

    test("a complete round trip posts both legs, mirrored, with the round-trip price", async ({ page }) => {
      const problems = await PageProblems.attach(page);
      const query = `${CDG_DISNEY}&private_shuttle=1&type_trajet=2&nb_pax=3`;
      await page.goto(`${rig.siteBase}/reservation?${query}`, {
        waitUntil: "load",
      });
      await waitForReady(page);
      const today = parisToday(new Date());
      const out = addDays(today, 3);
      const back = addDays(today, 9);

      await input(page, "french_date_pu_t1").fill(formatFrenchDate(out));
      await input(page, "horaire_vol_pu_1").fill("07:50"); // rounds to 07:45
      await expect(input(page, "horaire_vol_pu_1")).toHaveValue("07:45");
      await input(page, "city_vol_pu_1").fill("New York");
      await input(page, "num_vol_pu_1").fill("AF007");
      await input(page, "hotel_drop_1").fill("Hotel du Test");
      await input(page, "address_drop_1").fill("5 Rue des Essais");
      await input(page, "zip_drop_1").fill("77144");
      await input(page, "french_date_pu_t2").fill(formatFrenchDate(back));
      await input(page, "horaire_vol_drop_2").fill("18:00");
      await input(page, "num_vol_drop_2").fill("AF008");
      await fillCustomer(page);

      const f = posted(await bookAndLand(page));
      const prices = expectedPrices(query, (d) => d);
      expect(f).toMatchObject({
        shuttle_private: "Private",
        nb_trajet: "2",
        aller_retour: "2",
        phone_mobile: "+33612345678",
        lieu_pu_1: CDG,
        lieu_drop_1: DISNEY,
        lieu_pu_2: DISNEY,
        lieu_drop_2: CDG,
        type_pu_t2: "2",
        type_drop_t2: "1",
        french_date_pu_t1: formatFrenchDate(out),
        date_pu_t1: isoDate(out),
        french_date_pu_t2: formatFrenchDate(back),
        date_pu_t2: isoDate(back),
        horaire_vol_pu_1: "07:45",
        time_vol_pu_t1: "07",
        minute_vol_pu_t1: "45",
        city_vol_pu_1: "New York",
        num_vol_pu_1: "AF007",
        hotel_pu_2: "Hotel du Test",
        address_pu_2: "5 Rue des Essais",
        zip_pu_2: "77144",
        horaire_vol_drop_2: "18:00",
        time_vol_drop_t2: "18",
        minute_vol_drop_t2: "00",
        city_vol_drop_2: "New York",
        num_vol_drop_2: "AF008",
        pax_adult_t1: "3",
        pax_adult_t2: "3",
        pax_t2: "3",
        prix_cb: prices.cb,
        prix_cash: prices.cash,
      });
      expect(f.info_t1).toContain("Passengers: 3 adults, 0 children, 0 babies.");
      expect(f.info_t1).toContain("Luggage: 1 check-in, 1 cabin, 0 single strollers, 0 double strollers.");
      expect(f.info_t2).toContain("Passengers: 3 adults, 0 children, 0 babies.");
      await problems.expectNone();
    });
  });
}

test("a number typed before the phone control has loaded is posted as the control would write it", async ({ page }) => {
  const problems = await PageProblems.attach(page);
  // Hold back the phone control, as a slow phone connection would, until the form is submitted.
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/PhoneInputField-[^/]+\.js$/, async (route) => {
    await gate;
    await route.continue().catch(() => undefined);
  });
  await page.goto(`${rig.siteBase}/reservation?${CDG_DISNEY}&nb_pax=2`, { waitUntil: "load" });
  await waitForReady(page);
  const hotel = HOTELS.find((h) => h.zip === "77700")!;
  await input(page, "french_date_pu_t1").fill(formatFrenchDate(addDays(parisToday(new Date()), 3)));
  await input(page, "horaire_vol_pu_1").fill("10:00");
  await input(page, "city_vol_pu_1").fill("London");
  await input(page, "num_vol_pu_1").fill("BA304");
  await input(page, "hotel_n_drop_1").selectOption(String(hotel.id));
  await input(page, "lastname").fill("Lovelace");
  await input(page, "firstname").fill("Ada");
  await input(page, "email").fill("ada@example.com");
  // The plain field takes the national number while the control is held back.
  await input(page, "phone_mobile").fill("06 12 34 56 78");
  const capture = await bookAndLand(page);
  expect(posted(capture)).toMatchObject({ phone_mobile: "+33612345678", phoneMobile: "+33612345678", phone: "+33612345678" });
  release();
  await problems.expectNone();
});

test.describe("booking submit: what the form sends stays inside the rules", () => {
  test("retyping a picked hotel's address unpicks it, and a same-day return before the outbound arrives is refused before posting", async ({
    page,
  }) => {
    const problems = await PageProblems.attach(page);
    await page.goto(`${rig.siteBase}/reservation?${CDG_DISNEY}&type_trajet=2&nb_pax=2`, { waitUntil: "load" });
    await waitForReady(page);
    const out = addDays(parisToday(new Date()), 3);
    const hotel = HOTELS.find((h) => h.zip === "77700")!;

    await input(page, "french_date_pu_t1").fill(formatFrenchDate(out));
    await input(page, "horaire_vol_pu_1").fill("07:45");
    await input(page, "city_vol_pu_1").fill("New York");
    await input(page, "num_vol_pu_1").fill("AF007");
    await input(page, "hotel_n_drop_1").selectOption(String(hotel.id));
    await expect(input(page, "address_drop_1")).toHaveValue(hotel.address);
    await input(page, "address_drop_1").fill("5 Rue des Essais");
    await expect(input(page, "hotel_n_drop_1")).toHaveValue("");
    // Back the same day for a 09:00 flight: the return pick-up would come before the outbound arrives.
    await input(page, "french_date_pu_t2").fill(formatFrenchDate(out));
    await input(page, "horaire_vol_drop_2").fill("09:00");
    await input(page, "num_vol_drop_2").fill("AF008");
    await fillCustomer(page);

    const before = rig.captures.length;
    await page.getByRole("button", { name: "Book Now" }).click();
    await expect(
      page.getByRole("link", { name: /^SECOND STEP - The return pick-up must be after the outbound arrival \(\d\d:\d\d\)\.$/ }),
    ).toBeVisible();
    expect(rig.captures.length, "nothing is posted").toBe(before);

    await input(page, "horaire_vol_drop_2").fill("21:00");
    const f = posted(await bookAndLand(page));
    expect(f).toMatchObject({
      hotel_drop_1: hotel.name,
      hotel_n_drop_1: "",
      address_drop_1: "5 Rue des Essais",
      hotel_pu_2: hotel.name,
      hotel_n_pu_2: "",
      address_pu_2: "5 Rue des Essais",
      french_date_pu_t2: formatFrenchDate(out),
      phone_mobile: "+33612345678",
      phoneCountryCode: "fr",
      country: "FR",
    });
    await problems.expectNone();
  });
});
