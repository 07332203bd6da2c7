import { T, useT } from "~/components/i18n";
import { CONTACT_FIELDS, type ContactField, type ContactMessage } from "~/domain/contact-rules";
import { STEP_HEADING_ID } from "./ids";

const EDIT = {
  fullName: "contact.summary.editFullName",
  email: "contact.summary.editEmail",
  question: "contact.summary.editQuestion",
} as const;

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
  const t = useT();
  return (
    <section className="contact-step" aria-labelledby={STEP_HEADING_ID}>
      <h2 id={STEP_HEADING_ID} tabIndex={-1}>
        {t("contact.summary.title")}
      </h2>
      <p>{t("contact.summary.text")}</p>
      <dl className="contact-summary">
        {CONTACT_FIELDS.map((name) => (
          <div className="contact-summary__row" key={name}>
            <dt>{t(`contact.field.${name}`)}</dt>
            <dd className={`contact-summary__value contact-summary__value--${name}`}>{message[name]}</dd>
            <dd className="contact-summary__edit">
              <button type="button" className="button button--secondary button--small" onClick={() => onEdit(name)}>
                <T id={EDIT[name]} components={{ 0: <span className="visually-hidden" /> }} />
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <div className="actions">
        <button type="button" className="button" onClick={onContinue}>
          {t("contact.form.continue")}
        </button>
      </div>
    </section>
  );
}
