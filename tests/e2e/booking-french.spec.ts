import { expect, test } from "@playwright/test";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { bookingInput as input, catalogue, catalogueWords, expectNoAxeViolations } from "./helpers";
import { type SiteServer, startSite } from "./site-server";
import { fillBookingIn, mailsTo, manageLinkIn } from "./traveller-helpers";

// A booking made in French, end to end: the form corrects it in French, the sandbox takes its
// payment in French, a real SMTP server receives its traveller's e-mails in French, and the link
// they carry opens the booking's page, its voucher and its change form in French, where the
// traveller changes a detail and cancels (docs/product.md, Languages).

const SITE_NAME = "Navette Français";
const TRAVELLER = "ada@example.com";

let smtp: TestSmtp;
let site: SiteServer;
let orderId = "";
/** The booking's page, from its confirmation's link: a path under /fr/. */
let bookingPage = "";

const fr = catalogueWords("fr", "manage");
const mail = catalogueWords("fr", "email");

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  smtp = await startSmtp();
  site = await startSite({
    env: { SMTP_URL: smtp.url, MAIL_FROM: "Navette <booking@french.test>", SITE_EMAIL: "business@french.test", SITE_NAME },
  });
});
test.afterAll(async () => {
  await site?.stop();
  await smtp?.close();
});

/** The traveller's messages about the booking whose subject is `subject`, once one has arrived. */
async function travellerMail(subject: string) {
  const [received] = await mailsTo(smtp, new RegExp(`^\\[TEST\\] ${subject.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  expect(received!.to).toEqual([TRAVELLER]);
  return received!;
}

test("a French booking is corrected in French, paid in French and confirmed by a French e-mail", async ({ page }) => {
  const booking = catalogue("fr", "booking");
  const payment = catalogue("fr", "payment");
  await fillBookingIn(page, "fr", site.base, 5);
  await input(page, "lastname").fill("");
  await page.getByRole("button", { name: booking["form.submit"] }).click();
  await expect(page.locator("#err-lastname")).toHaveText(`${booking["prefix.customer"]}${booking["rule.lastname"]}`);
  await input(page, "lastname").fill("Lovelace");
  await page.getByRole("button", { name: booking["form.submit"] }).click();
  await page.waitForURL(/\/fr\/payment\/NV-[A-Z0-9]{6}$/);
  orderId = /NV-[A-Z0-9]{6}$/.exec(page.url())![0];
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await page.getByRole("button", { name: new RegExp(`^${payment["sandbox.pay"]!.replace("{amount}", "")}`) }).click();
  await page.waitForURL(/\/fr\/response_bank_ok_ko\?ok_ko=ok/);

  const confirmation = await travellerMail(mail("paid.subject", { siteName: SITE_NAME, orderId }));
  expect(confirmation.text).toContain(mail("greeting", { name: "Ada Lovelace" }));
  expect(confirmation.text).toContain(mail("paid.thanks", { siteName: SITE_NAME }));
  expect(confirmation.text).toContain(mail("cancellation.rule"));
  bookingPage = new URL(manageLinkIn(confirmation)).pathname;
  expect(bookingPage).toMatch(/^\/fr\/my-booking\/[A-Za-z0-9_-]{43}$/);
});

test("its link opens the booking's page and its voucher in French", async ({ page }) => {
  const response = await page.goto(`${site.base}${bookingPage}`);
  expect(response!.headers()["cache-control"]).toBe("no-store");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page).toHaveTitle(fr("page.title", { orderId }));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr("page.heading", { orderId }));
  await expect(page.locator(".manage-status h2")).toHaveText(`${fr("status.label")} ${fr("status.title.paidWaitingConfirmation")}`);
  await expect(page.getByRole("heading", { name: fr("trip.title") })).toBeVisible();
  await expectNoAxeViolations(page, "the French booking's page");

  await page.getByRole("link", { name: fr("documents.voucher") }).click();
  await page.waitForURL(`${site.base}${bookingPage}/voucher`);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { name: fr("voucher.notFoundTitle") })).toBeVisible();
  await expect(page.getByText(fr("voucher.noOther"))).toBeVisible();
  await expectNoAxeViolations(page, "the French voucher");
});

test("the traveller changes the flight number on the French change form", async ({ page }) => {
  await page.goto(`${site.base}${bookingPage}`);
  await page.getByRole("link", { name: fr("cancel.changeDetails") }).click();
  await page.waitForURL(`${site.base}${bookingPage}/change`);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr("change.heading", { orderId }));
  const flight = page.getByLabel(fr("change.flightNumber"));
  await expect(flight).toHaveValue("IB3436");
  // A control character is refused in French, at its field, before anything is sent.
  await flight.fill("IB\u202e3437");
  await page.getByRole("button", { name: fr("change.save") }).click();
  await expect(page.getByRole("alert")).toContainText(fr("change.problem.plainText", { label: fr("change.flightNumber") }));
  await flight.fill("IB3437");
  await page.getByRole("button", { name: fr("change.save") }).click();
  await expect(page.getByRole("status")).toHaveText(fr("change.done.changed"));
  await expect(flight).toHaveValue("IB3437");
  await expectNoAxeViolations(page, "the French change form");
});

test("the traveller cancels in French and is refunded by a French e-mail", async ({ page }) => {
  await page.goto(`${site.base}${bookingPage}`);
  const amount = (await page
    .locator("dt", { hasText: fr("money.paid") })
    .locator("+ dd")
    .textContent())!;
  expect(amount).toMatch(/^\d+,\d{2}\s€$/);
  await page.getByRole("button", { name: fr("cancel.button") }).click();
  await expect(page.getByRole("heading", { level: 2, name: fr("confirm.questionRefund", { orderId, amount }) })).toBeFocused();
  await expectNoAxeViolations(page, "the French confirmation step");
  await page.getByRole("button", { name: fr("confirm.yesRefund") }).click();
  await expect(page.getByRole("status")).toHaveText(fr("page.cancelledRefunded", { orderId, amount }));
  await expect(page.locator(".manage-status h2")).toHaveText(`${fr("status.label")} ${fr("status.title.cancelledRefunded")}`);
  await travellerMail(mail("cancelled.subject", { siteName: SITE_NAME, orderId }));
});
