import {
  readVehicleTextField,
  VEHICLE_KINDS,
  VEHICLE_PICTURES,
  VEHICLE_TEXT_FIELDS,
  type VehicleFields,
  type VehicleText,
  type TranslatedLocale,
  type VehicleTextField,
  type VehicleTranslations,
} from "../fleet";
import { type FormProblem, problemsOf } from "../form-problems";
import { plainTextRefinement } from "../plain-text";
import { rowId, z } from "../zod";
import type { AdminWordKey, AdminWords } from "./admin-words";

/**
 * The vehicles page's forms (add, edit, deactivate, reactivate), read by one schema keyed on the
 * posted `intent`. Capacities are whole numbers within what a road vehicle can be. The picture
 * text, description and luggage are required in English; in each other language of the site
 * (`description_fr`, `luggage_es`…) they are optional, under the same rules, and an empty one
 * is no text: the cars page shows the English in its place.
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

/**
 * A text as typed, tidied: trimmed, each run of white space one space, or the no-break space it
 * holds (French typography puts one before a colon: it stays).
 */
const tidy = (v: string) => v.trim().replace(/\s+/g, (run) => /[\u00a0\u202f]/.exec(run)?.[0] ?? " ");

const typedText = (plain: AdminWordKey) =>
  z
    .string()
    // Before white space is collapsed, which would read a line break or a U+FEFF as a space.
    .superRefine(plainTextRefinement({ message: plain }))
    .default("")
    .transform(tidy);

const text = (max: number, words: { missing: AdminWordKey; long: AdminWordKey; plain: AdminWordKey }) =>
  typedText(words.plain).pipe(z.string().min(1, words.missing).max(max, words.long));

/** A text in another language: optional (left empty, it is no text), otherwise under the English one's rules. */
const translatedText = (max: number, words: { long: AdminWordKey; plain: AdminWordKey }) =>
  typedText(words.plain).pipe(z.string().max(max, words.long));

const TRANSLATED_WORDS = {
  pictureAlt: { long: "vehicles.problem.translation.pictureAltLong", plain: "vehicles.problem.translation.pictureAltText" },
  description: { long: "vehicles.problem.translation.descriptionLong", plain: "vehicles.problem.translation.descriptionText" },
  luggage: { long: "vehicles.problem.translation.luggageLong", plain: "vehicles.problem.translation.luggageText" },
} as const satisfies Record<VehicleText, { long: AdminWordKey; plain: AdminWordKey }>;

const translatedFields = Object.fromEntries(
  VEHICLE_TEXT_FIELDS.map(({ field, text }) => [field, translatedText(LIMITS[text].max, TRANSLATED_WORDS[text])]),
) as Record<VehicleTextField, ReturnType<typeof translatedText>>;

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
  ...translatedFields,
});

/** A vehicle's fields as the add and edit forms give them: its translations gathered as stored. */
export type VehicleFieldsForm = Omit<VehicleFields, "active">;

/** A form with its translated fields gathered into `texts` (each intent of a union on its own). */
type Gathered<F> = F extends unknown ? Omit<F, VehicleTextField> & { texts: VehicleTranslations } : never;

/** The posted translations, each language's non-empty texts, as the vehicle keeps them. */
function gatherTexts<F extends Record<VehicleTextField, string>>(form: F): Gathered<F> {
  const rest: Record<string, unknown> = { ...form };
  const texts: { [L in TranslatedLocale]?: Partial<Record<VehicleText, string>> } = {};
  for (const { field, text, locale } of VEHICLE_TEXT_FIELDS) {
    delete rest[field];
    if (form[field] !== "") texts[locale] = { ...texts[locale], [text]: form[field] };
  }
  return { ...rest, texts } as Gathered<F>;
}

const vehicleId = rowId("vehicles.problem.vehicle" satisfies AdminWordKey);

/** Every post of the vehicles page, by intent. */
export const vehicleFormSchema = z
  .discriminatedUnion(
    "intent",
    [
      vehicleFields.extend({ intent: z.literal("add") }),
      vehicleFields.extend({ intent: z.literal("edit"), id: vehicleId }),
      z.object({ intent: z.literal("deactivate"), id: vehicleId }),
      z.object({ intent: z.literal("reactivate"), id: vehicleId }),
    ],
    { error: "vehicles.problem.unknownForm" satisfies AdminWordKey },
  )
  .transform((form) => (form.intent === "add" || form.intent === "edit" ? gatherTexts(form) : form));
export type VehicleForm = z.output<typeof vehicleFormSchema>;

/**
 * A refused vehicles form's problems in the member's words, each at its field with the field's
 * limits, and a translated text's with its language ("The Spanish description has at most…").
 */
export function vehicleProblems(error: z.ZodError, words: AdminWords): FormProblem[] {
  return problemsOf(error, (issue, field) => {
    const translated = field === null ? null : readVehicleTextField(field);
    if (translated) {
      return words(issue.message as AdminWordKey, {
        ...LIMITS[translated.text],
        language: words(`vehicles.language.${translated.locale}`),
      });
    }
    const limits = field !== null && field in LIMITS ? LIMITS[field as keyof typeof LIMITS] : {};
    return words(issue.message as AdminWordKey, limits);
  });
}
