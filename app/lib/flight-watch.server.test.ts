import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingLegs, outbox, shuttleRuns } from "../../db/schema";
import { runChangeSchema } from "~/domain/runs/runs-form";
import { aeroDataBox } from "./flight-status.server";
import { watchFlightsOnce } from "./flight-watch.server";
import { changeRuns } from "./shuttle-runs.server";
import { bookingRowValues } from "./test-support/booking-rows";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import { insertBookings } from "./test-support/insert-bookings";
import { startRecordedFlights, type RecordedFlights } from "./test-support/recorded-flights";
import { mailWordsIn } from "./i18n.server";
import { staffLanguage } from "~/lib/email-site.server";
import { adminWordsIn } from "~/lib/test-support/admin-words";

// The flight watch on the embedded PostgreSQL against AeroDataBox's recorded answers over real
// HTTP: a late flight moves its shuttle pickup, the traveller is e-mailed, and its planned day's
// runs are planned again with the new time.

const database = useEmbeddedDatabase();
const KEY = "unit-flight-watch-key-0123456789";
const SETTINGS = {
  siteName: "Navette",
  email: "office@navette.test",
  phone: "+33 1 99 00 12 34",
  siteUrl: "https://navette.test",
  airportExitMinutes: 30,
  staffLocale: "en" as const,
};
/** The evening before: today is 19 May, tomorrow the flight's day. */
const NOW = new Date("2026-05-19T18:00:00Z");
const log = { info: () => undefined, error: () => undefined };
let recorded: RecordedFlights;

beforeAll(async () => {
  recorded = await startRecordedFlights(KEY);
});
afterAll(async () => {
  await recorded?.close();
});

describe("watchFlightsOnce", () => {
  it("moves a late flight's shuttle pickup, e-mails the traveller and re-plans its day's runs", async () => {
    const db = database.db;
    await db.execute(sql`truncate bookings, shuttle_runs restart identity cascade`);
    // AF1234 was to land at CDG at 07:45 Paris time; its recorded answer says 08:30.
    const pickupAt = new Date("2026-05-20T05:45:00Z");
    await insertBookings(
      db,
      bookingRowValues({
        orderId: "NV-WATCH2",
        submissionToken: "token-watch",
        kind: "shuttle",
        status: "paid",
        bookingStatus: "confirmed",
        depart: "Charles de Gaulle Airport (CDG)",
        firstPickupAt: pickupAt,
        details: {
          customer: { lastname: "Martin", firstname: "Claire", email: "claire@example.com", phoneMobile: "+33612345678" },
          legs: [
            {
              leg: 1,
              pickupAt,
              pickup: {
                place: "Charles de Gaulle Airport (CDG)",
                kind: "flight",
                flightNumber: "AF1234",
                flightCity: "Nice",
                flightTime: "07:45",
              },
              dropoff: { place: "Disneyland Paris", kind: "address", hotel: "Hotel Cheyenne", zip: "77700" },
            },
          ],
          luggage: { checkIn: 1, cabin: 0, strollerSingle: 0, strollerDouble: 0, info: "" },
        },
      }),
    );
    const site = {
      siteName: "Navette",
      businessEmail: SETTINGS.email,
      words: mailWordsIn,
      staff: staffLanguage("en"),
      phone: SETTINGS.phone,
      siteUrl: SETTINGS.siteUrl,
    };
    const rules = { exitMinutes: 30, maxWaitMinutes: 30 };
    await changeRuns(db, runChangeSchema.parse({ intent: "replan", day: "2026-05-20" }), {
      actor: { id: "staff-1", email: "d@navette.test" },
      site,
      words: adminWordsIn("en"),
      rules,
    });

    const provider = aeroDataBox({ key: KEY, url: recorded.url, timeoutMs: 2_000 });
    const meetingPoints = { get: async () => Promise.reject(new Error("no file")) };
    const done = await watchFlightsOnce({ db, provider, settings: SETTINGS, meetingPoints, log }, NOW);

    expect(done.changed).toBe(1);
    const [leg] = await db.select().from(bookingLegs);
    expect(leg?.pickupAt).toEqual(new Date("2026-05-20T06:30:00Z"));
    const mails = await db.select().from(outbox);
    expect(mails.map((m) => m.kind)).toEqual(["landing_changed_traveller"]);
    const [run] = await db.select().from(shuttleRuns);
    // Ready 30 minutes after the new landing: 09:00 Paris, 07:00 UTC.
    expect(run?.departsAt).toEqual(new Date("2026-05-20T07:00:00Z"));
  });
});
