import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { initialDraft, setFlightTime, setLegDate } from "../../app/domain/booking/draft";
import { addDays, formatFrenchDate, parisParts, parisToday, type ParisDate } from "../../app/domain/booking/paris-time";
import { proposalNote } from "../../app/domain/booking/pickup-proposal";
import { departureProposalOf } from "../../app/domain/booking/rules";
import { HOTELS } from "../../app/domain/hotels";
import { parsePriceFile } from "../../app/domain/pricing/csv";
import { TERMINALS } from "../../app/domain/terminals";
import { signIn } from "./admin-helpers";
import {
  DESKTOP,
  MOBILE,
  PageProblems,
  SITE_URL,
  bookingInput as input,
  bookingText,
  expectNoAxeViolations,
  fillCustomer,
  gotoReady,
  newPage,
} from "./helpers";

// The booking form's terminal question and a departure's proposed pick-up time (docs/product.md,
// Booking screen and Booking rules), on the built site with the shipped price file: a pick-up
// from a flight at CDG asks for the terminal, and a hotel → CDG transfer proposes its pick-up time
// from the take-off time, which the traveller may keep or bring forward by up to 3 hours.

const ROWS = parsePriceFile(readFileSync(new URL("../../data/prices.csv", import.meta.url), "utf8")).rows;
const CDG_DISNEY = "/reservation?depart=Charles_de_Gaulle_Airport_(CDG)&arrive=Disneyland_Paris&nb_pax=2";
const DISNEY_CDG = "/reservation?depart=Disneyland_Paris&arrive=Charles_de_Gaulle_Airport_(CDG)&nb_pax=2";
const HOTEL = HOTELS.find((h) => h.zip === "77700")!;
const DAY = addDays(parisToday(new Date()), 4);
const TERMINAL_MESSAGE =
  "FIRST STEP - The pick-up terminal must be a terminal of Paris Charles de Gaulle Airport (1, 2A, 2B, 2C, 2D, 2E, 2F, 2G, 3), or 'Not known yet'.";

const clock = (at: Date) => {
  const p = parisParts(at);
  return `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
};

/** What the domain proposes for a hotel → CDG shuttle on `day` taking off at `takeoff`, from the shipped price file. */
function expected(day: ParisDate, takeoff: string) {
  const draft = setFlightTime(
    setLegDate(
      initialDraft({ depart: "Disneyland_Paris", arrive: "Charles_de_Gaulle_Airport_(CDG)", nb_pax: "2" }, { now: new Date() }),
      1,
      day,
    ),
    "drop",
    1,
    takeoff,
  );
  const departure = departureProposalOf(draft, 1, ROWS);
  if (!departure) throw new Error("no proposal for the test's departure");
  const minutes = (n: number) => clock(new Date(departure.proposal.getTime() + n * 60_000));
  return {
    proposal: clock(departure.proposal),
    later: minutes(15),
    earlier: minutes(-30),
    note: bookingText(
      proposalNote({ takeoff: departure.takeoff, proposal: departure.proposal, durationMinutes: departure.timing.duree, legDate: day }),
    ),
  };
}

const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The hotel → CDG form filled but for its pick-up time: date, take-off 14:30, flight, hotel, customer. */
async function fillDeparture(page: Page): Promise<void> {
  await input(page, "french_date_pu_t1").fill(formatFrenchDate(DAY));
  await input(page, "horaire_vol_drop_1").fill("14:30");
  await input(page, "city_vol_drop_1").fill("Rome");
  await input(page, "num_vol_drop_1").fill("AZ 319");
  await input(page, "hotel_n_pu_1").selectOption(String(HOTEL.id));
  await fillCustomer(page);
}

test.describe("the pick-up terminal", () => {
  test("a CDG pick-up asks for the terminal: the 9 CDG terminals and 'Not known yet', not known by default", async ({ page }) => {
    const problems = await PageProblems.attach(page);
    await gotoReady(page, CDG_DISNEY);
    const terminal = page.getByRole("combobox", { name: "Terminal", exact: true });
    await expect(terminal).toHaveCount(1);
    await expect(terminal.locator("option")).toHaveText(["Not known yet", ...TERMINALS.CDG]);
    await expect(terminal).toHaveValue("");
    await expect(terminal).toHaveAttribute("name", "terminal_pu_1");
    // The draft kept in the browser keeps it: a reload brings it back.
    await terminal.selectOption("2A");
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("reservation") ?? "{}").terminal_pu_1)).toBe("2A");
    await gotoReady(page, CDG_DISNEY);
    await expect(terminal).toHaveValue("2A");
    // A drop-off at the airport is not asked.
    await gotoReady(page, DISNEY_CDG);
    await expect(page.getByRole("combobox", { name: "Terminal", exact: true })).toHaveCount(0);
    await problems.expectNone();
  });

  test("the terminal chosen is posted with the booking, and the same post with an Orly terminal is refused with the message", async ({
    page,
  }) => {
    const problems = await PageProblems.attach(page);
    let body = "";
    await page.route("**/api/booking", async (route) => {
      body = route.request().postData() ?? "";
      await route.continue();
    });
    await gotoReady(page, CDG_DISNEY);
    await input(page, "french_date_pu_t1").fill(formatFrenchDate(DAY));
    await input(page, "horaire_vol_pu_1").fill("10:00");
    await input(page, "city_vol_pu_1").fill("London");
    await input(page, "num_vol_pu_1").fill("BA304");
    await page.getByRole("combobox", { name: "Terminal", exact: true }).selectOption("2E");
    await input(page, "hotel_n_drop_1").selectOption(String(HOTEL.id));
    await fillCustomer(page);
    await page.getByRole("button", { name: "Book Now" }).click();
    await page.waitForURL(/\/payment\/NV-[A-Z0-9]{6}$/);
    const posted = new URLSearchParams(body);
    expect(posted.get("terminal_pu_1")).toBe("2E");
    expect(posted.get("terminal_pu_2")).toBe("");

    // Replayed with Orly's terminal 4 on the CDG pick-up: refused, with the message, nothing saved.
    posted.set("terminal_pu_1", "4");
    const replay = await fetch(`${SITE_URL}/api/booking`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: SITE_URL },
      body: posted,
    });
    expect(replay.status).toBe(400);
    const text = decode(await replay.text());
    expect(text).toContain("Your booking could not be sent");
    expect(text).toContain(TERMINAL_MESSAGE);
    await problems.expectNone();
  });
});

test.describe("the pick-up terminal on the phone booking form", () => {
  test("staff taking a CDG arrival by phone choose its terminal among CDG's; another airport's is refused", async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, undefined, "/admin/bookings/new");
    await page.getByLabel("From").selectOption("Charles de Gaulle Airport (CDG)");
    await page.getByLabel("To").selectOption("Disneyland Paris");
    await page.getByRole("button", { name: "Continue" }).click();
    const terminal = page.getByRole("combobox", { name: "Terminal", exact: true });
    await expect(terminal.locator("option")).toHaveText(["Not known yet", ...TERMINALS.CDG]);
    await page.getByLabel("Date of the transfer").fill(formatFrenchDate(DAY));
    await page.getByLabel("Landing time").fill("11:30");
    await page.getByLabel("Flight number").fill("EZY 123");
    await page.getByLabel("Flight arriving from (city)").fill("Geneva");
    await page.getByLabel("Hotel of the list").selectOption({ index: 1 });
    await page.getByLabel("Last name").fill("Durand");
    await page.getByLabel("First name").fill("Paul");
    await page.getByLabel("E-mail", { exact: true }).fill("paul@example.com");
    await page.getByLabel("Mobile phone").fill("+33 6 11 22 33 44");
    await page.getByLabel("Pay on board (cash)").check();
    // The server checks the terminal posted: Orly's terminal 4, slipped into the list, is refused.
    await terminal.evaluate((select: HTMLSelectElement) => select.add(new Option("4", "4")));
    await terminal.selectOption("4");
    await page.getByRole("button", { name: "Save booking" }).click();
    await expect(page.getByRole("alert")).toContainText(TERMINAL_MESSAGE.replace("FIRST STEP - ", ""));
    await expect(terminal).toHaveAttribute("aria-invalid", "true");
    await terminal.selectOption("2D");
    await page.getByRole("button", { name: "Save booking" }).click();
    await expect(page).toHaveURL(/\/admin\/bookings\/NV-[A-Z0-9]{6}\?done=created$/);
  });
});

test.describe("a departure's proposed pick-up time", () => {
  test("hotel → CDG: the proposal fills the pick-up time and follows the take-off until the traveller changes it; later is refused, earlier accepted", async ({
    page,
  }) => {
    const problems = await PageProblems.attach(page);
    let body = "";
    await page.route("**/api/booking", async (route) => {
      body = route.request().postData() ?? "";
      await route.continue();
    });
    await gotoReady(page, DISNEY_CDG);
    const pickup = page.getByLabel("Pick-up time", { exact: true });
    await expect(pickup).toHaveValue("");
    await expect(pickup).toHaveAccessibleDescription(/Enter the date and the take-off time, and we propose a pick-up time\./);

    await fillDeparture(page);
    const at1430 = expected(DAY, "14:30");
    await expect(pickup).toHaveValue(at1430.proposal);
    await expect(pickup).toHaveAccessibleDescription(`Paris time, on the quarter hour. ${at1430.note}`);
    expect(at1430.note).toMatch(
      /^Proposed from your 14:30 flight: leaving at \d\d:\d\d gets you to the airport .+ before takeoff\. You can change it\.$/,
    );

    // Untouched, the pick-up time follows a new take-off time.
    await input(page, "horaire_vol_drop_1").fill("16:00");
    await expect(pickup).toHaveValue(expected(DAY, "16:00").proposal);
    await input(page, "horaire_vol_drop_1").fill("14:30");
    await expect(pickup).toHaveValue(at1430.proposal);

    // Later than the proposal: refused before anything is posted.
    await pickup.fill(at1430.later);
    await page.getByRole("button", { name: "Book Now" }).click();
    const late = `FIRST STEP - To be at the airport in time for your 14:30 flight, pick-up must be at ${at1430.proposal} at the latest.`;
    await expect(page.getByRole("link", { name: late, exact: true })).toBeVisible();
    await expect(pickup).toHaveAttribute("aria-invalid", "true");
    await expect(pickup).toHaveAccessibleDescription(new RegExp(`${late.replace("FIRST STEP - ", "").replace(/[.()]/g, "\\$&")}$`));
    expect(body).toBe("");

    // The traveller's own time stays when the take-off changes.
    await pickup.fill(at1430.earlier);
    await input(page, "horaire_vol_drop_1").fill("15:00");
    await expect(pickup).toHaveValue(at1430.earlier);
    await input(page, "horaire_vol_drop_1").fill("14:30");
    await expect(pickup).toHaveValue(at1430.earlier);

    // An earlier quarter hour is accepted and posted.
    await page.getByRole("button", { name: "Book Now" }).click();
    await page.waitForURL(/\/payment\/NV-[A-Z0-9]{6}$/);
    const posted = new URLSearchParams(body);
    const [h, m] = at1430.earlier.split(":").map(Number);
    expect([posted.get("time_h_pu_t1"), posted.get("time_m_pu_t1"), posted.get("horaire_vol_drop_1")]).toEqual([
      String(h),
      String(m),
      "14:30",
    ]);
    await problems.expectNone();
  });
});

test.describe("accessibility of the new controls", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`axe: 0 violations at ${viewport.width} px, with the proposal, the return's terminal and an error shown`, async ({ browser }) => {
      const { context, page } = await newPage(browser, viewport);
      await gotoReady(page, `${DISNEY_CDG}&type_trajet=2`);
      await fillDeparture(page);
      await input(page, "french_date_pu_t2").fill(formatFrenchDate(addDays(DAY, 5)));
      await input(page, "horaire_vol_pu_2").fill("10:00");
      await input(page, "num_vol_pu_2").fill("AZ 320");
      const terminal = page.getByRole("combobox", { name: "Terminal", exact: true });
      await expect(terminal).toHaveAttribute("name", "terminal_pu_2");
      await terminal.selectOption("2F");
      await expect(page.getByLabel("Pick-up time", { exact: true })).toHaveValue(expected(DAY, "14:30").proposal);
      await expectNoAxeViolations(page, `the departure form at ${viewport.width} px`);

      await page.getByLabel("Pick-up time", { exact: true }).fill(expected(DAY, "14:30").later);
      await page.getByRole("button", { name: "Book Now" }).click();
      await expect(page.getByRole("alert")).toContainText("pick-up must be at");
      await expectNoAxeViolations(page, `the departure form with an error at ${viewport.width} px`);
      await context.close();
    });
  }
});
