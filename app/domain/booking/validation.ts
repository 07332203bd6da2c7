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
import type { FormProblem } from "../form-problems";
import {
  MAX_FIELD_LENGTH,
  MESSAGES,
  partFor,
  prefixIn,
  say,
  type BookingMessage,
  type BookingPart,
  type BookingWordKey,
  type BookingWords,
} from "./messages";
import { plainTextRefinement } from "../plain-text";
import { bookingRules, text, type RuleContext } from "./rules";
import { bookingFromDraft } from "./wire";

export { transferKind } from "./draft";
export {
  LIMITS,
  MAX_FIELD_LENGTH,
  markupParts,
  stripMarkup,
  type BookingMessage,
  type BookingPart,
  type BookingWordKey,
  type BookingWords,
} from "./messages";
export { legDate, pickupMoment, type RuleContext } from "./rules";

// ---------------------------------------------------------------------------------------------
// Phone check (not blocking)

function digitCount(s: string): number {
  return (s.match(/\d/g) ?? []).length;
}

/**
 * The phone check: the number's digit count may not be under the country
 * format's digit count minus 2. The format is the country's pattern with one dot (or digit) per
 * digit, dial code included, e.g. France "+.. . .. .. .. .." (11). Its result never blocks. The
 * country is named by `countryNames` (the page's language) when given, else as the draft names it.
 */
export function phoneWarnings(draft: BookingDraft, words: BookingWords, countryNames?: Readonly<Record<string, string>>): FormProblem[] {
  const phone = text(draft, CUSTOMER.mobile);
  const format = text(draft, CUSTOMER.phoneCountryFormat);
  const code = text(draft, CUSTOMER.phoneCountryCode);
  const warn = (message: string) => [{ field: CUSTOMER.mobile, message }];
  if (digitCount(phone) === 0 || format === "" || code === "") return warn(words("phone.missing"));
  if (!/^[a-z]{2}$/i.test(code)) return warn(words("phone.badCountry"));
  const expected = (format.match(/[.\d]/g) ?? []).length;
  const digits = phone.replace(/\D/g, "");
  if (digits.length < expected - 2) {
    const country = countryNames?.[code.toUpperCase()] ?? (text(draft, CUSTOMER.phoneCountryName) || code.toUpperCase());
    return warn(words("phone.length", { digits, expected, format, country }));
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// The schema

/**
 * What the schema's own issues carry: the part of the booking the message's prefix names, and the
 * message itself, a catalogue key and values (the issue's `message` is the key alone).
 */
export interface BookingIssueParams {
  part: BookingPart;
  message: BookingMessage;
}

const issueParams = (part: BookingPart, message: BookingMessage): BookingIssueParams => ({ part, message });

function buildFieldsSchema() {
  const shape = Object.fromEntries(
    DRAFT_FIELDS.map((name) => {
      const plain = MESSAGES.plainText(name);
      return [
        name,
        // zod's own checks carry no params: their message is the catalogue key, their part the field's.
        z
          .string({ error: MESSAGES.notText.key })
          .max(MAX_FIELD_LENGTH, { error: MESSAGES.tooLong.key })
          // The site's text rule: a NUL, which the database cannot store, keeps its own message;
          // any other control or invisible character is refused with the field's label.
          .superRefine(
            plainTextRefinement({
              message: plain.key,
              nulMessage: MESSAGES.nul.key,
              // A line break in a one-line field is left to the booking rules, whose messages say
              // what the field must hold (a postcode's five digits).
              shape: "lines",
              params: { ...issueParams(partFor(name), plain) },
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
 * field to focus; bookingIssue reads its part and message, issueText puts them into words.
 */
export function bookingFormSchema(context: RuleContext) {
  const drafts: z.ZodType<BookingDraft> = z.lazy(() => (fieldsSchema ??= buildFieldsSchema()));
  // One check runs every rule: a refinement per rule costs more to build, per booking, than
  // checking the booking does.
  const refined = drafts.check((payload) => {
    const draft = payload.value;
    for (const rule of bookingRules()) {
      if (!rule.broken(draft, context)) continue;
      const message = rule.message(draft, context);
      payload.issues.push({
        code: "custom",
        path: [rule.field],
        message: message.key,
        input: draft,
        params: issueParams(rule.part, message),
      });
    }
  });
  return refined.transform((draft, ctx) => {
    const booking = bookingFromDraft(draft, context.rows);
    if (booking) return booking;
    ctx.addIssue({
      code: "custom",
      path: [legFields(1).frenchDate],
      message: MESSAGES.noPickupMoment.key,
      params: issueParams(1, MESSAGES.noPickupMoment),
    });
    return z.NEVER;
  });
}

export type BookingFormSchema = ReturnType<typeof bookingFormSchema>;

/** An issue of the booking schema: the part of the booking it is about, and its message after that part's prefix. */
export interface BookingIssue {
  part: BookingPart;
  message: BookingMessage;
}

function isIssueParams(value: unknown): value is BookingIssueParams {
  return typeof value === "object" && value !== null && "part" in value && "message" in value;
}

/**
 * What an issue of bookingFormSchema is about. The schema's own checks carry their part and
 * message (BookingIssueParams); zod's built-in checks of a field (not text, too long) carry none:
 * they are about their field's part, and their message is the catalogue key they were given. A
 * NUL shares the text check's params but keeps its own message, the issue's key.
 */
export function bookingIssue(issue: z.core.$ZodIssue): BookingIssue {
  const params: unknown = issue.code === "custom" ? issue.params : undefined;
  const field = typeof issue.path[0] === "string" ? issue.path[0] : "";
  if (isIssueParams(params)) {
    return { part: params.part, message: params.message.key === issue.message ? params.message : { key: issue.message as BookingWordKey } };
  }
  return { part: partFor(field), message: { key: issue.message as BookingWordKey } };
}

/** An issue in words: its part's prefix, then its message, bold markup kept. */
export function issueText(issue: z.core.$ZodIssue, words: BookingWords): string {
  const { part, message } = bookingIssue(issue);
  return prefixIn(words, part) + say(words, message);
}

/** A refused booking's problems in words, each at the field it names. */
export function bookingProblems(error: z.ZodError, words: BookingWords): FormProblem[] {
  return error.issues.map((issue) => ({
    field: typeof issue.path[0] === "string" ? issue.path[0] : null,
    message: issueText(issue, words),
  }));
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
 * The form's check, as the browser runs it on submit: blocking errors, then phone warnings (the
 * country named by `countryNames` when given), and the typed booking when there is no error.
 */
export function validateDraft(
  draft: BookingDraft,
  context: RuleContext,
  words: BookingWords,
  countryNames?: Readonly<Record<string, string>>,
): { errors: FormProblem[]; warnings: FormProblem[]; booking: Booking | null } {
  const result = bookingFormSchema(context).safeParse(draft);
  return {
    errors: result.success ? [] : bookingProblems(result.error, words),
    warnings: phoneWarnings(draft, words, countryNames),
    booking: result.success ? result.data : null,
  };
}
