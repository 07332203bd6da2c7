import { noShowFrom } from "../booking/free-waiting";
import { ORDER_ID_PATTERN } from "../booking/order-id";
import { parisClock } from "../booking/paris-time";
import type { TransferKind } from "../site-paths";
import { z } from "../zod";

/**
 * The moments of a ride a driver records from their day's page (docs/product.md, The driver's
 * day): each kept once, at the first press, as proof in a dispute. A no-show waits for the end of
 * the free waiting time (free-waiting.ts). Pure: `now` is an argument.
 */

export const LEG_STEPS = ["on_my_way", "at_pickup", "picked_up", "no_show"] as const;
export type LegStep = (typeof LEG_STEPS)[number];

/** The button's words, and the history's. */
export const STEP_LABELS: Readonly<Record<LegStep, string>> = {
  on_my_way: "On my way",
  at_pickup: "At pickup",
  picked_up: "Picked up",
  no_show: "No-show",
};

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
export function stepRefusal(step: LegStep, facts: StepFacts, now: Date): string | null {
  if (step !== "no_show") return null;
  if (facts.recorded.some((r) => r.step === "picked_up")) return "The party is recorded as picked up: a no-show cannot be recorded.";
  const from = noShowFrom(facts.kind, facts);
  if (now.getTime() < from.getTime()) {
    return `No-show is not recorded yet: the free waiting time runs until ${parisClock(from)} (Paris time). Call the traveller and wait until then.`;
  }
  return null;
}

/** The step as recorded before, when it was: a second press changes nothing. */
export function stepAlready(step: LegStep, recorded: readonly RecordedStep[]): RecordedStep | null {
  return recorded.find((r) => r.step === step) ?? null;
}

/** "On my way at 07:12 (Paris time)". */
export function stepText(step: RecordedStep): string {
  return `${STEP_LABELS[step.step]} at ${parisClock(step.at)} (Paris time)`;
}
