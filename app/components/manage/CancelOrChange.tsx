import { Form } from "react-router";
import type { ManageView } from "./booking-view";
import { Countdown } from "./Countdown";
import { Phone } from "./Phone";

/**
 * Free cancellation while it lasts (its deadline, the time left, 'Change details' and 'Cancel
 * booking'), and once it has ended, why the booking cannot be cancelled or changed online and the
 * number to call. Date, route and passengers are changed by phone either way.
 */
export function CancelOrChange({ view, base, phone, busy }: { view: ManageView; base: string; phone: string; busy: boolean }) {
  if (!view.open) return null;
  return (
    <section className="manage-panel" aria-labelledby="manage-change-title">
      <h2 id="manage-change-title">Cancel or change</h2>
      {view.deadline ? (
        <>
          <p className="manage-deadline">
            <strong>{view.deadline.text}</strong> <Countdown until={view.deadline.until} initial={view.deadline.left} />
          </p>
          <p>
            Until then you can change your flight, hotel or address, phone, luggage and notes online, or cancel the booking
            {view.refund ? ` and get your ${view.refund} back in full` : ""}.
          </p>
          <div className="actions">
            <a className="button button--secondary" href={`${base}/change`}>
              Change details
            </a>
            <Form method="post" action={base} className="manage-inline-form">
              <input type="hidden" name="intent" value="cancel" />
              <button type="submit" className="button button--danger" disabled={busy}>
                Cancel booking
              </button>
            </Form>
          </div>
        </>
      ) : (
        <p className="manage-closed">
          {view.closedBecause} To cancel or change it, call us on <Phone number={phone} />.
        </p>
      )}
      <p>
        The date, the route and the number of passengers are changed by phone: call us on <Phone number={phone} />.
      </p>
    </section>
  );
}
