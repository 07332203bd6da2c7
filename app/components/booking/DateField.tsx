import { lazy, Suspense, useRef, useState } from "react";
import { type ParisDate, formatFrenchDate, parseFrenchDate } from "~/domain/booking/paris-time";
import { useLocale, useT } from "../i18n";
import { Field } from "../ui/Field";

const CalendarPopup = lazy(() => import("./CalendarPopup"));

/** A calendar date as a local Date for the picker: only its year, month and day mean anything. */
function toPickerDate(d: ParisDate): Date {
  return new Date(d.year, d.month - 1, d.day, 12);
}

function fromPickerDate(date: Date): ParisDate {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/**
 * A date typed as dd/MM/yyyy or picked in a calendar. The calendar only ever
 * handles calendar days, so the visitor's own time zone cannot move the date; the bounds are
 * Paris's. The calendar's code loads when it is first opened.
 */
export function DateField({
  id,
  name,
  label,
  text,
  bounds,
  required,
  error,
  onDate,
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
  /** The text as typed, and the date it means (null when it is not a real date). */
  onDate: (text: string, date: ParisDate | null) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const parsed = parseFrenchDate(text);
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  return (
    <div className="date-field">
      <Field
        name={name}
        idName={id}
        label={label}
        value={text}
        onValue={(v) => onDate(v, parseFrenchDate(v))}
        required={required}
        inputMode="numeric"
        autoComplete="off"
        placeholder={t("booking.date.placeholder")}
        hint={t("booking.date.hint", { min: formatFrenchDate(bounds.min), max: formatFrenchDate(bounds.max) })}
        error={error}
      />
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary date-field__open"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? t("booking.date.hide") : t("booking.date.open")}
        <span className="visually-hidden">: {label}</span>
      </button>
      {open ? (
        <Suspense fallback={<p role="status">{t("booking.date.loading")}</p>}>
          <CalendarPopup
            locale={locale}
            label={label}
            selected={parsed ? toPickerDate(parsed) : null}
            min={toPickerDate(bounds.min)}
            max={toPickerDate(bounds.max)}
            onPick={(d) => {
              const day = fromPickerDate(d);
              onDate(formatFrenchDate(day), day);
              close();
            }}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
