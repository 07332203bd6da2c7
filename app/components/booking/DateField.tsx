import DatePicker from "react-datepicker";
import { type ParisDate, formatFrenchDate, parseFrenchDate, isoDate } from "~/domain/booking/paris-time";
import { errorId, fieldId } from "../ui/Field";

/** A calendar date as a local Date for the picker: only its year, month and day mean anything. */
function toPickerDate(d: ParisDate): Date {
  return new Date(d.year, d.month - 1, d.day, 12);
}

function fromPickerDate(date: Date): ParisDate {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/**
 * A date typed as dd/MM/yyyy or picked in a calendar (specification 5.2). The picker only ever
 * sees calendar days, so the visitor's own time zone cannot move the date; the bounds are Paris's.
 */
export function DateField({
  id,
  name,
  label,
  text,
  bounds,
  required,
  error,
  onText,
}: {
  /** The wire name whose errors this control shows and the error list focuses. */
  id: string;
  /** The wire name of the dd/MM/yyyy text. */
  name: string;
  label: string;
  text: string;
  bounds: { min: ParisDate; max: ParisDate };
  required?: boolean;
  error?: string;
  /** The typed or picked text, and the ISO date when the text is a real date ('' when not). */
  onText: (text: string, iso: string) => void;
}) {
  const parsed = parseFrenchDate(text);
  const hintId = `hint-${id}`;
  return (
    <div className="field">
      <label htmlFor={fieldId(id)}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <DatePicker
        id={fieldId(id)}
        name={name}
        selected={parsed ? toPickerDate(parsed) : null}
        value={text}
        onChange={(d: Date | null) => {
          if (d) {
            const day = fromPickerDate(d);
            onText(formatFrenchDate(day), isoDate(day));
          }
        }}
        onChangeRaw={(event) => {
          const target = event?.target;
          if (target instanceof HTMLInputElement) {
            const day = parseFrenchDate(target.value);
            onText(target.value, day ? isoDate(day) : "");
          }
        }}
        dateFormat="dd/MM/yyyy"
        placeholderText="dd/mm/yyyy"
        minDate={toPickerDate(bounds.min)}
        maxDate={toPickerDate(bounds.max)}
        required={required}
        autoComplete="off"
        ariaInvalid={error ? "true" : undefined}
        ariaDescribedBy={[hintId, error ? errorId(id) : ""].filter(Boolean).join(" ")}
        calendarStartDay={1}
        showPopperArrow={false}
      />
      <p id={hintId} className="field__hint">
        Day/month/year, from {formatFrenchDate(bounds.min)} to {formatFrenchDate(bounds.max)}.
      </p>
      {error ? (
        <p id={errorId(id)} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
