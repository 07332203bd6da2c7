import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { type bookings } from "../../../db/schema";
import type { Route } from "./+types/calendar-ics";
import { loader } from "./calendar-ics";
import { mintManageToken } from "~/lib/manage-links.server";
import { createRateLimits } from "~/lib/rate-limits.server";
import { bookingRowValues, checkedBooking } from "~/lib/test-support/booking-rows";
import { useEmbeddedDatabase } from "~/lib/test-support/embedded-database";
import { insertBookings } from "~/lib/test-support/insert-bookings";
import { storedDetails } from "~/domain/booking/model";

// 'Add to calendar' serves the booking's events while it stands, and a cancelled booking's
// address answers 410 with a plain sentence, never the events of a trip that will not happen.

const database = useEmbeddedDatabase();

/** What the loader reads of the request's context: the database, the server's own wrong-token counter, settings. */
function context(): AppLoadContext {
  const limits = createRateLimits(database.db);
  limits.stop();
  const booking = {
    db: async () => database.db,
    manageMisses: limits.manageMisses,
    // No good meeting points file in this test: the store's currentPoints() gives none.
    meetingPoints: { currentPoints: async () => undefined },
  };
  const settings = { siteUrl: "https://navette.example", siteName: "Navette Paris", phone: "+33 1 99 00 12 34" };
  // Only the parts above are read by this route: the rest of the server's context is not built here.
  return { booking, settings, clientAddress: "203.0.113.9" } as unknown as AppLoadContext;
}

async function calendarOf(orderId: string, values: Partial<typeof bookings.$inferInsert> = {}): Promise<Response> {
  const booking = checkedBooking(randomUUID());
  const details = JSON.parse(JSON.stringify(storedDetails(booking))) as unknown;
  await insertBookings(
    database.db,
    bookingRowValues({
      orderId,
      submissionToken: randomUUID(),
      status: "paid",
      details,
      firstPickupAt: booking.legs[0]!.pickupAt,
      ...values,
    }),
  );
  const token = await mintManageToken(database.db, orderId);
  const args = { context: context(), params: { token }, request: new Request(`https://navette.example/my-booking/${token}/calendar.ics`) };
  return loader(args as unknown as Route.LoaderArgs);
}

describe("the booking's calendar file", () => {
  it("gives a standing booking's events, with no Cache-Control of its own", async () => {
    const answer = await calendarOf("NV-ICS001");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/calendar/);
    // No-store is the server's (server/app.ts): one here would be a second Cache-Control.
    expect(answer.headers.has("cache-control")).toBe(false);
    expect(await answer.text()).toContain("BEGIN:VEVENT");
  });

  it("answers 410 with a plain sentence for a cancelled booking, with no Cache-Control of its own", async () => {
    const answer = await calendarOf("NV-ICS002", { bookingStatus: "cancelled", cancelledAt: new Date() });
    expect(answer.status).toBe(410);
    expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(answer.headers.has("cache-control")).toBe(false);
    const text = await answer.text();
    expect(text).toBe("This booking is cancelled: there is nothing to add to a calendar.");
    expect(text).not.toContain("VEVENT");
  });
});
