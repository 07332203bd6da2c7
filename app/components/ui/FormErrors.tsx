import { type MouseEvent, useEffect, useRef } from "react";
import type { FormProblem } from "~/domain/form-problems";
import { fieldId } from "./Field";

/**
 * Moves focus to the field without a navigation: a hash change would be a new location to the
 * router, which drops the refused post's answer and with it the fields' messages.
 */
function focusField(event: MouseEvent<HTMLAnchorElement>, field: string) {
  const target = document.getElementById(fieldId(field));
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ block: "center" });
  target.focus({ preventScroll: true });
}

/**
 * The problems of a refused post, above its form: announced (role=alert), focused when they
 * appear so a screen reader reads them, each linked to its field.
 */
export function FormErrors({ problems, title = "The form was not sent" }: { problems: readonly FormProblem[]; title?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problems.length > 0) ref.current?.focus();
  }, [problems]);
  if (problems.length === 0) return null;
  return (
    <div ref={ref} className="error-summary" role="alert" aria-labelledby="form-errors-title" tabIndex={-1}>
      <h2 id="form-errors-title">{title}</h2>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            {p.field ? (
              <a href={`#${fieldId(p.field)}`} onClick={(event) => focusField(event, p.field!)}>
                {p.message}
              </a>
            ) : (
              p.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
