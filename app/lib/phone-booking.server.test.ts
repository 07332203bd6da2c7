import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { bookings } from "../../db/schema";
import { confirmBooking } from "./booking-admin.server";
import type { BookingRow } from "./bookings.server";
import { PaymentLinkFailed } from "./payment-links.server";
import { createPhoneBooking, type PhoneBooking } from "./phone-booking.server";
import { checkedBooking } from "./test-support/booking-rows";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import { mailWordsIn } from "./i18n.server";
import { adminWordsIn } from "./test-support/admin-words";
import { bookingFixtures, paid, site, staff } from "./test-support/staff-actions";

const database = useEmbeddedDatabase();
const { reread, mails, history } = bookingFixtures(database);

beforeEach(async () => {
  await database.db.execute(sql`truncate outbox, payment_events, audit_events, bookings, drivers restart identity cascade`);
});

/** A phone booking at the price file's 65 €, to be paid on board, unless `changes` say otherwise. */
function phoneBooking(token: string, changes: Partial<PhoneBooking> = {}): PhoneBooking {
  return {
    booking: checkedBooking(token),
    priceCents: 6_500,
    filePriceCents: 6_500,
    overrideReason: null,
    payment: "cash",
    test: false,
    ...changes,
  };
}

describe("createPhoneBooking", () => {
  const sandboxLink = async (row: BookingRow) => `https://navette.example/payment/${row.orderId}`;

  it("stores a phone booking to be paid on board once, whatever the double click, with its history", async () => {
    const input = phoneBooking("phone-1");
    const [a, b] = await Promise.all([
      createPhoneBooking(database.db, input, staff, site, sandboxLink, adminWordsIn("en")),
      createPhoneBooking(database.db, input, staff, site, sandboxLink, adminWordsIn("en")),
    ]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ ok: true, done: "created" });
    const orderId = (a as { orderId: string }).orderId;
    expect(await reread(orderId)).toMatchObject({
      source: "phone",
      paymentMode: "cash",
      status: "pending_payment",
      bookingStatus: "new",
      priceCents: 6_500,
    });
    expect(await mails(orderId)).toEqual([]);
    expect((await history(orderId)).map((h) => h.detail)).toEqual([
      "Took the booking by phone: 65,00\u00a0€ from the price file; to be paid on board.",
    ]);
    // Pay on board: it can be confirmed unpaid.
    expect(await confirmBooking(database.db, orderId, staff, site, adminWordsIn("en"))).toEqual({ ok: true, done: "confirmed" });
  });

  it("e-mails the payment link in the language staff chose for the traveller", async () => {
    const input = phoneBooking("phone-it", { payment: "link", locale: "it" });
    const outcome = await createPhoneBooking(database.db, input, staff, site, sandboxLink, adminWordsIn("en"));
    const orderId = (outcome as { orderId: string }).orderId;
    expect((await reread(orderId)).locale).toBe("it");
    const [link] = await mails(orderId);
    expect(link!.subject).toBe(mailWordsIn("it").t("paymentLink.subject", { siteName: "Navette Paris", orderId }));
    expect(link!.body).toContain(mailWordsIn("it").t("confirmation"));
  });

  it("keeps a staff price with its reason, and e-mails the payment link", async () => {
    const input = phoneBooking("phone-2", { priceCents: 5_000, overrideReason: "Regular customer", payment: "link", test: true });
    const outcome = await createPhoneBooking(database.db, input, staff, site, sandboxLink, adminWordsIn("en"));
    expect(outcome).toMatchObject({ ok: true, done: "created_link" });
    const orderId = (outcome as { orderId: string }).orderId;
    expect(await reread(orderId)).toMatchObject({
      paymentMode: "card",
      priceCents: 5_000,
      priceOverrideReason: "Regular customer",
      test: true,
    });
    const [link] = await mails(orderId);
    expect(link).toMatchObject({ kind: "payment_link", recipient: "claire@example.com" });
    expect(link!.body).toContain(`https://navette.example/payment/${orderId}`);
    expect((await history(orderId))[0]!.detail).toContain(
      "50,00\u00a0€, set by staff instead of the price file's 65,00\u00a0€: Regular customer",
    );
  });

  it("saves nothing when the payment link cannot be made", async () => {
    const input = phoneBooking("phone-3", { payment: "link" });
    const outcome = await createPhoneBooking(
      database.db,
      input,
      staff,
      site,
      async () => {
        throw new PaymentLinkFailed("Stripe could not be reached");
      },
      adminWordsIn("en"),
    );
    expect(outcome).toMatchObject({ ok: false, status: 502 });
    expect(await database.db.select().from(bookings)).toEqual([]);
  });

  it("says in English why nothing was saved for an English member", async () => {
    const input = phoneBooking("phone-4", { payment: "link" });
    const failing = async (): Promise<string> => {
      throw new PaymentLinkFailed("Stripe could not be reached");
    };
    expect(await createPhoneBooking(database.db, input, staff, site, failing, adminWordsIn("en"))).toEqual({
      ok: false,
      status: 502,
      message: "Nothing was saved: the payment link could not be made (Stripe could not be reached). Try again in a minute.",
    });
  });

  it("says why nothing was saved in French", async () => {
    const input = phoneBooking("phone-5", { payment: "link" });
    const failing = async (): Promise<string> => {
      throw new PaymentLinkFailed("Stripe could not be reached");
    };
    expect(await createPhoneBooking(database.db, input, staff, site, failing, adminWordsIn("fr"))).toEqual({
      ok: false,
      status: 502,
      message:
        "Rien n\u2019a été enregistré\u00a0: le lien de paiement n\u2019a pas pu être créé (Stripe could not be reached). Réessayez dans une minute.",
    });
  });

  /** A phone booking sent once and paid since: the same form sent again is refused. */
  async function paidPhoneBooking(token: string) {
    const input = phoneBooking(token, { payment: "link" });
    const orderId = ((await createPhoneBooking(database.db, input, staff, site, sandboxLink, adminWordsIn("en"))) as { orderId: string })
      .orderId;
    await database.db.update(bookings).set(paid).where(eq(bookings.orderId, orderId));
    return { input, orderId };
  }

  it("refuses a form sent again once its booking is paid", async () => {
    const { input, orderId } = await paidPhoneBooking("phone-6");
    expect(await createPhoneBooking(database.db, input, staff, site, sandboxLink, adminWordsIn("en"))).toEqual({
      ok: false,
      status: 409,
      message: `This form was already sent: booking ${orderId} is paid and is not changed here.`,
    });
  });

  it("refuses a form sent again once its booking is paid, in French", async () => {
    const { input, orderId } = await paidPhoneBooking("phone-7");
    expect(await createPhoneBooking(database.db, input, staff, site, sandboxLink, adminWordsIn("fr"))).toEqual({
      ok: false,
      status: 409,
      message: `Ce formulaire a déjà été envoyé\u00a0: la réservation ${orderId} est payée et n\u2019est pas modifiée ici.`,
    });
  });
});
