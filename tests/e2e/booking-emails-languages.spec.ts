import { expect, test } from "@playwright/test";
import type { Locale } from "../../app/domain/locales";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { catalogue, catalogueWords, expectNoAxeViolations } from "./helpers";
import { type SiteServer, startSite } from "./site-server";
import { signIn } from "./admin-helpers";
import { fillBookingIn, mailsTo, manageLinkIn } from "./traveller-helpers";

// A booking made in Spanish speaks Spanish to its traveller from the form to the e-mails a real
// SMTP server receives; the business reads its notice in English (docs/product.md, Languages).

const BUSINESS = "business@languages.test";
const STAFF = { email: "owner@languages.test", password: "languages e2e owner password" };
const SITE_NAME = "Navette Languages";

let smtp: TestSmtp;
let site: SiteServer;
/** The Spanish booking the first test makes, which the others read. */
let spanishOrder = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  smtp = await startSmtp();
  site = await startSite({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Navette <booking@languages.test>",
      SITE_EMAIL: BUSINESS,
      SITE_NAME,
      ADMIN_EMAIL: STAFF.email,
      ADMIN_PASSWORD: STAFF.password,
    },
  });
});
test.afterAll(async () => {
  await site?.stop();
  await smtp?.close();
});

/** A message of the e-mail catalogue in `locale`, its placeholders filled. */
function mailText(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  return catalogueWords(locale, "email")(key, values);
}

test("a booking made in Spanish is paid in Spanish and confirmed to its traveller by a Spanish e-mail", async ({ page }) => {
  const booking = catalogue("es", "booking");
  const payment = catalogue("es", "payment");
  await fillBookingIn(page, "es", site.base, 5);
  await page.getByRole("button", { name: booking["form.submit"] }).click();
  await page.waitForURL(/\/es\/payment\/NV-[A-Z0-9]{6}$/);
  const orderId = /NV-[A-Z0-9]{6}$/.exec(page.url())![0];
  spanishOrder = orderId;
  await page.getByRole("button", { name: new RegExp(`^${payment["sandbox.pay"]!.replace("{amount}", "")}`) }).click();
  await page.waitForURL(/\/es\/response_bank_ok_ko\?ok_ko=ok/);

  const [confirmation] = await mailsTo(smtp, new RegExp(`${orderId}$`));
  const travellers = smtp.received.filter((m) => m.to.includes("ada@example.com") && m.subject.endsWith(orderId));
  expect(travellers).toHaveLength(1);
  expect(confirmation).toBeDefined();
  const mail = travellers[0]!;
  expect(mail.subject).toBe(`[TEST] ${mailText("es", "paid.subject", { siteName: SITE_NAME, orderId })}`);
  expect(mail.text).toContain(mailText("es", "greeting", { name: "Ada Lovelace" }));
  expect(mail.text).toContain(mailText("es", "paid.thanks", { siteName: SITE_NAME }));
  expect(mail.text).toContain(mailText("es", "cancellation.rule"));
  // The calendar file it carries speaks Spanish too.
  const calendar = mail.attachments.find((a) => a.filename.endsWith(".ics"))!;
  expect(calendar.content.replace(/\r\n[ \t]/g, "")).toContain(
    mailText("es", "calendar.summary", { siteName: SITE_NAME, orderId, from: "Charles de Gaulle Airport (CDG)", to: "Disneyland Paris" }),
  );
});

test("the Spanish e-mail's link opens the booking's page and its voucher in Spanish", async ({ page }) => {
  const es = catalogueWords("es", "manage");
  const mail = smtp.received.find((m) => m.to.includes("ada@example.com") && m.subject.endsWith(spanishOrder))!;
  const link = new URL(manageLinkIn(mail));
  expect(link.pathname).toMatch(/^\/es\/my-booking\/[A-Za-z0-9_-]{43}$/);

  const response = await page.goto(`${site.base}${link.pathname}`);
  expect(response!.headers()["cache-control"]).toBe("no-store");
  expect(response!.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(es("page.heading", { orderId: spanishOrder }));
  await expect(page.locator(".manage-status h2")).toHaveText(`${es("status.label")} ${es("status.title.paidWaitingConfirmation")}`);
  await expect(page.getByRole("heading", { name: es("cancel.title") })).toBeVisible();
  await expect(page.getByTestId("countdown")).toContainText(/\d/);
  // The amount as Spain writes it, under the page's own label.
  const paid = page.locator("dt", { hasText: es("money.paid") }).locator("+ dd");
  await expect(paid).toHaveText(/^\d+,\d{2}\s€$/);
  await expectNoAxeViolations(page, "the Spanish booking's page");

  await page.getByRole("link", { name: es("documents.voucher") }).click();
  await page.waitForURL(/\/es\/my-booking\/[A-Za-z0-9_-]{43}\/voucher$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(es("voucher.order", { orderId: spanishOrder }).replace(/<\/?0>/g, ""));
  await expect(page.getByRole("heading", { name: es("voucher.onTheDay") })).toBeVisible();
  await expect(page.getByRole("img", { name: es("voucher.qr") })).toBeVisible();
  await expectNoAxeViolations(page, "the Spanish voucher");
  await page.getByRole("link", { name: es("voucher.back") }).click();
  await page.waitForURL(new RegExp(`${link.pathname}$`));
});

test("'Lost your link?' in Spanish refuses in Spanish and answers in Spanish", async ({ page }) => {
  const es = catalogueWords("es", "manage");
  await page.goto(`${site.base}/es/my-booking`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(es("lost.meta.title"));
  await page.getByLabel(es("lost.orderId")).fill("not an order");
  await page.getByLabel(es("lost.email")).fill("ada@example.com");
  await page.getByRole("button", { name: es("lost.send") }).click();
  await expect(page.getByRole("alert")).toContainText(es("lost.orderIdProblem"));
  await expectNoAxeViolations(page, "the Spanish lost-link form with its problem");
  await page.getByLabel(es("lost.orderId")).fill(spanishOrder);
  await page.getByRole("button", { name: es("lost.send") }).click();
  await page.waitForURL(/\/es\/my-booking\?sent=1$/);
  await expect(page.getByRole("status")).toHaveText(es("lost.answer"));
});

test("the business is told of the Spanish booking in English", async () => {
  const [notice] = await mailsTo(smtp, /^\[TEST\] New paid booking NV-[A-Z0-9]{6}: /);
  expect(notice!.to).toEqual([BUSINESS]);
  expect(notice!.text).toContain(`A booking has been paid on ${SITE_NAME}.`);
  expect(notice!.text).toContain("Passengers: 2 adults, 0 children, 0 babies");
});

test("staff give the booking another language on its page, and its next e-mail speaks it", async ({ page }) => {
  await signIn(page, STAFF, `/admin/bookings/${spanishOrder}`, site.base);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(spanishOrder);
  const language = page.getByLabel("Traveller's language");
  await expect(language).toHaveValue("es");
  await expectNoAxeViolations(page, "the booking's page with its language");
  await language.selectOption("de");
  await page.getByRole("button", { name: "Save language" }).click();
  await expect(page.getByRole("status")).toHaveText("The traveller's language is saved: the e-mails written from now on speak it.");
  await expect(language).toHaveValue("de");

  await page.getByRole("button", { name: "Confirm" }).click();
  const subject = `[TEST] ${mailText("de", "confirmed.subject", { siteName: SITE_NAME, orderId: spanishOrder })}`;
  const [confirmation] = await mailsTo(smtp, new RegExp(`^${subject.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  expect(confirmation!.text).toContain(mailText("de", "greeting", { name: "Ada Lovelace" }));
});
