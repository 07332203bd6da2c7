import { rowId, z } from "../zod";
import { legOfKey } from "./day-runs";

/**
 * The runs page's forms, read by one schema keyed on the posted `intent`. Each names the day it
 * was shown for, and a move names the run the leg was in, so that a form sent after someone else
 * changed the day is refused rather than applied to what the dispatcher did not see.
 */

const runId = rowId("This run does not exist (any more): reload the page.");
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "The day must be written as yyyy-mm-dd.");
/** A select's value: "" for none, else the id of a row. */
const optionalId = (message: string) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), rowId(message).nullable().default(null));

const legKey = z.string().transform((v, ctx) => {
  const leg = legOfKey(v.trim());
  if (!leg) {
    ctx.addIssue({ code: "custom", message: "This booking is not one of the day's shuttle pickups: reload the page." });
    return z.NEVER;
  }
  return { key: v.trim(), ...leg };
});

const LANDING_TIME_MESSAGE = "Enter the new landing time as HH:MM, Paris time, for example 11:20.";

/** Where a leg goes: a run of the day, or a new run of its own. */
const target = z.union([z.literal("new"), runId]);

/** The changes of the runs themselves (app/lib/shuttle-runs.server.ts's changeRuns). */
const runChanges = [
  z.object({ intent: z.literal("replan"), day }),
  z.object({ intent: z.literal("move"), day, leg: legKey, from: z.union([z.literal("none"), runId]), to: target }),
  z.object({ intent: z.literal("lock"), day, run: runId }),
  z.object({ intent: z.literal("unlock"), day, run: runId }),
  z.object({
    intent: z.literal("assign"),
    day,
    run: runId,
    vehicleId: optionalId("Choose a vehicle from the list."),
    driverId: optionalId("Choose a driver from the list."),
  }),
  z.object({ intent: z.literal("dispatch"), day, run: runId }),
] as const;

const UNKNOWN = { error: "This form asked for something the runs page does not do." };

export const runChangeSchema = z.discriminatedUnion("intent", [...runChanges], UNKNOWN);
export type RunChange = z.output<typeof runChangeSchema>;

/** Every post of the runs page: a change of the runs, or a flight's new landing time. */
export const runsFormSchema = z.discriminatedUnion(
  "intent",
  [
    ...runChanges,
    z.object({
      intent: z.literal("landing"),
      day,
      leg: legKey,
      landingTime: z
        .string({ error: LANDING_TIME_MESSAGE })
        .trim()
        .regex(/^\d{1,2}:\d{2}$/, LANDING_TIME_MESSAGE),
    }),
  ],
  UNKNOWN,
);
export type RunsForm = z.output<typeof runsFormSchema>;
