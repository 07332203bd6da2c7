import { normalisePhone } from "../phone";
import { plainText } from "../plain-text";
import { rowId, z } from "../zod";

/**
 * The drivers page's forms (add, edit, deactivate, reactivate, send and revoke the driver's link to
 * their day), read by one schema keyed on the posted `intent`. A phone is checked against the
 * numbering plan of its country (France when it has no +country code) and stored in international
 * form, +33612345678.
 */

const DRIVER_LIMITS = { name: 120, email: 254, vehicleNote: 120, phone: 40 } as const;

const PHONE_MESSAGE = "Enter a valid phone number, with its country code if it is not French (for example +33 6 12 34 56 78).";

const text = (max: number, label: string, field: string) =>
  z
    .string()
    // Before white space is collapsed, which would read a line break or a U+FEFF as a space.
    .superRefine(plainText(field))
    .default("")
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .pipe(z.string().max(max, `${label} has at most ${max} characters.`));

/** A driver's own fields, as the add and edit forms post them. */
const driverFields = z.object({
  name: text(DRIVER_LIMITS.name, "The name", "Name").pipe(z.string().min(1, "Enter the driver's name.")),
  phone: z
    .string()
    .default("")
    .transform((v, ctx) => {
      const phone = v.length <= DRIVER_LIMITS.phone ? normalisePhone(v) : null;
      if (phone) return phone;
      ctx.addIssue({ code: "custom", message: v.trim() === "" ? "Enter the driver's phone number." : PHONE_MESSAGE });
      return z.NEVER;
    }),
  email: z
    .string()
    .default("")
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.email({ message: "Enter the driver's e-mail address, like name@example.com." }).max(DRIVER_LIMITS.email)),
  /** The vehicle of the fleet, by id; none when the form's choice is empty. */
  vehicleId: z
    .string()
    .default("")
    .transform((v, ctx) => {
      const text = v.trim();
      if (text === "") return null;
      if (/^\d{1,9}$/.test(text) && Number(text) > 0) return Number(text);
      ctx.addIssue({ code: "custom", message: "Choose the driver's vehicle from the list." });
      return z.NEVER;
    }),
  vehicleNote: text(DRIVER_LIMITS.vehicleNote, "The plate or note", "Plate or note"),
});
export type DriverFields = z.output<typeof driverFields>;

const driverId = rowId("This driver does not exist.");

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
  { error: "This form asked for something the drivers page does not do." },
);
export type DriverForm = z.output<typeof driverFormSchema>;

/** What changed between a driver and new fields, in words for the audit ("phone, vehicle"). */
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
