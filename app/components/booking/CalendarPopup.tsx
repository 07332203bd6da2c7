import { useEffect, useRef } from "react";
import DatePicker from "react-datepicker";
import "react-datepicker/dist/react-datepicker.css";

/**
 * The month calendar of the date field, loaded only when a visitor opens it: the picker and its
 * date library weigh about 75 KB gzip, more than the rest of the form.
 */
export default function CalendarPopup({
  selected,
  min,
  max,
  label,
  onPick,
  onClose,
}: {
  selected: Date | null;
  min: Date;
  max: Date;
  label: string;
  onPick: (date: Date) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Put the keyboard on the selected (or first selectable) day so arrow keys move at once.
    const day = ref.current?.querySelector<HTMLElement>('.react-datepicker__day[tabindex="0"]');
    day?.focus();
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);

  return (
    <div
      ref={ref}
      className="calendar-popup"
      role="dialog"
      aria-label={label}
    >
      <DatePicker
        inline
        selected={selected}
        openToDate={selected ?? min}
        minDate={min}
        maxDate={max}
        calendarStartDay={1}
        onChange={(d: Date | null) => {
          if (d) onPick(d);
        }}
      />
      <button type="button" className="button button--secondary calendar-popup__close" onClick={onClose}>
        Close calendar
      </button>
    </div>
  );
}
