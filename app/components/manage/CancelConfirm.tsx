import { useEffect, useRef } from "react";
import { Form } from "react-router";
import type { ManageView } from "./booking-view";

/**
 * The cancellation's confirmation step, a page of its own without JavaScript: the question, what
 * is refunded, 'Yes, cancel and refund' (the post that cancels) and 'Keep my booking' (back to
 * the page). With JavaScript the question takes the focus as it appears.
 */
export function CancelConfirm({ view, base, busy }: { view: ManageView; base: string; busy: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const question = view.refund ? `Cancel booking ${view.orderId} and refund ${view.refund}?` : `Cancel booking ${view.orderId}?`;
  return (
    <section className="manage-panel manage-confirm" aria-labelledby="manage-confirm-title">
      <h2 id="manage-confirm-title" ref={heading} tabIndex={-1}>
        {question}
      </h2>
      <p>
        {view.refund
          ? `We refund ${view.refund} in full to the card you paid with; depending on your bank, it shows on your account within 5 to 10 days.`
          : "Nothing was paid for this booking, so there is nothing to refund."}{" "}
        A cancelled booking cannot be restored: to travel, you would book again.
      </p>
      <div className="actions">
        <Form method="post" action={base} className="manage-inline-form">
          <input type="hidden" name="intent" value="confirm-cancel" />
          <button type="submit" className="button button--danger" disabled={busy}>
            {view.refund ? "Yes, cancel and refund" : "Yes, cancel my booking"}
          </button>
        </Form>
        <a className="button button--secondary" href={base}>
          Keep my booking
        </a>
      </div>
    </section>
  );
}
