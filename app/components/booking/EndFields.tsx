import type { Hotel } from "~/domain/hotels";
import { type End, endFields, type Leg, pickupTerminalField } from "~/domain/booking/fields";
import { FLIGHT_END, setFlightTime } from "~/domain/booking/draft";
import { editAddressEnd } from "~/domain/booking/quote";
import { airportOfPlace } from "~/domain/booking/terminal";
import { type Clock, formatClock } from "~/domain/booking/time-rules";
import { TERMINALS, TERMINAL_NOT_KNOWN } from "~/domain/terminals";
import { placeLabel } from "../airport-words";
import { useT } from "../i18n";
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
  const t = useT();
  const f = endFields(end, leg);
  const { value, set, error } = form;
  const place = value(f.lieu);
  const isFlight = value(f.type) === FLIGHT_END;
  const pickup = end === "pu";
  // A pick-up from a flight at an airport asks for the terminal (never a drop-off).
  const airport = pickup && isFlight ? airportOfPlace(place) : undefined;
  const terminal = pickupTerminalField(leg);
  const terminalHint = t("booking.end.terminalHint");
  const placeName = place ? placeLabel(t, place) : t("booking.end.placeToChoose");

  return (
    <fieldset className="end-fields">
      <legend>{pickup ? t("booking.end.pickup", { place: placeName }) : t("booking.end.dropoff", { place: placeName })}</legend>
      {isFlight ? (
        <div className="field-row">
          <Field
            name={f.horaireVol}
            label={pickup ? t("booking.end.landing") : t("booking.end.takeoff")}
            type="time"
            step={900}
            min={toInputTime(flightWindow.min)}
            max={toInputTime(flightWindow.max)}
            required
            value={value(f.horaireVol)}
            onValue={(v) => form.apply((d) => setFlightTime(d, end, leg, v))}
            hint={t("booking.end.flightHint", { min: toInputTime(flightWindow.min), max: toInputTime(flightWindow.max) })}
            error={error(f.horaireVol)}
          />
          <Field
            name={f.cityVol}
            label={pickup ? t("booking.end.cityFrom") : t("booking.end.cityTo")}
            required
            autoComplete="off"
            value={value(f.cityVol)}
            onValue={(v) => set(f.cityVol, v)}
            error={error(f.cityVol)}
          />
          <Field
            name={f.numVol}
            label={t("booking.end.flightNumber")}
            required
            autoComplete="off"
            value={value(f.numVol)}
            onValue={(v) => set(f.numVol, v.toUpperCase())}
            hint={t("booking.end.flightNumberHint")}
            error={error(f.numVol)}
          />
          {airport ? (
            <div className="field">
              <label htmlFor={fieldId(terminal)}>{t("booking.end.terminal")}</label>
              <select
                id={fieldId(terminal)}
                name={terminal}
                value={value(terminal)}
                onChange={(e) => set(terminal, e.target.value)}
                aria-invalid={error(terminal) ? true : undefined}
                aria-describedby={describedBy(terminal, terminalHint, error(terminal))}
              >
                <option value={TERMINAL_NOT_KNOWN}>{t("booking.end.terminalNotKnown")}</option>
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
              <label htmlFor={fieldId(f.hotelN)}>{t("booking.end.hotelChoice")}</label>
              <select
                id={fieldId(f.hotelN)}
                name={f.hotelN}
                value={value(f.hotelN)}
                onChange={(e) => form.pickHotel(end, leg, e.target.value)}
              >
                <option value="">{t("booking.end.otherHotel")}</option>
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
              label={t("booking.end.hotelName")}
              autoComplete="off"
              value={value(f.hotel)}
              onValue={(v) => form.apply((d) => editAddressEnd(d, end, leg, "hotel", v))}
              error={error(f.hotel)}
            />
            <Field
              name={f.address}
              label={t("booking.end.address")}
              required
              autoComplete="address-line1"
              value={value(f.address)}
              onValue={(v) => form.apply((d) => editAddressEnd(d, end, leg, "address", v))}
              error={error(f.address)}
            />
            <Field
              name={f.zip}
              label={t("booking.end.postcode")}
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
