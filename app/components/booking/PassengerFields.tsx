import { upsizeNotice } from "~/domain/booking/capacity";
import { countOf } from "~/domain/booking/draft";
import { TRIP, legFields } from "~/domain/booking/fields";
import { CHILD_SEATS, LIMITS } from "~/domain/booking/messages";
import type { MessageId } from "~/locales/catalogues";
import { formatDuration } from "~/domain/booking/time-rules";
import { formatEuros } from "~/domain/money";
import { useLocale, useT } from "../i18n";
import { Field, fieldId } from "../ui/Field";
import { useBookingWords } from "./use-booking-words";
import type { FormApi } from "./form-api";

/** Whole cents from a draft field; 0 when empty or not a number. */
function cents(text: string): number {
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

// Adults 1–50, children and babies 0–50, with the age bands shown.
const PASSENGER_COUNTS = [
  { field: "paxAdult", label: "booking.passengers.adults", min: 1 },
  { field: "paxChild", label: "booking.passengers.children", min: 0 },
  { field: "paxBaby", label: "booking.passengers.babies", min: 0 },
] as const;

/**
 * Passenger counts, with the price at the right of the heading: the card
 * price with '(CB)' and the cash price with '(Cash)', each only when above 0.
 */
export function PassengerFields({ form, upsized }: { form: FormApi; upsized: Parameters<typeof upsizeNotice>[0] | null }) {
  const t = useT();
  const locale = useLocale();
  const words = useBookingWords();
  const l = legFields(1);
  const cb = cents(form.value(TRIP.priceCard));
  const cash = cents(form.value(TRIP.priceCash));
  const duration = countOf(form.value(TRIP.durationOut));
  return (
    <section className="card" aria-labelledby="passengers-title">
      <div className="section-head">
        <h2 id="passengers-title">{t("booking.passengers.title")}</h2>
        <p className="price" aria-live="polite">
          {cb > 0 ? <span className="price__cb">{t("booking.passengers.priceCard", { price: formatEuros(cb, locale) })}</span> : null}
          {cash > 0 ? <span className="price__cash">{t("booking.passengers.priceCash", { price: formatEuros(cash, locale) })}</span> : null}
          {cb === 0 && cash === 0 ? <span className="price__none">{t("booking.passengers.onRequest")}</span> : null}
        </p>
      </div>
      {upsized && cb > 0 ? (
        <p className="notice" role="status">
          {upsizeNotice(upsized, formatEuros(cb, locale), words)}
        </p>
      ) : null}
      {Number.isFinite(duration) && duration > 0 ? (
        <p className="field__hint">{t("booking.passengers.journey", { duration: formatDuration(duration) })}</p>
      ) : null}
      <div className="field-row">
        {PASSENGER_COUNTS.map(({ field, label, min }) => (
          <Field
            key={field}
            name={l[field]}
            label={t(label)}
            type="number"
            inputMode="numeric"
            min={min}
            max={50}
            required={min > 0}
            value={form.value(l[field])}
            onValue={(v) => form.set(l[field], v)}
            error={form.error(l[field])}
          />
        ))}
      </div>
    </section>
  );
}

const LUGGAGE: readonly (readonly [string, MessageId])[] = [
  [TRIP.checkInLuggage, "booking.luggage.checkIn"],
  [TRIP.cabinBags, "booking.luggage.cabin"],
  [TRIP.strollerSingle, "booking.luggage.strollerSingle"],
  [TRIP.strollerDouble, "booking.luggage.strollerDouble"],
];

/** The child seats' labels, with the weights each group takes, by the model's name of the seat. */
const SEAT_LABEL: Readonly<Record<(typeof CHILD_SEATS)[number][1], MessageId>> = {
  baby: "booking.luggage.babySeat",
  child: "booking.luggage.childSeat",
  booster: "booking.luggage.boosterSeat",
};

/** A count of the luggage section: a number field from 0 to `max`. */
function CountField({ form, name, label, max }: { form: FormApi; name: string; label: string; max: number }) {
  return (
    <Field
      name={name}
      label={label}
      type="number"
      inputMode="numeric"
      min={0}
      max={max}
      value={form.value(name)}
      onValue={(v) => form.set(name, v)}
      error={form.error(name)}
    />
  );
}

export function LuggageFields({ form }: { form: FormApi }) {
  const t = useT();
  return (
    <section className="card card--later" aria-labelledby="luggage-title">
      <h2 id="luggage-title">{t("booking.luggage.title")}</h2>
      <div className="field-row">
        {LUGGAGE.map(([name, label]) => (
          <CountField key={name} form={form} name={name} label={t(label)} max={LIMITS.luggage.max} />
        ))}
      </div>
      <fieldset className="field-row">
        <legend>{t("booking.luggage.seats")}</legend>
        {CHILD_SEATS.map(([name, seat]) => (
          <CountField key={name} form={form} name={name} label={t(SEAT_LABEL[seat])} max={LIMITS.childSeats.max} />
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={fieldId(TRIP.luggageNote)}>{t("booking.luggage.note")}</label>
        <textarea
          id={fieldId(TRIP.luggageNote)}
          name={TRIP.luggageNote}
          rows={2}
          value={form.value(TRIP.luggageNote)}
          onChange={(e) => form.set(TRIP.luggageNote, e.target.value)}
        />
      </div>
    </section>
  );
}
