import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, drivers } from "../../db/schema";
import { readStoredDetails, storedDetails } from "~/domain/booking/model";
import { bookingColumns, legDriverId, legDriverName } from "./booking-store.server";
import { bookingRowValues, checkedBooking } from "./test-support/booking-rows";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import { insertBookings, setLegDriver } from "./test-support/insert-bookings";

const database = useEmbeddedDatabase();

describe("a booking read with its legs", () => {
  it("reads each booking's own legs and drivers, never another's", async () => {
    const [jean] = await database.db.insert(drivers).values({ name: "Jean", phone: "+33611111111", email: "j@example.com" }).returning();
    for (const [orderId, token] of [
      ["NV-READ01", "t-read-1"],
      ["NV-READ02", "t-read-2"],
    ] as const) {
      const details = JSON.parse(JSON.stringify(storedDetails(checkedBooking(token)))) as unknown;
      await insertBookings(database.db, bookingRowValues({ orderId, submissionToken: token, details }));
    }
    await setLegDriver(database.db, "NV-READ02", jean!.id);
    const read = async (orderId: string) =>
      (
        await database.db
          .select({ ...bookingColumns, driverId: legDriverId(1), driverName: legDriverName(1) })
          .from(bookings)
          .where(eq(bookings.orderId, orderId))
      )[0]!;
    const first = await read("NV-READ01");
    expect(readStoredDetails(first.details)?.legs).toHaveLength(1);
    expect([first.driverId, first.driverName]).toEqual([null, null]);
    const second = await read("NV-READ02");
    expect(readStoredDetails(second.details)?.legs).toHaveLength(1);
    expect([second.driverId, second.driverName]).toEqual([jean!.id, "Jean"]);
  });

  it("reads a booking written and read back as equal to itself", async () => {
    const booking = checkedBooking("t-read-3");
    await insertBookings(
      database.db,
      bookingRowValues({ orderId: "NV-READ03", submissionToken: "t-read-3", details: storedDetails(booking) }),
    );
    const [row] = await database.db.select(bookingColumns).from(bookings).where(eq(bookings.orderId, "NV-READ03"));
    expect(readStoredDetails(row!.details)).toEqual(storedDetails(booking));
  });
});
