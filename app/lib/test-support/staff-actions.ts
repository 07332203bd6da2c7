import { eq } from "drizzle-orm";
import { auditEvents, bookings, drivers, outbox } from "../../../db/schema";
import { bookingColumns } from "../booking-store.server";
import type { Actor } from "../booking-tx.server";
import { saveBooking, type BookingRow } from "../bookings.server";
import type { Database } from "../db.server";
import { SandboxProvider } from "../payments.server";
import { BOOKED_AT, checkedBooking, checkedRoundTrip } from "./booking-rows";
import { mailWordsIn } from "../i18n.server";
import { staffLanguage } from "~/lib/email-site.server";

// What the tests of the staff's actions on one booking share: the e-mails' site, the staff
// member, a paid booking's columns, the sandbox counting its refunds, and the bookings, e-mails,
// history and drivers of the test file's embedded database.

export const now = BOOKED_AT;

export const site = {
  siteName: "Navette Paris",
  businessEmail: "booking@navette.example",
  words: mailWordsIn,
  staff: staffLanguage("en"),
  phone: "+33 1 99 00 12 34",
  siteUrl: "https://navette.example",
};

export const staff: Actor = { id: "staff-1", email: "dispatch@navette.example" };

export const paid = { status: "paid", paidAt: now, paymentProvider: "sandbox", paymentRef: "sbx_1" } as const;

/** A resend that must not make a payment link. */
export const noLink = async (): Promise<string> => {
  throw new Error("No payment link is made for this e-mail.");
};

/** The real sandbox provider, counting the refunds it is asked for. */
export function countingSandbox() {
  const sandbox = new SandboxProvider(null);
  const calls: number[] = [];
  return {
    calls,
    name: "sandbox" as const,
    refund: async (row: BookingRow, cents: number) => {
      calls.push(cents);
      return sandbox.refund(row, cents);
    },
  };
}

/** Bookings, e-mails, history and drivers in `database` (read once it is open). */
export function bookingFixtures(database: Pick<Database, "db">) {
  let token = 0;

  /** Claire Martin's checked booking (her round trip when asked) as saveBooking stores it, with `edits` over its columns. */
  async function newBooking(edits: Partial<BookingRow> = {}, trip: "one way" | "round trip" = "one way"): Promise<BookingRow> {
    const booking = trip === "round trip" ? checkedRoundTrip(`t-${++token}`) : checkedBooking(`t-${++token}`);
    const { row } = await saveBooking(database.db, { booking, priceCents: 6_500, test: true });
    if (Object.keys(edits).length === 0) return row;
    const [updated] = await database.db.update(bookings).set(edits).where(eq(bookings.id, row.id)).returning(bookingColumns);
    return updated!;
  }

  async function reread(orderId: string): Promise<BookingRow> {
    return (await database.db.select(bookingColumns).from(bookings).where(eq(bookings.orderId, orderId)))[0]!;
  }

  async function mails(orderId: string) {
    return database.db.select().from(outbox).where(eq(outbox.orderId, orderId)).orderBy(outbox.id);
  }

  async function history(orderId: string) {
    return database.db.select().from(auditEvents).where(eq(auditEvents.orderId, orderId)).orderBy(auditEvents.id);
  }

  async function addDriver(values: { name: string; active?: boolean }) {
    const [driver] = await database.db
      .insert(drivers)
      .values({
        name: values.name,
        phone: "+33 6 98 76 54 32",
        email: `${values.name.split(" ")[0]!.toLowerCase()}@drivers.example`,
        active: values.active ?? true,
      })
      .returning();
    return driver!;
  }

  return { newBooking, reread, mails, history, addDriver };
}
