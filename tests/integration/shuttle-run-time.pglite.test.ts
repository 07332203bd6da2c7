import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Window } from "happy-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isoDate, parisParts } from "~/domain/booking/paris-time";
import { runChangeSchema } from "~/domain/runs/runs-form";
import { mintManageToken } from "~/lib/manage-links.server";
import { changeRuns } from "~/lib/shuttle-runs.server";
import { bookingRowValues } from "~/lib/test-support/booking-rows";
import { insertBookings } from "~/lib/test-support/insert-bookings";
import { startInProcessServer, type InProcessServer } from "./helpers";
import { mailWordsIn } from "~/lib/i18n.server";
import { staffLanguage } from "~/lib/email-site.server";
import { adminWordsIn } from "~/lib/test-support/admin-words";

/**
 * The shared shuttle's planned time on the traveller's pages, on the built app in this process on
 * PGlite: a shuttle booking landing at CDG, its day planned on the runs page's own code, then
 * its page and voucher read.
 */

const DAY_MS = 86_400_000;
const CDG = { place: "Charles de Gaulle Airport (CDG)", kind: "flight", flightNumber: "BA304", flightCity: "London" } as const;
const HOTEL = { place: "Disneyland Paris", kind: "address", hotel: "Hotel Cheyenne", zip: "77700" } as const;
const SITE = {
  siteName: "Navette",
  businessEmail: "office@run-time.test",
  words: mailWordsIn,
  staff: staffLanguage("en"),
  phone: "+33 1 99 00 12 34",
  siteUrl: "https://run-time.test",
};

describe("the shuttle run's time on the traveller's pages on PGlite", () => {
  let server: InProcessServer;
  let dataDir: string;
  let page: string;
  let ready: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-run-time-"));
    server = await startInProcessServer({
      dataDir,
      env: { SITE_EMAIL: SITE.businessEmail, PAYMENT_SANDBOX_SECRET: `it-run-time-${process.pid}`, AIRPORT_EXIT_MINUTES: "25" },
    });
    // Landing five days ahead at a whole minute; ready AIRPORT_EXIT_MINUTES later.
    const landing = new Date(Math.floor((Date.now() + 5 * DAY_MS) / 60_000) * 60_000);
    const clock = (at: Date) => `${String(parisParts(at).hour).padStart(2, "0")}:${String(parisParts(at).minute).padStart(2, "0")}`;
    ready = clock(new Date(landing.getTime() + 25 * 60_000));
    const orderId = "NV-TIME22";
    await insertBookings(
      server.database.db,
      bookingRowValues({
        orderId,
        submissionToken: `token-${orderId}`,
        kind: "shuttle",
        status: "paid",
        bookingStatus: "confirmed",
        depart: CDG.place,
        firstPickupAt: landing,
        details: {
          customer: { lastname: "Martin", firstname: "Claire", email: "claire@example.com", phoneMobile: "+33612345678" },
          legs: [{ leg: 1, pickupAt: landing, pickup: { ...CDG, flightTime: clock(landing) }, dropoff: HOTEL }],
          luggage: { checkIn: 1, cabin: 1, strollerSingle: 0, strollerDouble: 0, info: "" },
        },
      }),
    );
    const day = isoDate(parisParts(landing));
    const planned = await changeRuns(server.database.db, runChangeSchema.parse({ intent: "replan", day }), {
      actor: { id: "staff-1", email: "dispatch@run-time.test" },
      rules: { exitMinutes: 25, maxWaitMinutes: 30 },
      site: SITE,
      words: adminWordsIn("en"),
    });
    expect(planned).toMatchObject({ ok: true });
    page = `/my-booking/${await mintManageToken(server.database.db, orderId)}`;
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function text(address: string): Promise<string> {
    const response = await fetch(`${server.url}${address}`);
    expect(response.status).toBe(200);
    const window = new Window();
    window.document.write(await response.text());
    const body = (window.document.body.textContent ?? "").replace(/\s+/g, " ");
    await window.happyDOM.close();
    return body;
  }

  it("tells the traveller on their booking's page when the shuttle leaves the meeting point", async () => {
    expect(await text(page)).toContain(`The shared shuttle leaves the meeting point at ${ready} (Paris time).`);
  });

  it("prints the same time on the voucher", async () => {
    expect(await text(`${page}/voucher`)).toContain(`The shared shuttle leaves the meeting point at ${ready} (Paris time).`);
  });
});
