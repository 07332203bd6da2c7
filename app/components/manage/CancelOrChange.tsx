import { Form } from "react-router";
import { T } from "~/components/i18n";
import type { ManageView } from "./booking-view";
import { Countdown } from "./Countdown";
import { Phone } from "./Phone";
import { useManageWords } from "./use-manage-words";

/**
 * Free cancellation while it lasts (its deadline, the time left, 'Change details' and 'Cancel
 * booking'), and once it has ended, why the booking cannot be cancelled or changed online and the
 * number to call. Date, route and passengers are changed by phone either way.
 */
export function CancelOrChange({ view, base, phone, busy }: { view: ManageView; base: string; phone: string; busy: boolean }) {
  const words = useManageWords();
  if (!view.open) return null;
  return (
    <section className="manage-panel" aria-labelledby="manage-change-title">
      <h2 id="manage-change-title">{words("cancel.title")}</h2>
      {view.deadline ? (
        <>
          <p className="manage-deadline">
            <strong>{view.deadline.text}</strong> <Countdown until={view.deadline.until} initial={view.deadline.left} />
          </p>
          <p>{view.refund ? words("cancel.untilRefund", { amount: view.refund }) : words("cancel.until")}</p>
          <div className="actions">
            <a className="button button--secondary" href={`${base}/change`}>
              {words("cancel.changeDetails")}
            </a>
            <Form method="post" action={base} className="manage-inline-form">
              <input type="hidden" name="intent" value="cancel" />
              <button type="submit" className="button button--danger" disabled={busy}>
                {words("cancel.button")}
              </button>
            </Form>
          </div>
        </>
      ) : (
        <p className="manage-closed">
          <T id="manage.cancel.closed" values={{ reason: view.closedBecause, phone }} components={{ 0: <Phone number={phone} /> }} />
        </p>
      )}
      <p>
        <T id="manage.cancel.byPhone" values={{ phone }} components={{ 0: <Phone number={phone} /> }} />
      </p>
    </section>
  );
}
