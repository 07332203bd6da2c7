import { and, eq, lt, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditEvents, bookings, outbox, paymentEvents } from "../../db/schema";
import { firstPickupOf, travellerCancelCheck } from "~/domain/manage/cancel";
import { saveBooking, type BookingRow } from "./bookings.server";
import { RefundRefused, SandboxProvider } from "./payments.server";
import { createRateLimiter } from "./rate-limits.server";
import { bookingColumns } from "./booking-store.server";
import { assignedDrivers } from "./booking-tx.server";
import { cancelByTraveller, requestManageLink } from "./traveller-booking.server";
import { ENGLISH_MANAGE } from "./test-support/booking-words";
import { BOOKED_AT, checkedBooking } from "./test-support/booking-rows";
import { setLegDriver } from "./test-support/insert-bookings";
import { insertDriver } from "./test-support/leg-drivers";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import { mailWordsIn } from "./i18n.server";
import { staffLanguage } from "~/lib/email-site.server";

// The traveller's own actions on the embedded PostgreSQL: a cancellation under the 24-hour rule,
// refunded once whatever the parallel posts, and the link sent again only to the booking's address.

const site = {
  siteName: "Navette Paris",
  businessEmail: "booking@navette.example",
  words: mailWordsIn,
  staff: staffLanguage("en"),
  phone: "+33 1 99 00 12 34",
  siteUrl: "https://navette.example",
  manageUrl: "[manage-link:marker]",
};
const HOUR = 3_600_000;
const database = useEmbeddedDatabase();
let token = 0;

async function newBooking(edits: Partial<BookingRow> = {}): Promise<BookingRow> {
  const { row } = await saveBooking(database.db, { booking: checkedBooking(`tb-${++token}`), priceCents: 6_500, test: true });
  if (Object.keys(edits).length === 0) return row;
  const [updated] = await database.db.update(bookings).set(edits).where(eq(bookings.id, row.id)).returning(bookingColumns);
  return updated!;
}

const paid = { status: "paid", paidAt: BOOKED_AT, paymentProvider: "sandbox", paymentRef: "sbx_1", bookingStatus: "confirmed" } as const;

/** What the page decides when it is opened `hours` before the pickup. */
function newPageView(row: BookingRow, hours: number) {
  return travellerCancelCheck(
    { bookingStatus: row.bookingStatus, firstPickupAt: firstPickupOf(row) },
    before(row, hours)(),
    ENGLISH_MANAGE,
  );
}

/** `hours` before the booking's first pickup. */
const before = (row: BookingRow, hours: number) => () => new Date(firstPickupOf(row)!.getTime() - hours * HOUR);

function countingSandbox(refuse = false) {
  const sandbox = new SandboxProvider(null);
  const calls: number[] = [];
  return {
    calls,
    name: "sandbox" as const,
    refund: async (row: BookingRow, cents: number) => {
      calls.push(cents);
      if (refuse) throw new RefundRefused("Stripe could not be reached to refund the payment.");
      return sandbox.refund(row, cents);
    },
  };
}

async function traces(orderId: string) {
  const db = database.db;
  return {
    booking: (await db.select().from(bookings).where(eq(bookings.orderId, orderId)))[0],
    mails: await db.select().from(outbox).where(eq(outbox.orderId, orderId)).orderBy(outbox.id),
    audit: await db.select().from(auditEvents).where(eq(auditEvents.orderId, orderId)).orderBy(auditEvents.id),
    refunds: await db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.orderId, orderId), lt(paymentEvents.amountCents, 0))),
  };
}

beforeEach(async () => {
  await database.db.execute(sql`truncate outbox, payment_events, audit_events, bookings, drivers, rate_limits restart identity cascade`);
});

describe("cancelByTraveller", () => {
  it("cancels 3 days ahead: refunded in full once, the traveller's and the business's e-mails, a history row by the traveller", async () => {
    const row = await newBooking(paid);
    const provider = countingSandbox();
    expect(await cancelByTraveller(database.db, row.orderId, site, provider, ENGLISH_MANAGE, before(row, 72))).toEqual({
      ok: true,
      refundedCents: 6_500,
    });
    const { booking, mails, audit, refunds } = await traces(row.orderId);
    expect(booking).toMatchObject({ bookingStatus: "cancelled", status: "refunded", refundedCents: 6_500 });
    expect(provider.calls).toEqual([6_500]);
    expect(refunds).toEqual([expect.objectContaining({ provider: "sandbox", amountCents: -6_500 })]);
    expect(mails.map((m) => [m.kind, m.recipient])).toEqual([
      ["booking_cancelled", "claire@example.com"],
      ["traveller_cancelled", "booking@navette.example"],
    ]);
    // The traveller's e-mail carries the manage link's marker; the business's carries none.
    expect(mails[0]!.linkMarker).toBe(site.manageUrl);
    expect(mails[0]!.body).toContain(site.manageUrl);
    expect(mails[1]!.linkMarker).toBeNull();
    expect(mails[1]!.body).toContain("Refunded in full: 65,00\u00a0€ through the sandbox");
    expect(audit).toEqual([expect.objectContaining({ actorId: null, actor: "traveller", action: "booking_cancelled" })]);
    expect(audit[0]!.detail).toMatch(/^Cancelled by the traveller on the booking's page and refunded 65,00\u00a0€ through sandbox/);
  });

  it("refunds once and writes one set of e-mails when several cancels arrive together", async () => {
    const row = await newBooking(paid);
    const provider = countingSandbox();
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => cancelByTraveller(database.db, row.orderId, site, provider, ENGLISH_MANAGE, before(row, 72))),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual(
      Array.from({ length: 3 }, () => ({
        ok: false,
        status: 409,
        message: "This booking is already cancelled.",
        already: true,
        callUs: true,
      })),
    );
    const { refunds, mails, audit } = await traces(row.orderId);
    expect(provider.calls).toEqual([6_500]);
    expect(refunds).toHaveLength(1);
    expect(mails.map((m) => m.kind)).toEqual(["booking_cancelled", "traveller_cancelled"]);
    expect(audit.map((a) => a.action)).toEqual(["booking_cancelled"]);
  });

  it.each([
    ["a minute under 24 hours before", 24 - 1 / 60],
    ["20 hours before", 20],
    ["after the pickup", -1],
  ])("refuses %s with the reason, asking no provider and changing nothing", async (_what, hours) => {
    const row = await newBooking(paid);
    const untouched = await traces(row.orderId);
    const provider = countingSandbox();
    const outcome = await cancelByTraveller(database.db, row.orderId, site, provider, ENGLISH_MANAGE, before(row, hours));
    expect(outcome).toMatchObject({ ok: false, status: 409, already: false, callUs: true });
    expect(outcome.ok ? "" : outcome.message).toMatch(
      /^Free cancellation ended on \d\d\/\d\d\/\d{4} \d\d:\d\d \(Paris time\): bookings cannot be cancelled online within 24 hours of pickup\.$/,
    );
    expect(provider.calls).toEqual([]);
    expect(await traces(row.orderId)).toEqual(untouched);
  });

  it("checks the rule with the time of the post, not the time the page was opened", async () => {
    const row = await newBooking(paid);
    // The page was opened 24 h 30 before the pickup (the button was there); the post is decided 23 h 54 before it.
    expect(newPageView(row, 24.5).ok).toBe(true);
    const outcome = await cancelByTraveller(database.db, row.orderId, site, countingSandbox(), ENGLISH_MANAGE, before(row, 23.9));
    expect(outcome.ok).toBe(false);
    expect((await traces(row.orderId)).booking!.bookingStatus).toBe("confirmed");
  });

  it("cancels an unpaid booking with nothing to refund", async () => {
    const row = await newBooking();
    const provider = countingSandbox();
    expect(await cancelByTraveller(database.db, row.orderId, site, provider, ENGLISH_MANAGE, before(row, 48))).toEqual({
      ok: true,
      refundedCents: 0,
    });
    const { booking, mails, refunds, audit } = await traces(row.orderId);
    expect(booking).toMatchObject({ bookingStatus: "cancelled", status: "pending_payment", refundedCents: 0 });
    expect(provider.calls).toEqual([]);
    expect(refunds).toEqual([]);
    expect(mails[0]!.body).toContain("No payment was taken for this booking, so there is nothing to refund.");
    expect(mails[1]!.body).toContain("Nothing was paid, so nothing is refunded.");
    expect(audit[0]!.detail).toContain("nothing was paid, so nothing is refunded");
  });

  it("tells the assigned driver the job is cancelled, and the business that the driver is told", async () => {
    const driver = await insertDriver(database.db, "Karim Benali", "+33698765432");
    const row = await newBooking({ ...paid, bookingStatus: "driver_assigned" });
    await setLegDriver(database.db, row.orderId, driver.id);
    expect(await assignedDrivers(database.db, row)).toEqual(new Map([[1, { name: "Karim Benali", phone: "+33 6 98 76 54 32" }]]));
    expect((await cancelByTraveller(database.db, row.orderId, site, countingSandbox(), ENGLISH_MANAGE, before(row, 30))).ok).toBe(true);
    const { mails } = await traces(row.orderId);
    expect(mails.map((m) => [m.kind, m.recipient])).toEqual([
      ["booking_cancelled", "claire@example.com"],
      ["driver_job_cancelled", "karim@drivers.example"],
      ["traveller_cancelled", "booking@navette.example"],
    ]);
    expect(mails[2]!.body).toContain("Driver: Karim Benali was assigned and is e-mailed that the job is cancelled.");
  });

  it.each([
    ["completed", "This booking has taken place: it cannot be cancelled."],
    ["no_show", "This booking is closed: it cannot be cancelled."],
  ] as const)("refuses a %s booking", async (bookingStatus, message) => {
    const row = await newBooking({ ...paid, bookingStatus });
    expect(await cancelByTraveller(database.db, row.orderId, site, countingSandbox(), ENGLISH_MANAGE, before(row, 72))).toEqual({
      ok: false,
      status: 409,
      message,
      already: false,
      callUs: true,
    });
  });

  it("keeps the booking when the provider refuses, saying to try again or call, with the refusal in the history", async () => {
    const row = await newBooking(paid);
    const outcome = await cancelByTraveller(database.db, row.orderId, site, countingSandbox(true), ENGLISH_MANAGE, before(row, 72));
    expect(outcome).toEqual({
      ok: false,
      status: 502,
      message:
        "Your booking is not cancelled: the refund could not be made just now. Please try again in a few minutes, or call us on +33 1 99 00 12 34.",
      callUs: false,
    });
    const { booking, mails, audit } = await traces(row.orderId);
    expect(booking).toMatchObject({ bookingStatus: "confirmed", status: "paid" });
    expect(mails).toEqual([]);
    expect(audit).toEqual([expect.objectContaining({ actor: "traveller", actorId: null, action: "refund_refused" })]);
  });

  it("refuses a payment the site cannot refund itself (another provider's), asking to call", async () => {
    const row = await newBooking({ ...paid, paymentProvider: "stripe", paymentRef: "pi_1" });
    const untouched = await traces(row.orderId);
    expect(await cancelByTraveller(database.db, row.orderId, site, countingSandbox(), ENGLISH_MANAGE, before(row, 72))).toEqual({
      ok: false,
      status: 409,
      message: "This booking cannot be cancelled online. Please call us on +33 1 99 00 12 34.",
      callUs: false,
    });
    expect(await traces(row.orderId)).toEqual(untouched);
  });
});

describe("requestManageLink", () => {
  const perBooking = () =>
    createRateLimiter(database.db, `lost-link-booking-test-${++token}`, { points: 3, durationSeconds: 3600 }, (id) => id);

  it("queues the link to the booking's own address when order and e-mail match, case and spaces aside", async () => {
    const row = await newBooking(paid);
    expect(await requestManageLink(database.db, { orderId: row.orderId, email: "  Claire@Example.COM " }, site, perBooking())).toBe("sent");
    const { mails, audit } = await traces(row.orderId);
    expect(mails).toEqual([
      expect.objectContaining({ kind: "manage_link", recipient: "claire@example.com", linkMarker: site.manageUrl, status: "pending" }),
    ]);
    expect(mails[0]!.body).toContain(site.manageUrl);
    expect(audit).toEqual([expect.objectContaining({ actor: "traveller", action: "manage_link_sent" })]);
  });

  it("sends nothing for another address or an unknown order", async () => {
    const row = await newBooking(paid);
    const limiter = perBooking();
    expect(await requestManageLink(database.db, { orderId: row.orderId, email: "someone@example.com" }, site, limiter)).toBe("no-match");
    expect(await requestManageLink(database.db, { orderId: "NV-ZZZZZZ", email: "claire@example.com" }, site, limiter)).toBe("no-match");
    expect(await database.db.select().from(outbox)).toEqual([]);
    expect(await database.db.select().from(auditEvents)).toEqual([]);
  });

  it("sends at most the per-booking limit, then nothing more", async () => {
    const row = await newBooking(paid);
    const limiter = perBooking();
    const outcomes = [];
    for (let i = 0; i < 5; i++)
      outcomes.push(await requestManageLink(database.db, { orderId: row.orderId, email: row.email }, site, limiter));
    expect(outcomes).toEqual(["sent", "sent", "sent", "too-many", "too-many"]);
    expect((await traces(row.orderId)).mails).toHaveLength(3);
  });

  it("draws a fresh marker when the site gives none", async () => {
    const row = await newBooking(paid);
    const bare = { ...site, manageUrl: undefined };
    expect(await requestManageLink(database.db, { orderId: row.orderId, email: row.email }, bare, perBooking())).toBe("sent");
    const [mail] = (await traces(row.orderId)).mails;
    expect(mail!.linkMarker).toMatch(/^\[manage-link:[0-9a-f-]{36}\]$/);
    expect(mail!.body).toContain(mail!.linkMarker!);
  });
});
