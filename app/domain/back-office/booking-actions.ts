import { z } from "../zod";
import { initialDraft, mirrorReturnLeg, PRIVATE, setFlightTime, setLegDate, withCounts } from "../booking/draft";
import { CUSTOMER, LINK_QUERY, TRIP, endFields, legFields, type BookingDraft } from "../booking/fields";
import { parseFrenchDate } from "../booking/paris-time";
import { repriceDraft } from "../booking/price-request";
import { pickHotel } from "../booking/quote";
import type { PriceRow } from "../pricing/csv";
import { plainTextRefinement } from "../plain-text";
import { type FormProblem, problemsOf } from "../form-problems";
import type { AdminWordKey, AdminWords } from "./admin-words";
import type { VehicleCapacity } from "../fleet";
import { LOCALES } from "../locales";

/**
 * The posts of one booking's back-office page: one form per action, told apart by `intent`, read
 * by one schema on the server (and the same in the browser). Each action's outcome is shown after
 * a redirect, by its code in `?done=` (a code, never a name or an address). Every message of the
 * schema is a key of the `admin` catalogue (action.problem.*), which bookingActionProblems words
 * in the member's language.
 */

/** The longest internal note kept. */
export const MAX_NOTE_LENGTH = 2000;

/** The checkbox a cancellation must carry: the confirmation step, without JavaScript. */
export const CANCEL_CONFIRM_FIELD = "confirmCancel";

/** The checkbox a refund of a cancelled booking must carry. */
export const REFUND_CONFIRM_FIELD = "confirmRefund";

/** The checkbox that says the payment was already refunded outside the site (in the provider's dashboard). */
export const OUTSIDE_FIELD = "refundedOutside";

/** Why and how it was refunded outside the site: required with OUTSIDE_FIELD, kept in the history. */
export const OUTSIDE_REASON_FIELD = "outsideReason";

/** The longest reason for a refund made outside the site. */
export const MAX_OUTSIDE_REASON_LENGTH = 500;

/** A message of the posts' and the phone form's schemas: a key of the `admin` catalogue. */
type Problem = Extract<AdminWordKey, `action.problem.${string}` | `phone.problem.${string}`>;
const problem = (key: Problem) => key;

/**
 * A cancel's or a refund's "Already refunded outside the site": the box, and the reason it needs.
 * Read the outcome with outsideReasonOf.
 */
const outsideFields = {
  [OUTSIDE_FIELD]: z.literal("yes", { error: problem("action.problem.choice") }).optional(),
  [OUTSIDE_REASON_FIELD]: z
    .string()
    .superRefine(
      plainTextRefinement({
        message: problem("action.problem.reasonText"),
        nulMessage: problem("action.problem.reasonNul"),
        shape: "lines",
      }),
    )
    .trim()
    .max(MAX_OUTSIDE_REASON_LENGTH, problem("action.problem.reasonLong"))
    .optional(),
};

function needsOutsideReason(v: { [OUTSIDE_FIELD]?: "yes"; [OUTSIDE_REASON_FIELD]?: string }, ctx: z.RefinementCtx): void {
  if (v[OUTSIDE_FIELD] === "yes" && (v[OUTSIDE_REASON_FIELD] ?? "").length < 3) {
    ctx.addIssue({ code: "custom", path: [OUTSIDE_REASON_FIELD], message: problem("action.problem.reasonMissing") });
  }
}

const id = (message: Problem) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().max(2_147_483_647, message));

const LANDING_TIME = problem("action.problem.landingTime");

export const bookingActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("confirm") }),
    z.object({
      intent: z.literal("assign_driver"),
      leg: z.enum(["1", "2"], { error: problem("action.problem.leg") }).transform((leg) => (leg === "2" ? 2 : 1)),
      driverId: id("action.problem.driver"),
    }),
    z.object({ intent: z.literal("complete") }),
    z.object({ intent: z.literal("no_show") }),
    z
      .object({
        intent: z.literal("cancel"),
        [CANCEL_CONFIRM_FIELD]: z.literal("yes", { error: problem("action.problem.confirmCancel") }),
        ...outsideFields,
      })
      .superRefine(needsOutsideReason),
    z
      .object({
        intent: z.literal("refund"),
        [REFUND_CONFIRM_FIELD]: z.literal("yes", { error: problem("action.problem.confirmRefund") }),
        ...outsideFields,
      })
      .superRefine(needsOutsideReason),
    z.object({
      intent: z.literal("add_note"),
      note: z
        .string({ error: problem("action.problem.note") })
        .superRefine(
          plainTextRefinement({
            message: problem("action.problem.noteText"),
            nulMessage: problem("action.problem.noteNul"),
            shape: "lines",
          }),
        )
        .trim()
        .min(1, problem("action.problem.note"))
        .max(MAX_NOTE_LENGTH, problem("action.problem.noteLong")),
    }),
    z.object({ intent: z.literal("resend"), emailId: id("action.problem.email") }),
    z.object({ intent: z.literal("set_language"), locale: z.enum(LOCALES, { error: problem("action.problem.locale") }) }),
    z.object({
      intent: z.literal("change_landing"),
      leg: z.enum(["1", "2"], { error: problem("action.problem.landingLeg") }).transform((leg) => (leg === "2" ? 2 : 1)),
      landingTime: z
        .string({ error: LANDING_TIME })
        .trim()
        .regex(/^\d{1,2}:\d{2}$/, LANDING_TIME),
    }),
  ],
  { error: problem("action.problem.unknown") },
);

export type BookingAction = z.infer<typeof bookingActionSchema>;

/** A refused post's problems in the member's words: each message of the schema is a key of the `admin` catalogue. */
export function bookingActionProblems(error: z.ZodError, words: AdminWords): FormProblem[] {
  return problemsOf(error, (issue) => words(issue.message as Problem, { maxNote: MAX_NOTE_LENGTH, maxReason: MAX_OUTSIDE_REASON_LENGTH }));
}

/** The reason of a refund made outside the site, when the post says so; null to refund through the provider. */
export function outsideReasonOf(post: { [OUTSIDE_FIELD]?: "yes"; [OUTSIDE_REASON_FIELD]?: string }): string | null {
  return post[OUTSIDE_FIELD] === "yes" ? (post[OUTSIDE_REASON_FIELD] ?? "") : null;
}

/** What an action did, by its code in `?done=`: each one's status message is action.done.<code>. */
export const DONE_CODES = [
  "landing_changed",
  "landing_unchanged",
  "confirmed",
  "driver_assigned",
  "completed",
  "no_show",
  "cancelled",
  "cancelled_refunded",
  "cancelled_outside",
  "refunded",
  "refunded_outside",
  "note_added",
  "language_set",
  "language_unchanged",
  "resent",
  "created",
  "created_link",
] as const;

export type DoneCode = (typeof DONE_CODES)[number];

const isDoneCode = (code: string): code is DoneCode => (DONE_CODES as readonly string[]).includes(code);

/** The status message for a `?done=` code, in the member's words; null for anything else. */
export function doneMessage(code: string | null, words: AdminWords): string | null {
  return code !== null && isDoneCode(code) ? words(`action.done.${code}`) : null;
}

// ---------------------------------------------------------------------------------------------
// A booking taken by phone

/**
 * The public form's fields that staff fill for a booking taken by phone, under the form's own
 * names; every other field of the draft is derived from them as the form derives it (phoneDraft).
 * The return leg's places, hotels and party mirror the outbound leg's, as on the form.
 */
export const PHONE_FIELDS: readonly string[] = [
  CUSTOMER.lastname,
  CUSTOMER.firstname,
  CUSTOMER.email,
  CUSTOMER.mobile,
  CUSTOMER.address,
  CUSTOMER.postcode,
  CUSTOMER.city,
  CUSTOMER.country,
  legFields(1).paxAdult,
  legFields(1).paxChild,
  legFields(1).paxBaby,
  TRIP.checkInLuggage,
  TRIP.cabinBags,
  TRIP.strollerSingle,
  TRIP.strollerDouble,
  TRIP.babySeat,
  TRIP.childSeat,
  TRIP.boosterSeat,
  TRIP.luggageNote,
  ...([1, 2] as const).flatMap((leg) => {
    const l = legFields(leg);
    const ends = (["pu", "drop"] as const).flatMap((end) => {
      const f = endFields(end, leg);
      return leg === 1 ? [f.numVol, f.cityVol, f.hotel, f.address, f.zip] : [f.numVol];
    });
    return [l.timeH, l.timeM, l.info, ...ends];
  }),
];

/** The route fields that choose the form's shape, under the public booking link's names: where from and to, which kind, which trip. */
export interface PhoneRoute {
  [LINK_QUERY.depart]: string;
  [LINK_QUERY.arrive]: string;
  /** "1" private, else shuttle. */
  [LINK_QUERY.privateShuttle]: string;
  /** "2" round trip, else one way. */
  [LINK_QUERY.tripType]: string;
}

/** The route of a posted phone booking, from its booking form fields. */
export function phoneRouteOf(fields: Readonly<Record<string, string>>): PhoneRoute {
  return {
    [LINK_QUERY.depart]: fields[TRIP.depart] ?? "",
    [LINK_QUERY.arrive]: fields[TRIP.arrive] ?? "",
    [LINK_QUERY.privateShuttle]: fields[TRIP.kind] === PRIVATE ? "1" : "",
    [LINK_QUERY.tripType]: fields[TRIP.trips] === "2" ? "2" : "1",
  };
}

/** The draft a route starts with, priced from the price file: the form's starting point. */
export function phoneStartDraft(route: PhoneRoute, rows: readonly PriceRow[], fleet: readonly VehicleCapacity[], now: Date): BookingDraft {
  return withCounts(mirrorReturnLeg(repriceDraft(initialDraft({ ...route }, { now }), rows, fleet)));
}

/**
 * The full draft of a posted phone booking, as the public form would have posted it: the staff's
 * fields under the form's names, each leg's date and flight times written in every shape the draft
 * keeps them, a picked hotel's name, address and postcode, the totals, the return leg mirrored,
 * and the price file's durations, delays and postcodes. The booking schema then checks it with
 * the public form's own rules.
 */
export function phoneDraft(
  fields: Record<string, string>,
  rows: readonly PriceRow[],
  fleet: readonly VehicleCapacity[],
  now: Date,
): BookingDraft {
  let draft: BookingDraft = initialDraft({ ...phoneRouteOf(fields) }, { now });
  for (const name of PHONE_FIELDS) if (fields[name] !== undefined) draft[name] = fields[name]!;
  draft[TRIP.submissionToken] = fields[TRIP.submissionToken] ?? "";
  for (const leg of [1, 2] as const) {
    const typed = fields[legFields(leg).frenchDate] ?? "";
    const day = parseFrenchDate(typed);
    draft = day ? setLegDate(draft, leg, day) : { ...setLegDate(draft, leg, null), [legFields(leg).frenchDate]: typed };
    for (const end of ["pu", "drop"] as const) {
      const time = fields[endFields(end, leg).horaireVol];
      if (time !== undefined) draft = setFlightTime(draft, end, leg, time);
    }
  }
  for (const end of ["pu", "drop"] as const) {
    const hotel = fields[endFields(end, 1).hotelN];
    if (hotel) draft = pickHotel(draft, end, 1, hotel);
  }
  return repriceDraft(withCounts(mirrorReturnLeg(draft)), rows, fleet);
}

const euros = z
  .string()
  .trim()
  .max(12, problem("phone.problem.price"))
  .transform((v, ctx) => {
    if (v === "") return null;
    const m = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(v);
    const cents = m ? Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")) : NaN;
    if (!Number.isSafeInteger(cents) || cents <= 0) {
      ctx.addIssue({ code: "custom", message: problem("phone.problem.price") });
      return z.NEVER;
    }
    return cents;
  });

/** What staff add to the public form's fields: how the traveller pays, and a price of their own with its reason. */
export const phoneExtrasSchema = z
  .object({
    payment: z.enum(["cash", "link"], { error: problem("phone.problem.payment") }),
    locale: z.enum(LOCALES, { error: problem("phone.problem.locale") }).default("en"),
    priceOverride: euros.optional().transform((v) => v ?? null),
    priceOverrideReason: z
      .string()
      .superRefine(plainTextRefinement({ message: problem("phone.problem.reasonText"), shape: "lines" }))
      .trim()
      .max(500, problem("phone.problem.reasonLong"))
      .default(""),
  })
  .superRefine((v, ctx) => {
    if (v.priceOverride !== null && v.priceOverrideReason.length < 3) {
      ctx.addIssue({ code: "custom", path: ["priceOverrideReason"], message: problem("phone.problem.reason") });
    }
  });
