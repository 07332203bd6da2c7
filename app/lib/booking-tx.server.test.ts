import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { assignedDrivers, legDrivers } from "./booking-tx.server";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import { setLegDriver } from "./test-support/insert-bookings";
import { bookingFixtures, paid } from "./test-support/staff-actions";

const database = useEmbeddedDatabase();
const { newBooking, addDriver } = bookingFixtures(database);

beforeEach(async () => {
  await database.db.execute(sql`truncate outbox, payment_events, audit_events, bookings, drivers restart identity cascade`);
});

describe("legDrivers and assignedDrivers", () => {
  it("staff see the leg's driver in every state; the traveller only while the booking is to take place, the phone written for people", async () => {
    const karim = await addDriver({ name: "Karim Benali" });
    const none = await newBooking({ ...paid, bookingStatus: "confirmed" });
    expect(await legDrivers(database.db, none.orderId)).toEqual(new Map());
    expect(await assignedDrivers(database.db, none)).toEqual(new Map());
    for (const [bookingStatus, told] of [
      ["driver_assigned", true],
      ["completed", false],
      ["cancelled", false],
    ] as const) {
      const row = await newBooking({ ...paid, bookingStatus });
      await setLegDriver(database.db, row.orderId, karim.id);
      expect((await legDrivers(database.db, row.orderId)).get(1)?.name).toBe("Karim Benali");
      expect((await assignedDrivers(database.db, row)).get(1) ?? null).toEqual(
        told ? { name: "Karim Benali", phone: "+33 6 98 76 54 32" } : null,
      );
    }
  });
});
