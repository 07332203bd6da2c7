import { upsizeNotice } from "~/domain/booking/capacity";
import { countOf } from "~/domain/booking/draft";
import { TRIP, legFields } from "~/domain/booking/fields";
import { CHILD_SEATS, LIMITS } from "~/domain/booking/messages";
import { formatDuration } from "~/domain/booking/time-rules";
import { formatEuros } from "~/domain/money";
import { Field, fieldId } from "../ui/Field";
import type { FormApi } from "./form-api";

/** Whole cents from a draft field; 0 when empty or not a number. */
function cents(text: string): number {
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

// Adults 1–50, children and babies 0–50, with the age bands shown.
const PASSENGER_COUNTS = [
  { field: "paxAdult", label: "Adults (11 and over)", min: 1 },
  { field: "paxChild", label: "Children (3 to 11)", min: 0 },
  { field: "paxBaby", label: "Babies (under 3)", min: 0 },
] as const;

/**
 * Passenger counts, with the price at the right of the heading: the card
 * price with '(CB)' and the cash price with '(Cash)', each only when above 0.
 */
export function PassengerFields({ form, upsized }: { form: FormApi; upsized: Parameters<typeof upsizeNotice>[0] | null }) {
  const l = legFields(1);
  const cb = cents(form.value(TRIP.priceCard));
  const cash = cents(form.value(TRIP.priceCash));
  const duration = countOf(form.value(TRIP.durationOut));
  return (
    <section className="card" aria-labelledby="passengers-title">
      <div className="section-head">
        <h2 id="passengers-title">Passengers</h2>
        <p className="price" aria-live="polite">
          {cb > 0 ? <span className="price__cb">{formatEuros(cb)} (CB)</span> : null}
          {cash > 0 ? <span className="price__cash">{formatEuros(cash)} (Cash)</span> : null}
          {cb === 0 && cash === 0 ? <span className="price__none">Price on request</span> : null}
        </p>
      </div>
      {upsized && cb > 0 ? (
        <p className="notice" role="status">
          {upsizeNotice(upsized, formatEuros(cb))}
        </p>
      ) : null}
      {Number.isFinite(duration) && duration > 0 ? <p className="field__hint">Journey time about {formatDuration(duration)}.</p> : null}
      <div className="field-row">
        {PASSENGER_COUNTS.map(({ field, label, min }) => (
          <Field
            key={field}
            name={l[field]}
            label={label}
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

const LUGGAGE = [
  [TRIP.checkInLuggage, "Check-in suitcases"],
  [TRIP.cabinBags, "Cabin bags"],
  [TRIP.strollerSingle, "Single strollers"],
  [TRIP.strollerDouble, "Double strollers"],
] as const;

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
  return (
    <section className="card card--later" aria-labelledby="luggage-title">
      <h2 id="luggage-title">Luggage</h2>
      <div className="field-row">
        {LUGGAGE.map(([name, label]) => (
          <CountField key={name} form={form} name={name} label={label} max={LIMITS.luggage.max} />
        ))}
      </div>
      <fieldset className="field-row">
        <legend>Child seats, fitted by the driver</legend>
        {CHILD_SEATS.map(([name, , , label]) => (
          <CountField key={name} form={form} name={name} label={label} max={LIMITS.childSeats.max} />
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={fieldId(TRIP.luggageNote)}>Anything else about passengers or luggage</label>
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
