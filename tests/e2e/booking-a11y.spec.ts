import { expect, test, type Page } from "@playwright/test";
import { type SiteServer, startCapture, startSite } from "./site-server";
import { addDays, formatFrenchDate, parisToday } from "../../app/domain/booking/paris-time";
import {
  bookingInput as input,
  DESKTOP,
  PageProblems,
  expectNoAxeViolations,
  fillCustomer,
  gotoReady,
  newPage,
  waitForReady,
} from "./helpers";

// Accessibility of the booking screen: axe-core (WCAG 2.0/2.1 A and AA, 2.2 AA) finds
// nothing on the empty form, after a failed submit, on the filled form and with the calendar
// open; and the whole form works from the keyboard alone — every control is reached with Tab,
// focus is always visible, and a booking goes through to the payment result screen.

const CDG_DISNEY = "depart=Charles_de_Gaulle_Airport_(CDG)&arrive=Disneyland_Paris";

async function fillValidBooking(page: Page): Promise<void> {
  await input(page, "french_date_pu_t1").fill(formatFrenchDate(addDays(parisToday(new Date()), 3)));
  await input(page, "horaire_vol_pu_1").fill("10:00");
  await input(page, "city_vol_pu_1").fill("London");
  await input(page, "num_vol_pu_1").fill("BA304");
  await input(page, "address_drop_1").fill("Rue de la Marnière");
  await input(page, "zip_drop_1").fill("77700");
  await fillCustomer(page);
}

test.describe("axe on the booking screen", () => {
  test("empty form, after a failed submit, filled form and with the calendar open", async ({ browser }) => {
    test.slow(); // four axe scans of the largest page: 24 s in CI, close to the default 30 s
    const { context, page } = await newPage(browser, DESKTOP);
    await gotoReady(page, `/reservation?${CDG_DISNEY}&type_trajet=2`);
    await expectNoAxeViolations(page, "empty booking form");

    await page.getByRole("button", { name: "Book Now" }).click();
    await expect(page.locator(".error-summary")).toBeFocused();
    await expectNoAxeViolations(page, "booking form after a failed submit");

    await page
      .getByRole("button", {
        name: /^Choose in a calendar\s*:\s*Date of the transfer$/,
      })
      .click();
    await expect(page.getByRole("dialog", { name: "Date of the transfer" })).toBeVisible();
    await expect(page.locator(".react-datepicker__day").first()).toBeVisible();
    await expectNoAxeViolations(page, "booking form with the calendar open");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await fillValidBooking(page);
    await input(page, "french_date_pu_t2").fill(formatFrenchDate(addDays(parisToday(new Date()), 8)));
    await input(page, "horaire_vol_drop_2").fill("18:00");
    await input(page, "num_vol_drop_2").fill("AF008");
    await expectNoAxeViolations(page, "filled booking form");
    await context.close();
  });

  test("one-way empty form on a phone-sized screen", async ({ browser }) => {
    const { context, page } = await newPage(browser, {
      width: 390,
      height: 844,
    });
    await gotoReady(page, "/reservation");
    await expectNoAxeViolations(page, "empty booking form, mobile");
    await context.close();
  });
});

test.describe("the booking form with the keyboard alone", () => {
  let capture: Awaited<ReturnType<typeof startCapture>>;
  let site: SiteServer;
  let siteBase = "";

  test.beforeAll(async () => {
    test.setTimeout(60_000); // the site opens its PGlite store as it starts
    capture = await startCapture(() => siteBase);
    site = await startSite({ env: { BOOKING_ENDPOINT: capture.url } });
    siteBase = site.base;
  });

  test.afterAll(async () => {
    await site.stop();
    await capture.close();
  });

  /** What has focus: a key naming the control, and whether its focus can be seen. */
  async function focused(page: Page): Promise<{ key: string; inForm: boolean; visible: boolean }> {
    return page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { key: "(body)", inForm: false, visible: false };
      const form = document.querySelector("form.booking-form");
      const name = el.getAttribute("name");
      const key =
        name && (el as HTMLInputElement).type !== "radio"
          ? `name:${name}`
          : name
            ? `radio:${name}`
            : `text:${(el.textContent ?? "").trim()}`;
      const shows = (node: Element | null) => {
        if (!node) return false;
        const s = getComputedStyle(node);
        const outline = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0;
        return outline || (s.boxShadow !== "none" && s.boxShadow !== "");
      };
      // The phone country select is transparent over its flag: the flag shows its focus.
      const own = getComputedStyle(el).opacity !== "0";
      const visible = own ? shows(el) : shows(el.nextElementSibling);
      return { key, inForm: !!form && form.contains(el), visible };
    });
  }

  async function tabTo(page: Page, key: string): Promise<void> {
    for (let i = 0; i < 120; i++) {
      if ((await focused(page)).key === key) return;
      await page.keyboard.press("Tab");
    }
    throw new Error(`Tab never reached ${key}`);
  }

  test("every control is reached with Tab with its focus visible, and a booking goes through", async ({ page }) => {
    const problems = await PageProblems.attach(page);
    // The calendar opens on the day after the page is made: the day booked below counts from then.
    const day = addDays(parisToday(new Date()), 3);
    await page.goto(`${siteBase}/reservation?${CDG_DISNEY}&nb_pax=2`, {
      waitUntil: "load",
    });
    await waitForReady(page);

    // The controls a visitor can use: one stop per radio group.
    const expected = await page.locator("form.booking-form").evaluate((form) => {
      const keys = new Set<string>();
      for (const el of form.querySelectorAll<HTMLElement>("input, select, textarea, button, a[href]")) {
        const box = el.getBoundingClientRect();
        const hidden = (el as HTMLInputElement).type === "hidden" || el.closest("[hidden]") || (box.width === 0 && box.height === 0);
        if (hidden || (el as HTMLButtonElement).disabled) continue;
        const name = el.getAttribute("name");
        keys.add(
          name && (el as HTMLInputElement).type !== "radio"
            ? `name:${name}`
            : name
              ? `radio:${name}`
              : `text:${(el.textContent ?? "").trim()}`,
        );
      }
      return [...keys];
    });
    expect(expected).toContain("text:Book Now");

    const reached = new Set<string>();
    const unseen: string[] = [];
    for (let i = 0; i < 150; i++) {
      await page.keyboard.press("Tab");
      const now = await focused(page);
      if (now.inForm && !reached.has(now.key)) {
        // Judged where focus first lands on the control (a time input has a stop per segment).
        reached.add(now.key);
        if (!now.visible) unseen.push(now.key);
      }
      if (now.key === "text:Book Now") break;
    }
    expect(
      expected.filter((k) => !reached.has(k)),
      "controls never reached with Tab",
    ).toEqual([]);
    expect(unseen, "controls whose keyboard focus cannot be seen").toEqual([]);

    // Now a booking, keyboard only: Shift+Tab back to the top of the form and fill it in.
    await page.keyboard.press("Control+Home");
    await page.locator("body").evaluate((b) => (b as HTMLElement).focus());
    await tabTo(page, "name:pax_adult_t1");
    await page.keyboard.press("ArrowUp"); // 2 → 3 adults
    await expect(input(page, "pax_adult_t1")).toHaveValue("3");

    await tabTo(page, "text:Choose in a calendar: Date of the transfer");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Date of the transfer" })).toBeVisible();
    // The calendar opens on tomorrow (Paris), with the keyboard on it.
    await expect(page.locator(".react-datepicker__day:focus")).toHaveCount(1);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(input(page, "french_date_pu_t1")).toHaveValue(formatFrenchDate(day));
    await expect(
      page.getByRole("button", {
        name: /^Choose in a calendar\s*:\s*Date of the transfer$/,
      }),
    ).toBeFocused();

    await tabTo(page, "name:horaire_vol_pu_1");
    await page.keyboard.type("1000");
    await page.keyboard.type("A"); // the AM/PM segment of an en-US time input
    await expect(input(page, "horaire_vol_pu_1")).toHaveValue("10:00");
    await tabTo(page, "name:city_vol_pu_1");
    await page.keyboard.type("London");
    await tabTo(page, "name:num_vol_pu_1");
    await page.keyboard.type("ba304");
    await tabTo(page, "name:hotel_n_drop_1");
    await page.keyboard.press("ArrowDown");
    await expect(input(page, "address_drop_1")).not.toHaveValue("");
    await tabTo(page, "name:lastname");
    await page.keyboard.type("Lovelace");
    await tabTo(page, "name:firstname");
    await page.keyboard.type("Ada");
    await tabTo(page, "name:email");
    await page.keyboard.type("ada@example.com");
    await tabTo(page, "name:phone_mobile");
    await page.keyboard.press("End");
    await page.keyboard.type("612345678");
    await tabTo(page, "text:Book Now");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/response_bank_ok_ko\?ok_ko=ok&order_id=TEST1$/, {
      timeout: 10_000,
    });
    await expect(page.getByText("Your reservation will be confirmed within 12 hours.")).toBeVisible();
    expect(capture.captures).toHaveLength(1);
    const f = Object.fromEntries(capture.captures[0]!.fields.entries());
    expect(f).toMatchObject({
      pax_adult_t1: "3",
      french_date_pu_t1: formatFrenchDate(day),
      horaire_vol_pu_1: "10:00",
      city_vol_pu_1: "London",
      num_vol_pu_1: "BA304",
      lastname: "Lovelace",
      phone_mobile: "+33612345678",
    });
    await problems.expectNone();
  });
});
