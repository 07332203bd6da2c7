import { and, eq, gte, lt, ne } from "drizzle-orm";
import { data, type AppLoadContext } from "react-router";
import { bookingLegs, bookings, legEvents, shuttleRunLegs, shuttleRuns } from "../../db/schema";
import type { AdminWords } from "~/domain/back-office/admin-words";
import type { DayRun } from "~/domain/driver-day/day-plan";
import { driverDayRefusal, type DriverDayRefusalReason } from "~/domain/driver-day/day-refusal";
import type { DriverLegSource } from "~/domain/driver-day/leg-card";
import { stepAlready, stepLabel, stepNotice, stepRefusal, stepText, type RecordedStep, type StepForm } from "~/domain/driver-day/steps";
import { readStoredDetails } from "~/domain/booking/model";
import { fieldsOf } from "./admin-forms.server";
import { recordAudit } from "./audit.server";
import { detailsWithLegs } from "./booking-store.server";
import { lockBooking } from "./booking-tx.server";
import type { Db } from "./db.server";
import { DRIVER_PATH, driverOfPage, type LinkDriver } from "./driver-links.server";
import { adminWordsIn } from "./i18n.server";
import { legKeyText, legStepsOf } from "./leg-steps.server";
import { readFormBody } from "./request-guards.server";

/**
 * A driver's day (docs/product.md, The driver's day): the legs given to them between two instants,
 * with their run and recorded steps, and the press of a step's button. Only the driver's own legs
 * of bookings not cancelled are read or changed: a leg of anyone else is not found. The page speaks
 * the staff's language (the drivers have no account); the audit log's detail stays English, the
 * business's record.
 */

/**
 * Whether a request is for a driver's day (its page or its data, in any case as the router matches
 * it): the root gives it the staff's language, not its address's.
 */
export function isDriverDayPath(pathname: string): boolean {
  return pathname.toLowerCase().startsWith(`${DRIVER_PATH}/`);
}

/** The audit log's words, and a status line's: English, whoever reads them. */
const recordWords = (): AdminWords => adminWordsIn("en");

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

/**
 * One press of a step's button: the moment recorded once (the first press kept), with a history
 * row on the booking; a no-show also marks the leg's ride. A leg that is not this driver's, or
 * whose booking is cancelled, is not found and nothing changes; a no-show before the free waiting
 * time ends is refused (steps.ts). Runs under the booking's lock, as every change to a booking does.
 * The outcome's words are `words` (the staff's language); the history's stay English.
 */
export async function recordLegStep(db: Db, driver: LinkDriver, form: StepForm, now: Date, words: AdminWords): Promise<StepOutcome> {
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
      return { ok: false, status: 404, message: words("driver.problem.notYours") };
    }
    const recorded: RecordedStep[] = await tx
      .select({ step: legEvents.step, at: legEvents.at })
      .from(legEvents)
      .where(and(eq(legEvents.orderId, form.orderId), eq(legEvents.leg, form.leg)));
    const before = stepAlready(form.step, recorded);
    if (before) return { ok: true, done: "already", text: stepNotice("already", before, words) };
    const stored = readStoredDetails(booking.details)?.legs.find((l) => l.leg === form.leg);
    const refusal = stepRefusal(
      form.step,
      { kind: booking.kind, pickupAt: leg.pickupAt, pickupIsFlight: stored?.pickup.kind === "flight", recorded },
      now,
      words,
    );
    if (refusal) return { ok: false, status: 409, message: refusal };
    const [inserted] = await tx
      .insert(legEvents)
      .values({ orderId: form.orderId, leg: form.leg, step: form.step, at: now, driverId: driver.id })
      .onConflictDoNothing()
      .returning({ at: legEvents.at });
    if (!inserted) return { ok: true, done: "already", text: words("driver.notice.already", { step: stepLabel(form.step, words) }) };
    if (form.step === "no_show") {
      await tx
        .update(bookingLegs)
        .set({ rideStatus: "no_show" })
        .where(and(eq(bookingLegs.orderId, form.orderId), eq(bookingLegs.leg, form.leg)));
    }
    const step = { step: form.step, at: inserted.at };
    await recordAudit(tx, {
      actorId: null,
      actor: `driver ${driver.name}`,
      action: "ride_step",
      orderId: form.orderId,
      detail: `Leg ${form.leg}: ${stepText(step, recordWords())}, recorded by ${driver.name} (driver #${driver.id}).`,
    });
    return { ok: true, done: "recorded", text: stepNotice("recorded", step, words) };
  });
}

/** Each refusal's status text, in English: the status line takes no other. */
const STATUS_TEXT = { 413: "Content Too Large", 415: "Unsupported Media Type" };

/** A refusal of the driver's day as thrown data, in `words`, for the page's error boundary (DriverDayError). */
export function driverDayRefused(reason: DriverDayRefusalReason, words: AdminWords, init: ResponseInit) {
  return data(driverDayRefusal(reason, words), init);
}

/** A press on a ride not on the driver's list (404), its status line the English sentence. */
export function notYourLegRefused(words: AdminWords) {
  return driverDayRefused("not-yours", words, { status: 404, statusText: recordWords()("driver.problem.notYours") });
}

/** Data thrown with a status (react-router's `data`), as driverOfPage throws its refusals. */
function isThrownData(value: unknown): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/**
 * The driver whose link opens the page (driverOfPage), its refusals in `words`: a link that does
 * not open (404) or too many wrong links (429), with the same status, status line and headers.
 */
export async function driverOfDayPage(context: AppLoadContext, token: string | undefined, words: AdminWords): Promise<LinkDriver> {
  try {
    return await driverOfPage(context, token);
  } catch (error) {
    if (!isThrownData(error) || !error.init) throw error;
    if (error.init.status === 404) throw driverDayRefused("link", words, error.init);
    if (error.init.status === 429) throw driverDayRefused("too-many", words, error.init);
    throw error;
  }
}

/**
 * A press's post, as fields for its zod schema; a post too large (413, and the connection closed,
 * the rest of it unread) or not a form (415) is refused in `words`.
 */
export async function readDriverForm(request: Request, limit: number, words: AdminWords): Promise<Record<string, string>> {
  const body = await readFormBody(request, limit);
  if (body.ok) return fieldsOf(body.fields);
  if (body.status === 413) {
    throw driverDayRefused("too-large", words, { status: 413, statusText: STATUS_TEXT[413], headers: { Connection: "close" } });
  }
  throw driverDayRefused("not-form", words, { status: 415, statusText: STATUS_TEXT[415] });
}
