import type { Hotel } from "~/domain/hotels";
import { type End, endFields, type Leg, pickupTerminalField } from "~/domain/booking/fields";
import { FLIGHT_END, setFlightTime } from "~/domain/booking/draft";
import { editAddressEnd } from "~/domain/booking/quote";
import { airportOfPlace } from "~/domain/booking/terminal";
import { type Clock, FLIGHT_TIME_HINT, formatClock } from "~/domain/booking/time-rules";
import { TERMINALS, TERMINAL_NOT_KNOWN, TERMINAL_NOT_KNOWN_LABEL } from "~/domain/terminals";
import { Field, FieldNotes, describedBy, fieldId } from "../ui/Field";
import type { FormApi } from "./form-api";

const toInputTime = (c: Clock) => formatClock(c);

/**
 * One end of a leg: a flight form when its type is 1, else a hotel or address
 * form with the pick list of the zone's hotels.
 */
export function EndFields({
  form,
  leg,
  end,
  flightWindow,
  hotels,
}: {
  form: FormApi;
  leg: Leg;
  end: End;
  /** The allowed flight times for this end and transfer kind. */
  flightWindow: { min: Clock; max: Clock };
  hotels: readonly Hotel[];
}) {
  const f = endFields(end, leg);
  const { value, set, error } = form;
  const place = value(f.lieu);
  const isFlight = value(f.type) === FLIGHT_END;
  const pickup = end === "pu";
  const title = pickup ? "Pick-up" : "Drop-off";
  // A pick-up from a flight at an airport asks for the terminal (never a drop-off).
  const airport = pickup && isFlight ? airportOfPlace(place) : undefined;
  const terminal = pickupTerminalField(leg);
  const terminalHint = "The terminal your flight lands at, if you know it: your driver waits there.";

  return (
    <fieldset className="end-fields">
      <legend>
        {title}: {place || "place to be chosen"}
      </legend>
      {isFlight ? (
        <div className="field-row">
          <Field
            name={f.horaireVol}
            label={pickup ? "Landing time" : "Take-off time"}
            type="time"
            step={900}
            min={toInputTime(flightWindow.min)}
            max={toInputTime(flightWindow.max)}
            required
            value={value(f.horaireVol)}
            onValue={(v) => form.apply((d) => setFlightTime(d, end, leg, v))}
            hint={`${FLIGHT_TIME_HINT}, between ${toInputTime(flightWindow.min)} and ${toInputTime(flightWindow.max)}.`}
            error={error(f.horaireVol)}
          />
          <Field
            name={f.cityVol}
            label={pickup ? "Flight arriving from (city)" : "Flight going to (city)"}
            required
            autoComplete="off"
            value={value(f.cityVol)}
            onValue={(v) => set(f.cityVol, v)}
            error={error(f.cityVol)}
          />
          <Field
            name={f.numVol}
            label="Flight number"
            required
            autoComplete="off"
            value={value(f.numVol)}
            onValue={(v) => set(f.numVol, v.toUpperCase())}
            hint="For example AF1234"
            error={error(f.numVol)}
          />
          {airport ? (
            <div className="field">
              <label htmlFor={fieldId(terminal)}>Terminal</label>
              <select
                id={fieldId(terminal)}
                name={terminal}
                value={value(terminal)}
                onChange={(e) => set(terminal, e.target.value)}
                aria-invalid={error(terminal) ? true : undefined}
                aria-describedby={describedBy(terminal, terminalHint, error(terminal))}
              >
                <option value={TERMINAL_NOT_KNOWN}>{TERMINAL_NOT_KNOWN_LABEL}</option>
                {TERMINALS[airport.code].map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
              <FieldNotes name={terminal} hint={terminalHint} error={error(terminal)} />
            </div>
          ) : null}
        </div>
      ) : (
        <>
          {hotels.length > 0 ? (
            <div className="field">
              <label htmlFor={fieldId(f.hotelN)}>Hotel (optional)</label>
              <select
                id={fieldId(f.hotelN)}
                name={f.hotelN}
                value={value(f.hotelN)}
                onChange={(e) => form.pickHotel(end, leg, e.target.value)}
              >
                <option value="">Another hotel or an address</option>
                {hotels.map((h) => (
                  <option key={h.id} value={String(h.id)}>
                    {h.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="field-row">
            <Field
              name={f.hotel}
              label="Hotel name"
              autoComplete="off"
              value={value(f.hotel)}
              onValue={(v) => form.apply((d) => editAddressEnd(d, end, leg, "hotel", v))}
              error={error(f.hotel)}
            />
            <Field
              name={f.address}
              label="Address"
              required
              autoComplete="address-line1"
              value={value(f.address)}
              onValue={(v) => form.apply((d) => editAddressEnd(d, end, leg, "address", v))}
              error={error(f.address)}
            />
            <Field
              name={f.zip}
              label="Postcode"
              required
              inputMode="numeric"
              autoComplete="postal-code"
              value={value(f.zip)}
              onValue={(v) => form.apply((d) => editAddressEnd(d, end, leg, "zip", v))}
              error={error(f.zip)}
            />
          </div>
        </>
      )}
    </fieldset>
  );
}
