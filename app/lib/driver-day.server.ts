import { and, eq, gte, lt, ne } from "drizzle-orm";
import { bookingLegs, bookings, legEvents, shuttleRunLegs, shuttleRuns } from "../../db/schema";
import type { DayRun } from "~/domain/driver-day/day-plan";
import type { DriverLegSource } from "~/domain/driver-day/leg-card";
import { stepAlready, stepRefusal, STEP_LABELS, stepText, type RecordedStep, type StepForm } from "~/domain/driver-day/steps";
import { readStoredDetails } from "~/domain/booking/model";
import { recordAudit } from "./audit.server";
import { detailsWithLegs } from "./booking-store.server";
import { lockBooking } from "./booking-tx.server";
import type { Db } from "./db.server";
import type { LinkDriver } from "./driver-links.server";
import { legKeyText, legStepsOf } from "./leg-steps.server";

/**
 * A driver's day (docs/product.md, The driver's day): the legs given to them between two instants,
 * with their run and recorded steps, and the press of a step's button. Only the driver's own legs
 * of bookings not cancelled are read or changed: a leg of anyone else is not found.
 */

export type DriverDayLeg = DriverLegSource & { run: DayRun | null };

/** The driver's legs picked up within [start, end), bookings not cancelled, with their runs and steps. */
export async function driverDayLegs(db: Db, driverId: number, start: Date, end: Date): Promise<DriverDayLeg[]> {
  const rows = await db
    .select({
      orderId: bookingLegs.orderId,
      leg: bookingLegs.leg,
      pickupAt: bookingLegs.pickupAt,
      rideStatus: bookingLegs.rideStatus,
      kind: bookings.kind,
      roundTrip: bookings.roundTrip,
      lastname: bookings.lastname,
      firstname: bookings.firstname,
      phone: bookings.phone,
      details: detailsWithLegs,
      runId: shuttleRuns.id,
      runDepartsAt: shuttleRuns.departsAt,
      runAirport: shuttleRuns.airport,
      runDirection: shuttleRuns.direction,
    })
    .from(bookingLegs)
    .innerJoin(bookings, eq(bookings.orderId, bookingLegs.orderId))
    .leftJoin(shuttleRunLegs, and(eq(shuttleRunLegs.orderId, bookingLegs.orderId), eq(shuttleRunLegs.leg, bookingLegs.leg)))
    .leftJoin(shuttleRuns, eq(shuttleRuns.id, shuttleRunLegs.runId))
    .where(
      and(
        eq(bookingLegs.driverId, driverId),
        gte(bookingLegs.pickupAt, start),
        lt(bookingLegs.pickupAt, end),
        ne(bookings.bookingStatus, "cancelled"),
      ),
    );
  const legs = rows.map((r) => ({ ...r, leg: r.leg === 2 ? (2 as const) : (1 as const) }));
  const steps = await legStepsOf(db, legs);
  return legs.map((r) => ({
    orderId: r.orderId,
    leg: r.leg,
    pickupAt: r.pickupAt,
    kind: r.kind,
    roundTrip: r.roundTrip,
    lastname: r.lastname,
    firstname: r.firstname,
    phone: r.phone,
    details: r.details,
    rideStatus: r.rideStatus,
    steps: steps.get(legKeyText(r)) ?? [],
    run:
      r.runId !== null && r.runAirport !== null && r.runDirection !== null
        ? { id: r.runId, departsAt: r.runDepartsAt, airport: r.runAirport, direction: r.runDirection }
        : null,
  }));
}

export type StepOutcome =
  | { ok: true; done: "recorded" | "already"; text: string }
  | { ok: false; status: 404; message: string }
  | { ok: false; status: 409; message: string };

export const NOT_YOUR_LEG = "This ride is not on your list (any more). Reload the page.";

/**
 * One press of a step's button: the moment recorded once (the first press kept), with a history
 * row on the booking; a no-show also marks the leg's ride. A leg that is not this driver's, or
 * whose booking is cancelled, is not found and nothing changes; a no-show before the free waiting
 * time ends is refused (steps.ts). Runs under the booking's lock, as every change to a booking does.
 */
export async function recordLegStep(db: Db, driver: LinkDriver, form: StepForm, now: Date): Promise<StepOutcome> {
  return db.transaction(async (tx): Promise<StepOutcome> => {
    const booking = await lockBooking(tx, form.orderId);
    const [leg] = booking
      ? await tx
          .select({ pickupAt: bookingLegs.pickupAt, driverId: bookingLegs.driverId })
          .from(bookingLegs)
          .where(and(eq(bookingLegs.orderId, form.orderId), eq(bookingLegs.leg, form.leg)))
          .limit(1)
      : [];
    if (!booking || !leg || leg.driverId !== driver.id || booking.bookingStatus === "cancelled") {
      return { ok: false, status: 404, message: NOT_YOUR_LEG };
    }
    const recorded: RecordedStep[] = await tx
      .select({ step: legEvents.step, at: legEvents.at })
      .from(legEvents)
      .where(and(eq(legEvents.orderId, form.orderId), eq(legEvents.leg, form.leg)));
    const before = stepAlready(form.step, recorded);
    if (before) return { ok: true, done: "already", text: `${stepText(before)} was already recorded: nothing changed.` };
    const stored = readStoredDetails(booking.details)?.legs.find((l) => l.leg === form.leg);
    const refusal = stepRefusal(
      form.step,
      { kind: booking.kind, pickupAt: leg.pickupAt, pickupIsFlight: stored?.pickup.kind === "flight", recorded },
      now,
    );
    if (refusal) return { ok: false, status: 409, message: refusal };
    const [inserted] = await tx
      .insert(legEvents)
      .values({ orderId: form.orderId, leg: form.leg, step: form.step, at: now, driverId: driver.id })
      .onConflictDoNothing()
      .returning({ at: legEvents.at });
    if (!inserted) return { ok: true, done: "already", text: `${STEP_LABELS[form.step]} was already recorded: nothing changed.` };
    if (form.step === "no_show") {
      await tx
        .update(bookingLegs)
        .set({ rideStatus: "no_show" })
        .where(and(eq(bookingLegs.orderId, form.orderId), eq(bookingLegs.leg, form.leg)));
    }
    const text = stepText({ step: form.step, at: inserted.at });
    await recordAudit(tx, {
      actorId: null,
      actor: `driver ${driver.name}`,
      action: "ride_step",
      orderId: form.orderId,
      detail: `Leg ${form.leg}: ${text}, recorded by ${driver.name} (driver #${driver.id}).`,
    });
    return { ok: true, done: "recorded", text: `${text} is recorded.` };
  });
}
