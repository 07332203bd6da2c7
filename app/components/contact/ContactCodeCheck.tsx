import type { FormEvent } from "react";
import { CODE_LENGTH, CONTACT_MESSAGES, type SendFailure, spellCode } from "~/domain/contact-rules";
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
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSend();
  };
  return (
    <section className="contact-step" aria-labelledby={STEP_HEADING_ID}>
      <h2 id={STEP_HEADING_ID} tabIndex={-1}>
        Type the code to send
      </h2>
      <p id="contact-code-hint">To send your message, type these {CODE_LENGTH} characters in the box below.</p>
      <p className="contact-code" id="contact-code">
        <span className="contact-code__value" aria-hidden="true" translate="no" data-testid="contact-code">
          {code}
        </span>
        <span className="visually-hidden">Code: {spellCode(code)}</span>
      </p>
      <form noValidate onSubmit={submit} aria-labelledby={STEP_HEADING_ID} className="contact-form">
        <div className="field">
          <label htmlFor={CODE_INPUT_ID}>Code</label>
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
              <p className="contact-failure__title">{CONTACT_MESSAGES.failed}</p>
              <p>
                {failure.setup
                  ? "The contact form is not set up on this site yet."
                  : failure.status !== null
                    ? `The e-mail service answered: ${failure.reason}.`
                    : "The e-mail service could not be reached."}{" "}
                Your message is kept here. You can also write to <a href={`mailto:${contact.email}`}>{contact.email}</a> or call{" "}
                <a href={telHref(contact.phone)}>{contact.phone}</a>.
              </p>
            </div>
          ) : null}
        </div>
        <div className="actions">
          <button id={SEND_BUTTON_ID} type="submit" className="button" disabled={sending}>
            {sending ? "Sending…" : "Send message"}
          </button>
          <button type="button" className="button button--secondary" onClick={onBack} disabled={sending}>
            Back to the summary
          </button>
        </div>
      </form>
    </section>
  );
}
