import { useEffect, useRef } from "react";
import { enGB } from "date-fns/locale/en-GB";
import DatePicker, { registerLocale } from "react-datepicker";
import "react-datepicker/dist/react-datepicker.css";

// British English: day names and labels read "Friday 26 November 2026", which contain the visible
// day number (WCAG 2.5.3), and weeks start on Monday as in France.
registerLocale("en-GB", enGB);

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
    <div ref={ref} className="calendar-popup" role="dialog" aria-label={label}>
      <DatePicker
        inline
        selected={selected}
        openToDate={selected ?? min}
        minDate={min}
        maxDate={max}
        locale="en-GB"
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
