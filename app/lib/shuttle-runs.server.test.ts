import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { bookingLegs, bookings, outbox, shuttleRunLegs, shuttleRuns } from "../../db/schema";
import type { EmailSite } from "~/domain/booking/email-frame";
import { runChangeSchema } from "~/domain/runs/runs-form";
import type { Db } from "./db.server";
import { seedFleet } from "./fleet.server";
import { changeRuns, readDayBoard, replanAfterChange, type RunRules } from "./shuttle-runs.server";
import { bookingRowValues } from "./test-support/booking-rows";
import { useEmbeddedDatabase } from "./test-support/embedded-database";
import { POSTGRES, usePostgresDatabase } from "./test-support/postgres-database";
import { insertBookings } from "./test-support/insert-bookings";
import { insertDriver } from "./test-support/leg-drivers";
import { adminWordsIn, mailWordsIn } from "./i18n.server";
import { staffLanguage } from "~/lib/email-site.server";

// The stored shuttle runs on the embedded PostgreSQL: planning a day, moving a booking, locking,
// assigning and dispatching, each refused with its reason when it cannot be made.

const database = useEmbeddedDatabase();
const DAY = "2026-12-10";
const RULES: RunRules = { exitMinutes: 30, maxWaitMinutes: 30 };
const SITE: EmailSite = {
  siteName: "Navette",
  businessEmail: "office@navette.test",
  words: mailWordsIn,
  staff: staffLanguage("en"),
  phone: "+33 1 99 00 12 34",
  siteUrl: "https://navette.test",
};
const actor = { id: "staff-1", email: "dispatch@navette.test" };
const context = { actor, rules: RULES, site: SITE, words: adminWordsIn("en") };

const CDG = { place: "Charles de Gaulle Airport (CDG)", kind: "flight", flightNumber: "BA304", flightCity: "London" } as const;
const HOTEL = { place: "Disneyland Paris", kind: "address", hotel: "Hotel Cheyenne", zip: "77700" } as const;

/** Six shuttle bookings of two, landing at CDG from 10:00 to 10:40 Paris time (UTC+1 in December). */
const LANDINGS = ["10:00", "10:08", "10:16", "10:24", "10:32", "10:40"];
const ORDERS = LANDINGS.map((_, i) => `NV-RUN${String(i + 2).padStart(3, "2")}`);

async function insertShuttles(db: Db, orders: readonly string[] = ORDERS, bookingStatus: "new" | "confirmed" = "confirmed") {
  for (const [i, orderId] of orders.entries()) {
    const landing = LANDINGS[i % LANDINGS.length]!;
    const pickupAt = new Date(`${DAY}T${landing}:00+01:00`);
    await insertBookings(
      db,
      bookingRowValues({
        orderId,
        submissionToken: `token-${orderId}`,
        kind: "shuttle",
        status: "paid",
        bookingStatus,
        depart: CDG.place,
        firstPickupAt: pickupAt,
        details: {
          customer: { lastname: "Martin", firstname: "Claire", email: `${orderId.toLowerCase()}@example.com`, phoneMobile: "+33612345678" },
          legs: [{ leg: 1, pickupAt, pickup: { ...CDG, flightTime: landing }, dropoff: HOTEL }],
          luggage: { checkIn: 1, cabin: 1, strollerSingle: 0, strollerDouble: 0, info: "" },
        },
      }),
    );
  }
}

const post = (fields: Record<string, string>) => runChangeSchema.parse({ day: DAY, ...fields });
const board = (db: Db = database.db) => readDayBoard(db, DAY, RULES, adminWordsIn("en"));

async function legsByRun(db: Db): Promise<Map<string, number>> {
  const rows = await db.select().from(shuttleRunLegs);
  return new Map(rows.map((r) => [`${r.orderId}-${r.leg}`, r.runId]));
}

beforeEach(async () => {
  await database.db.execute(sql`truncate bookings, shuttle_runs, drivers, vehicles, audit_events, outbox restart identity cascade`);
  await seedFleet(database.db);
});

describe("planning a day", () => {
  it("groups six arrivals landing 10:00 to 10:40 into two runs within the seats and the waiting promise", async () => {
    await insertShuttles(database.db);
    expect(await changeRuns(database.db, post({ intent: "replan" }), context)).toMatchObject({ ok: true });
    const { runs, unplanned } = await board();
    expect(runs).toHaveLength(2);
    expect(unplanned).toEqual([]);
    for (const run of runs) {
      expect(run.seats).toBeLessThanOrEqual(8);
      expect(run.longestWaitMinutes).toBeLessThanOrEqual(30);
      expect(run.problems).toEqual([]);
    }
    expect(runs.flatMap((r) => r.legKeys).sort()).toEqual(ORDERS.map((o) => `${o}-1`).sort());
  });

  it("stores each run's time: the last party's ready time for arrivals", async () => {
    await insertShuttles(database.db);
    await changeRuns(database.db, post({ intent: "replan" }), context);
    const stored = await database.db.select().from(shuttleRuns);
    const { runs } = await board();
    expect(stored.map((r) => r.departsAt?.toISOString()).sort()).toEqual(runs.map((r) => r.departsAt?.toISOString()).sort());
  });

  it("writes the board's pickup lines in the member's words", async () => {
    await insertShuttles(database.db, ORDERS.slice(0, 1));
    const french = await readDayBoard(database.db, DAY, RULES, adminWordsIn("fr"));
    expect(french.unplanned[0]?.line.flight).toBe("BA304 en provenance de London, atterrit à 10:00");
  });

  it("leaves a new booking of the day in no run until the next plan", async () => {
    await insertShuttles(database.db, ORDERS.slice(0, 5));
    await changeRuns(database.db, post({ intent: "replan" }), context);
    await insertShuttles(database.db, ["NV-RUN999"]);
    expect((await board()).unplanned.map((l) => l.line.key)).toEqual(["NV-RUN999-1"]);
  });
});

describe("replanAfterChange", () => {
  it("re-plans a planned day's unlocked runs after a pickup moved", async () => {
    await insertShuttles(database.db);
    await changeRuns(database.db, post({ intent: "replan" }), context);
    // The first flight lands two hours late: its party no longer fits the runs it was in.
    const late = new Date(`${DAY}T12:00:00+01:00`);
    await database.db.update(bookingLegs).set({ pickupAt: late }).where(eq(bookingLegs.orderId, ORDERS[0]!));
    await database.db.update(bookings).set({ firstPickupAt: late }).where(eq(bookings.orderId, ORDERS[0]!));
    await replanAfterChange(database.db, DAY, context);
    const { runs } = await board();
    expect(runs.every((r) => r.problems.length === 0)).toBe(true);
    expect(runs.find((r) => r.legKeys.includes(`${ORDERS[0]}-1`))?.legKeys).toEqual([`${ORDERS[0]}-1`]);
  });

  it("leaves a day nobody planned without runs", async () => {
    await insertShuttles(database.db);
    await replanAfterChange(database.db, DAY, context);
    expect(await database.db.select().from(shuttleRuns)).toEqual([]);
  });
});

describe("the dispatcher's changes", () => {
  beforeEach(async () => {
    await insertShuttles(database.db);
    await changeRuns(database.db, post({ intent: "replan" }), context);
  });

  it("moves a booking to another run and locks that run", async () => {
    const before = await legsByRun(database.db);
    const key = `${ORDERS[0]}-1`;
    const other = [...new Set(before.values())].find((id) => id !== before.get(key))!;
    const outcome = await changeRuns(
      database.db,
      post({ intent: "move", leg: key, from: String(before.get(key)), to: String(other) }),
      context,
    );
    expect(outcome).toMatchObject({ ok: true });
    expect((await legsByRun(database.db)).get(key)).toBe(other);
    const [run] = await database.db.select().from(shuttleRuns).where(eq(shuttleRuns.id, other));
    expect(run?.locked).toBe(true);
  });

  it("refuses the same move sent again, since the booking is no longer where the form saw it", async () => {
    const before = await legsByRun(database.db);
    const key = `${ORDERS[0]}-1`;
    const other = [...new Set(before.values())].find((id) => id !== before.get(key))!;
    const move = post({ intent: "move", leg: key, from: String(before.get(key)), to: String(other) });
    await changeRuns(database.db, move, context);
    const after = await legsByRun(database.db);
    expect(await changeRuns(database.db, move, context)).toMatchObject({ ok: false, status: 409 });
    expect(await legsByRun(database.db)).toEqual(after);
  });

  it("names the run a booking moved to since the form was loaded, in the member's words", async () => {
    const before = await legsByRun(database.db);
    const key = `${ORDERS[0]}-1`;
    const other = [...new Set(before.values())].find((id) => id !== before.get(key))!;
    const move = post({ intent: "move", leg: key, from: String(before.get(key)), to: String(other) });
    await changeRuns(database.db, move, context);
    const outcome = await changeRuns(database.db, move, context);
    if (outcome.ok) throw new Error("The second move was made.");
    const { key: refusal, values } = outcome.refusal;
    expect(adminWordsIn("en")(refusal, values)).toBe(
      `${ORDERS[0]} has moved since you loaded the page: it is now in run #${other} (CDG arrivals). Reload the page.`,
    );
    expect(adminWordsIn("fr")(refusal, values)).toBe(
      `${ORDERS[0]} a été déplacée depuis le chargement de la page\u00a0: elle est maintenant dans la tournée n°\u00a0${other} (arrivées CDG). Rechargez la page.`,
    );
  });

  it("refuses a move of a booking that is not a shuttle pickup of the day", async () => {
    const outcome = await changeRuns(database.db, post({ intent: "move", leg: "NV-ZZZ222-1", from: "none", to: "new" }), context);
    expect(outcome).toMatchObject({ ok: false, status: 404 });
  });

  it("keeps a locked run exactly as it is when the rest is re-planned", async () => {
    const [first] = (await board()).runs;
    await changeRuns(database.db, post({ intent: "lock", run: String(first!.id) }), context);
    await changeRuns(database.db, post({ intent: "replan" }), context);
    const kept = (await board()).runs.find((r) => r.id === first!.id);
    expect(kept?.legKeys).toEqual(first!.legKeys);
    expect(kept?.locked).toBe(true);
  });

  it("refuses one driver on two runs that overlap", async () => {
    const driver = await insertDriver(database.db, "Karim Haddad", "+33611111111");
    const [a, b] = (await board()).runs;
    expect(
      await changeRuns(database.db, post({ intent: "assign", run: String(a!.id), driverId: String(driver.id) }), context),
    ).toMatchObject({
      ok: true,
    });
    const second = await changeRuns(database.db, post({ intent: "assign", run: String(b!.id), driverId: String(driver.id) }), context);
    expect(second).toMatchObject({ ok: false, status: 409, refusal: { key: "runs.refused.clash" } });
    if (!second.ok) {
      expect(adminWordsIn("en")(second.refusal.key, second.refusal.values)).toBe(
        `Karim Haddad already has run #${a!.id} at that time (each run holds its vehicle and driver for the route's duration).`,
      );
    }
    const [run] = await database.db.select().from(shuttleRuns).where(eq(shuttleRuns.id, b!.id));
    expect(run?.driverId).toBeNull();
  });

  it("refuses to dispatch a run with no vehicle and driver", async () => {
    const [a] = (await board()).runs;
    const outcome = await changeRuns(database.db, post({ intent: "dispatch", run: String(a!.id) }), context);
    expect(outcome).toMatchObject({ ok: false, status: 409 });
  });

  it("refuses to dispatch a run over its seats", async () => {
    const driver = await insertDriver(database.db, "Karim Haddad", "+33611111111");
    const [a, b] = (await board()).runs;
    await changeRuns(database.db, post({ intent: "assign", run: String(a!.id), vehicleId: "1", driverId: String(driver.id) }), context);
    for (const key of b!.legKeys) {
      await changeRuns(database.db, post({ intent: "move", leg: key, from: String(b!.id), to: String(a!.id) }), context);
    }
    const over = (await board()).runs.find((r) => r.id === a!.id)!;
    expect(over.problems.map((p) => p.kind)).toContain("over-seats");
    expect(await changeRuns(database.db, post({ intent: "dispatch", run: String(a!.id) }), context)).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it("dispatches a run: each leg gets the run's driver and the driver each job by e-mail", async () => {
    const driver = await insertDriver(database.db, "Karim Haddad", "+33611111111");
    const [a] = (await board()).runs;
    await changeRuns(database.db, post({ intent: "assign", run: String(a!.id), vehicleId: "1", driverId: String(driver.id) }), context);
    expect(await changeRuns(database.db, post({ intent: "dispatch", run: String(a!.id) }), context)).toMatchObject({ ok: true });
    const legs = await database.db.select().from(bookingLegs);
    const driven = legs.filter((l) => l.driverId === driver.id).map((l) => `${l.orderId}-${l.leg}`);
    expect(driven.sort()).toEqual([...a!.legKeys].sort());
    const mails = await database.db.select().from(outbox);
    expect(mails.filter((m) => m.recipient === driver.email)).toHaveLength(a!.legKeys.length);
  });
});

// On PostgreSQL two dispatchers' posts really run at once, on separate connections: the day's lock
// makes them take turns.
describe.skipIf(!POSTGRES)("on PostgreSQL, two dispatchers at once", () => {
  const pgDatabase = usePostgresDatabase("navette_runs");

  it("leaves every leg in exactly one run when both move bookings and re-plan at once", async () => {
    const db = pgDatabase.db;
    await insertShuttles(db);
    await changeRuns(db, post({ intent: "replan" }), context);
    const before = await legsByRun(db);
    const runIds = [...new Set(before.values())];
    // Each dispatcher moves a different booking into the other's run, and re-plans, all at once.
    const [k1, k2] = [`${ORDERS[0]}-1`, `${ORDERS[5]}-1`];
    const target = (key: string) => runIds.find((id) => id !== before.get(key)) ?? "new";
    const outcomes = await Promise.all([
      changeRuns(db, post({ intent: "move", leg: k1, from: String(before.get(k1)), to: String(target(k1)) }), context),
      changeRuns(db, post({ intent: "move", leg: k2, from: String(before.get(k2)), to: String(target(k2)) }), context),
      changeRuns(db, post({ intent: "replan" }), context),
      changeRuns(db, post({ intent: "move", leg: k1, from: String(before.get(k1)), to: "new" }), context),
    ]);
    expect(outcomes.filter((o) => o.ok).length).toBeGreaterThanOrEqual(2);
    const after = await db.select().from(shuttleRunLegs);
    expect(after.map((r) => `${r.orderId}-${r.leg}`).sort()).toEqual(ORDERS.map((o) => `${o}-1`).sort());
    const { runs, unplanned } = await readDayBoard(db, DAY, RULES, adminWordsIn("en"));
    expect(unplanned).toEqual([]);
    expect(runs.every((r) => r.legKeys.length > 0)).toBe(true);
  });
});
