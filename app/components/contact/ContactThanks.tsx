import { useT } from "~/components/i18n";
import { STEP_HEADING_ID } from "./ids";

/** Step 4: the thank-you message. */
export function ContactThanks({ name, email, onRestart }: { name: string; email: string; onRestart: () => void }) {
  const t = useT();
  return (
    <section className="contact-step" aria-labelledby={STEP_HEADING_ID}>
      <h2 id={STEP_HEADING_ID} tabIndex={-1}>
        {t("contact.thanks.title", { name })}
      </h2>
      <p>{t("contact.thanks.text", { email })}</p>
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={onRestart}>
          {t("contact.thanks.restart")}
        </button>
      </div>
    </section>
  );
}
