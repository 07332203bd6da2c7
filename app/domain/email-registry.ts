/**
 * Every kind of e-mail the site sends, one entry each: what staff call it, who receives it, and
 * whether and how it may be sent again from the booking's page. The outbox's list of kinds
 * (db/schema.ts), the back office's labels and the resend rules all come from here, and a kind
 * added to EMAIL_KINDS without an entry does not compile. Each builder returns messages of its
 * own kinds (email-registry.test.ts checks it).
 */

export const EMAIL_KINDS = [
  "traveller_confirmation",
  "business_notification",
  "booking_confirmed",
  "driver_assigned",
  "driver_job",
  "driver_job_cancelled",
  "booking_cancelled",
  "payment_link",
  "manage_link",
  "booking_changed",
  "traveller_cancelled",
  "reminder",
  "landing_changed_traveller",
  "landing_changed_driver",
  "driver_link",
] as const;

export type EmailKind = (typeof EMAIL_KINDS)[number];

/** The booking as it is now, as the resend rules read it. */
export interface ResendFacts {
  cancelled: boolean;
  /** Paid, refunded or partly refunded: money was taken. */
  paid: boolean;
  /** Whether the message's leg (any leg, for a message of no leg) has a driver now. */
  driverNow: boolean;
  /** Whether the message went to a driver who drives its leg (any leg, for a message of no leg) now. */
  sentToDriverNow: boolean;
}

export interface EmailEntry {
  /** What the booking's page calls it. */
  label: string;
  recipient: "traveller" | "business" | "driver";
  /**
   * How 'Send again' makes the copy: the same text ("as sent"), or written anew from the booking
   * as it is now ("written anew": a payment link expires, a driver changes, a pickup moves).
   */
  resend: "as sent" | "written anew";
  /** Why the booking as it is now keeps this e-mail from going again, or null. */
  refusal(facts: ResendFacts): string | null;
}

const always = (): null => null;
const notCancelled =
  (what: string) =>
  (facts: ResendFacts): string | null =>
    facts.cancelled ? `This booking is cancelled: ${what} is not sent again.` : null;

export const EMAILS = {
  traveller_confirmation: {
    label: "Payment received (traveller)",
    recipient: "traveller",
    resend: "as sent",
    refusal: notCancelled("its confirmation"),
  },
  business_notification: { label: "New booking (business)", recipient: "business", resend: "as sent", refusal: always },
  booking_confirmed: {
    label: "Confirmation (traveller)",
    recipient: "traveller",
    resend: "as sent",
    refusal: notCancelled("its confirmation"),
  },
  driver_assigned: {
    label: "Your driver (traveller)",
    recipient: "traveller",
    resend: "written anew",
    refusal: (facts) =>
      notCancelled("the traveller's driver e-mail")(facts) ??
      (facts.driverNow ? null : "No driver is assigned to this booking any more: the traveller's driver e-mail is not sent again."),
  },
  driver_job: {
    label: "Job (driver)",
    recipient: "driver",
    resend: "as sent",
    refusal: (facts) =>
      notCancelled("the driver's job")(facts) ??
      (facts.sentToDriverNow ? null : "This job went to a driver who is no longer assigned to this booking: it is not sent again."),
  },
  driver_job_cancelled: { label: "Job cancelled (driver)", recipient: "driver", resend: "as sent", refusal: always },
  booking_cancelled: { label: "Cancellation (traveller)", recipient: "traveller", resend: "as sent", refusal: always },
  payment_link: {
    label: "Payment link (traveller)",
    recipient: "traveller",
    resend: "written anew",
    refusal: (facts) =>
      notCancelled("its payment link")(facts) ?? (facts.paid ? "This booking is already paid: its payment link is not sent again." : null),
  },
  manage_link: { label: "Link to the booking (traveller)", recipient: "traveller", resend: "as sent", refusal: always },
  booking_changed: { label: "Changed by the traveller (business)", recipient: "business", resend: "as sent", refusal: always },
  traveller_cancelled: { label: "Cancelled by the traveller (business)", recipient: "business", resend: "as sent", refusal: always },
  reminder: {
    label: "Reminder (traveller)",
    recipient: "traveller",
    resend: "written anew",
    refusal: notCancelled("its reminder"),
  },
  landing_changed_traveller: {
    label: "New landing time (traveller)",
    recipient: "traveller",
    resend: "as sent",
    refusal: notCancelled("its landing time notice"),
  },
  landing_changed_driver: {
    label: "New landing time (driver)",
    recipient: "driver",
    resend: "as sent",
    refusal: (facts) =>
      notCancelled("the driver's landing time notice")(facts) ??
      (facts.sentToDriverNow ? null : "This notice went to a driver who no longer drives its leg: it is not sent again."),
  },
  // A message of no booking: written by the drivers page, never listed on a booking's page.
  driver_link: { label: "Link to the day's rides (driver)", recipient: "driver", resend: "as sent", refusal: always },
} as const satisfies Record<EmailKind, EmailEntry>;

/** The kinds 'Send again' writes anew from the booking as it is now. */
export type RewrittenKind = { [K in EmailKind]: (typeof EMAILS)[K]["resend"] extends "written anew" ? K : never }[EmailKind];

/** Whether 'Send again' writes this kind anew. */
export function isRewritten(kind: EmailKind): kind is RewrittenKind {
  return EMAILS[kind].resend === "written anew";
}
