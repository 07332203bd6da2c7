import type { ChangeEvent, FormEvent, MouseEvent } from "react";
import { useT } from "~/components/i18n";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  type ContactErrors,
  type ContactField,
  type ContactMessage,
  invalidFields,
} from "~/domain/contact-rules";
import { STEP_HEADING_ID, fieldId } from "./ids";

const AUTOCOMPLETE: Record<ContactField, string> = { fullName: "name", email: "email", question: "off" };

/** Step 1: the form. Checked when submitted (noValidate: the browser's bubbles never hide our messages). */
export function ContactForm({
  values,
  errors,
  attempt,
  ready,
  onChange,
  onSubmit,
  onStart,
}: {
  values: ContactMessage;
  errors: ContactErrors;
  /** How many times the form was submitted with errors: renews the summary so it is announced again. */
  attempt: number;
  /** False until React has hydrated the page: the form does nothing before. */
  ready: boolean;
  onChange: (field: ContactField, value: string) => void;
  onSubmit: () => void;
  /** The visitor has reached the form (focus inside it): time to load what checks it. */
  onStart: () => void;
}) {
  const t = useT();
  const invalid = invalidFields(errors);
  const errorText = (field: ContactField) => {
    const code = errors[field];
    return code ? t(`contact.error.${code}`, { max: CONTACT_LIMITS[field] }) : null;
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  const goToField = (event: MouseEvent<HTMLAnchorElement>, field: ContactField) => {
    event.preventDefault();
    document.getElementById(fieldId(field))?.focus();
  };

  return (
    <section className="contact-step" aria-labelledby={STEP_HEADING_ID}>
      <h2 id={STEP_HEADING_ID} tabIndex={-1}>
        {t("contact.form.title")}
      </h2>
      <p>{t("contact.form.required")}</p>
      <div role="alert" className="contact-error-summary-region">
        {attempt > 0 && invalid.length > 0 ? (
          <div key={attempt} className="contact-error-summary">
            <p className="contact-error-summary__title">{t("contact.form.summary", { count: invalid.length })}</p>
            <ul>
              {invalid.map((field) => (
                <li key={field}>
                  <a href={`#${fieldId(field)}`} onClick={(e) => goToField(e, field)}>
                    {errorText(field)}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <form noValidate onSubmit={submit} aria-labelledby={STEP_HEADING_ID} className="contact-form">
        {CONTACT_FIELDS.map((name) => {
          const error = errorText(name);
          const errorId = `${fieldId(name)}-error`;
          const common = {
            id: fieldId(name),
            name,
            value: values[name],
            required: true,
            autoComplete: AUTOCOMPLETE[name],
            "aria-invalid": error ? (true as const) : undefined,
            "aria-describedby": error ? errorId : undefined,
            onFocus: onStart,
            onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(name, e.target.value),
          };
          return (
            <div className={`field${error ? " field--invalid" : ""}`} key={name}>
              <label htmlFor={common.id}>{t(`contact.field.${name}`)}</label>
              {error ? (
                <p id={errorId} className="field__error">
                  <span className="visually-hidden">{t("contact.form.errorPrefix")}</span>
                  {error}
                </p>
              ) : null}
              {name === "question" ? (
                <textarea {...common} rows={6} />
              ) : (
                <input {...common} type={name === "email" ? "email" : "text"} spellCheck={name === "email" ? false : undefined} />
              )}
            </div>
          );
        })}
        <div className="actions">
          <button type="submit" className="button" disabled={!ready}>
            {t("contact.form.continue")}
          </button>
        </div>
      </form>
    </section>
  );
}
