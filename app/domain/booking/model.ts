/**
 * The booking as it is stored, in one vocabulary: the traveller, the luggage and each leg with its
 * two ends. One zod schema describes the stored details (with their legs), carries a version, and is read by one
 * function, `readStoredDetails`, whatever reads a booking back: the e-mails, the reminders, the run
 * sheet, the bookings list and its CSV, the booking's pages, the voucher, the calendar file and
 * the change form. The booking form's schema (validation.ts) writes values of these types.
 */
import { z } from "../zod";

/**
 * The stored shape's version: 2 since each leg is a row of its own (db/migrations/0005, which
 * moved the legs of version 1's details into rows). A booking is read with its legs put back.
 */
export const STORED_VERSION = 2;

/** An instant as JSON gives it back (an ISO string) or as the writer holds it (a Date). */
const instant = z.union([z.string(), z.date()]).transform((value, ctx) => {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) {
    ctx.addIssue({ code: "custom", message: "not an instant" });
    return z.NEVER;
  }
  return at;
});

const count = z.number().int().nonnegative();

/** One end of a leg: at an airport with a flight, or at a place (a hotel or an address). */
export const endSchema = z.object({
  /** The place as the price file names it. */
  place: z.string(),
  kind: z.enum(["flight", "address"]),
  /** HH:MM (Paris) of the flight's landing at a pickup or takeoff at a drop-off; null at a place. */
  flightTime: z.string().nullable(),
  flightCity: z.string(),
  flightNumber: z.string(),
  hotel: z.string(),
  /** The hotel's id in the hotel list, when the traveller chose one from it. */
  hotelId: z.number().int().nullable(),
  address: z.string(),
  zip: z.string(),
  /**
   * The pickup terminal at an airport ("" = not known yet); "" at every other end. Absent from the
   * bookings stored before the form asked for it, which never show one.
   */
  terminal: z.string().optional(),
});

/** A leg's party; its total is always the sum (the form stores it too, and nothing else may differ). */
const partySchema = z
  .object({ adults: count, children: count, babies: count, total: count.optional() })
  .transform(({ adults, children, babies }) => ({ adults, children, babies, total: adults + children + babies }));

export const legSchema = z.object({
  leg: z.union([z.literal(1), z.literal(2)]),
  /** yyyy-MM-dd, Paris. */
  date: z.string(),
  /** The pickup moment the booking rules measured. */
  pickupAt: instant,
  /** HH:MM, when the traveller gave one: on a leg with no flight, or a departure's kept or changed proposal. */
  pickupTime: z.string().nullable(),
  passengers: partySchema,
  durationMinutes: z.number(),
  delayDepartMinutes: z.number(),
  delayArriveMinutes: z.number(),
  pickup: endSchema,
  dropoff: endSchema,
  /** The traveller's note for the leg, followed by the passengers-and-luggage block the form writes. */
  info: z.string(),
});

const optionalText = z.string().optional().default("");

export const customerSchema = z.object({
  lastname: z.string(),
  firstname: z.string(),
  email: z.string(),
  phoneMobile: z.string(),
  address: optionalText,
  postcode: optionalText,
  city: optionalText,
  country: optionalText,
  phoneCountryCode: optionalText,
});

export const luggageSchema = z.object({
  checkIn: count,
  cabin: count,
  strollerSingle: count,
  strollerDouble: count,
  /** The traveller's words about the party and the luggage. */
  info: z.string(),
});

/** The seats the business fits for the party's children, by group; bookings made before they were asked have none. */
export const childSeatsSchema = z.object({
  /** Group 0+, up to 13 kg. */
  baby: count,
  /** Group 1, 9 to 18 kg. */
  child: count,
  /** Groups 2 and 3, 15 to 36 kg. */
  booster: count,
});

export const NO_CHILD_SEATS = { baby: 0, child: 0, booster: 0 } as const;

/** The `details` column: what a booking holds beyond its searchable columns. */
export const storedDetailsSchema = z.object({
  version: z.literal(STORED_VERSION).default(STORED_VERSION),
  customer: customerSchema,
  // Leg 1, then leg 2 of a round trip: nothing else is a booking.
  legs: z
    .array(legSchema)
    .min(1)
    .max(2)
    .refine((legs) => legs.every((leg, i) => leg.leg === i + 1), { message: "legs out of order" }),
  luggage: luggageSchema,
  childSeats: childSeatsSchema.default(NO_CHILD_SEATS),
});

export type StoredDetails = z.output<typeof storedDetailsSchema>;
export type BookingLeg = StoredDetails["legs"][number];
export type BookingEnd = BookingLeg["pickup"];
export type Customer = StoredDetails["customer"];
export type Luggage = StoredDetails["luggage"];
export type ChildSeats = StoredDetails["childSeats"];
export type LegNumber = BookingLeg["leg"];

/** A booking's details as stored, or null when they do not have a booking's shape. */
export function readStoredDetails(details: unknown): StoredDetails | null {
  const parsed = storedDetailsSchema.safeParse(details);
  return parsed.success ? parsed.data : null;
}

/** The `details` column of a booking, as written. */
export function storedDetails(booking: {
  customer: Customer;
  legs: readonly BookingLeg[];
  luggage: Luggage;
  childSeats: ChildSeats;
}): StoredDetails {
  return {
    version: STORED_VERSION,
    customer: booking.customer,
    legs: [...booking.legs],
    luggage: booking.luggage,
    childSeats: booking.childSeats,
  };
}

/** The leg `n` of stored details, or null. */
export function legOf(details: StoredDetails | null, n: LegNumber): BookingLeg | null {
  return details?.legs.find((leg) => leg.leg === n) ?? null;
}
