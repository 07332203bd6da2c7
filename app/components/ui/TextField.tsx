import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
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

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name"> {
  name: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** A labelled select of a plain server-rendered form, announced and linked like TextField. */
export function SelectField({ name, label, error, hint, children, ...rest }: SelectFieldProps) {
  const id = fieldId(name);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, hint, error)} {...rest}>
        {children}
      </select>
      <FieldNotes name={name} hint={hint} error={error} />
    </div>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name"> {
  name: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A labelled text area of a plain server-rendered form, announced and linked like TextField. */
export function TextAreaField({ name, label, error, hint, ...rest }: TextAreaFieldProps) {
  const id = fieldId(name);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, hint, error)} {...rest} />
      <FieldNotes name={name} hint={hint} error={error} />
    </div>
  );
}
