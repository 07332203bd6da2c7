import { Form } from "react-router";
import {
  CANCEL_CONFIRM_FIELD,
  MAX_OUTSIDE_REASON_LENGTH,
  OUTSIDE_FIELD,
  OUTSIDE_REASON_FIELD,
  REFUND_CONFIRM_FIELD,
} from "~/domain/back-office/booking-actions";
import type { StatusAction } from "~/domain/back-office/statuses";
import { MessageAnchor, T, useT } from "~/components/i18n";
import { FieldNotes } from "~/components/ui/Field";
import type { Locale } from "~/domain/locales";
import { LanguageSelect } from "./LanguageSelect";

/**
 * The forms of one booking's back-office page, in the member's words (the `admin` catalogue's
 * action.form.* messages, which the page's loader sends).
 */

/** Which leg a round trip's form is for; null on a one-way booking, whose one leg goes unnamed. */
export type LegName = "outbound" | "return" | null;

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
  const t = useT();
  const boxError = errorOf(OUTSIDE_FIELD);
  const reasonError = errorOf(OUTSIDE_REASON_FIELD);
  return (
    <>
      <p id="outside-hint">{t("admin.action.form.outside.hint")}</p>
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
          {t("admin.action.form.outside.box")}
        </label>
      </p>
      <FieldNotes name={OUTSIDE_FIELD} error={boxError} />
      <div className="field">
        <label htmlFor={`f-${OUTSIDE_REASON_FIELD}`}>{t("admin.action.form.outside.reason")}</label>
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
  const t = useT();
  const error = errorOf(REFUND_CONFIRM_FIELD);
  return (
    <Form method="post" action={action} className="admin-form" noValidate>
      <input type="hidden" name="intent" value="refund" />
      <fieldset>
        <legend>{t("admin.action.form.refund.legend")}</legend>
        <p id="refund-hint">{t("admin.action.form.refund.hint", { amount: refundable })}</p>
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
            {t("admin.action.form.refund.confirm")}
          </label>
        </p>
        <FieldNotes name={REFUND_CONFIRM_FIELD} error={error} />
        <OutsideRefund errorOf={errorOf} />
        <button type="submit" className="button button--secondary" disabled={busy}>
          {t("admin.action.form.refund.submit")}
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
  const t = useT();
  const refundForm = canRefund && refundable ? <RefundForm action={action} refundable={refundable} busy={busy} errorOf={errorOf} /> : null;
  if (actions.length === 0) {
    return refundForm ? (
      <div className="no-print">
        <h3>{t("admin.action.form.title")}</h3>
        {refundForm}
      </div>
    ) : (
      <p>{t("admin.action.form.finished")}</p>
    );
  }
  const can = (a: StatusAction) => actions.includes(a);
  const cancelError = errorOf(CANCEL_CONFIRM_FIELD);
  return (
    <div className="no-print">
      <h3>{t("admin.action.form.title")}</h3>
      <div className="admin-actions">
        {can("confirm") ? <IntentButton action={action} intent="confirm" label={t("admin.action.form.confirm")} busy={busy} /> : null}
        {can("complete") ? <IntentButton action={action} intent="complete" label={t("admin.action.form.complete")} busy={busy} /> : null}
        {can("no_show") ? <IntentButton action={action} intent="no_show" label={t("admin.action.form.noShow")} busy={busy} /> : null}
      </div>
      {can("cancel") ? (
        <Form method="post" action={action} className="admin-form" noValidate>
          <input type="hidden" name="intent" value="cancel" />
          <fieldset>
            <legend>{t("admin.action.form.cancel.legend")}</legend>
            <p id="cancel-hint">
              {refundable ? t("admin.action.form.cancel.refunds", { amount: refundable }) : t("admin.action.form.cancel.nothingPaid")}
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
                {t("admin.action.form.cancel.confirm")}
              </label>
            </p>
            <FieldNotes name={CANCEL_CONFIRM_FIELD} error={cancelError} />
            {refundable ? <OutsideRefund errorOf={errorOf} /> : null}
            <button type="submit" className="button button--secondary" disabled={busy}>
              {t("admin.action.form.cancel.submit")}
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
  legName: LegName;
  /** The landing time stored now, HH:MM. */
  current: string;
  tracker: string | null;
  busy: boolean;
  errorOf(field: string): string | undefined;
}) {
  const t = useT();
  const field = landingField(leg);
  const error = errorOf(field);
  const id = `f-${field}`;
  return (
    <Form method="post" action={action} className="admin-form no-print" noValidate>
      <input type="hidden" name="intent" value="change_landing" />
      <input type="hidden" name="leg" value={leg} />
      <div className="admin-actions">
        <div className="field">
          <label htmlFor={id}>{t("admin.action.form.landing.label", { leg: legName ?? "booking" })}</label>
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
          {t("admin.action.form.landing.save")}
        </button>
        {tracker ? (
          <a href={tracker} rel="noopener noreferrer" target="_blank">
            {t("admin.action.form.landing.track")}
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
  legName: LegName;
  drivers: readonly DriverChoice[];
  currentDriverId: number | null;
  busy: boolean;
  errorOf(field: string): string | undefined;
}) {
  const t = useT();
  const field = driverField(leg);
  const error = errorOf(field);
  const id = `f-${field}`;
  const named = { leg: legName ?? "booking" };
  return (
    <Form method="post" action={action} className="admin-form no-print" noValidate>
      <input type="hidden" name="intent" value="assign_driver" />
      <input type="hidden" name="leg" value={leg} />
      {drivers.length === 0 ? (
        <p>
          <T id="admin.action.form.driver.none" components={{ 0: <MessageAnchor href="/admin/drivers" /> }} />
        </p>
      ) : (
        <div className="admin-actions">
          <div className="field">
            <label htmlFor={id}>{t("admin.action.form.driver.label", named)}</label>
            <select
              id={id}
              name="driverId"
              defaultValue={currentDriverId ?? ""}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `err-${field}` : undefined}
            >
              <option value="">{t("admin.action.form.driver.choose")}</option>
              {drivers.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.vehicle ? `${d.name} (${d.vehicle})` : d.name}
                </option>
              ))}
            </select>
            <FieldNotes name={field} error={error} />
          </div>
          <button type="submit" className="button" disabled={busy}>
            {t("admin.action.form.driver.submit", named)}
          </button>
        </div>
      )}
    </Form>
  );
}

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
  const t = useT();
  return (
    <Form method="post" action={action} className="admin-form no-print" noValidate>
      <input type="hidden" name="intent" value="set_language" />
      <LanguageSelect
        label={t("admin.action.form.language.label")}
        value={locale}
        hint={t("admin.action.form.language.hint")}
        error={errorOf("locale")}
      />
      <div>
        <button type="submit" className="button" disabled={busy}>
          {t("admin.action.form.language.save")}
        </button>
      </div>
    </Form>
  );
}
