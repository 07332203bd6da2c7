import { readFileSync } from "node:fs";
import { and, asc, eq, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, bookings, outbox, paymentEvents } from "../../db/schema";
import { changeFormSchema } from "~/domain/manage/change-form";
import { draftFromBooking } from "~/domain/booking/wire";
import { changeLayout } from "~/domain/manage/change-layout";
import { MEETING_POINTS_HEADER, parseMeetingPoints } from "~/domain/meeting-points";
import { parsePriceFile } from "~/domain/pricing/csv";
import { changeBookingByTraveller } from "~/lib/booking-changes.server";
import { bookingColumns } from "~/lib/booking-store.server";
import { saveBooking, type BookingRow } from "~/lib/bookings.server";
import { openDatabase, type Database, type Db } from "~/lib/db.server";
import { queueDueReminders } from "~/lib/reminders.server";
import { SandboxProvider } from "~/lib/payments.server";
import { BOOKED_AT, checkedBooking } from "~/lib/test-support/booking-rows";
import { cancelByTraveller } from "~/lib/traveller-booking.server";
import { ENGLISH_MANAGE } from "~/lib/test-support/booking-words";
import { createTestDatabase, NO_POSTGRES, TEST_DATABASE_URL, type TestDatabase } from "./helpers";
import { activeCapacities, FIRST_FLEET } from "~/domain/fleet";
import { mailWordsIn } from "~/lib/i18n.server";
import { staffLanguage } from "~/lib/email-site.server";

// The traveller's cancel and change on one real PostgreSQL, from several instances at once, each
// on its own pool of connections: the booking's row lock (SELECT … FOR UPDATE) makes them take
// turns. PGlite runs one transaction at a time, so only a real server shows a missing lock.
if (!TEST_DATABASE_URL) console.warn(`PostgreSQL manage tests ${NO_POSTGRES}`);

const ROWS = parsePriceFile(readFileSync("data/prices.csv", "utf8")).rows;
const POINTS = parseMeetingPoints([MEETING_POINTS_HEADER, "ORY,,private,Orly arrivals hall.", "*,,private,Hotel lobby."].join("\n")).points;
const site = {
  siteName: "Navette Paris",
  businessEmail: "booking@navette.example",
  words: mailWordsIn,
  staff: staffLanguage("en"),
  phone: "+33 1 99 00 12 34",
  siteUrl: "https://navette.example",
  manageUrl: "[manage-link:marker]",
};
// Ten days before the pickup of 20 May 2026 at 10:00 (Paris): cancel and change are both open.
const now = () => BOOKED_AT;

/** A sandbox refund that takes its time, so the other posts arrive while the first holds the row. */
function slowSandbox() {
  const sandbox = new SandboxProvider(null);
  const calls: string[] = [];
  return {
    calls,
    name: "sandbox" as const,
    refund: async (row: BookingRow, cents: number) => {
      calls.push(row.orderId);
      await new Promise((resolve) => setTimeout(resolve, 150));
      return sandbox.refund(row, cents);
    },
  };
}

/** The change form's own post for the booking, with `edits` over it. */
function changePost(row: BookingRow, edits: Record<string, string>) {
  const draft = draftFromBooking(row.details, row)!;
  const posted = { ...Object.fromEntries(changeLayout(draft).fields.map((f) => [f, draft[f] ?? ""])), ...edits };
  return { form: changeFormSchema.parse(posted), posted, now: now(), rows: ROWS, fleet: activeCapacities(FIRST_FLEET) };
}

describe.skipIf(!TEST_DATABASE_URL)(
  `the traveller's cancel and change on one PostgreSQL${TEST_DATABASE_URL ? "" : ` (${NO_POSTGRES})`}`,
  () => {
    let database: TestDatabase;
    let instances: Database[] = [];
    let a: Db;
    let b: Db;
    let tokens = 0;

    beforeAll(async () => {
      database = await createTestDatabase("navette_it_manage");
      // Two instances: each its own pool of connections.
      instances = await Promise.all([0, 1].map(() => openDatabase({ databaseUrl: database.url, pgliteDir: null })));
      [a, b] = instances.map((i) => i.db) as [Db, Db];
    });
    afterAll(async () => {
      await Promise.all(instances.map((i) => i.close()));
      await database?.drop();
    });

    /** A booking paid by card through the sandbox and confirmed. */
    async function paidBooking(): Promise<BookingRow> {
      const { row } = await saveBooking(a, { booking: checkedBooking(`pg-manage-${++tokens}`), priceCents: 6_500 });
      const [paid] = await a
        .update(bookings)
        .set({
          status: "paid",
          paidAt: BOOKED_AT,
          paymentProvider: "sandbox",
          paymentRef: `sbx_${row.orderId}`,
          bookingStatus: "confirmed",
        })
        .where(eq(bookings.id, row.id))
        .returning(bookingColumns);
      return paid!;
    }

    async function traces(orderId: string) {
      return {
        booking: (await a.select(bookingColumns).from(bookings).where(eq(bookings.orderId, orderId)))[0]!,
        mails: await a.select().from(outbox).where(eq(outbox.orderId, orderId)).orderBy(asc(outbox.id)),
        audit: await a.select().from(auditEvents).where(eq(auditEvents.orderId, orderId)).orderBy(asc(auditEvents.id)),
        refunds: await a
          .select()
          .from(paymentEvents)
          .where(and(eq(paymentEvents.orderId, orderId), lt(paymentEvents.amountCents, 0))),
      };
    }

    it("refunds once and writes one set of e-mails for four cancels at once from two instances", async () => {
      for (let round = 0; round < 3; round++) {
        const row = await paidBooking();
        const provider = slowSandbox();
        const outcomes = await Promise.all(
          [a, b, a, b].map((db) => cancelByTraveller(db, row.orderId, site, provider, ENGLISH_MANAGE, now)),
        );
        expect(outcomes.filter((o) => o.ok)).toEqual([{ ok: true, refundedCents: 6_500 }]);
        expect(outcomes.filter((o) => !o.ok)).toEqual(
          Array.from({ length: 3 }, () => expect.objectContaining({ ok: false, status: 409, already: true })),
        );
        expect(provider.calls).toEqual([row.orderId]);
        const { booking, mails, audit, refunds } = await traces(row.orderId);
        expect(booking).toMatchObject({ bookingStatus: "cancelled", status: "refunded", refundedCents: 6_500 });
        expect(refunds.map((r) => r.amountCents)).toEqual([-6_500]);
        expect(mails.map((m) => m.kind).sort()).toEqual(["booking_cancelled", "traveller_cancelled"]);
        expect(audit.map((e) => e.action)).toEqual(["booking_cancelled"]);
      }
    });

    it("writes one change for two identical changes at once from two instances", async () => {
      for (let round = 0; round < 3; round++) {
        const row = await paidBooking();
        const post = changePost(row, { num_vol_pu_1: "BA 306", info_t1: "Two child seats" });
        const outcomes = await Promise.all([a, b].map((db) => changeBookingByTraveller(db, row.orderId, post, site)));
        expect(outcomes.map((o) => (o.ok ? o.done : o.status)).sort()).toEqual(["changed", "unchanged"]);
        const { booking, mails, audit } = await traces(row.orderId);
        expect((booking.details as { legs: { pickup: { flightNumber: string } }[] }).legs[0]!.pickup.flightNumber).toBe("BA 306");
        expect(mails.map((m) => m.kind)).toEqual(["booking_changed"]);
        expect(audit.map((e) => e.action)).toEqual(["booking_changed_by_traveller"]);
      }
    });

    it("keeps a change and a cancel at once consistent: the change then the cancel, or the cancel and the change refused", async () => {
      for (let round = 0; round < 6; round++) {
        const row = await paidBooking();
        const provider = slowSandbox();
        const post = changePost(row, { num_vol_pu_1: "BA 306" });
        // Which one starts first alternates; both are in flight at once.
        const [changed, cancelled] = await Promise.all(
          round % 2 === 0
            ? [changeBookingByTraveller(a, row.orderId, post, site), cancelByTraveller(b, row.orderId, site, provider, ENGLISH_MANAGE, now)]
            : [
                new Promise((resolve) => setImmediate(resolve)).then(() => changeBookingByTraveller(b, row.orderId, post, site)),
                cancelByTraveller(a, row.orderId, site, provider, ENGLISH_MANAGE, now),
              ],
        );
        expect(cancelled).toEqual({ ok: true, refundedCents: 6_500 });
        expect(provider.calls).toEqual([row.orderId]);
        const { booking, mails, audit, refunds } = await traces(row.orderId);
        expect(booking).toMatchObject({ bookingStatus: "cancelled", status: "refunded" });
        expect(refunds).toHaveLength(1);
        const flight = (booking.details as { legs: { pickup: { flightNumber: string } }[] }).legs[0]!.pickup.flightNumber;
        if (changed.ok) {
          // The change first: its e-mail and history row come before the cancel's, and the cancelled booking holds it.
          expect(changed).toEqual({ ok: true, done: "changed" });
          expect(flight).toBe("BA 306");
          expect(audit.map((e) => e.action)).toEqual(["booking_changed_by_traveller", "booking_cancelled"]);
          expect(mails[0]!.kind).toBe("booking_changed");
          expect(mails.map((m) => m.kind).sort()).toEqual(["booking_cancelled", "booking_changed", "traveller_cancelled"]);
        } else {
          // The cancel first: the change finds the booking cancelled and writes nothing.
          expect(changed).toMatchObject({ ok: false, status: 409, message: expect.stringMatching(/^This booking is cancelled/) });
          expect(flight).toBe("BA 304");
          expect(audit.map((e) => e.action)).toEqual(["booking_cancelled"]);
          expect(mails.map((m) => m.kind).sort()).toEqual(["booking_cancelled", "traveller_cancelled"]);
        }
      }
    });

    it("never leaves a reminder waiting that says what a change at the same moment has replaced", async () => {
      // Reminders at 09:00 the day before: due at 09:00 on 19 May, an hour before changes close.
      const reminders = {
        settings: {
          reminderHour: 9,
          siteName: site.siteName,
          email: site.businessEmail,
          phone: site.phone,
          siteUrl: site.siteUrl,
          staffLocale: "en" as const,
        },
        meetingPoints: { get: async () => ({ points: POINTS }) },
        log: { info: () => undefined, error: (m: string) => console.error(m) },
      };
      const dueAt = new Date("2026-05-19T07:00:00Z");
      for (let round = 0; round < 6; round++) {
        const row = await paidBooking();
        const post = { ...changePost(row, { num_vol_pu_1: "BA 306" }), now: new Date("2026-05-19T07:00:30Z") };
        const write = () => queueDueReminders({ ...reminders, db: round % 2 === 0 ? a : b }, dueAt);
        const change = () => changeBookingByTraveller(round % 2 === 0 ? b : a, row.orderId, post, site);
        const later = <T>(run: () => Promise<T>) => new Promise((resolve) => setImmediate(resolve)).then(run);
        const [, changed] = round % 2 === 0 ? await Promise.all([write(), later(change)]) : await Promise.all([later(write), change()]);
        expect(changed).toEqual({ ok: true, done: "changed" });
        // Either the worker wrote first and the change deleted it, or it wrote after the change: never the old flight.
        const waiting = (await traces(row.orderId)).mails.filter((m) => m.kind === "reminder");
        for (const m of waiting) expect(m.body).toContain("Flight: BA 306");
        await queueDueReminders({ ...reminders, db: a }, new Date("2026-05-19T07:05:00Z"));
        const [reminder, ...more] = (await traces(row.orderId)).mails.filter((m) => m.kind === "reminder");
        expect(more).toEqual([]);
        expect(reminder!.body).toContain("Flight: BA 306");
        expect(reminder!.body).not.toContain("BA 304");
      }
    });
  },
);
