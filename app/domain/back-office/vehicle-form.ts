import { VEHICLE_KINDS, VEHICLE_PICTURES } from "../fleet";
import { type FormProblem, problemsOf } from "../form-problems";
import { plainTextRefinement } from "../plain-text";
import { rowId, z } from "../zod";
import type { AdminWordKey, AdminWords } from "./admin-words";

/**
 * The vehicles page's forms (add, edit, deactivate, reactivate), read by one schema keyed on the
 * posted `intent`. Capacities are whole numbers within what a road vehicle can be.
 *
 * Every message below is a key of the `admin` catalogue: the page puts it into the member's
 * language (vehicleProblems), with the field's limits.
 */

/** Each field's limits: the longest text, or the smallest and largest count. */
const LIMITS = {
  name: { max: 80 },
  seats: { min: 1, max: 90 },
  suitcases: { min: 0, max: 120 },
  childSeats: { min: 0, max: 10 },
  pictureAlt: { max: 200 },
  description: { max: 1000 },
  luggage: { max: 300 },
} as const;

const text = (max: number, words: { missing: AdminWordKey; long: AdminWordKey; plain: AdminWordKey }) =>
  z
    .string()
    // Before white space is collapsed, which would read a line break or a U+FEFF as a space.
    .superRefine(plainTextRefinement({ message: words.plain }))
    .default("")
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .pipe(z.string().min(1, words.missing).max(max, words.long));

const count = ({ min, max }: { min: number; max: number }, message: AdminWordKey) =>
  z
    .string()
    .default("")
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .regex(/^\d{1,3}$/, message)
        .transform(Number)
        .pipe(z.number().min(min, message).max(max, message)),
    );

const vehicleFields = z.object({
  name: text(LIMITS.name.max, { missing: "vehicles.problem.name", long: "vehicles.problem.nameLong", plain: "vehicles.problem.nameText" }),
  kind: z.enum(VEHICLE_KINDS, { error: "vehicles.problem.kind" satisfies AdminWordKey }),
  seats: count(LIMITS.seats, "vehicles.problem.seats"),
  suitcases: count(LIMITS.suitcases, "vehicles.problem.suitcases"),
  childSeats: count(LIMITS.childSeats, "vehicles.problem.childSeats"),
  picture: z.enum(VEHICLE_PICTURES, { error: "vehicles.problem.picture" satisfies AdminWordKey }),
  pictureAlt: text(LIMITS.pictureAlt.max, {
    missing: "vehicles.problem.pictureAlt",
    long: "vehicles.problem.pictureAltLong",
    plain: "vehicles.problem.pictureAltText",
  }),
  description: text(LIMITS.description.max, {
    missing: "vehicles.problem.description",
    long: "vehicles.problem.descriptionLong",
    plain: "vehicles.problem.descriptionText",
  }),
  luggage: text(LIMITS.luggage.max, {
    missing: "vehicles.problem.luggage",
    long: "vehicles.problem.luggageLong",
    plain: "vehicles.problem.luggageText",
  }),
});
export type VehicleFieldsForm = z.output<typeof vehicleFields>;

const vehicleId = rowId("vehicles.problem.vehicle" satisfies AdminWordKey);

/** Every post of the vehicles page, by intent. */
export const vehicleFormSchema = z.discriminatedUnion(
  "intent",
  [
    vehicleFields.extend({ intent: z.literal("add") }),
    vehicleFields.extend({ intent: z.literal("edit"), id: vehicleId }),
    z.object({ intent: z.literal("deactivate"), id: vehicleId }),
    z.object({ intent: z.literal("reactivate"), id: vehicleId }),
  ],
  { error: "vehicles.problem.unknownForm" satisfies AdminWordKey },
);
export type VehicleForm = z.output<typeof vehicleFormSchema>;

/** A refused vehicles form's problems in the member's words, each at its field with the field's limits. */
export function vehicleProblems(error: z.ZodError, words: AdminWords): FormProblem[] {
  return problemsOf(error, (issue, field) => {
    const limits = field !== null && field in LIMITS ? LIMITS[field as keyof typeof LIMITS] : {};
    return words(issue.message as AdminWordKey, limits);
  });
}
