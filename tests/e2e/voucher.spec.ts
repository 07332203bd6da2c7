import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import ICAL from "ical.js";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { addDays, formatFrenchDate, parisInstant, parisToday, type ParisDate } from "../../app/domain/booking/paris-time";
import { HOTELS } from "../../app/domain/hotels";
import { MEETING_POINT_MAX_LENGTH, MEETING_POINTS_HEADER, parseMeetingPoints } from "../../app/domain/meeting-points";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { bookingInput as input, DESKTOP, expectNoAxeViolations, fillCustomer, MOBILE, waitForReady } from "./helpers";
import { type SiteServer, startSite } from "./site-server";
import { bookAndPay, mailsTo, manageLinkIn } from "./traveller-helpers";

// The voucher and the calendar (docs/product.md, Voucher and calendar): a booking made on the
// site and paid in the sandbox; its confirmation, caught by a real SMTP server, carries the
// calendar file (one event per leg, in Paris time) and the voucher's link; the same file comes
// from the manage link's /calendar.ics; the voucher prints on one A4 page through Chromium, and
// its QR code reads back as the booking's link. The site runs on the shipped meeting points file
// with every text made as long as the file allows, so one page holds the longest voucher.

let smtp: TestSmtp;
let site: SiteServer;
let folder: string;

test.describe.configure({ mode: "serial" });

/** data/meeting-points.csv with each meeting point lengthened to the most the file allows. */
function longestMeetingPoints(): string {
  const { points, errors } = parseMeetingPoints(readFileSync("data/meeting-points.csv", "utf8"));
  expect(errors).toEqual([]);
  const filler = " Please keep your phone on and your booking voucher at hand.";
  const rows = points.rows.map((r) => {
    let text = r.text;
    while (text.length + filler.length <= MEETING_POINT_MAX_LENGTH) text += filler;
    return `${r.airport},${r.terminal},${r.service},"${text.replace(/"/g, '""')}"`;
  });
  return [MEETING_POINTS_HEADER, ...rows].join("\n") + "\n";
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  folder = mkdtempSync(path.join(os.tmpdir(), "navette-voucher-"));
  const file = path.join(folder, "meeting-points.csv");
  writeFileSync(file, longestMeetingPoints());
  smtp = await startSmtp();
  site = await startSite({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Navette <booking@navette.test>", MEETING_POINTS_CSV: file } });
});
test.afterAll(async () => {
  await site?.stop();
  await smtp?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/**
 * Books a shared shuttle round trip CDG terminal 2G ⇄ a Disneyland hotel for three, with flights
 * at both ends, and pays it in the sandbox: the voucher's longest case. Its order id and outbound day.
 */
async function bookRoundTrip(page: Page): Promise<{ orderId: string; day: ParisDate }> {
  await page.goto(`${site.base}/reservation?depart=Charles_de_Gaulle_Airport_(CDG)&arrive=Disneyland_Paris&type_trajet=2&nb_pax=3`, {
    waitUntil: "load",
  });
  await waitForReady(page);
  const today = parisToday(new Date());
  const day = addDays(today, 3);
  const hotel = HOTELS.find((h) => h.zip === "77700")!;
  await input(page, "french_date_pu_t1").fill(formatFrenchDate(day));
  await input(page, "horaire_vol_pu_1").fill("10:00");
  await input(page, "city_vol_pu_1").fill("Rio de Janeiro");
  await input(page, "num_vol_pu_1").fill("AF443");
  await input(page, "terminal_pu_1").selectOption("2G");
  await input(page, "hotel_n_drop_1").selectOption(String(hotel.id));
  await input(page, "french_date_pu_t2").fill(formatFrenchDate(addDays(today, 9)));
  await input(page, "horaire_vol_drop_2").fill("18:00");
  await input(page, "city_vol_drop_2").fill("Rio de Janeiro");
  await input(page, "num_vol_drop_2").fill("AF444");
  await fillCustomer(page);
  await page.getByRole("button", { name: "Book Now" }).click();
  await page.waitForURL(/\/payment\/NV-[A-Z0-9]{6}$/, { timeout: 15_000 });
  const orderId = /NV-[A-Z0-9]{6}$/.exec(page.url())![0];
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/response_bank_ok_ko\?ok_ko=ok/, { timeout: 15_000 });
  return { orderId, day };
}

interface ReadEvent {
  uid: string;
  tzid: string | undefined;
  start: Date;
  summary: string;
  location: string;
  description: string;
}

/** The events of an .ics file, read by a calendar library with the file's own VTIMEZONE. */
function eventsOf(text: string): ReadEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents("vevent").map((v) => {
    const event = new ICAL.Event(v);
    return {
      uid: event.uid,
      tzid: event.startDate.zone?.tzid,
      start: event.startDate.toJSDate(),
      summary: event.summary,
      location: event.location,
      description: event.description,
    };
  });
}

/** Whether every Cache-Control value of an answer is no-store (the server and the page may each say it). */
function noStore(value: string | undefined): boolean {
  const values = (value ?? "").split(/[\n,]/).map((v) => v.trim());
  return values.length > 0 && values.every((v) => v === "no-store");
}

/** How many pages a PDF has: its /Type /Page objects (not the /Pages tree). */
function pageCount(pdf: Buffer): number {
  return (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;
}

/** The text a QR code in a PNG holds, or null when none can be read. */
function readQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return (
    jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), image.width, image.height)?.data ?? null
  );
}

async function pageAt(browser: Browser, viewport: { width: number; height: number }, deviceScaleFactor = 1) {
  const context = await browser.newContext({ viewport, deviceScaleFactor });
  return { context, page: await context.newPage() };
}

test("the confirmation carries the calendar file and the voucher's link; the voucher prints on one A4 page with a readable QR code", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const { orderId, day } = await bookAndPay(page, site.base);
  const [mail] = await mailsTo(smtp, new RegExp(`your booking ${orderId}$`));
  const link = manageLinkIn(mail!);
  expect(mail!.text).toContain(`Print your voucher: ${link}/voucher`);
  expect(mail!.text).toContain("Your calendar file is attached");
  expect(mail!.text).toMatch(/Meeting point: \S/);

  // The attached file: one event, the landing at 10:00 in Paris, with the meeting point and the link.
  const landing = parisInstant({ ...day, hour: 10, minute: 0 });
  const stamp = `${day.year}${String(day.month).padStart(2, "0")}${String(day.day).padStart(2, "0")}T100000`;
  const attached = mail!.attachments.find((a) => a.filename === `navette-${orderId}.ics`);
  expect(attached, "the confirmation's calendar file").toBeDefined();
  expect(attached!.contentType).toMatch(/^text\/calendar/);
  expect(attached!.content).toContain(`DTSTART;TZID=Europe/Paris:${stamp}`);
  const [event, ...more] = eventsOf(attached!.content);
  expect(more).toEqual([]);
  expect(event!.tzid).toBe("Europe/Paris");
  expect(event!.start.toISOString()).toBe(landing.toISOString());
  expect(event!.uid).toMatch(new RegExp(`^${orderId}-leg-1@`));
  expect(event!.summary).toBe(`Navette Paris ${orderId}: Charles de Gaulle Airport (CDG) to Disneyland Paris`);
  expect(event!.location).toMatch(/^Charles de Gaulle Airport \(CDG\), Terminal not known yet: \S/);
  expect(event!.description).toContain(link);
  expect(event!.description).toContain("Flight: BA304 from London, landing 10:00 (Paris time)");

  // The same file from the booking's page: the download's headers, the same event, this link.
  const download = await page.request.get(`${link}/calendar.ics`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(download.headers()["content-disposition"]).toBe(`attachment; filename="navette-${orderId}.ics"`);
  expect(noStore(download.headers()["cache-control"])).toBe(true);
  const [served] = eventsOf(await download.text());
  expect({ ...served, description: "" }).toEqual({ ...event, description: "" });
  expect(served!.description).toContain(link);

  // The voucher, printed through Chromium: one A4 page.
  const screen = await pageAt(browser, DESKTOP, 2);
  const answer = await screen.page.goto(`${link}/voucher`);
  expect(answer?.status()).toBe(200);
  expect(noStore(answer?.headers()["cache-control"])).toBe(true);
  expect(answer?.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(screen.page.getByRole("heading", { level: 1 })).toHaveText(`Order ${orderId}`);
  await expect(screen.page.getByText("BA304 from London, landing 10:00 (Paris time)")).toBeVisible();
  await expect(screen.page.getByRole("heading", { name: "If you cannot find your driver" })).toBeVisible();
  await expect(screen.page.getByText(`quoting your order number ${orderId}`)).toBeVisible();
  await expect(screen.page.getByRole("button", { name: "Print" })).toBeVisible();
  await expect(screen.page.getByRole("link", { name: "Back to your booking" })).toHaveAttribute("href", new URL(link).pathname);
  const pdf = await screen.page.pdf({ format: "A4", preferCSSPageSize: true, printBackground: true });
  await testInfo.attach(`voucher ${orderId}.pdf`, { body: pdf, contentType: "application/pdf" });
  expect(pageCount(pdf), "the voucher on one A4 page").toBe(1);

  // Its QR code reads back as the booking's link, on screen and in print.
  const qr = screen.page.getByRole("img", { name: "QR code of this booking's page" });
  expect(readQr(await qr.screenshot())).toBe(link);
  await screen.page.emulateMedia({ media: "print" });
  await expect(screen.page.locator(".site-header")).toBeHidden();
  await expect(screen.page.getByRole("button", { name: "Print" })).toBeHidden();
  expect(readQr(await qr.screenshot())).toBe(link);
  await screen.context.close();
});

test("the voucher reads at phone and desktop sizes with no accessibility violation, and a wrong link gets the booking's 404", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { orderId } = await bookAndPay(page, site.base);
  const [mail] = await mailsTo(smtp, new RegExp(`your booking ${orderId}$`));
  const link = manageLinkIn(mail!);
  for (const [label, viewport] of [
    ["390 px", MOBILE],
    ["1280 px", DESKTOP],
  ] as const) {
    const { context, page: voucher } = await pageAt(browser, viewport);
    await voucher.goto(`${link}/voucher`);
    await expect(voucher.getByRole("heading", { level: 1 })).toHaveText(`Order ${orderId}`);
    await expect(voucher.getByRole("button", { name: "Print" })).toBeVisible();
    // Nothing wider than the screen.
    expect(await voucher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(voucher, `voucher at ${label}`);
    await context.close();
  }

  // Without JavaScript the page says how to print instead of offering a button that does nothing.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(`${link}/voucher`);
  await expect(noScript.getByText("To print, use your browser's Print command.")).toBeVisible();
  await plain.close();

  // A wrong token: the same 404 as the booking's page, for the voucher and the calendar file.
  const wrong = `${site.base}/my-booking/${"A".repeat(43)}`;
  const [pageAnswer, voucherAnswer, calendarAnswer] = await Promise.all([
    page.request.get(wrong),
    page.request.get(`${wrong}/voucher`),
    page.request.get(`${wrong}/calendar.ics`),
  ]);
  expect([pageAnswer.status(), voucherAnswer.status(), calendarAnswer.status()]).toEqual([404, 404, 404]);
  const sentence = "This booking link does not exist. Check the link in your e-mail, or ask for it again.";
  expect(await voucherAnswer.text()).toContain(sentence);
  expect(await calendarAnswer.text()).toBe(sentence);
  expect(await voucherAnswer.text()).not.toContain(orderId);
});

test("a round trip with the longest meeting points still prints on one A4 page, with an event per leg", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const { orderId, day } = await bookRoundTrip(page);
  const [mail] = await mailsTo(smtp, new RegExp(`your booking ${orderId}$`));
  const link = manageLinkIn(mail!);
  const events = eventsOf(mail!.attachments.find((a) => a.filename === `navette-${orderId}.ics`)!.content);
  expect(events.map((e) => e.uid.replace(/@.*/, ""))).toEqual([`${orderId}-leg-1`, `${orderId}-leg-2`]);
  expect(events.map((e) => e.tzid)).toEqual(["Europe/Paris", "Europe/Paris"]);
  expect(events[0]!.start.toISOString()).toBe(parisInstant({ ...day, hour: 10, minute: 0 }).toISOString());
  expect(events[0]!.location).toContain("Terminal 2G: Terminal 2G");

  const { context, page: voucher } = await pageAt(browser, DESKTOP, 2);
  await voucher.goto(`${link}/voucher`);
  await expect(voucher.getByRole("heading", { name: /^Outbound: / })).toBeVisible();
  await expect(voucher.getByRole("heading", { name: /^Return: / })).toBeVisible();
  await expect(voucher.getByText("AF443 from Rio de Janeiro, landing 10:00 (Paris time)")).toBeVisible();
  const pdf = await voucher.pdf({ format: "A4", preferCSSPageSize: true, printBackground: true });
  await testInfo.attach(`voucher ${orderId} (round trip).pdf`, { body: pdf, contentType: "application/pdf" });
  expect(pageCount(pdf), "the round trip's voucher on one A4 page").toBe(1);
  expect(readQr(await voucher.getByRole("img", { name: "QR code of this booking's page" }).screenshot())).toBe(link);
  await context.close();
});
