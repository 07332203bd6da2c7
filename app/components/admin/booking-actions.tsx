import { Form } from "react-router";
import {
  CANCEL_CONFIRM_FIELD,
  MAX_OUTSIDE_REASON_LENGTH,
  OUTSIDE_FIELD,
  OUTSIDE_REASON_FIELD,
  REFUND_CONFIRM_FIELD,
} from "~/domain/back-office/booking-actions";
import type { StatusAction } from "~/domain/back-office/statuses";
import { FieldNotes } from "~/components/ui/Field";
import type { Locale } from "~/domain/locales";
import { LanguageSelect } from "./LanguageSelect";

export interface DriverChoice {
  id: number;
  name: string;
  vehicle: string;
}

interface Props {
  /** The booking page's own path: every form posts there, without the last outcome's query. */
  action: string;
  /** The status actions open now (availableActions): only their buttons are shown. */
  actions: readonly StatusAction[];
  /** What a cancellation refunds, in words, or null when nothing was paid. */
  refundable: string | null;
  /** Whether the payment of this cancelled booking can be refunded on its own (canRefund). */
  canRefund: boolean;
  busy: boolean;
  errorOf(field: string): string | undefined;
}

/** A one-button form: the post carries only its intent. */
function IntentButton({ action, intent, label, busy }: { action: string; intent: StatusAction; label: string; busy: boolean }) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className="button" disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

/**
 * "Already refunded outside the site": a box and the reason it needs (kept in the history), for a
 * payment refunded in the provider's dashboard, which the site then records without asking it.
 */
function OutsideRefund({ errorOf }: { errorOf(field: string): string | undefined }) {
  const boxError = errorOf(OUTSIDE_FIELD);
  const reasonError = errorOf(OUTSIDE_REASON_FIELD);
  return (
    <>
      <p id="outside-hint">
        Refunded already, in the payment provider&apos;s dashboard? Tick the box and say how: the site records the payment as refunded
        without asking the provider.
      </p>
      <p>
        <label>
          <input
            type="checkbox"
            id={`f-${OUTSIDE_FIELD}`}
            name={OUTSIDE_FIELD}
            value="yes"
            aria-invalid={boxError ? true : undefined}
            aria-describedby={boxError ? `outside-hint err-${OUTSIDE_FIELD}` : "outside-hint"}
          />{" "}
          Already refunded outside the site
        </label>
      </p>
      <FieldNotes name={OUTSIDE_FIELD} error={boxError} />
      <div className="field">
        <label htmlFor={`f-${OUTSIDE_REASON_FIELD}`}>How it was refunded outside the site (kept in the history)</label>
        <textarea
          id={`f-${OUTSIDE_REASON_FIELD}`}
          name={OUTSIDE_REASON_FIELD}
          rows={2}
          maxLength={MAX_OUTSIDE_REASON_LENGTH}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `err-${OUTSIDE_REASON_FIELD}` : undefined}
        />
        <FieldNotes name={OUTSIDE_REASON_FIELD} error={reasonError} />
      </div>
    </>
  );
}

/** Refund the payment of a cancelled booking: sent only with its confirmation box ticked. */
function RefundForm({
  action,
  refundable,
  busy,
  errorOf,
}: {
  action: string;
  refundable: string;
  busy: boolean;
  errorOf(field: string): string | undefined;
}) {
  const error = errorOf(REFUND_CONFIRM_FIELD);
  return (
    <Form method="post" action={action} className="admin-form" noValidate>
      <input type="hidden" name="intent" value="refund" />
      <fieldset>
        <legend>Refund the payment</legend>
        <p id="refund-hint">{`The booking is cancelled but ${refundable} is still paid: refunding returns it in full through the payment provider and e-mails the traveller.`}</p>
        <p>
          <label>
            <input
              type="checkbox"
              id={`f-${REFUND_CONFIRM_FIELD}`}
              name={REFUND_CONFIRM_FIELD}
              value="yes"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `refund-hint err-${REFUND_CONFIRM_FIELD}` : "refund-hint"}
            />{" "}
            Yes, refund the payment
          </label>
        </p>
        <FieldNotes name={REFUND_CONFIRM_FIELD} error={error} />
        <OutsideRefund errorOf={errorOf} />
        <button type="submit" className="button button--secondary" disabled={busy}>
          Refund
        </button>
      </fieldset>
    </Form>
  );
}

/**
 * The booking's status actions, as plain forms that work without JavaScript: Confirm, Mark
 * completed, Mark no-show, and Cancel booking (each leg's 'Assign driver' is AssignDriverForm), which
 * is sent only with its confirmation box ticked; on a cancelled booking still holding a payment,
 * Refund, sent the same way.
 */
export function BookingActionForms({ action, actions, refundable, canRefund, busy, errorOf }: Props) {
  const refundForm = canRefund && refundable ? <RefundForm action={action} refundable={refundable} busy={busy} errorOf={errorOf} /> : null;
  if (actions.length === 0) {
    return refundForm ? (
      <div className="no-print">
        <h3>Actions</h3>
        {refundForm}
      </div>
    ) : (
      <p>This booking is finished: no action is left to take.</p>
    );
  }
  const can = (a: StatusAction) => actions.includes(a);
  const cancelError = errorOf(CANCEL_CONFIRM_FIELD);
  return (
    <div className="no-print">
      <h3>Actions</h3>
      <div className="admin-actions">
        {can("confirm") ? <IntentButton action={action} intent="confirm" label="Confirm" busy={busy} /> : null}
        {can("complete") ? <IntentButton action={action} intent="complete" label="Mark completed" busy={busy} /> : null}
        {can("no_show") ? <IntentButton action={action} intent="no_show" label="Mark no-show" busy={busy} /> : null}
      </div>
      {can("cancel") ? (
        <Form method="post" action={action} className="admin-form" noValidate>
          <input type="hidden" name="intent" value="cancel" />
          <fieldset>
            <legend>Cancel booking</legend>
            <p id="cancel-hint">
              {refundable
                ? `Cancelling refunds ${refundable} in full through the payment provider and e-mails the traveller.`
                : "Nothing was paid, so nothing is refunded. The traveller is e-mailed."}
            </p>
            <p>
              <label>
                <input
                  type="checkbox"
                  id={`f-${CANCEL_CONFIRM_FIELD}`}
                  name={CANCEL_CONFIRM_FIELD}
                  value="yes"
                  aria-invalid={cancelError ? true : undefined}
                  aria-describedby={cancelError ? `cancel-hint err-${CANCEL_CONFIRM_FIELD}` : "cancel-hint"}
                />{" "}
                Yes, cancel and refund
              </label>
            </p>
            <FieldNotes name={CANCEL_CONFIRM_FIELD} error={cancelError} />
            {refundable ? <OutsideRefund errorOf={errorOf} /> : null}
            <button type="submit" className="button button--secondary" disabled={busy}>
              Cancel booking
            </button>
          </fieldset>
        </Form>
      ) : null}
    </div>
  );
}

/** The field a leg's landing time problem is shown at. */
export function landingField(leg: number): string {
  return `landingTime-${leg}`;
}

/**
 * 'New landing time' of an arriving leg: staff enter the flight's new landing time (Paris), and
 * the pickup, the runs and the e-mails follow (app/lib/landing-times.server.ts). The flight's
 * public tracker is linked beside it, to check the time.
 */
export function LandingTimeForm({
  action,
  leg,
  legName,
  current,
  tracker,
  busy,
  errorOf,
}: {
  action: string;
  leg: number;
  legName: string | null;
  /** The landing time stored now, HH:MM. */
  current: string;
  tracker: string | null;
  busy: boolean;
  errorOf(field: string): string | undefined;
}) {
  const field = landingField(leg);
  const error = errorOf(field);
  const id = `f-${field}`;
  return (
    <Form method="post" action={action} className="admin-form no-print" noValidate>
      <input type="hidden" name="intent" value="change_landing" />
      <input type="hidden" name="leg" value={leg} />
      <div className="admin-actions">
        <div className="field">
          <label htmlFor={id}>{legName ? `New landing time of the ${legName} flight` : "New landing time"}</label>
          <input
            id={id}
            name="landingTime"
            type="time"
            defaultValue={current}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `err-${field}` : undefined}
          />
          <FieldNotes name={field} error={error} />
        </div>
        <button type="submit" className="button button--secondary" disabled={busy}>
          Save landing time
        </button>
        {tracker ? (
          <a href={tracker} rel="noopener noreferrer" target="_blank">
            Track the flight (opens a new tab)
          </a>
        ) : null}
      </div>
    </Form>
  );
}

/** The field a leg's driver problem is shown at: one per leg, so that each form's message is its own. */
export function driverField(leg: number): string {
  return `driverId-${leg}`;
}

/**
 * 'Assign driver' of one leg, a plain form that works without JavaScript: a choice of the active
 * drivers, the leg's own driver chosen when it has one. A one-way booking's single leg keeps the
 * plain "Driver" label; a round trip's name their leg.
 */
export function AssignDriverForm({
  action,
  leg,
  legName,
  drivers,
  currentDriverId,
  busy,
  errorOf,
}: {
  action: string;
  leg: number;
  /** "outbound" or "return" on a round trip; null on a one-way booking. */
  legName: string | null;
  drivers: readonly DriverChoice[];
  currentDriverId: number | null;
  busy: boolean;
  errorOf(field: string): string | undefined;
}) {
  const field = driverField(leg);
  const error = errorOf(field);
  const id = `f-${field}`;
  return (
    <Form method="post" action={action} className="admin-form no-print" noValidate>
      <input type="hidden" name="intent" value="assign_driver" />
      <input type="hidden" name="leg" value={leg} />
      {drivers.length === 0 ? (
        <p>
          No active driver: add one on the <a href="/admin/drivers">drivers page</a>.
        </p>
      ) : (
        <div className="admin-actions">
          <div className="field">
            <label htmlFor={id}>{legName ? `Driver for the ${legName}` : "Driver"}</label>
            <select
              id={id}
              name="driverId"
              defaultValue={currentDriverId ?? ""}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `err-${field}` : undefined}
            >
              <option value="">Choose a driver</option>
              {drivers.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.vehicle ? `${d.name} (${d.vehicle})` : d.name}
                </option>
              ))}
            </select>
            <FieldNotes name={field} error={error} />
          </div>
          <button type="submit" className="button" disabled={busy}>
            {legName ? `Assign driver to the ${legName}` : "Assign driver"}
          </button>
        </div>
      )}
    </Form>
  );
}

const LANGUAGE_HINT = "The traveller's e-mails written from now on speak it; those sent already stay as they were.";

/**
 * The traveller's language on a booking's page, which their e-mails speak: the booking form's, or
 * the one staff chose on a phone booking. Staff change it when a traveller asks.
 */
export function LanguageForm({
  action,
  locale,
  busy,
  errorOf,
}: {
  action: string;
  locale: Locale;
  busy: boolean;
  errorOf(field: string): string | undefined;
}) {
  return (
    <Form method="post" action={action} className="admin-form no-print" noValidate>
      <input type="hidden" name="intent" value="set_language" />
      <LanguageSelect label="Traveller's language" value={locale} hint={LANGUAGE_HINT} error={errorOf("locale")} />
      <div>
        <button type="submit" className="button" disabled={busy}>
          Save language
        </button>
      </div>
    </Form>
  );
}
