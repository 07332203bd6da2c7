import { STEP_HEADING_ID } from "./ids";

/** Step 4: the thank-you message. */
export function ContactThanks({ name, email, onRestart }: { name: string; email: string; onRestart: () => void }) {
  return (
    <section className="contact-step" aria-labelledby={STEP_HEADING_ID}>
      <h2 id={STEP_HEADING_ID} tabIndex={-1}>
        Thank you, {name}
      </h2>
      <p>We have your message and will answer you at {email} as soon as we can.</p>
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={onRestart}>
          Write another message
        </button>
      </div>
    </section>
  );
}
