import { useEffect, useRef, useState } from "react";
import type { Locale as DateLocale } from "date-fns";
import { enGB } from "date-fns/locale/en-GB";
import DatePicker, { registerLocale } from "react-datepicker";
import "react-datepicker/dist/react-datepicker.css";
import type { Locale } from "~/domain/locales";
import { useT } from "../i18n";

// British English: day names and labels read "Friday 26 November 2026", which contain the visible
// day number (WCAG 2.5.3), and weeks start on Monday as in France.
registerLocale("en-GB", enGB);

/** Each other language's month and day names, loaded with the calendar that shows them. */
const DATE_LOCALES: Readonly<Record<Exclude<Locale, "en">, () => Promise<DateLocale>>> = {
  fr: () => import("date-fns/locale/fr").then((m) => m.fr),
  es: () => import("date-fns/locale/es").then((m) => m.es),
  it: () => import("date-fns/locale/it").then((m) => m.it),
  de: () => import("date-fns/locale/de").then((m) => m.de),
  nl: () => import("date-fns/locale/nl").then((m) => m.nl),
};

const registered = new Set<Locale>(["en"]);

/**
 * The picker's name for `locale`'s month and day names once they are there (loading them when they
 * are not), null meanwhile; British English when they could not be loaded (the connection dropped).
 */
function useDateLocale(locale: Locale): string | null {
  const [ready, setReady] = useState<string | null>(registered.has(locale) ? pickerName(locale) : null);
  useEffect(() => {
    if (locale === "en" || registered.has(locale)) return;
    let current = true;
    DATE_LOCALES[locale]().then(
      (names) => {
        registerLocale(locale, names);
        registered.add(locale);
        if (current) setReady(locale);
      },
      () => {
        if (current) setReady(pickerName("en"));
      },
    );
    return () => {
      current = false;
    };
  }, [locale]);
  return ready;
}

function pickerName(locale: Locale): string {
  return locale === "en" ? "en-GB" : locale;
}

/**
 * The month calendar of the date field, loaded only when a visitor opens it: the picker and its
 * date library weigh about 75 KB gzip, more than the rest of the form. It speaks the page's
 * language: month and day names from date-fns, its buttons' labels from the booking catalogue.
 */
export default function CalendarPopup({
  selected,
  min,
  max,
  label,
  locale,
  onPick,
  onClose,
}: {
  selected: Date | null;
  min: Date;
  max: Date;
  label: string;
  locale: Locale;
  onPick: (date: Date) => void;
  onClose: () => void;
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const dateLocale = useDateLocale(locale);

  useEffect(() => {
    // Put the keyboard on the selected (or first selectable) day so arrow keys move at once.
    const day = ref.current?.querySelector<HTMLElement>('.react-datepicker__day[tabindex="0"]');
    day?.focus();
  }, [dateLocale]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);

  return (
    <div ref={ref} className="calendar-popup" role="dialog" aria-label={label}>
      {dateLocale ? (
        <DatePicker
          inline
          selected={selected}
          openToDate={selected ?? min}
          minDate={min}
          maxDate={max}
          locale={dateLocale}
          calendarStartDay={1}
          chooseDayAriaLabelPrefix={t("booking.date.chooseDay")}
          disabledDayAriaLabelPrefix={t("booking.date.notAvailable")}
          monthAriaLabelPrefix={t("booking.date.month")}
          previousMonthButtonLabel={t("booking.date.previousMonth")}
          previousMonthAriaLabel={t("booking.date.previousMonth")}
          nextMonthButtonLabel={t("booking.date.nextMonth")}
          nextMonthAriaLabel={t("booking.date.nextMonth")}
          onChange={(d: Date | null) => {
            if (d) onPick(d);
          }}
        />
      ) : (
        <p role="status">{t("booking.date.loading")}</p>
      )}
      <button type="button" className="button button--secondary calendar-popup__close" onClick={onClose}>
        {t("booking.date.close")}
      </button>
    </div>
  );
}
