import type { ReactNode } from "react";
import { Form } from "react-router";
import { T, useT } from "~/components/i18n";
import { FieldNotes } from "~/components/ui/Field";
import { MAX_NOTE_LENGTH } from "~/domain/back-office/booking-actions";
import type { EmailKind } from "~/domain/email-registry";

/**
 * The records of one booking's back-office page, in the member's words: its payment and refunds,
 * its e-mails (each sent again from here), its internal notes and its history. The texts staff
 * or the system wrote (a note, a history line's detail, an e-mail's subject) stay as written.
 */

/** Free text with its line breaks kept. */
export function Lines({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <>
      {lines.map((line, i) => (
        <span key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </>
  );
}

/** A labelled value of a description list. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

export interface PaymentFacts {
  price: string;
  priceOverrideReason: string | null;
  /** How the traveller pays, in words. */
  paymentMode: string;
  paidAmount: string | null;
  paidAt: string;
  refunded: string;
  paymentProvider: string | null;
  paymentRef: string | null;
  paymentIssue: string | null;
}

export interface RefundLine {
  id: string;
  /** Recorded by staff as refunded outside the site, rather than through the provider. */
  outside: boolean;
  provider: string;
  amount: string;
  /** When it was recorded, Paris time: "12/05/2026" and "09:00". */
  date: string;
  time: string;
}

export function PaymentSection({ payment: b, refunds }: { payment: PaymentFacts; refunds: readonly RefundLine[] }) {
  const t = useT();
  return (
    <section className="admin-panel" aria-labelledby="payment-title">
      <h2 id="payment-title">{t("admin.booking.payment.title")}</h2>
      <dl>
        <Row label={t("admin.booking.payment.price")}>{b.price}</Row>
        {b.priceOverrideReason ? <Row label={t("admin.booking.payment.priceReason")}>{b.priceOverrideReason}</Row> : null}
        <Row label={t("admin.booking.payment.mode")}>{b.paymentMode}</Row>
        <Row label={t("admin.booking.payment.paidAmount")}>{b.paidAmount ?? t("admin.booking.payment.nothingPaid")}</Row>
        {b.paidAt ? <Row label={t("admin.booking.payment.paid")}>{b.paidAt}</Row> : null}
        <Row label={t("admin.booking.payment.refunded")}>{b.refunded}</Row>
        {b.paymentProvider ? (
          <Row label={t("admin.booking.payment.provider")}>
            {t("admin.booking.payment.providerRef", {
              provider: b.paymentProvider,
              hasRef: b.paymentRef ? "yes" : "no",
              ref: b.paymentRef ?? "",
            })}
          </Row>
        ) : null}
        {/* Written by the payment's handling, in English: the business's record. */}
        {b.paymentIssue ? <Row label={t("admin.booking.payment.issue")}>{b.paymentIssue}</Row> : null}
      </dl>
      {refunds.length > 0 ? (
        <>
          <h3>{t("admin.booking.refunds.title")}</h3>
          <ul>
            {refunds.map((r) => (
              <li key={r.id}>
                {t("admin.booking.refund", {
                  amount: r.amount,
                  outside: r.outside ? "yes" : "no",
                  provider: r.provider,
                  date: r.date,
                  time: r.time,
                  id: r.id,
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

export interface EmailLine {
  id: number;
  kind: EmailKind;
  recipient: string;
  subject: string;
  state: "waiting" | "sent" | "failed";
  attempts: number;
  createdAt: string;
  sentAt: string;
  copyOf: number | null;
  resendable: boolean;
  /** Why it is not sent again, in the member's words, or null. */
  notAgain: string | null;
}

/** The booking's e-mails, each with its state and, when the rules allow, 'Resend'. */
export function EmailsSection({ emails, action, busy }: { emails: readonly EmailLine[]; action: string; busy: boolean }) {
  const t = useT();
  return (
    <section aria-labelledby="emails-title">
      <h2 id="emails-title">{t("admin.booking.emails.title")}</h2>
      {emails.length === 0 ? (
        <p>{t("admin.booking.emails.none")}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t("admin.booking.emails.column.email")}</th>
                <th scope="col">{t("admin.booking.emails.column.to")}</th>
                <th scope="col">{t("admin.booking.emails.column.subject")}</th>
                <th scope="col">{t("admin.booking.emails.column.state")}</th>
                <th scope="col">{t("admin.booking.emails.column.written")}</th>
                <th scope="col" className="no-print">
                  {t("admin.booking.emails.column.again")}
                </th>
              </tr>
            </thead>
            <tbody>
              {emails.map((e) => (
                <tr key={e.id}>
                  <td>
                    {t(`admin.booking.emailKind.${e.kind}`)}
                    {e.copyOf ? t("admin.booking.emails.copy") : null}
                  </td>
                  <td>{e.recipient}</td>
                  <td id={`email-${e.id}`}>{e.subject}</td>
                  <td>
                    <span className={e.state === "failed" ? "admin-badge admin-badge--warn" : "admin-badge"}>
                      {t(`admin.booking.emails.state.${e.state}`)}
                    </span>
                    {e.sentAt ? ` ${e.sentAt}` : e.attempts > 0 ? t("admin.booking.emails.attempts", { count: e.attempts }) : ""}
                  </td>
                  <td>{e.createdAt}</td>
                  <td className="no-print">
                    {!e.resendable ? (
                      t("admin.booking.emails.removed")
                    ) : e.notAgain ? (
                      e.notAgain
                    ) : (
                      <Form method="post" action={action}>
                        <input type="hidden" name="intent" value="resend" />
                        <input type="hidden" name="emailId" value={e.id} />
                        <button type="submit" className="button button--secondary" aria-describedby={`email-${e.id}`} disabled={busy}>
                          {t("admin.booking.emails.resend")}
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export interface NoteLine {
  id: number;
  at: string;
  actor: string;
  text: string;
}

/** The internal notes, and the form that adds one. */
export function NotesSection({
  notes,
  action,
  busy,
  error,
}: {
  notes: readonly NoteLine[];
  action: string;
  busy: boolean;
  error: string | undefined;
}) {
  const t = useT();
  return (
    <section className="admin-panel" aria-labelledby="notes-title">
      <h2 id="notes-title">{t("admin.booking.notes.title")}</h2>
      {notes.length === 0 ? <p>{t("admin.booking.notes.none")}</p> : null}
      <ul>
        {notes.map((n) => (
          <li key={n.id}>
            <Lines text={n.text} /> ({n.actor}, {n.at})
          </li>
        ))}
      </ul>
      <Form method="post" action={action} className="admin-form no-print" noValidate>
        <input type="hidden" name="intent" value="add_note" />
        <div className="field">
          <label htmlFor="f-note">{t("admin.booking.notes.label")}</label>
          <textarea
            id="f-note"
            name="note"
            rows={3}
            maxLength={MAX_NOTE_LENGTH}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "err-note" : undefined}
          />
          <FieldNotes name="note" error={error} />
        </div>
        <div>
          <button type="submit" className="button" disabled={busy}>
            {t("admin.booking.notes.add")}
          </button>
        </div>
      </Form>
    </section>
  );
}

export interface HistoryLine {
  id: number;
  at: string;
  actor: string;
  /** What was done, in the member's words. */
  action: string;
  /** The history's own words: English, the business's record. */
  detail: string;
}

export function HistorySection({ history }: { history: readonly HistoryLine[] }) {
  const t = useT();
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">{t("admin.booking.history.title")}</h2>
      {history.length === 0 ? (
        <p>{t("admin.booking.history.none")}</p>
      ) : (
        <ol>
          {history.map((h) => (
            <li key={h.id}>
              <T
                id="admin.booking.history.line"
                values={{ at: h.at, actor: h.actor }}
                components={{ 0: <strong>{h.action}</strong>, 1: <Lines text={h.detail} /> }}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
