import type { FormEvent } from "react";
import { T, useT } from "~/components/i18n";
import { CODE_LENGTH, type SendFailure, spellCode } from "~/domain/contact-rules";
import { telHref } from "~/domain/phone";
import { CODE_INPUT_ID, SEND_BUTTON_ID, STEP_HEADING_ID } from "./ids";

/** Why a send failed, as the visitor reads it; null while nothing failed. */
export type ContactFailure = (SendFailure & { setup: boolean }) | null;

/**
 * Step 3: the code check, then the send. The code is text: shown in large letters, and spelled
 * one character at a time for screen readers (the input's description reads it too).
 */
export function ContactCodeCheck({
  code,
  typed,
  sending,
  failure,
  contact,
  onType,
  onSend,
  onBack,
}: {
  code: string;
  typed: string;
  sending: boolean;
  failure: ContactFailure;
  contact: { email: string; phone: string };
  onType: (value: string) => void;
  onSend: () => void;
  onBack: () => void;
}) {
  const t = useT();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSend();
  };
  return (
    <section className="contact-step" aria-labelledby={STEP_HEADING_ID}>
      <h2 id={STEP_HEADING_ID} tabIndex={-1}>
        {t("contact.code.title")}
      </h2>
      <p id="contact-code-hint">{t("contact.code.hint", { count: CODE_LENGTH })}</p>
      <p className="contact-code" id="contact-code">
        <span className="contact-code__value" aria-hidden="true" translate="no" data-testid="contact-code">
          {code}
        </span>
        <span className="visually-hidden">{t("contact.code.spelled", { code: spellCode(code) })}</span>
      </p>
      <form noValidate onSubmit={submit} aria-labelledby={STEP_HEADING_ID} className="contact-form">
        <div className="field">
          <label htmlFor={CODE_INPUT_ID}>{t("contact.code.label")}</label>
          <input
            id={CODE_INPUT_ID}
            name="code"
            className="contact-code__input"
            value={typed}
            onChange={(e) => onType(e.target.value)}
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby="contact-code-hint contact-code"
          />
        </div>
        <div role="alert" className="contact-failure-region">
          {failure ? (
            <div className="contact-failure">
              <p className="contact-failure__title">{t("contact.failure.title")}</p>
              <p>
                {failure.setup
                  ? t("contact.failure.setup")
                  : failure.status !== null
                    ? t("contact.failure.answered", { reason: failure.reason })
                    : t("contact.failure.unreachable")}{" "}
                <T
                  id="contact.failure.kept"
                  components={{
                    0: <a href={`mailto:${contact.email}`}>{contact.email}</a>,
                    1: <a href={telHref(contact.phone)}>{contact.phone}</a>,
                  }}
                />
              </p>
            </div>
          ) : null}
        </div>
        <div className="actions">
          <button id={SEND_BUTTON_ID} type="submit" className="button" disabled={sending}>
            {t(sending ? "contact.code.sending" : "contact.code.send")}
          </button>
          <button type="button" className="button button--secondary" onClick={onBack} disabled={sending}>
            {t("contact.code.back")}
          </button>
        </div>
      </form>
    </section>
  );
}
