import type { AdminWords } from "../back-office/admin-words";
import { noShowFrom } from "../booking/free-waiting";
import { ORDER_ID_PATTERN } from "../booking/order-id";
import { parisClock } from "../booking/paris-time";
import type { TransferKind } from "../site-paths";
import { z } from "../zod";

/**
 * The moments of a ride a driver records from their day's page (docs/product.md, The driver's
 * day): each kept once, at the first press, as proof in a dispute. A no-show waits for the end of
 * the free waiting time (free-waiting.ts). Pure: `now` is an argument; the words are the staff's
 * language (the drivers have no account), an argument too.
 */

export const LEG_STEPS = ["on_my_way", "at_pickup", "picked_up", "no_show"] as const;
export type LegStep = (typeof LEG_STEPS)[number];

/** A step's button: "On my way", "En route". */
export function stepLabel(step: LegStep, words: AdminWords): string {
  return words("driver.step", { step });
}

export interface RecordedStep {
  step: LegStep;
  at: Date;
}

/** One press of a step's button, as the page posts it. */
export const stepFormSchema = z.object(
  {
    step: z.enum(LEG_STEPS, { error: "This button asked for a step the page does not record." }),
    orderId: z.string().regex(ORDER_ID_PATTERN, { error: "This leg does not exist." }),
    leg: z.enum(["1", "2"], { error: "This leg does not exist." }).transform((v) => (v === "1" ? 1 : 2) as 1 | 2),
  },
  { error: "This form could not be read." },
);
export type StepForm = z.output<typeof stepFormSchema>;

/** The recorded steps in the order a ride goes through them. */
export function orderedSteps(steps: readonly RecordedStep[]): RecordedStep[] {
  return [...steps].sort((a, b) => LEG_STEPS.indexOf(a.step) - LEG_STEPS.indexOf(b.step) || a.at.getTime() - b.at.getTime());
}

/** What the rules read of a leg when a step is pressed. */
export interface StepFacts {
  kind: TransferKind;
  pickupAt: Date;
  pickupIsFlight: boolean;
  recorded: readonly RecordedStep[];
}

/**
 * Why this press records nothing new, or null when it records the step: a no-show before the free
 * waiting time ends, or once the party is picked up. A step already recorded is not a refusal
 * (stepAlready says so and keeps the first moment).
 */
export function stepRefusal(step: LegStep, facts: StepFacts, now: Date, words: AdminWords): string | null {
  if (step !== "no_show") return null;
  if (facts.recorded.some((r) => r.step === "picked_up")) return words("driver.problem.pickedUp");
  const from = noShowFrom(facts.kind, facts);
  if (now.getTime() < from.getTime()) return words("driver.problem.tooEarly", { time: parisClock(from) });
  return null;
}

/** The step as recorded before, when it was: a second press changes nothing. */
export function stepAlready(step: LegStep, recorded: readonly RecordedStep[]): RecordedStep | null {
  return recorded.find((r) => r.step === step) ?? null;
}

/**
 * "On my way at 07:12 (Paris time)", "En route à 07:12 (heure de Paris)": in the words the runs
 * board says a step in (runs.step), so the driver and the dispatcher read the same.
 */
export function stepText(step: RecordedStep, words: AdminWords): string {
  return words("runs.step", { step: step.step, time: parisClock(step.at) });
}

/** What the page says after a press: "On my way at 07:12 (Paris time) is recorded." */
export function stepNotice(done: "recorded" | "already", step: RecordedStep, words: AdminWords): string {
  return words(done === "recorded" ? "driver.notice.recorded" : "driver.notice.already", { step: stepText(step, words) });
}
