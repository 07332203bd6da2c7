import { expect, test, type Browser, type Page } from "@playwright/test";
import { withCounts } from "../../app/domain/booking/draft";
import { addDays, formatFrenchDate, isoDate, parisToday, type ParisDate } from "../../app/domain/booking/paris-time";
import { HOTELS } from "../../app/domain/hotels";
import { startSmtp, type ReceivedMail, type TestSmtp } from "../support/smtp";
import { signIn } from "./admin-helpers";
import { bookingInput as input, DESKTOP, fillCustomer, PageProblems, waitForReady } from "./helpers";
import { type SiteServer, startSite } from "./site-server";
import { mailsTo, manageLinkIn } from "./traveller-helpers";

// Child seats (docs/product.md, Booking screen): a family of 2 adults, 1 child and 1 baby books a
// private transfer CDG → a Disneyland hotel with one baby seat and one booster seat on the public
// form, and pays in the sandbox. The seats then show wherever the booking is read: the traveller's
// and the business's e-mails (a real SMTP server in the test), the traveller's booking page and
// voucher, the staff booking page, the run sheet, the CSV export, and the e-mails staff actions
// send. More seats than children and babies are refused: in the browser at the booster seats
// before anything is posted, and by the server when the form's post is replayed, nothing stored.
// The site is the test's own, with SMTP_URL set, its own business address and owner.

const STAFF = { email: "owner@child-seats.test", password: "child seats e2e owner password" };
const BUSINESS = "business@child-seats.test";
const DRIVER = { name: "Jean Dupont", phone: "06 45 67 89 01", email: "jean.driver@example.com", vehicle: "Mercedes Class V" };
const FAMILY_LINK = "/reservation?depart=Charles_de_Gaulle_Airport_(CDG)&arrive=Disneyland_Paris&private_shuttle=1&nb_pax=2";
const HOTEL = HOTELS.find((h) => h.zip === "77700")!;
const SEATS_GROUP = "Child seats, fitted by the driver";

/** The family's seats in words, as every place that shows them words them. */
const SEATS = "1 baby seat (group 0+), 1 booster seat (groups 2-3)";

let smtp: TestSmtp;
let site: SiteServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  smtp = await startSmtp();
  site = await startSite({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Navette <booking@navette.test>",
      SITE_EMAIL: BUSINESS,
      ADMIN_EMAIL: STAFF.email,
      ADMIN_PASSWORD: STAFF.password,
    },
  });
});
test.afterAll(async () => {
  await site?.stop();
  await smtp?.close();
});

interface FamilyBooking {
  orderId: string;
  /** The Paris day booked (read by the run sheet's check rather than today, which may have passed midnight since). */
  day: ParisDate;
  /** The form's post to /api/booking, as the browser sent it. */
  postedBody: string;
}

/** The booking the first tests make, which the later ones read. */
let family: FamilyBooking | undefined;

function booked(): FamilyBooking {
  if (!family) throw new Error("The family's booking was not made: see the test that books it.");
  return family;
}

/** A seat field, by its label, inside the child seats group. */
const seatField = (page: Page, label: string) => page.getByRole("group", { name: SEATS_GROUP }).getByLabel(label, { exact: true });

/**
 * Opens the private CDG → Disneyland form and fills it for 2 adults, 1 child and 1 baby landing
 * at 10:00 three days ahead (Paris), with 3 check-in bags, 2 cabin bags and a single stroller, and
 * the customer; the child seats are left to the caller. The Paris day booked.
 */
async function fillFamilyForm(page: Page): Promise<ParisDate> {
  await page.goto(`${site.base}${FAMILY_LINK}`, { waitUntil: "load" });
  await waitForReady(page);
  const day = addDays(parisToday(new Date()), 3);
  await input(page, "pax_child_t1").fill("1");
  await input(page, "pax_baby_t1").fill("1");
  await input(page, "french_date_pu_t1").fill(formatFrenchDate(day));
  await input(page, "horaire_vol_pu_1").fill("10:00");
  await input(page, "city_vol_pu_1").fill("London");
  await input(page, "num_vol_pu_1").fill("BA304");
  await input(page, "hotel_n_drop_1").selectOption(String(HOTEL.id));
  await input(page, "check_in_luggage").fill("3");
  await input(page, "cabin_bag").fill("2");
  await input(page, "stroller_single").fill("1");
  await fillCustomer(page);
  return day;
}

/** Every post the page makes to the booking endpoint, as it goes (form-encoded bodies). */
async function recordBookingPosts(page: Page): Promise<string[]> {
  const bodies: string[] = [];
  await page.route("**/api/booking", async (route) => {
    bodies.push(route.request().postData() ?? "");
    await route.continue();
  });
  return bodies;
}

/** The value next to a term of a description list (<dt>term</dt><dd>value</dd>). */
const described = (page: Page, term: string) => page.getByText(term, { exact: true }).locator("xpath=following-sibling::dd[1]");

/** A message's text as lines. */
const linesOf = (mail: ReceivedMail) => mail.text.split(/\r?\n/).map((line) => line.trimEnd());

/** A staff member signed in on the test's site, in a browser context of their own, with its page problems recorded. */
async function staffPage(browser: Browser, path: string): Promise<{ page: Page; problems: PageProblems }> {
  const context = await browser.newContext({ baseURL: site.base, viewport: DESKTOP });
  const page = await context.newPage();
  const problems = await PageProblems.attach(page);
  await signIn(page, STAFF, path);
  return { page, problems };
}

/** The fields of one CSV record (RFC 4180: quoted fields may hold commas and doubled quotes). */
function csvFields(record: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < record.length; i++) {
    const c = record[i]!;
    if (quoted) {
      if (c === '"' && record[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      fields.push(field);
      field = "";
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/** How many bookings the staff list holds ("1 booking.", "12 bookings."). */
async function bookingCount(page: Page): Promise<number> {
  await page.goto("/admin/bookings");
  const text = await page.getByText(/^[\d,]+ bookings?\.$/).textContent();
  return Number((text ?? "").replace(/\D/g, ""));
}

test("3 booster seats for a party with 1 child show the seats message at the booster seats, and nothing is posted", async ({ page }) => {
  const problems = await PageProblems.attach(page);
  const posts = await recordBookingPosts(page);
  await fillFamilyForm(page);
  // One child and no baby: a party of 2 adults and 1 child.
  await input(page, "pax_baby_t1").fill("0");
  await seatField(page, "Booster seats (groups 2-3, 15-36 kg)").fill("3");
  await page.getByRole("button", { name: "Book Now" }).click();

  // "FIRST STEP - You asked for 3 child seats for 1 child or baby: there can be no more seats than children and babies."
  const message = "FIRST STEP - You asked for 3 child seats for 1 child or baby: there can be no more seats than children and babies.";
  const summary = page.getByRole("alert");
  await expect(summary.getByRole("heading")).toHaveText("There is 1 problem with your booking");
  const link = summary.getByRole("link", { name: message, exact: true });
  await expect(link).toHaveAttribute("href", "#f-booster_seat");
  const booster = seatField(page, "Booster seats (groups 2-3, 15-36 kg)");
  await expect(booster).toHaveAttribute("aria-invalid", "true");
  await expect(booster).toHaveAccessibleDescription(message);
  await link.click();
  await expect(booster).toBeFocused();
  await page.waitForTimeout(300); // a post, if any, would have left by now
  expect(posts, "nothing is posted").toEqual([]);
  await expect(page).toHaveURL(`${site.base}${FAMILY_LINK}`);
  await problems.expectNone();
});

// One family's booking, made on the form by the first test and read by the others, in order.
test.describe("a family's booking with a baby seat and a booster seat", () => {
  test.describe.configure({ mode: "serial" });

  test("a family of 2 adults, 1 child and 1 baby books a private transfer with a baby seat and a booster seat, and pays in the sandbox", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const problems = await PageProblems.attach(page);
    const posts = await recordBookingPosts(page);
    const day = await fillFamilyForm(page);
    const group = page.getByRole("group", { name: SEATS_GROUP });
    await expect(group.getByRole("spinbutton")).toHaveCount(3);
    await seatField(page, "Baby seats (group 0+, up to 13 kg)").fill("1");
    await seatField(page, "Booster seats (groups 2-3, 15-36 kg)").fill("1");
    await page.getByRole("button", { name: "Book Now" }).click();
    await page.waitForURL(/\/payment\/NV-[A-Z0-9]{6}$/, { timeout: 15_000 });
    const orderId = /NV-[A-Z0-9]{6}$/.exec(page.url())![0];

    expect(posts).toHaveLength(1);
    const posted = new URLSearchParams(posts[0]);
    expect(Object.fromEntries(posted)).toMatchObject({
      shuttle_private: "Private",
      pax_adult_t1: "2",
      pax_child_t1: "1",
      pax_baby_t1: "1",
      baby_seat: "1",
      booster_seat: "1",
    });
    // The group 1 seat, untouched, is none (posted empty or 0).
    expect(["", "0"]).toContain(posted.get("child_seat"));

    await page.getByRole("button", { name: /^Pay / }).click();
    await page.waitForURL(/\/response_bank_ok_ko\?ok_ko=ok/, { timeout: 15_000 });
    family = { orderId, day, postedBody: posts[0]! };
    await problems.expectNone();
  });

  test("the traveller's and the business's e-mails name the seats", async () => {
    const { orderId } = booked();
    const [traveller] = await mailsTo(smtp, new RegExp(`your booking ${orderId}$`));
    expect(traveller!.to).toEqual(["ada@example.com"]);
    expect(linesOf(traveller!)).toContain("Passengers: 2 adults, 1 child, 1 baby");
    expect(linesOf(traveller!)).toContain(`Child seats: ${SEATS}`);

    const [business] = await mailsTo(smtp, new RegExp(`New paid booking ${orderId}:`));
    expect(business!.to).toEqual([BUSINESS]);
    expect(linesOf(business!)).toContain(`Child seats: ${SEATS}`);
  });

  test("the traveller's booking page and voucher show the seats", async ({ page }) => {
    const { orderId } = booked();
    const [mail] = await mailsTo(smtp, new RegExp(`your booking ${orderId}$`));
    const link = manageLinkIn(mail!);
    const problems = await PageProblems.attach(page);

    await page.goto(link);
    await waitForReady(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Booking ${orderId}`);
    await expect(described(page, "Passengers").first()).toHaveText("2 adults, 1 child, 1 baby");
    await expect(described(page, "Child seats")).toHaveText(SEATS);

    await page.goto(`${link}/voucher`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${orderId}`);
    await expect(described(page, "Luggage")).toHaveText(
      `3 check-in, 2 cabin, 1 single stroller, 0 double strollers; child seats: ${SEATS}`,
    );
    await problems.expectNone();
  });

  test("the staff booking page, the run sheet and the CSV export show the seats", async ({ browser }) => {
    const { orderId, day } = booked();
    const { page, problems } = await staffPage(browser, `/admin/bookings/${orderId}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Booking ${orderId}`);
    await expect(described(page, "Child seats")).toHaveText(SEATS);

    // The run sheet of the day booked: the booking's row, its luggage column.
    await page.goto(`/admin/run-sheet?date=${isoDate(day)}`);
    const table = page.locator(".run-sheet-table");
    const columns = (await table.locator("thead th").allTextContents()).map((c) => c.trim());
    const row = table.locator("tbody tr", { has: page.getByRole("link", { name: orderId, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.locator("td").nth(columns.indexOf("Passengers"))).toHaveText("2 adults, 1 child, 1 baby");
    await expect(row.locator("td").nth(columns.indexOf("Luggage"))).toHaveText(`3 check-in, 2 cabin, 1 single stroller, ${SEATS}`);

    // The CSV export: the booking's one record, its Luggage column.
    const csv = await page.request.get("/admin/bookings.csv");
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
    const header = csvFields(lines[0]!);
    const records = lines.filter((line) => line.startsWith(`${orderId},`)).map(csvFields);
    expect(records).toHaveLength(1);
    expect(records[0]![header.indexOf("Luggage")]).toBe(`3 check-in, 2 cabin, 1 single stroller, ${SEATS}`);
    await problems.expectNone();
    await page.context().close();
  });

  test("the form's post replayed with 3 booster seats for 1 child is refused with the seats message, and nothing is stored", async ({
    browser,
  }) => {
    const { orderId, postedBody } = booked();
    const { page, problems } = await staffPage(browser, "/admin/bookings");
    const before = await bookingCount(page);

    // The family's own post (its submission token, the paid booking's) and the same as a new booking.
    const message = "FIRST STEP - You asked for 3 child seats for 1 child or baby: there can be no more seats than children and babies.";
    for (const token of [null, `child-seats-replay-${Date.now()}`]) {
      const fields = Object.fromEntries(new URLSearchParams(postedBody));
      const replay = withCounts({
        ...fields,
        ...(token ? { submission_token: token } : {}),
        pax_child_t1: "1",
        pax_baby_t1: "0",
        baby_seat: "0",
        child_seat: "0",
        booster_seat: "3",
      });
      const answer = await fetch(`${site.base}/api/booking`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: site.base },
        body: new URLSearchParams(replay),
      });
      const text = (await answer.text())
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&");
      expect(answer.status, token ? "a new booking" : "the paid booking's own post").toBe(400);
      expect(text).toContain("Your booking could not be sent");
      expect(text).toContain(message);
    }

    // No booking was added, and the family's keeps its party and its seats.
    expect(await bookingCount(page)).toBe(before);
    await page.goto(`/admin/bookings/${orderId}`);
    await expect(described(page, "Passengers").first()).toContainText("2 adults, 1 child, 1 baby");
    await expect(described(page, "Child seats")).toHaveText(SEATS);
    await problems.expectNone();
    await page.context().close();
  });

  test("staff confirming the booking and assigning a driver send e-mails that name the seats", async ({ browser }) => {
    test.setTimeout(60_000);
    const { orderId } = booked();
    const { page, problems } = await staffPage(browser, "/admin/drivers");
    await page.getByLabel("Name").fill(DRIVER.name);
    await page.getByLabel("Phone").fill(DRIVER.phone);
    await page.getByLabel("E-mail").fill(DRIVER.email);
    await page.getByLabel("Vehicle", { exact: true }).selectOption({ label: `${DRIVER.vehicle} (7 seats)` });
    await page.getByRole("button", { name: "Add driver" }).click();
    await expect(page.getByRole("status")).toContainText(`${DRIVER.name} is added to the drivers.`);

    await page.goto(`/admin/bookings/${orderId}`);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("status")).toContainText("The booking is confirmed");
    await page.getByRole("combobox", { name: "Driver" }).selectOption({ label: `${DRIVER.name} (${DRIVER.vehicle})` });
    await page.getByRole("button", { name: "Assign driver" }).click();
    await expect(described(page, "Booking status")).toHaveText("Driver assigned");

    const [confirmed] = await mailsTo(smtp, new RegExp(`booking ${orderId} confirmed$`));
    expect(confirmed!.to).toEqual(["ada@example.com"]);
    expect(linesOf(confirmed!)).toContain(`Child seats: ${SEATS}`);
    const [job] = await mailsTo(smtp, new RegExp(`Job ${orderId}`));
    expect(job!.to).toEqual([DRIVER.email]);
    expect(linesOf(job!)).toContain(`Child seats: ${SEATS}`);
    await problems.expectNone();
    await page.context().close();
  });
});
