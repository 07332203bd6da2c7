import type { InputHTMLAttributes, ReactNode } from "react";

/** The id of a control from its wire name: the error list and labels find it by this. */
export function fieldId(name: string): string {
  return `f-${name}`;
}

export function errorId(name: string): string {
  return `err-${name}`;
}

function hintId(name: string): string {
  return `hint-${name}`;
}

/** What a control's aria-describedby lists: its hint and its error, when they are shown. */
export function describedBy(name: string, hint: ReactNode, error: string | undefined): string | undefined {
  return [hint ? hintId(name) : undefined, error ? errorId(name) : undefined].filter(Boolean).join(" ") || undefined;
}

/** A control's hint and error lines, under the ids describedBy gives. */
export function FieldNotes({ name, hint, error }: { name: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={hintId(name)} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId(name)} className="field__error">
          {error}
        </p>
      ) : null}
    </>
  );
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
        aria-describedby={describedBy(key, hint, error)}
        {...rest}
      />
      <FieldNotes name={key} hint={hint} error={error} />
    </div>
  );
}
