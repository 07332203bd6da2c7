import { CONTACT_FIELDS, type ContactField, type ContactMessage } from "~/domain/contact-rules";
import { STEP_HEADING_ID } from "./ids";

/** Step 2: what will be sent, with one 'Edit' button per field (the field in its accessible name). */
export function ContactSummary({
  message,
  onEdit,
  onContinue,
}: {
  message: ContactMessage;
  onEdit: (field: ContactField) => void;
  onContinue: () => void;
}) {
  return (
    <section className="contact-step" aria-labelledby={STEP_HEADING_ID}>
      <h2 id={STEP_HEADING_ID} tabIndex={-1}>
        Check your message
      </h2>
      <p>This is what we will receive. Edit any part of it, or continue.</p>
      <dl className="contact-summary">
        {CONTACT_FIELDS.map(({ name, label, lower }) => (
          <div className="contact-summary__row" key={name}>
            <dt>{label}</dt>
            <dd className={`contact-summary__value contact-summary__value--${name}`}>{message[name]}</dd>
            <dd className="contact-summary__edit">
              <button type="button" className="button button--secondary button--small" onClick={() => onEdit(name)}>
                Edit<span className="visually-hidden"> {lower}</span>
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <div className="actions">
        <button type="button" className="button" onClick={onContinue}>
          Continue
        </button>
      </div>
    </section>
  );
}
