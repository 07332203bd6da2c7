import { expect, type Page } from "@playwright/test";
import { addDays, formatFrenchDate, parisInstant, parisToday, type ParisDate } from "../../app/domain/booking/paris-time";
import { HOTELS } from "../../app/domain/hotels";
import type { Locale } from "../../app/domain/locales";
import type { ReceivedMail, TestSmtp } from "../support/smtp";
import { bookingInput as input, fillCustomer, waitForReady } from "./helpers";

/**
 * The traveller's side in browser tests: a booking made on the public form (CDG → a Disneyland
 * hotel, flight BA304 landing at 10:00) and paid on the sandbox page, and the e-mails a real SMTP
 * server in the test received.
 */

export interface BookedTrip {
  orderId: string;
  /** The Paris day booked: later checks read it rather than today, which may have passed midnight since. */
  day: ParisDate;
  /** The pick-up: the landing at 10:00 (Paris) on `day`. */
  pickupAt: Date;
}

/** Books CDG → Disneyland Paris for two, `daysAhead` days from today (Paris), and pays in the sandbox. */
export async function bookAndPay(page: Page, base: string, options: { daysAhead?: number } = {}): Promise<BookedTrip> {
  await page.goto(`${base}/reservation?depart=Charles_de_Gaulle_Airport_(CDG)&arrive=Disneyland_Paris&nb_pax=2`, { waitUntil: "load" });
  await waitForReady(page);
  const day = addDays(parisToday(new Date()), options.daysAhead ?? 3);
  const hotel = HOTELS.find((h) => h.zip === "77700")!;
  await input(page, "french_date_pu_t1").fill(formatFrenchDate(day));
  await input(page, "horaire_vol_pu_1").fill("10:00");
  await input(page, "city_vol_pu_1").fill("London");
  await input(page, "num_vol_pu_1").fill("BA304");
  await input(page, "hotel_n_drop_1").selectOption(String(hotel.id));
  await fillCustomer(page);
  await page.getByRole("button", { name: "Book Now" }).click();
  await page.waitForURL(/\/payment\/NV-[A-Z0-9]{6}$/);
  const orderId = /NV-[A-Z0-9]{6}$/.exec(page.url())![0];
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/response_bank_ok_ko\?ok_ko=ok/);
  return { orderId, day, pickupAt: parisInstant({ ...day, hour: 10, minute: 0 }) };
}

/**
 * The booking form in `locale` filled for a party of two landing at CDG on flight IB3436 from
 * Madrid at 11:00, `daysAhead` days from today (Paris), to a Disneyland hotel; not yet sent.
 */
export async function fillBookingIn(page: Page, locale: Exclude<Locale, "en">, base = "", daysAhead = 4): Promise<void> {
  await page.goto(`${base}/${locale}/reservation?depart=Charles_de_Gaulle_Airport_(CDG)&arrive=Disneyland_Paris&nb_pax=2`, {
    waitUntil: "load",
  });
  await waitForReady(page);
  await input(page, "french_date_pu_t1").fill(formatFrenchDate(addDays(parisToday(new Date()), daysAhead)));
  await input(page, "horaire_vol_pu_1").fill("11:00");
  await input(page, "city_vol_pu_1").fill("Madrid");
  await input(page, "num_vol_pu_1").fill("IB3436");
  await input(page, "hotel_n_drop_1").selectOption(String(HOTELS.find((h) => h.zip === "77700")!.id));
  await fillCustomer(page);
}

/** The messages received so far whose subject matches, once at least one has arrived. */
export async function mailsTo(smtp: TestSmtp, subject: RegExp, timeoutMs = 20_000): Promise<ReceivedMail[]> {
  await expect.poll(() => smtp.received.filter((m) => subject.test(m.subject)).length, { timeout: timeoutMs }).toBeGreaterThan(0);
  return smtp.received.filter((m) => subject.test(m.subject));
}

/** The first /my-booking/<token> link in a message's text. */
export function manageLinkIn(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+\/my-booking\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No manage link in "${mail.subject}"`);
  return link;
}
