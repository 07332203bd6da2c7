import type { InputHTMLAttributes, ReactNode } from "react";

/** The id of a control from its wire name: the error list and labels find it by this. */
export function fieldId(name: string): string {
  return `f-${name}`;
}

export function errorId(name: string): string {
  return `err-${name}`;
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "value" | "onChange"> {
  name: string;
  /** The wire name the control is known by for ids and errors, when it differs from `name`. */
  idName?: string;
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  hint?: ReactNode;
}

/**
 * A labelled input whose error (if any) is announced with it: aria-invalid, and aria-describedby
 * pointing at the hint and the message.
 */
export function Field({ name, idName, label, value, onValue, error, hint, className, ...rest }: FieldProps) {
  const key = idName ?? name;
  const id = fieldId(key);
  const hintId = hint ? `hint-${key}` : undefined;
  const describedBy = [hintId, error ? errorId(key) : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={id}>
        {label}
        {rest.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId(key)} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
