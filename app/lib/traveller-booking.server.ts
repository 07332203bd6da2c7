import { outbox } from "../../db/schema";
import type { AdminWords } from "~/domain/back-office/admin-words";
import type { EmailSite } from "~/domain/booking/email-frame";
import { sameEmail } from "~/domain/manage/lost-link-form";
import { firstPickupOf, travellerCancelCheck } from "~/domain/manage/cancel";
import type { ManageWords } from "~/domain/manage/manage-words";
import { manageLinkEmail, travellerCancelledEmail } from "~/domain/manage/traveller-emails";
import { cancelWithRefund } from "./booking-refunds.server";
import { outboxValues, TRAVELLER_ACTOR, type ActionOutcome } from "./booking-tx.server";
import { recordAudit } from "./audit.server";
import { findByOrderId } from "./bookings.server";
import type { Db } from "./db.server";
import { adminWordsIn } from "./i18n.server";
import { newLinkMarker } from "./manage-links.server";
import type { PaymentProvider } from "./payments.server";
import type { RateLimiter } from "./rate-limits.server";

/**
 * What a traveller does to their own booking from its page (docs/product.md, Managing a booking):
 * cancel it under the 24-hour rule, refunded in full once, and ask for its link again. The page
 * opens the booking by its token (manage.server.ts); these functions take the booking it found.
 */

/**
 * The staff's words that cancelWithRefund words its refusals in: the traveller never reads them
 * (cancelByTraveller answers in the traveller's own words), so English does.
 */
const UNREAD_STAFF_WORDS: AdminWords = adminWordsIn("en");

export type TravellerCancelOutcome =
  | { ok: true; refundedCents: number }
  | {
      ok: false;
      status: 404 | 409 | 502;
      message: string;
      already?: boolean;
      /** The page follows the message with "Call us on <phone>.": the rule refused it, and the message does not give the number itself. */
      callUs: boolean;
    };

/**
 * Cancels the booking for its traveller: the 24-hour rule is checked again on the locked row with
 * the time then (`now()`), so a page opened before the deadline and posted after it changes
 * nothing. Otherwise as staff's cancel: refunded in full once through the provider, whatever the
 * double clicks or parallel posts (they take turns on the row, and the later ones find it
 * cancelled: `already`), with the traveller's cancellation e-mail (its manage link), the
 * business's notice, each assigned driver's (of the legs they drove), and the history row (actor "traveller").
 */
export async function cancelByTraveller(
  db: Db,
  orderId: string,
  site: EmailSite,
  provider: Pick<PaymentProvider, "name" | "refund">,
  words: ManageWords,
  now: () => Date = () => new Date(),
): Promise<TravellerCancelOutcome> {
  let ruled: { message: string; already: boolean } | null = null;
  let refundedCents = 0;
  const outcome: ActionOutcome = await cancelWithRefund(db, orderId, TRAVELLER_ACTOR, site, provider, {
    what: "Cancelled by the traveller on the booking's page",
    words: UNREAD_STAFF_WORDS,
    refuse: (row) => {
      const check = travellerCancelCheck({ bookingStatus: row.bookingStatus, firstPickupAt: firstPickupOf(row) }, now(), words);
      if (check.ok) return null;
      ruled = { message: check.message, already: check.why === "cancelled" };
      return { ok: false, status: 409, message: check.message };
    },
    alsoQueue: (cancelled, done) => {
      refundedCents = done.refundedCents;
      return [
        travellerCancelledEmail(cancelled, site, {
          at: now(),
          refundedCents: done.refundedCents,
          provider: done.provider,
          drivers: done.drivers,
        }),
      ];
    },
  });
  if (outcome.ok) return { ok: true, refundedCents };
  const rule = ruled as { message: string; already: boolean } | null;
  if (rule) return { ok: false, status: 409, message: rule.message, already: rule.already, callUs: true };
  const { phone } = site;
  switch (outcome.status) {
    case 404:
      return { ok: false, status: 404, message: words("outcome.gone"), callUs: false };
    case 502:
      return { ok: false, status: 502, message: words("outcome.refundFailed", { phone }), callUs: false };
    default:
      // A payment the site cannot refund itself (taken by another provider), or a status rule.
      return { ok: false, status: 409, message: words("outcome.notOnline", { phone }), callUs: false };
  }
}

export type LostLinkOutcome = "sent" | "no-match" | "too-many";

/**
 * 'Lost your link?' with the answer first: requestManageLink runs after the current turn, so the
 * page answers before it has looked anything up. A match does more work than a mismatch (the
 * per-booking limit, the e-mail's transaction), and an answer that waited for it would tell by its
 * time whether an order id and an address go together. `sent` runs once a link is queued (the page
 * wakes the outbox with it). A failure is logged by its kind and code only (no order id, no address).
 * The promise, which never rejects, holds the outcome ("failed" for a failure): the page does not
 * wait for it, tests do.
 */
export function requestManageLinkLater(
  db: Db,
  form: { orderId: string; email: string },
  site: EmailSite,
  perBooking: RateLimiter,
  sent: () => void,
): Promise<LostLinkOutcome | "failed"> {
  return new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => requestManageLink(db, form, site, perBooking))
    .then(
      (outcome) => {
        if (outcome === "sent") sent();
        return outcome;
      },
      (error: unknown) => {
        const e = (error ?? {}) as { name?: string; code?: string };
        console.error(`A 'Lost your link?' request failed: ${e.name ?? "Error"}${e.code ? ` (${e.code})` : ""}.`);
        return "failed" as const;
      },
    );
}

/**
 * 'Lost your link?': when the order exists and the address is the booking's own (trimmed, case
 * ignored), queues the link to that address, within the per-booking limit (`perBooking`, keyed by
 * order id), so a traveller is not flooded. Says what happened for the tests; the page gives every
 * outcome the same answer.
 */
export async function requestManageLink(
  db: Db,
  form: { orderId: string; email: string },
  site: EmailSite,
  perBooking: RateLimiter,
): Promise<LostLinkOutcome> {
  const row = await findByOrderId(db, form.orderId);
  if (!row || !sameEmail(form.email, row.email)) return "no-match";
  const limit = await perBooking.consume(row.orderId);
  if (!limit.allowed) return "too-many";
  const message = manageLinkEmail(row, { ...site, manageUrl: site.manageUrl ?? newLinkMarker() });
  await db.transaction(async (tx) => {
    await tx.insert(outbox).values({ ...outboxValues(message), orderId: row.orderId });
    await recordAudit(tx, {
      actorId: TRAVELLER_ACTOR.id,
      actor: TRAVELLER_ACTOR.email,
      action: "manage_link_sent",
      orderId: row.orderId,
      detail: "The traveller asked for the booking's link again ('Lost your link?'): it is e-mailed to the booking's address.",
    });
  });
  return "sent";
}
