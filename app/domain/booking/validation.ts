/**
 * The booking form's schema (docs/product.md, Booking rules): one zod schema that the browser runs
 * before posting and the server runs on what is posted. It reads every draft field as text, checks
 * every rule of rules.ts in one check, and turns the draft into the typed `Booking`, whose type
 * is the schema's own output. Everything after the boundary (the price, the stored booking, the
 * e-mails) reads the Booking, never the posted fields.
 *
 * What the Booking holds is what the visitor chose; what follows from the choice comes from the
 * price file: each leg's places are the route's ends, its duration and delays the route's row's.
 */
import { z } from "../zod";
import type { PriceRequest } from "../pricing/pricing";
import { DRAFT_FIELDS, legFields, type BookingDraft } from "./fields";
import { MAX_FIELD_LENGTH, MESSAGES, STEP_PREFIX, prefixFor, type BookingError } from "./messages";
import { bookingRules, text, type RuleContext } from "./rules";
import { bookingFromDraft } from "./wire";

export { transferKind } from "./draft";
export { LIMITS, MAX_FIELD_LENGTH, STEP_PREFIX, USER_PREFIX, markupParts, stripMarkup, type BookingError } from "./messages";
export { legDate, pickupMoment, type RuleContext } from "./rules";

// ---------------------------------------------------------------------------------------------
// Phone check (not blocking)

function digitCount(s: string): number {
  return (s.match(/\d/g) ?? []).length;
}

/**
 * The phone check: the number's digit count may not be under the country
 * format's digit count minus 2. The format is the country's pattern with one dot (or digit) per
 * digit, dial code included, e.g. France "+.. . .. .. .. .." (11). Its result never blocks.
 */
export function phoneWarnings(draft: BookingDraft): BookingError[] {
  const phone = text(draft, "phone_mobile");
  const format = text(draft, "phoneCountryFormat");
  const code = text(draft, "phoneCountryCode");
  const warn = (message: string) => [{ field: "phone_mobile", message }];
  if (digitCount(phone) === 0 || format === "" || code === "") return warn("Missing phone number or country data.");
  if (!/^[a-z]{2}$/i.test(code)) return warn("Invalid country code.");
  const expected = (format.match(/[.\d]/g) ?? []).length;
  const digits = phone.replace(/\D/g, "");
  if (digits.length < expected - 2) {
    const country = text(draft, "phoneCountryName") || code.toUpperCase();
    return warn(`Phone number +${digits} is incorrect length. Expected ${expected} digits. Format must be ${format} for ${country}`);
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// The schema

function buildFieldsSchema() {
  const shape = Object.fromEntries(
    DRAFT_FIELDS.map((name) => [
      name,
      z
        .string({ error: `${prefixFor(name)}${MESSAGES.notText}` })
        .max(MAX_FIELD_LENGTH, { error: `${prefixFor(name)}${MESSAGES.tooLong}` })
        // The database cannot store a NUL character; no keyboard types one.
        .refine((v) => !v.includes("\u0000"), { error: `${prefixFor(name)}${MESSAGES.nul}` })
        .default(""),
    ]),
  ) as Record<string, z.ZodDefault<z.ZodType<string>>>;
  return z.object(shape);
}

// Built once, on first use: zod compiles an object schema's parser on its first use, and for this
// many fields that costs more than a parse. Every call below wraps this one instance (z.lazy)
// instead of copying it, so the server compiles it once, not once per booking. Not at module
// load: building it costs the booking page a long task while it hydrates, before anything is
// validated.
let fieldsSchema: ReturnType<typeof buildFieldsSchema> | undefined;

/**
 * The schema of a posted booking form, measured against `now` and the price file's `rows`: every
 * draft field a string (missing ones empty, unknown ones dropped), then every booking rule, in one
 * check, in the order the form lists them, and the result a typed Booking. Each issue's path is the
 * field to focus; messages carry the prefixes and bold markup.
 */
export function bookingFormSchema(context: RuleContext) {
  const drafts: z.ZodType<BookingDraft> = z.lazy(() => (fieldsSchema ??= buildFieldsSchema()));
  // One check runs every rule: a refinement per rule costs more to build, per booking, than
  // checking the booking does.
  const refined = drafts.check((payload) => {
    const draft = payload.value;
    for (const rule of bookingRules()) {
      if (!rule.broken(draft, context)) continue;
      payload.issues.push({ code: "custom", path: [rule.field], message: rule.message(draft, context), input: draft });
    }
  });
  return refined.transform((draft, ctx) => {
    const booking = bookingFromDraft(draft, context.rows);
    if (booking) return booking;
    ctx.addIssue({ code: "custom", path: [legFields(1).frenchDate], message: `${STEP_PREFIX[1]}${MESSAGES.noPickupMoment}` });
    return z.NEVER;
  });
}

export type BookingFormSchema = ReturnType<typeof bookingFormSchema>;

/** A posted form, checked, with numbers as numbers: the schema's own output type. */
export type Booking = z.output<BookingFormSchema>;

/** The price question a checked booking asks: its route, kind, trip type and party. */
export function bookingPriceRequest(booking: Booking): PriceRequest {
  const { adults, children, babies } = booking.passengers;
  return {
    from: booking.depart,
    to: booking.arrive,
    kind: booking.kind,
    tripType: booking.roundTrip ? 2 : 1,
    party: { adults, children, babies },
  };
}

/**
 * The form's check, as the browser runs it on submit: blocking errors, then phone warnings, and
 * the typed booking when there is no error.
 */
export function validateDraft(
  draft: BookingDraft,
  context: RuleContext,
): { errors: BookingError[]; warnings: BookingError[]; booking: Booking | null } {
  const result = bookingFormSchema(context).safeParse(draft);
  const errors = result.success ? [] : result.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ""), message: issue.message }));
  return { errors, warnings: phoneWarnings(draft), booking: result.success ? result.data : null };
}
