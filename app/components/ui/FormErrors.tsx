import { useEffect, useRef } from "react";
import { fieldId } from "./Field";

export interface FormProblem {
  /** The field's name, or null for a problem of the whole form. */
  field: string | null;
  message: string;
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
          <li key={i}>{p.field ? <a href={`#${fieldId(p.field)}`}>{p.message}</a> : p.message}</li>
        ))}
      </ul>
    </div>
  );
}
