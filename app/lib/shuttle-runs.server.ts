import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { bookingLegs, drivers, shuttleRunLegs, shuttleRuns, vehicles } from "../../db/schema";
import type { AdminWordKey, AdminWords } from "~/domain/back-office/admin-words";
import type { EmailSite } from "~/domain/booking/email-frame";
import type { LegNumber } from "~/domain/booking/model";
import { parisDayRange, parseIsoDate } from "~/domain/booking/paris-time";
import { dayBoard, legOfKey, replanDay, shuttleLegsOfDay, type DayBoard, type ShuttleLeg, type StoredRun } from "~/domain/runs/day-runs";
import { assignmentClashes } from "~/domain/runs/run-assignments";
import { legKeyOf } from "~/domain/runs/run-parties";
import { SHUTTLE_CAPACITY, SHUTTLE_MAX_WAIT_MINUTES } from "~/domain/runs/run-plan";
import type { RunChange } from "~/domain/runs/runs-form";
import type { RunsNotice } from "~/domain/runs/runs-notice";
import type { LegRunTime } from "~/domain/runs/run-time-text";
import { recordAudit } from "./audit.server";
import { assignDriverIn } from "./booking-admin.server";
import type { AuditActor, Tx } from "./booking-tx.server";
import type { Db } from "./db.server";
import { bookingsPickedUpBetween } from "./dispatch.server";
import { adminWordsIn } from "./i18n.server";

/**
 * The stored shuttle runs of a day (docs/decisions/0027-shuttle-runs-stored.md): read with the
 * day's shuttle pickups into the dispatcher's board, and changed by the runs page's forms. Every
 * change of a day runs in one transaction under that day's advisory lock, so two dispatchers'
 * changes are made one after the other, each on what the other left; a leg is in one run at most
 * (the primary key of shuttle_run_legs). A refusal is a key of the `admin` catalogue with its
 * values, which the page words in the member's language.
 */

/** How the day's parties are timed and what they are promised. */
export interface RunRules {
  /** Minutes from landing to the meeting point (AIRPORT_EXIT_MINUTES). */
  exitMinutes: number;
  /** The shared shuttle's waiting promise, in minutes. */
  maxWaitMinutes: number;
}

/** The advisory lock a day's runs are changed under, with the day as its second key (any constant of this application's own). */
const RUNS_LOCK = 0x6e617672; // "navr"

async function storedRuns(db: Db | Tx, day: string): Promise<StoredRun[]> {
  const runs = await db.select().from(shuttleRuns).where(eq(shuttleRuns.day, day)).orderBy(asc(shuttleRuns.id));
  if (runs.length === 0) return [];
  const legs = await db
    .select()
    .from(shuttleRunLegs)
    .where(
      inArray(
        shuttleRunLegs.runId,
        runs.map((r) => r.id),
      ),
    );
  return runs.map((r) => ({
    id: r.id,
    airport: r.airport,
    direction: r.direction,
    locked: r.locked,
    capacity: { seats: r.seats, suitcases: r.suitcases },
    vehicleId: r.vehicleId,
    driverId: r.driverId,
    dispatchedAt: r.dispatchedAt,
    legKeys: legs
      .filter((l) => l.runId === r.id)
      .map((l) => legKeyOf(l.orderId, l.leg as 1 | 2))
      .sort(),
  }));
}

/**
 * The words of the pickup lines a change reads: only their keys, times and parties count there,
 * never their texts, so any language does.
 */
const CHANGE_WORDS: AdminWords = adminWordsIn("en");

async function shuttleLegs(db: Db | Tx, day: string, rules: RunRules, words: AdminWords): Promise<ShuttleLeg[]> {
  const date = parseIsoDate(day);
  if (!date) return [];
  const { start, end } = parisDayRange(date);
  return shuttleLegsOfDay(await bookingsPickedUpBetween(db as Db, start, end), date, rules.exitMinutes, words);
}

/** The dispatcher's board of a day (yyyy-MM-dd, Paris), its pickup lines in `words`. */
export async function readDayBoard(db: Db, day: string, rules: RunRules, words: AdminWords): Promise<DayBoard> {
  const [stored, legs] = await Promise.all([storedRuns(db, day), shuttleLegs(db, day, rules, words)]);
  return dayBoard(stored, legs, rules.maxWaitMinutes);
}

/** Why a change is refused: a key of the `admin` catalogue (runs.refused.*) and its values. */
export interface RunsRefusal {
  key: AdminWordKey;
  values: Readonly<Record<string, string | number>>;
}

export type RunsChange = { ok: true; notice: RunsNotice } | { ok: false; status: 400 | 404 | 409; refusal: RunsRefusal };

const refuse = (status: 400 | 404 | 409, key: AdminWordKey, values: RunsRefusal["values"] = {}): RunsChange => ({
  ok: false,
  status,
  refusal: { key, values },
});

/** Deletes the day's runs left with no leg, and stores each run's time as measured now. */
async function tidyDay(tx: Tx, day: string, rules: RunRules): Promise<void> {
  const board = dayBoard(await storedRuns(tx, day), await shuttleLegs(tx, day, rules, CHANGE_WORDS), rules.maxWaitMinutes);
  for (const run of board.runs) {
    if (run.legKeys.length === 0) await tx.delete(shuttleRuns).where(eq(shuttleRuns.id, run.id));
    else await tx.update(shuttleRuns).set({ departsAt: run.departsAt }).where(eq(shuttleRuns.id, run.id));
  }
}

async function insertRun(
  tx: Tx,
  day: string,
  run: Pick<StoredRun, "airport" | "direction" | "locked" | "capacity" | "legKeys">,
): Promise<number> {
  const [row] = await tx
    .insert(shuttleRuns)
    .values({
      day,
      airport: run.airport,
      direction: run.direction,
      locked: run.locked,
      seats: run.capacity.seats,
      suitcases: run.capacity.suitcases,
    })
    .returning({ id: shuttleRuns.id });
  if (!row) throw new Error("The new run was not stored.");
  const legs = run.legKeys.flatMap((key) => legOfKey(key) ?? []);
  if (legs.length > 0) await tx.insert(shuttleRunLegs).values(legs.map((l) => ({ ...l, runId: row.id })));
  return row.id;
}

interface DayState {
  stored: StoredRun[];
  legs: ShuttleLeg[];
}

type Change = (tx: Tx, state: DayState) => Promise<RunsChange>;

/** One change of a day's runs: under the day's lock, on the runs and pickups as they are now. */
async function underDayLock(db: Db, day: string, rules: RunRules, change: Change): Promise<RunsChange> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RUNS_LOCK}, hashtext(${day}))`);
    const state = { stored: await storedRuns(tx, day), legs: await shuttleLegs(tx, day, rules, CHANGE_WORDS) };
    const outcome = await change(tx, state);
    if (outcome.ok) await tidyDay(tx, day, rules);
    return outcome;
  });
}

/** A run as the refusals name it ("run #3 (CDG arrivals)"): the values of its description. */
function runValues(run: Pick<StoredRun, "id" | "airport" | "direction">): RunsRefusal["values"] {
  return { run: run.id, airport: run.airport, direction: run.direction };
}

/** What a dispatch needs besides the day: who makes it and the site the e-mails link to. */
export interface RunsContext {
  actor: AuditActor;
  rules: RunRules;
  site: EmailSite;
  /** The member's words, for a leg's refusal when a run is dispatched. */
  words: AdminWords;
}

/** Applies one checked post of the runs page. */
export async function changeRuns(db: Db, form: RunChange, context: RunsContext): Promise<RunsChange> {
  const { actor, rules } = context;
  const audit = (tx: Tx, detail: string, orderId?: string) =>
    recordAudit(tx, { actorId: actor.id, actor: actor.email, action: "run_changed", detail, ...(orderId ? { orderId } : {}) });
  const runOf = (state: DayState, id: number) => state.stored.find((r) => r.id === id) ?? null;
  const GONE = refuse(409, "runs.refused.gone");

  return underDayLock(db, form.day, rules, async (tx, state): Promise<RunsChange> => {
    switch (form.intent) {
      case "replan": {
        await tx.delete(shuttleRuns).where(and(eq(shuttleRuns.day, form.day), eq(shuttleRuns.locked, false)));
        const planned = replanDay(state.stored, state.legs, rules.maxWaitMinutes);
        for (const run of planned) await insertRun(tx, form.day, { ...run, locked: false });
        const kept = state.stored.filter((r) => r.locked).length;
        await audit(tx, `Runs of ${form.day} planned: ${planned.length} new, ${kept} locked kept.`);
        return { ok: true, notice: { done: "planned", planned: planned.length, kept } };
      }
      case "move": {
        const leg = state.legs.find((l) => l.line.key === form.leg.key);
        if (!leg) return refuse(404, "runs.refused.notPickup", { leg: form.leg.key });
        const from = state.stored.find((r) => r.legKeys.includes(leg.line.key)) ?? null;
        if ((from?.id ?? "none") !== form.from) {
          const where = from ? { inRun: "yes", ...runValues(from) } : { inRun: "no" };
          return refuse(409, "runs.refused.movedSince", { orderId: leg.line.orderId, ...where });
        }
        if (from?.dispatchedAt) return refuse(409, "runs.refused.fromDispatched", runValues(from));
        const { airport, direction } = leg.party;
        let to: number;
        if (form.to === "new") {
          to = await insertRun(tx, form.day, { airport, direction, locked: true, capacity: SHUTTLE_CAPACITY, legKeys: [] });
        } else {
          const target = runOf(state, form.to);
          if (!target) return GONE;
          const named = { orderId: leg.line.orderId, ...runValues(target) };
          if (target.id === from?.id) return refuse(409, "runs.refused.alreadyIn", named);
          if (target.airport !== airport || target.direction !== direction) return refuse(400, "runs.refused.otherTrip", named);
          if (target.dispatchedAt) return refuse(409, "runs.refused.dispatched", named);
          to = target.id;
          await tx.update(shuttleRuns).set({ locked: true }).where(eq(shuttleRuns.id, to));
        }
        const { orderId, leg: number } = form.leg;
        await tx.delete(shuttleRunLegs).where(and(eq(shuttleRunLegs.orderId, orderId), eq(shuttleRunLegs.leg, number)));
        await tx.insert(shuttleRunLegs).values({ orderId, leg: number, runId: to });
        await audit(tx, `Leg ${number} moved ${from ? `from run #${from.id} ` : ""}to run #${to} (locked).`, orderId);
        return { ok: true, notice: { done: "moved", orderId, run: to } };
      }
      case "lock":
      case "unlock": {
        const run = runOf(state, form.run);
        if (!run) return GONE;
        const locked = form.intent === "lock";
        if (run.locked === locked) return { ok: true, notice: { done: locked ? "already-locked" : "already-unlocked", run: run.id } };
        if (!locked && run.dispatchedAt) return refuse(409, "runs.refused.staysLocked", runValues(run));
        // An unlocked run is the planner's again: a vehicle and driver given by hand go with the lock.
        const set = locked ? { locked } : { locked, vehicleId: null, driverId: null, ...shuttleCapacityColumns() };
        await tx.update(shuttleRuns).set(set).where(eq(shuttleRuns.id, run.id));
        await audit(tx, `Run #${run.id} ${locked ? "locked" : "unlocked"}.`);
        return {
          ok: true,
          notice: { done: locked ? "locked" : "unlocked", run: run.id },
        };
      }
      case "assign":
        return assign(tx, form, state, audit, runOf(state, form.run), GONE);
      case "dispatch": {
        const run = runOf(state, form.run);
        if (!run) return GONE;
        if (run.dispatchedAt) return refuse(409, "runs.refused.alreadyDispatched", runValues(run));
        const board = dayBoard(state.stored, state.legs, rules.maxWaitMinutes).runs.find((r) => r.id === run.id)!;
        if (!board.dispatchable) return refuse(409, "runs.refused.problems", runValues(run));
        if (run.vehicleId === null || run.driverId === null) return refuse(409, "runs.refused.giveFirst", runValues(run));
        const legs = run.legKeys.flatMap((key) => legOfKey(key) ?? []);
        const driven = await tx
          .select({ orderId: bookingLegs.orderId, leg: bookingLegs.leg, driverId: bookingLegs.driverId })
          .from(bookingLegs)
          .where(inArray(bookingLegs.orderId, [...new Set(legs.map((l) => l.orderId))]));
        for (const leg of legs) {
          // A leg its booking's page already gave this driver keeps it, with no second e-mail.
          if (driven.some((d) => d.orderId === leg.orderId && d.leg === leg.leg && d.driverId === run.driverId)) continue;
          const outcome = await assignDriverIn(tx, leg.orderId, leg.leg, run.driverId, actor, context.site, context.words);
          if (!outcome.ok) throw new DispatchRefused(leg.orderId, outcome.message);
        }
        await tx
          .update(shuttleRuns)
          .set({ dispatchedAt: sql`now()` })
          .where(eq(shuttleRuns.id, run.id));
        await audit(tx, `Run #${run.id} dispatched: its ${run.legKeys.length} legs given to its driver.`);
        return { ok: true, notice: { done: "dispatched", run: run.id } };
      }
    }
  }).catch((error: unknown) => {
    if (error instanceof DispatchRefused) return refuse(409, "runs.refused.leg", { orderId: error.orderId, reason: error.reason });
    throw error;
  });
}

/**
 * Rolls a dispatch back as a whole when one of its legs cannot be given the driver: `reason` is
 * the booking's own refusal (assignDriverIn), as it words it.
 */
class DispatchRefused extends Error {
  constructor(
    readonly orderId: string,
    readonly reason: string,
  ) {
    super(`${orderId}: ${reason}`);
  }
}

function shuttleCapacityColumns() {
  return { seats: SHUTTLE_CAPACITY.seats, suitcases: SHUTTLE_CAPACITY.suitcases };
}

async function assign(
  tx: Tx,
  form: Extract<RunChange, { intent: "assign" }>,
  state: DayState,
  audit: (tx: Tx, detail: string) => Promise<unknown>,
  run: StoredRun | null,
  gone: RunsChange,
): Promise<RunsChange> {
  if (!run) return gone;
  if (run.dispatchedAt) return refuse(409, "runs.refused.dispatched", runValues(run));
  const [vehicle] =
    form.vehicleId === null
      ? []
      : await tx
          .select()
          .from(vehicles)
          .where(and(eq(vehicles.id, form.vehicleId), eq(vehicles.active, true)));
  if (form.vehicleId !== null && !vehicle) return refuse(400, "runs.refused.vehicle");
  const [driver] =
    form.driverId === null
      ? []
      : await tx
          .select()
          .from(drivers)
          .where(and(eq(drivers.id, form.driverId), eq(drivers.active, true)));
  if (form.driverId !== null && !driver) return refuse(400, "runs.refused.driver");

  const board = dayBoard(state.stored, state.legs, Infinity).runs;
  const assigned = board.flatMap((r) =>
    r.departsAt === null
      ? []
      : [
          {
            id: String(r.id),
            departsAt: r.departsAt,
            durationMinutes: r.durationMinutes,
            vehicleId: r.id === run.id ? form.vehicleId : r.vehicleId,
            driverId: r.id === run.id ? form.driverId : r.driverId,
          },
        ],
  );
  const clash = assignmentClashes(assigned).find((c) => c.runs.includes(String(run.id)));
  if (clash) {
    const other = clash.runs.find((id) => id !== String(run.id));
    const name = clash.what === "vehicle" ? vehicle?.name : driver?.name;
    return refuse(409, "runs.refused.clash", {
      kind: clash.what,
      named: name === undefined ? "no" : "yes",
      name: name ?? "",
      other: other ?? "",
    });
  }
  const capacity = vehicle ? { seats: vehicle.seats, suitcases: vehicle.suitcases } : shuttleCapacityColumns();
  await tx
    .update(shuttleRuns)
    .set({ vehicleId: form.vehicleId, driverId: form.driverId, locked: true, ...capacity })
    .where(eq(shuttleRuns.id, run.id));
  await audit(tx, `Run #${run.id} given ${vehicle?.name ?? "no vehicle"} and ${driver?.name ?? "no driver"}; locked.`);
  return { ok: true, notice: { done: "assigned", run: run.id } };
}

/** The runs' rules from the settings: the airport exit time, and the shuttle's waiting promise. */
export function runRules(settings: { airportExitMinutes: number }): RunRules {
  return { exitMinutes: settings.airportExitMinutes, maxWaitMinutes: SHUTTLE_MAX_WAIT_MINUTES };
}

/** Each leg of a booking that is in a planned run, with the run's time (the traveller's pages, the reminder). */
export async function legRunTimes(db: Db | Tx, orderId: string): Promise<Map<LegNumber, LegRunTime>> {
  const rows = await db
    .select({ leg: shuttleRunLegs.leg, direction: shuttleRuns.direction, departsAt: shuttleRuns.departsAt })
    .from(shuttleRunLegs)
    .innerJoin(shuttleRuns, eq(shuttleRuns.id, shuttleRunLegs.runId))
    .where(eq(shuttleRunLegs.orderId, orderId));
  const times = new Map<LegNumber, LegRunTime>();
  for (const r of rows)
    if (r.departsAt && (r.leg === 1 || r.leg === 2)) times.set(r.leg, { direction: r.direction, departsAt: r.departsAt });
  return times;
}

/**
 * After a pickup of `day` moved (a flight's new landing time): a planned day's unlocked runs are
 * planned again, and a locked run keeps its legs, its time measured anew and any broken promise
 * flagged. A day not planned yet stays so. Called after the change has committed (decision 0027).
 */
export async function replanAfterChange(db: Db, day: string, context: Omit<RunsContext, "words">): Promise<void> {
  const [planned] = await db.select({ id: shuttleRuns.id }).from(shuttleRuns).where(eq(shuttleRuns.day, day)).limit(1);
  if (!planned) return;
  // A replan dispatches nothing, so it has no leg's refusal for anyone to read.
  await changeRuns(db, { intent: "replan", day }, { ...context, words: CHANGE_WORDS });
}
