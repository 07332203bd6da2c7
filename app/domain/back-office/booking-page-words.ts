import { capacityAnswer, type PartyLoad, vehiclesPricedFor } from "../booking/capacity";
import { EMAILS, type EmailKind, type ResendFacts } from "../email-registry";
import type { VehicleCapacity } from "../fleet";
import type { TransferKind } from "../site-paths";
import type { AdminWords } from "./admin-words";

/**
 * What one booking's back-office page says in sentences of its own, in the member's words: the
 * vehicle a private party needs, why an e-mail is not sent again, and what each line of the
 * booking's history records.
 */

/**
 * The vehicle a private transfer needs for its party, as the price file prices it: "a saloon",
 * "a minibus and a saloon", "a van, priced as 7 passengers for its luggage" ("une berline"…), or
 * that no vehicle of the fleet carries it; null for a shuttle, which takes no vehicle of its own.
 */
export function vehicleNeededIn(words: AdminWords, kind: TransferKind, load: PartyLoad, fleet: readonly VehicleCapacity[]): string | null {
  if (kind !== "private") return null;
  const answer = capacityAnswer(kind, load, fleet);
  if (!answer.ok) return words("booking.vehicle.none");
  const names = (vehiclesPricedFor(fleet, answer.seatsPriced) ?? []).map((v) => words("booking.vehicle.kind", { kind: v.kind }));
  const vehicles = names.length === 0 ? "" : names.reduce((first, next) => words("booking.vehicle.and", { first, next }));
  if (!answer.upsized) return vehicles;
  return words("booking.vehicle.upsized", { vehicles, seats: answer.seatsPriced, because: answer.upsized.because });
}

/**
 * Why the e-mail registry's rule keeps a message of `kind` from going again with the booking as it
 * is now (`facts`), in the member's words; null when it may go. The registry decides; its reasons
 * are the booking's cancellation first, then the kind's own (no driver now, another driver, paid).
 */
export function resendRefusalIn(words: AdminWords, kind: EmailKind, facts: ResendFacts): string | null {
  if (EMAILS[kind].refusal(facts) === null) return null;
  return words(facts.cancelled ? "booking.resend.cancelled" : "booking.resend.refused", { kind });
}

/** The audit actions the booking's history names in words; any other shows as its code. */
export const HISTORY_ACTIONS = [
  "booking_confirmed",
  "driver_assigned",
  "booking_completed",
  "booking_no_show",
  "booking_cancelled",
  "refund_refused",
  "payment_refunded",
  "note_added",
  "language_changed",
  "email_resent",
  "booking_created",
  "manage_link_sent",
  "booking_changed_by_traveller",
  "landing_time_changed",
  "run_changed",
  "ride_step",
] as const;

type HistoryAction = (typeof HISTORY_ACTIONS)[number];

const isHistoryAction = (action: string): action is HistoryAction => (HISTORY_ACTIONS as readonly string[]).includes(action);

/** What a line of the booking's history records ("Driver assigned", "Chauffeur attribué"); an unknown action as its code. */
export function historyActionIn(words: AdminWords, action: string): string {
  return isHistoryAction(action) ? words(`booking.history.${action}`) : action;
}
