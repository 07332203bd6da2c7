import { z } from "zod";

/**
 * The posts of one booking's back-office page: one form per action, told apart by `intent`, read
 * by one schema on the server (and the same in the browser). Each action's outcome is shown after
 * a redirect, by its code in `?done=` (a code, never a name or an address).
 */

/** The longest internal note kept. */
export const MAX_NOTE_LENGTH = 2000;

/** The checkbox a cancellation must carry: the confirmation step, without JavaScript. */
export const CANCEL_CONFIRM_FIELD = "confirmCancel";

const id = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().max(2_147_483_647, message));

export const bookingActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("confirm") }),
    z.object({ intent: z.literal("assign_driver"), driverId: id("Choose a driver.") }),
    z.object({ intent: z.literal("complete") }),
    z.object({ intent: z.literal("no_show") }),
    z.object({
      intent: z.literal("cancel"),
      [CANCEL_CONFIRM_FIELD]: z.literal("yes", { error: "Tick 'Yes, cancel and refund' to cancel the booking." }),
    }),
    z.object({
      intent: z.literal("add_note"),
      note: z
        .string({ error: "Write the note." })
        .trim()
        .min(1, "Write the note.")
        .max(MAX_NOTE_LENGTH, `A note has at most ${MAX_NOTE_LENGTH} characters.`)
        .refine((v) => !v.includes("\u0000"), "The note holds a character that cannot be stored."),
    }),
    z.object({ intent: z.literal("resend"), emailId: id("Choose the e-mail to send again.") }),
  ],
  { error: "This action is not one the booking page offers." },
);

export type BookingAction = z.infer<typeof bookingActionSchema>;
export type BookingIntent = BookingAction["intent"];

/** What each action did, as the status message after the redirect says it. */
export const DONE_MESSAGES = {
  confirmed: "The booking is confirmed, and the traveller's confirmation e-mail is on its way.",
  driver_assigned: "The driver is assigned: the job is e-mailed to the driver, and the driver's name and phone to the traveller.",
  completed: "The booking is marked completed.",
  no_show: "The booking is marked no-show.",
  cancelled: "The booking is cancelled and the traveller is e-mailed.",
  cancelled_refunded: "The booking is cancelled, the payment is refunded in full, and the traveller is e-mailed.",
  note_added: "The note is added to the history.",
  resent: "The e-mail is queued to be sent again.",
  created: "The booking is saved.",
  created_link: "The booking is saved, and the payment link is e-mailed to the traveller.",
} as const;

export type DoneCode = keyof typeof DONE_MESSAGES;

/** The status message for a `?done=` code; null for anything else. */
export function doneMessage(code: string | null): string | null {
  return code !== null && Object.hasOwn(DONE_MESSAGES, code) ? DONE_MESSAGES[code as DoneCode] : null;
}
