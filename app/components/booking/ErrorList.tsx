import { forwardRef, type MouseEvent } from "react";
import type { FormProblem } from "~/domain/form-problems";
import { useT } from "../i18n";
import { fieldId } from "../ui/Field";

/** `**bold**` in a rule's message becomes <strong>. */
export function Markup({ text }: { text: string }) {
  const parts = text.split(/\*\*(.+?)\*\*/g);
  return <>{parts.map((part, i) => (i % 2 === 1 ? <strong key={i}>{part}</strong> : part))}</>;
}

function focusField(event: MouseEvent<HTMLAnchorElement>, field: string) {
  const target = document.getElementById(fieldId(field)) ?? (document.getElementsByName(field)[0] as HTMLElement | undefined);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ block: "center", behavior: "smooth" });
  target.focus({ preventScroll: true });
}

/**
 * The clickable list of problems: it takes focus after a failed submit so a
 * screen reader reads it, and each entry moves focus to its field.
 */
export const ErrorList = forwardRef<HTMLDivElement, { errors: readonly FormProblem[] }>(function ErrorList({ errors }, ref) {
  const t = useT();
  if (errors.length === 0) return null;
  return (
    <div ref={ref} className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1}>
      <h2 id="error-summary-title">{t("booking.form.summary", { count: errors.length })}</h2>
      <ul>
        {errors.map((e, i) => (
          <li key={`${e.field}-${i}`}>
            {e.field !== null ? (
              <a href={`#${fieldId(e.field)}`} onClick={(event) => focusField(event, e.field!)}>
                <Markup text={e.message} />
              </a>
            ) : (
              // A problem of the whole form has no field to move to.
              <Markup text={e.message} />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
});
