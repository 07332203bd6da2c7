import { useEffect, useRef } from "react";
import { Form } from "react-router";
import type { ManageView } from "./booking-view";
import { useManageWords } from "./use-manage-words";

/**
 * The cancellation's confirmation step, a page of its own without JavaScript: the question, what
 * is refunded, 'Yes, cancel and refund' (the post that cancels) and 'Keep my booking' (back to
 * the page). With JavaScript the question takes the focus as it appears.
 */
export function CancelConfirm({ view, base, busy }: { view: ManageView; base: string; busy: boolean }) {
  const words = useManageWords();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { orderId, refund } = view;
  const question = refund ? words("confirm.questionRefund", { orderId, amount: refund }) : words("confirm.question", { orderId });
  return (
    <section className="manage-panel manage-confirm" aria-labelledby="manage-confirm-title">
      <h2 id="manage-confirm-title" ref={heading} tabIndex={-1}>
        {question}
      </h2>
      <p>
        {refund ? words("confirm.refund", { amount: refund }) : words("confirm.nothing")} {words("confirm.final")}
      </p>
      <div className="actions">
        <Form method="post" action={base} className="manage-inline-form">
          <input type="hidden" name="intent" value="confirm-cancel" />
          <button type="submit" className="button button--danger" disabled={busy}>
            {words(refund ? "confirm.yesRefund" : "confirm.yes")}
          </button>
        </Form>
        <a className="button button--secondary" href={base}>
          {words("confirm.keep")}
        </a>
      </div>
    </section>
  );
}
