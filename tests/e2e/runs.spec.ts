import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { initialDraft, setFlightTime, setLegDate } from "../../app/domain/booking/draft";
import type { BookingDraft } from "../../app/domain/booking/fields";
import { addDays, isoDate, parisToday } from "../../app/domain/booking/paris-time";
import { priceRequestOf } from "../../app/domain/booking/price-request";
import { activeCapacities, FIRST_FLEET } from "../../app/domain/fleet";
import { HOTELS } from "../../app/domain/hotels";
import { parsePriceFile } from "../../app/domain/pricing/csv";
import { quote } from "../../app/domain/pricing/pricing";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { signIn } from "./admin-helpers";
import { expectNoAxeViolations } from "./helpers";
import { startSite, type SiteServer } from "./site-server";
import { mailsTo } from "./traveller-helpers";

// The shared shuttle's runs (docs/product.md, Shared shuttle runs) on a site of the test's own:
// six shuttle bookings of two landing at CDG from 10:00 to 10:40, booked through the public
// endpoint and paid in the sandbox, planned into runs, one moved, one run locked and the rest
// re-planned, the day's CSV, a run dispatched, and a flight's new landing time entered on the
// board, which moves the pickup and e-mails the driver and the traveller (a real SMTP server).

const ROWS = parsePriceFile(readFileSync(new URL("../../data/prices.csv", import.meta.url), "utf8")).rows;
const ADMIN = { email: "runs-owner@navette.test", password: "runs owner password" };
const CDG = "Charles de Gaulle Airport (CDG)";
const HOTEL = HOTELS.find((h) => h.zip === "77700")!;
const FORM = "application/x-www-form-urlencoded";
const LANDINGS = ["10:00", "10:08", "10:16", "10:24", "10:32", "10:40"];
const DAY = addDays(parisToday(new Date()), 3);
const ISO = isoDate(DAY);

let site: SiteServer;
let smtp: TestSmtp;
const orders: string[] = [];

function shuttleFor(n: number, landing: string): BookingDraft {
  let d = initialDraft({ depart: CDG, arrive: "Disneyland Paris", private_shuttle: "0", nb_pax: "2" }, { now: new Date() });
  d = setFlightTime(setLegDate(d, 1, DAY), "pu", 1, landing);
  Object.assign(d, {
    city_vol_pu_1: "London",
    num_vol_pu_1: `BA${310 + n}`,
    hotel_drop_1: HOTEL.name,
    hotel_n_drop_1: String(HOTEL.id),
    address_drop_1: HOTEL.address,
    zip_drop_1: HOTEL.zip,
    pax_adult_t1: "2",
    pax_t1: "2",
    lastname: "Lovelace",
    firstname: "Ada",
    email: `ada.${n}@example.com`,
    phone_mobile: "+33 6 12 34 56 78",
    submission_token: `runs-${Date.now()}-${n}`,
  });
  const q = quote(ROWS, priceRequestOf(d, activeCapacities(FIRST_FLEET)));
  return Object.assign(d, { prix_cb: String(q.cb), prix_cash: String(q.cash) });
}

async function bookAndPay(form: BookingDraft, n: number): Promise<string> {
  const headers = { "content-type": FORM, origin: site.base, "x-forwarded-for": `10.77.0.${n + 1}` };
  const booked = await fetch(`${site.base}/api/booking`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams(form) });
  expect(booked.status, await booked.text()).toBe(303);
  const orderId = /^\/payment\/(NV-[A-Z0-9]{6})$/.exec(booked.headers.get("location") ?? "")?.[1];
  if (!orderId) throw new Error(`No payment page: ${booked.headers.get("location")}`);
  const paid = await fetch(`${site.base}/payment/${orderId}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, "x-forwarded-for": `10.77.1.${n + 1}` },
    body: new URLSearchParams({ intent: "pay" }),
  });
  expect(paid.status).toBe(303);
  return orderId;
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtp();
  site = await startSite({
    env: { SMTP_URL: smtp.url, MAIL_FROM: "Navette <booking@navette.test>", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  for (const [n, landing] of LANDINGS.entries()) orders.push(await bookAndPay(shuttleFor(n, landing), n));
});
test.afterAll(async () => {
  await site?.stop();
  await smtp?.close();
});

let page: Page;

/** The bookings of each run on the page, in the page's order, by the run's heading. */
async function runsOnPage(): Promise<Map<string, string[]>> {
  const runs = new Map<string, string[]>();
  for (const section of await page.locator("section.runs-run").all()) {
    const heading = (await section.getByRole("heading", { level: 3 }).textContent()) ?? "";
    const id = /Run #(\d+)/.exec(heading)?.[1] ?? "?";
    runs.set(id, (await section.locator("tbody tr td:first-child a").allTextContents()).sort());
  }
  return runs;
}

test("six shuttle bookings landing 10:00 to 10:40 at CDG become runs within the seats and the waiting promise", async ({ browser }) => {
  test.setTimeout(60_000);
  page = await (await browser.newContext({ baseURL: site.base })).newPage();
  await signIn(page, ADMIN, `/admin/runs?date=${ISO}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Shuttle runs,");
  await expect(page.getByText("0 runs; 6 shuttle pickups in no run yet.")).toBeVisible();
  await expectNoAxeViolations(page, "/admin/runs before planning");

  await page.getByRole("button", { name: "Plan the day's runs" }).click();
  await expect(page.getByRole("status")).toContainText("Planned 2 runs");
  await expect(page.getByRole("heading", { name: "CDG arrivals" })).toBeVisible();
  const runs = await runsOnPage();
  expect(runs.size).toBe(2);
  expect([...runs.values()].flat().sort()).toEqual([...orders].sort());
  for (const section of await page.locator("section.runs-run").all()) {
    const facts = (await section.locator("p").first().textContent()) ?? "";
    const [, seats] = /(\d+) of 8 seats/.exec(facts) ?? [];
    const [, wait] = /longest wait (\d+) min/.exec(facts) ?? [];
    expect(Number(seats)).toBeLessThanOrEqual(8);
    expect(Number(wait)).toBeLessThanOrEqual(30);
  }
  await expectNoAxeViolations(page, "/admin/runs planned");
});

test("a booking moved to another run lands there and locks that run", async () => {
  const before = await runsOnPage();
  const [fromId, toId] = [...before.keys()];
  const moved = before.get(fromId!)![0]!;
  const row = page.locator("section.runs-run", { hasText: `Run #${fromId}:` }).locator("tr", { hasText: moved });
  await row.getByLabel(`Move ${moved} to`).selectOption(toId!);
  await row.getByRole("button", { name: "Move" }).click();
  await expect(page.getByRole("status")).toContainText(`${moved} is in run #${toId}, now locked.`);
  const after = await runsOnPage();
  expect(after.get(toId!)).toContain(moved);
  expect(after.get(fromId!) ?? []).not.toContain(moved);
  await expect(page.getByRole("heading", { level: 3, name: new RegExp(`Run #${toId}:.*Locked`) })).toBeVisible();
});

test("a locked run stays as it is when the rest is re-planned", async () => {
  const before = await runsOnPage();
  // The run the move left is still the planner's: the dispatcher locks it.
  const locked = [...before.keys()][0]!;
  await page.getByRole("button", { name: `Lock run #${locked}` }).click();
  await expect(page.getByRole("status")).toContainText(`Run #${locked} is locked`);
  await page.getByRole("button", { name: "Re-plan the unlocked runs" }).click();
  await expect(page.getByRole("status")).toContainText("locked kept as they are");
  const after = await runsOnPage();
  expect(after.get(locked)).toEqual(before.get(locked));
  expect([...after.values()].flat().sort()).toEqual([...orders].sort());
});

test("the day's runs download as a CSV file with a header row and one row per booking", async () => {
  const answer = await page.request.get(`/admin/runs.csv?date=${ISO}`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toContain("text/csv");
  const lines = (await answer.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("Run,Airport,Direction,Run departure time,Vehicle,Driver,Order id,Passengers,Suitcases,Flight,Flight time");
  expect(lines).toHaveLength(7);
  for (const line of lines.slice(1)) expect(line).toMatch(/^\d+,CDG,arrival,\d\d:\d\d,,,NV-[A-Z0-9]{6},2,\d+(\.5)?,BA3\d\d,10:\d\d$/);
});

test("a move posted from another origin is refused and changes nothing", async () => {
  const before = await runsOnPage();
  const [fromId, toId] = [...before.keys()];
  const moved = before.get(fromId!)![0]!;
  const answer = await page.request.post(`/admin/runs?date=${ISO}`, {
    form: { intent: "move", day: ISO, leg: `${moved}-1`, from: fromId!, to: toId! },
    headers: { origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(answer.status()).toBeGreaterThanOrEqual(400);
  await page.reload();
  expect(await runsOnPage()).toEqual(before);
});

test("a run is dispatched, and a new landing time entered on the board e-mails its driver and traveller", async () => {
  test.setTimeout(90_000);
  await page.goto("/admin/drivers");
  await page.getByLabel("Name").fill("Karim Benali");
  await page.getByLabel("Phone").fill("06 98 76 54 32");
  await page.getByLabel("E-mail").fill("karim@drivers.test");
  await page.getByRole("button", { name: "Add driver" }).click();
  await expect(page.getByRole("status")).toContainText("Karim Benali is added to the drivers.");

  await page.goto(`/admin/runs?date=${ISO}`);
  const [runId, bookings] = [...(await runsOnPage()).entries()][0]!;
  // A run is dispatched once its bookings are confirmed.
  for (const orderId of bookings) {
    await page.goto(`/admin/bookings/${orderId}`);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("status")).toContainText("The booking is confirmed");
  }
  await page.goto(`/admin/runs?date=${ISO}`);
  await page.getByLabel(`Vehicle of run #${runId}`).selectOption({ label: "Volkswagen Caravelle (8 seats, 8 suitcases)" });
  await page.getByLabel(`Driver of run #${runId}`).selectOption({ label: "Karim Benali" });
  await page.getByRole("button", { name: "Save and lock" }).first().click();
  await expect(page.getByRole("status")).toContainText(`Run #${runId} has Volkswagen Caravelle and Karim Benali`);
  await page.getByRole("button", { name: `Dispatch run #${runId}` }).click();
  await expect(page.getByRole("status")).toContainText(`Run #${runId} is dispatched`);
  await mailsTo(smtp, new RegExp(`Job ${bookings[0]}`));

  const late = bookings[0]!;
  await page.getByLabel(`New landing time of ${late}`).fill("11:25");
  await page.locator("tr", { hasText: late }).getByRole("button", { name: "Save landing" }).click();
  await expect(page.getByRole("status")).toContainText(`${late} lands at 11:25`);
  await expect(page.locator("tr", { hasText: late })).toContainText("ready 11:55");
  const [driverMail] = await mailsTo(smtp, new RegExp(`Job ${late}: .* now lands at 11:25$`));
  expect(driverMail!.to).toEqual(["karim@drivers.test"]);
  const [travellerMail] = await mailsTo(smtp, new RegExp(`new landing time for booking ${late}$`));
  expect(travellerMail!.text).toContain("11:25");
  await expectNoAxeViolations(page, "/admin/runs dispatched");
});
