import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Window } from "happy-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintManageToken } from "~/lib/manage-links.server";
import { bookingRowValues } from "~/lib/test-support/booking-rows";
import { insertBookings, setLegDriver } from "~/lib/test-support/insert-bookings";
import { insertDriver } from "~/lib/test-support/leg-drivers";
import { startInProcessServer, type InProcessServer } from "./helpers";

/**
 * Each leg's driver on the traveller's pages, on the built app in this process on PGlite: a
 * round trip whose outbound and return have two drivers names each with its leg, on the booking's
 * page and on its voucher; one driver of both legs reads as the booking's driver.
 */

const DAY = 86_400_000;
const CDG = {
  place: "Charles de Gaulle Airport (CDG)",
  kind: "flight",
  terminal: "2E",
  flightNumber: "BA304",
  flightCity: "London",
} as const;
const HOTEL = { place: "Disneyland Paris", kind: "address", hotel: "Hotel Cheyenne", zip: "77700" } as const;

describe("each leg's driver on the traveller's pages on PGlite", () => {
  let server: InProcessServer;
  let dataDir: string;
  let orders = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "navette-it-manage-drivers-"));
    server = await startInProcessServer({
      dataDir,
      env: { SITE_EMAIL: "office@manage-drivers.test", PAYMENT_SANDBOX_SECRET: `it-manage-drivers-${process.pid}` },
    });
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A paid round trip 5 and 9 days ahead with a driver on each leg (`outbound`, `back`), and its page's address. */
  async function drivenRoundTrip(outbound: number, back: number): Promise<string> {
    const orderId = `NV-DRV${String(++orders).padStart(3, "0")}`;
    const outboundAt = new Date(Date.now() + 5 * DAY);
    const returnAt = new Date(Date.now() + 9 * DAY);
    await insertBookings(
      server.database.db,
      bookingRowValues({
        orderId,
        submissionToken: `token-${orderId}`,
        status: "paid",
        bookingStatus: "driver_assigned",
        roundTrip: true,
        depart: "Charles de Gaulle Airport (CDG)",
        firstPickupAt: outboundAt,
        returnPickupAt: returnAt,
        details: {
          customer: { lastname: "Martin", firstname: "Claire", email: "claire@example.com", phoneMobile: "+33612345678" },
          legs: [
            { leg: 1, pickupAt: outboundAt, pickup: CDG, dropoff: HOTEL },
            { leg: 2, pickupAt: returnAt, pickup: HOTEL, dropoff: CDG },
          ],
          luggage: { checkIn: 1, cabin: 1, strollerSingle: 0, strollerDouble: 0, info: "" },
        },
      }),
    );
    await setLegDriver(server.database.db, orderId, outbound, [1]);
    await setLegDriver(server.database.db, orderId, back, [2]);
    return `/my-booking/${await mintManageToken(server.database.db, orderId)}`;
  }

  /** The texts of the elements `selector` finds on the page at `address`; with `parts`, each its parts' texts joined by ": ". */
  async function texts(address: string, selector: string, parts?: string): Promise<string[]> {
    const response = await fetch(`${server.url}${address}`);
    expect(response.status).toBe(200);
    const window = new Window();
    window.document.write(await response.text());
    const text = (e: { textContent: string | null }) => (e.textContent ?? "").replace(/\s+/g, " ").trim();
    const found = [...window.document.querySelectorAll(selector)].map((e) =>
      parts ? [...e.querySelectorAll(parts)].map(text).join(": ") : text(e),
    );
    await window.happyDOM.close();
    return found;
  }

  it("names each leg's driver with the leg on the booking's page", async () => {
    const jean = await insertDriver(server.database.db, "Jean Dupont", "+33611223344");
    const marc = await insertDriver(server.database.db, "Marc Petit", "+33655667788");
    const page = await drivenRoundTrip(jean.id, marc.id);
    expect(await texts(page, ".manage-driver")).toEqual([
      "Your driver for the outbound: Jean Dupont, +33 6 11 22 33 44",
      "Your driver for the return: Marc Petit, +33 6 55 66 77 88",
    ]);
  });

  it("names each leg's driver with the leg on the voucher", async () => {
    const jean = await insertDriver(server.database.db, "Jean Dupont", "+33611223344");
    const marc = await insertDriver(server.database.db, "Marc Petit", "+33655667788");
    const page = await drivenRoundTrip(jean.id, marc.id);
    const items = await texts(`${page}/voucher`, ".voucher__party .voucher__item", "dt, dd");
    expect(items.filter((item) => item.startsWith("Your driver"))).toEqual([
      "Your driver for the outbound: Jean Dupont, +33 6 11 22 33 44",
      "Your driver for the return: Marc Petit, +33 6 55 66 77 88",
    ]);
  });

  it("names one driver of both legs as the booking's driver, as before", async () => {
    const karim = await insertDriver(server.database.db, "Karim Benali", "+33698765432");
    const page = await drivenRoundTrip(karim.id, karim.id);
    expect(await texts(page, ".manage-driver")).toEqual(["Your driver: Karim Benali, +33 6 98 76 54 32"]);
  });
});
