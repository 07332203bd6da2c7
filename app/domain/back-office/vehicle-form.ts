import { VEHICLE_KINDS, VEHICLE_PICTURES } from "../fleet";
import { plainText } from "../plain-text";
import { rowId, z } from "../zod";

/**
 * The vehicles page's forms (add, edit, deactivate, reactivate), read by one schema keyed on the
 * posted `intent`. Capacities are whole numbers within what a road vehicle can be.
 */

const text = (max: number, label: string, field: string, missing: string) =>
  z
    .string()
    // Before white space is collapsed, which would read a line break or a U+FEFF as a space.
    .superRefine(plainText(field))
    .default("")
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .pipe(z.string().min(1, missing).max(max, `${label} has at most ${max} characters.`));

const count = (label: string, min: number, max: number) =>
  z
    .string()
    .default("")
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .regex(/^\d{1,3}$/, `Enter the ${label} as a whole number from ${min} to ${max}.`)
        .transform(Number)
        .pipe(
          z
            .number()
            .min(min, `Enter the ${label} as a whole number from ${min} to ${max}.`)
            .max(max, `Enter the ${label} as a whole number from ${min} to ${max}.`),
        ),
    );

const vehicleFields = z.object({
  name: text(80, "The name", "Name", "Enter the vehicle's name."),
  kind: z.enum(VEHICLE_KINDS, { error: "Choose the kind of vehicle from the list." }),
  seats: count("passenger seats", 1, 90),
  suitcases: count("suitcases", 0, 120),
  childSeats: count("child seats", 0, 10),
  picture: z.enum(VEHICLE_PICTURES, { error: "Choose a picture from the list." }),
  pictureAlt: text(200, "The picture's text", "Picture text", "Describe the picture for those who cannot see it."),
  description: text(1000, "The description", "Description", "Describe the vehicle for the cars page."),
  luggage: text(300, "The luggage text", "Luggage", "Say what fits in the luggage space."),
});
export type VehicleFieldsForm = z.output<typeof vehicleFields>;

const vehicleId = rowId("This vehicle does not exist.");

/** Every post of the vehicles page, by intent. */
export const vehicleFormSchema = z.discriminatedUnion(
  "intent",
  [
    vehicleFields.extend({ intent: z.literal("add") }),
    vehicleFields.extend({ intent: z.literal("edit"), id: vehicleId }),
    z.object({ intent: z.literal("deactivate"), id: vehicleId }),
    z.object({ intent: z.literal("reactivate"), id: vehicleId }),
  ],
  { error: "This form asked for something the vehicles page does not do." },
);
export type VehicleForm = z.output<typeof vehicleFormSchema>;
