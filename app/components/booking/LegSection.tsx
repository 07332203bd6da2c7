import type { Hotel } from "~/domain/hotels";
import { endFields, type Leg, legFields } from "~/domain/booking/fields";
import type { ParisDate } from "~/domain/booking/paris-time";
import { FLIGHT_END, setLegDate } from "~/domain/booking/draft";
import { flightWindow, parseClock } from "~/domain/booking/time-rules";
import type { TransferKind } from "~/domain/site-paths";
import { Field, fieldId } from "../ui/Field";
import { DateField } from "./DateField";
import { EndFields } from "./EndFields";
import type { FormApi } from "./form-api";

/** One leg of the trip: its date, its two ends and a note. */
export function LegSection({
  form,
  leg,
  kind,
  bounds,
  hotels,
}: {
  form: FormApi;
  leg: Leg;
  kind: TransferKind;
  bounds: { min: ParisDate; max: ParisDate };
  hotels: readonly Hotel[];
}) {
  const l = legFields(leg);
  const pickupIsFlight = form.value(endFields("pu", leg).type) === FLIGHT_END;
  const dropIsFlight = form.value(endFields("drop", leg).type) === FLIGHT_END;
  const titleId = `leg-${leg}-title`;
  const h = form.value(l.timeH);
  const m = form.value(l.timeM);
  const pickupTime = h !== "" && m !== "" ? `${h.padStart(2, "0")}:${m.padStart(2, "0")}` : "";

  return (
    <section className="leg card card--later" aria-labelledby={titleId}>
      <h2 id={titleId}>{leg === 1 ? "FIRST STEP" : "RETURN - SECOND STEP"}</h2>
      <DateField
        id={l.date}
        name={l.frenchDate}
        label={leg === 1 ? "Date of the transfer" : "Date of the return"}
        text={form.value(l.frenchDate)}
        bounds={bounds}
        required={leg === 1}
        error={form.error(l.date) ?? form.error(l.frenchDate)}
        onDate={(text, day) => {
          // A real date fills every date field; other text stays as typed, for the error to name.
          form.apply((d) => (day ? setLegDate(d, leg, day) : { ...setLegDate(d, leg, null), [l.frenchDate]: text }));
        }}
      />
      {!pickupIsFlight && !dropIsFlight ? (
        <Field
          name={l.timeH}
          label="Pick-up time"
          type="time"
          step={900}
          required
          value={pickupTime}
          onValue={(v) => {
            const clock = parseClock(v);
            form.set(l.timeH, clock ? String(clock.hour) : "");
            form.set(l.timeM, clock ? String(clock.minute) : "");
          }}
          hint="Paris time. Time must be in 15-minute intervals."
          error={form.error(l.timeH)}
        />
      ) : null}
      <EndFields form={form} leg={leg} end="pu" flightWindow={flightWindow(kind, "landing")} hotels={hotels} />
      <EndFields form={form} leg={leg} end="drop" flightWindow={flightWindow(kind, "takeoff")} hotels={hotels} />
      <div className="field">
        <label htmlFor={fieldId(l.info)}>Additional information</label>
        <textarea
          id={fieldId(l.info)}
          name={l.info}
          rows={3}
          value={form.value(l.info)}
          onChange={(e) => form.set(l.info, e.target.value)}
        />
      </div>
    </section>
  );
}
