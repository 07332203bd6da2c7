import type { InputHTMLAttributes, ReactNode } from "react";
import { describedBy, fieldId, FieldNotes } from "./Field";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  name: string;
  label: ReactNode;
  /** The field's problem, announced with it and linked from an error summary by its id. */
  error?: string;
  hint?: ReactNode;
}

/**
 * A labelled input of a plain server-rendered form (no state: the browser keeps the value, and
 * `defaultValue` gives it back after a refused post). Ids come from fieldId(name), like Field's.
 */
export function TextField({ name, label, error, hint, className, ...rest }: TextFieldProps) {
  const id = fieldId(name);
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, hint, error)} {...rest} />
      <FieldNotes name={name} hint={hint} error={error} />
    </div>
  );
}
