import type { AdminWordKey, AdminWords } from "../back-office/admin-words";
import { type FormProblem, problemsOf } from "../form-problems";
import { rowId, z } from "../zod";
import { legOfKey } from "./day-runs";

/**
 * The runs page's forms, read by one schema keyed on the posted `intent`. Each names the day it
 * was shown for, and a move names the run the leg was in, so that a form sent after someone else
 * changed the day is refused rather than applied to what the dispatcher did not see.
 *
 * Every message below is a key of the `admin` catalogue: the page puts it into the member's
 * language (runsFormProblem).
 */

const runId = rowId("runs.form.run" satisfies AdminWordKey);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "runs.form.day" satisfies AdminWordKey);
/** A select's value: "" for none, else the id of a row. */
const optionalId = (message: AdminWordKey) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), rowId(message).nullable().default(null));

const legKey = z.string().transform((v, ctx) => {
  const leg = legOfKey(v.trim());
  if (!leg) {
    ctx.addIssue({ code: "custom", message: "runs.form.leg" satisfies AdminWordKey });
    return z.NEVER;
  }
  return { key: v.trim(), ...leg };
});

const LANDING_TIME_MESSAGE = "runs.form.landingTime" satisfies AdminWordKey;

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
    vehicleId: optionalId("runs.form.vehicle"),
    driverId: optionalId("runs.form.driver"),
  }),
  z.object({ intent: z.literal("dispatch"), day, run: runId }),
] as const;

const UNKNOWN = { error: "runs.form.unknown" satisfies AdminWordKey };

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

/**
 * The first problem of a refused post, in the member's words: the page shows one sentence. A
 * message that is no key of the catalogue (zod's own, for a field the page always sends) is shown
 * as zod wrote it.
 */
export function runsFormProblem(error: z.ZodError, words: AdminWords): string {
  const [first]: FormProblem[] = problemsOf(error, (issue) => words(issue.message as AdminWordKey));
  return first?.message ?? words("runs.form.unreadable");
}
