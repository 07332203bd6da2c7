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
import { CUSTOMER, DRAFT_FIELDS, legFields, type BookingDraft } from "./fields";
import { problemsOf, type FormProblem } from "../form-problems";
import { MAX_FIELD_LENGTH, MESSAGES, fieldLabel, partFor, prefixOf, type BookingPart } from "./messages";
import { plainTextMessage, plainTextRefinement } from "../plain-text";
import { bookingRules, text, type RuleContext } from "./rules";
import { bookingFromDraft } from "./wire";

export { transferKind } from "./draft";
export { LIMITS, MAX_FIELD_LENGTH, markupParts, stripMarkup, type BookingPart } from "./messages";
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
export function phoneWarnings(draft: BookingDraft): FormProblem[] {
  const phone = text(draft, CUSTOMER.mobile);
  const format = text(draft, CUSTOMER.phoneCountryFormat);
  const code = text(draft, CUSTOMER.phoneCountryCode);
  const warn = (message: string) => [{ field: CUSTOMER.mobile, message }];
  if (digitCount(phone) === 0 || format === "" || code === "") return warn("Missing phone number or country data.");
  if (!/^[a-z]{2}$/i.test(code)) return warn("Invalid country code.");
  const expected = (format.match(/[.\d]/g) ?? []).length;
  const digits = phone.replace(/\D/g, "");
  if (digits.length < expected - 2) {
    const country = text(draft, CUSTOMER.phoneCountryName) || code.toUpperCase();
    return warn(`Phone number +${digits} is incorrect length. Expected ${expected} digits. Format must be ${format} for ${country}`);
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// The schema

/** What the schema's own issues carry besides the message: the part of the booking the message's prefix names. */
export interface BookingIssueParams {
  part: BookingPart;
}

const issueParams = (part: BookingPart): BookingIssueParams => ({ part });

function buildFieldsSchema() {
  const shape = Object.fromEntries(
    DRAFT_FIELDS.map((name) => {
      const part = partFor(name);
      const prefix = prefixOf(part);
      return [
        name,
        z
          .string({ error: `${prefix}${MESSAGES.notText}` })
          .max(MAX_FIELD_LENGTH, { error: `${prefix}${MESSAGES.tooLong}` })
          // The site's text rule: a NUL, which the database cannot store, keeps its own message;
          // any other control or invisible character is refused with the field's label.
          .superRefine(
            plainTextRefinement({
              message: `${prefix}${plainTextMessage(fieldLabel(name))}`,
              nulMessage: `${prefix}${MESSAGES.nul}`,
              // A line break in a one-line field is left to the booking rules, whose messages say
              // what the field must hold (a postcode's five digits).
              shape: "lines",
              params: { ...issueParams(part) },
            }),
          )
          .default(""),
      ];
    }),
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
 * field to focus; messages carry the prefixes and bold markup; bookingIssue reads an issue's part.
 */
export function bookingFormSchema(context: RuleContext) {
  const drafts: z.ZodType<BookingDraft> = z.lazy(() => (fieldsSchema ??= buildFieldsSchema()));
  // One check runs every rule: a refinement per rule costs more to build, per booking, than
  // checking the booking does.
  const refined = drafts.check((payload) => {
    const draft = payload.value;
    for (const rule of bookingRules()) {
      if (!rule.broken(draft, context)) continue;
      payload.issues.push({
        code: "custom",
        path: [rule.field],
        message: rule.message(draft, context),
        input: draft,
        params: issueParams(rule.part),
      });
    }
  });
  return refined.transform((draft, ctx) => {
    const booking = bookingFromDraft(draft, context.rows);
    if (booking) return booking;
    ctx.addIssue({
      code: "custom",
      path: [legFields(1).frenchDate],
      message: `${prefixOf(1)}${MESSAGES.noPickupMoment}`,
      params: issueParams(1),
    });
    return z.NEVER;
  });
}

export type BookingFormSchema = ReturnType<typeof bookingFormSchema>;

/** An issue of the booking schema: the part of the booking it is about, and its message after that part's prefix. */
export interface BookingIssue {
  part: BookingPart;
  /** The message without its prefix, bold markup kept. */
  text: string;
}

/**
 * What an issue of bookingFormSchema is about. The schema's own checks carry their part
 * (BookingIssueParams); zod's built-in checks of a field (not text, too long) carry none and are
 * about their field's part, which is what their prefix says. Every message starts with its part's
 * prefix, so the text after it is the message less the prefix's length.
 */
export function bookingIssue(issue: z.core.$ZodIssue): BookingIssue {
  const given: unknown = issue.code === "custom" ? issue.params?.part : undefined;
  const part: BookingPart =
    given === "customer" || given === 1 || given === 2 ? given : partFor(typeof issue.path[0] === "string" ? issue.path[0] : "");
  return { part, text: issue.message.slice(prefixOf(part).length) };
}

/** A posted form, checked, with numbers as numbers: the schema's own output type. */
export type Booking = z.output<BookingFormSchema>;

/**
 * The price question a checked booking asks: its route, kind, trip type and party, priced as
 * `seatsPriced` passengers when the capacity rule says its luggage needs a larger vehicle.
 */
export function bookingPriceRequest(booking: Booking, seatsPriced?: number): PriceRequest {
  const { adults, children, babies } = booking.passengers;
  return {
    from: booking.depart,
    to: booking.arrive,
    kind: booking.kind,
    tripType: booking.roundTrip ? 2 : 1,
    party: { adults, children, babies },
    ...(seatsPriced !== undefined && seatsPriced > booking.passengers.total ? { seatsPriced } : {}),
  };
}

/**
 * The form's check, as the browser runs it on submit: blocking errors, then phone warnings, and
 * the typed booking when there is no error.
 */
export function validateDraft(
  draft: BookingDraft,
  context: RuleContext,
): { errors: FormProblem[]; warnings: FormProblem[]; booking: Booking | null } {
  const result = bookingFormSchema(context).safeParse(draft);
  return {
    errors: result.success ? [] : problemsOf(result.error),
    warnings: phoneWarnings(draft),
    booking: result.success ? result.data : null,
  };
}
