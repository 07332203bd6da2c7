import { type FormProblem, problemsOf } from "../form-problems";
import { normalisePhone } from "../phone";
import { plainTextMessage, plainTextRefinement } from "../plain-text";
import { rowId, z } from "../zod";
import type { AdminWordKey, AdminWords } from "./admin-words";

/**
 * The drivers page's forms (add, edit, deactivate, reactivate, send and revoke the driver's link to
 * their day), read by one schema keyed on the posted `intent`. A phone is checked against the
 * numbering plan of its country (France when it has no +country code) and stored in international
 * form, +33612345678.
 *
 * Every message below is a key of the `admin` catalogue, which the page puts into the member's
 * language (driverProblems); but a field's refused invisible character keeps the site's English
 * sentence as its message (plain-text.ts), its key riding in the issue's params.
 */

const DRIVER_LIMITS = { name: 120, email: 254, vehicleNote: 120, phone: 40 } as const;

/** The text rule for a field, its message worded by `word` on the page. */
const plainText = (label: string, word: AdminWordKey) => plainTextRefinement({ message: plainTextMessage(label), params: { word } });

const text = (max: number, long: AdminWordKey, label: string, word: AdminWordKey) =>
  z
    .string()
    // Before white space is collapsed, which would read a line break or a U+FEFF as a space.
    .superRefine(plainText(label, word))
    .default("")
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .pipe(z.string().max(max, long));

/** A driver's own fields, as the add and edit forms post them. */
const driverFields = z.object({
  name: text(DRIVER_LIMITS.name, "drivers.problem.nameLong", "Name", "drivers.problem.nameText").pipe(
    z.string().min(1, "drivers.problem.name" satisfies AdminWordKey),
  ),
  phone: z
    .string()
    .default("")
    .transform((v, ctx) => {
      const phone = v.length <= DRIVER_LIMITS.phone ? normalisePhone(v) : null;
      if (phone) return phone;
      const message: AdminWordKey = v.trim() === "" ? "drivers.problem.phoneMissing" : "drivers.problem.phone";
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }),
  email: z
    .string()
    .default("")
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.email({ message: "drivers.problem.email" satisfies AdminWordKey }).max(DRIVER_LIMITS.email)),
  /** The vehicle of the fleet, by id; none when the form's choice is empty. */
  vehicleId: z
    .string()
    .default("")
    .transform((v, ctx) => {
      const text = v.trim();
      if (text === "") return null;
      if (/^\d{1,9}$/.test(text) && Number(text) > 0) return Number(text);
      ctx.addIssue({ code: "custom", message: "drivers.problem.vehicle" satisfies AdminWordKey });
      return z.NEVER;
    }),
  vehicleNote: text(DRIVER_LIMITS.vehicleNote, "drivers.problem.noteLong", "Plate or note", "drivers.problem.noteText"),
});
export type DriverFields = z.output<typeof driverFields>;

const driverId = rowId("drivers.problem.driver" satisfies AdminWordKey);

/** Every post of the drivers page, by intent. */
export const driverFormSchema = z.discriminatedUnion(
  "intent",
  [
    driverFields.extend({ intent: z.literal("add") }),
    driverFields.extend({ intent: z.literal("edit"), id: driverId }),
    z.object({ intent: z.literal("deactivate"), id: driverId }),
    z.object({ intent: z.literal("reactivate"), id: driverId }),
    // The driver's personal link to their day (docs/product.md, The driver's day).
    z.object({ intent: z.literal("send-link"), id: driverId }),
    z.object({ intent: z.literal("revoke-link"), id: driverId }),
  ],
  { error: "drivers.problem.unknownForm" satisfies AdminWordKey },
);
export type DriverForm = z.output<typeof driverFormSchema>;

/** The catalogue key an issue of these forms is worded by: its params' for a refused character, else its message. */
function wordOf(issue: z.core.$ZodIssue): AdminWordKey {
  const word: unknown = issue.code === "custom" ? issue.params?.word : undefined;
  return (typeof word === "string" ? word : issue.message) as AdminWordKey;
}

/** A refused drivers form's problems in the member's words, each at its field. */
export function driverProblems(error: z.ZodError, words: AdminWords): FormProblem[] {
  const max = (field: string | null) => (field === "vehicleNote" ? DRIVER_LIMITS.vehicleNote : DRIVER_LIMITS.name);
  return problemsOf(error, (issue, field) => words(wordOf(issue), { max: max(field) }));
}

/** What changed between a driver and new fields, in words for the audit ("phone, vehicle"), which is in English. */
export function changedFields(before: DriverFields, after: DriverFields): string[] {
  const names: Record<keyof DriverFields, string> = {
    name: "name",
    phone: "phone",
    email: "e-mail",
    vehicleId: "vehicle",
    vehicleNote: "plate or note",
  };
  return (Object.keys(names) as (keyof DriverFields)[]).filter((k) => before[k] !== after[k]).map((k) => names[k]);
}
