import type { ChangeEvent, ComponentProps, FormEvent, ReactNode } from "react";
import { Form } from "react-router";
import { describedBy, fieldId, FieldNotes } from "~/components/ui/Field";
import { TextField } from "~/components/ui/TextField";
import type { LegKind } from "~/domain/booking/booking-lines";
import { changeFieldMax, LUGGAGE_COUNT_LABELS, LUGGAGE_COUNTS, LUGGAGE_NOTE_FIELD, PHONE_FIELD } from "~/domain/manage/change-form";
import type { EndFieldKey } from "~/domain/manage/change-layout";
import { useManageWords } from "./use-manage-words";

/** A hotel of an end's pick list, with what picking it fills in. */
export interface HotelChoice {
  id: number;
  name: string;
  address: string;
  zip: string;
}

/** One end as the form shows it. */
export interface EndView {
  end: "pu" | "drop";
  place: string;
  flight: boolean;
  fields: Partial<Record<EndFieldKey, string>>;
  terminals: readonly string[];
  follows: boolean;
  /** The hotels of this end's area (an address end of the outbound leg). */
  hotels: HotelChoice[];
  /** The postcodes of this end's area, for the hint. */
  area: string[];
}

export interface LegView {
  leg: 1 | 2;
  /** Which leg it is, for the words that name it. */
  kind: LegKind;
  title: string;
  date: string;
  ends: EndView[];
  noteField: string;
}

export interface ChangeFormView {
  legs: LegView[];
  /** Every field's value: the booking's, or what a refused post held. */
  values: Record<string, string>;
}

type ErrorOf = (field: string) => string | undefined;

function Select({
  name,
  label,
  value,
  error,
  hint,
  onChange,
  children,
}: {
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: ReactNode;
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={fieldId(name)}>{label}</label>
      <select
        id={fieldId(name)}
        name={name}
        defaultValue={value}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, hint, error)}
      >
        {children}
      </select>
      <FieldNotes name={name} hint={hint} error={error} />
    </div>
  );
}

function TextArea({ name, label, value, error, hint }: { name: string; label: string; value: string; error?: string; hint?: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={fieldId(name)}>{label}</label>
      <textarea
        id={fieldId(name)}
        name={name}
        rows={3}
        defaultValue={value}
        maxLength={changeFieldMax(name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, hint, error)}
      />
      <FieldNotes name={name} hint={hint} error={error} />
    </div>
  );
}

/**
 * A text field of an end (flight number and city, hotel, address, postcode): its value, its limit
 * and its problem found by its name; nothing when the end has no such field.
 */
function EndText({
  name,
  values,
  errorOf,
  ...rest
}: { name: string | undefined; values: Record<string, string>; errorOf: ErrorOf } & Omit<
  ComponentProps<typeof TextField>,
  "name" | "defaultValue" | "maxLength" | "error"
>) {
  if (!name) return null;
  return (
    <TextField
      name={name}
      defaultValue={values[name] ?? ""}
      maxLength={changeFieldMax(name)}
      autoComplete="off"
      error={errorOf(name)}
      {...rest}
    />
  );
}

/** The form's control of a name, for the hotel list's own filling in (uncontrolled inputs). */
function control(form: HTMLFormElement | null, name: string | undefined): HTMLInputElement | HTMLSelectElement | null {
  if (!form || !name) return null;
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element : null;
}

/**
 * An address end: the area's hotel list (picking one fills its name, address and postcode, as on
 * the booking form; without JavaScript the server fills them), then the three fields themselves.
 */
function AddressEnd({ view, values, errorOf }: { view: EndView; values: Record<string, string>; errorOf: ErrorOf }) {
  const words = useManageWords();
  const f = view.fields;
  const pick = (event: ChangeEvent<HTMLSelectElement>) => {
    const hotel = view.hotels.find((h) => String(h.id) === event.target.value);
    const form = event.target.form;
    if (!hotel) return;
    for (const [key, value] of [
      ["hotel", hotel.name],
      ["address", hotel.address],
      ["zip", hotel.zip],
    ] as const) {
      const input = control(form, f[key]);
      if (input) input.value = value;
    }
  };
  // Typing over a picked hotel's details unpicks it, as the booking form does.
  const typed = (event: FormEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    const select = control(form, f.hotelN);
    const hotel = view.hotels.find((h) => String(h.id) === select?.value);
    if (!select || !hotel) return;
    const same = (key: "hotel" | "address" | "zip", wanted: string) => (control(form, f[key])?.value ?? "").trim() === wanted;
    if (!(same("hotel", hotel.name) && same("address", hotel.address) && same("zip", hotel.zip))) select.value = "";
  };
  const area = view.area.length > 0 ? words("change.area", { postcodes: view.area.join(", ") }) : undefined;
  return (
    <>
      {f.hotelN && view.hotels.length > 0 ? (
        <Select name={f.hotelN} label={words("change.hotel")} value={values[f.hotelN] ?? ""} error={errorOf(f.hotelN)} onChange={pick}>
          <option value="">{words("change.hotelOther")}</option>
          {view.hotels.map((h) => (
            <option key={h.id} value={String(h.id)}>
              {h.name}
            </option>
          ))}
        </Select>
      ) : null}
      <div className="field-row">
        <EndText name={f.hotel} label={words("change.hotelName")} values={values} errorOf={errorOf} onInput={typed} />
        <EndText name={f.address} label={words("change.address")} values={values} errorOf={errorOf} onInput={typed} />
        <EndText
          name={f.zip}
          label={words("change.zip")}
          values={values}
          errorOf={errorOf}
          inputMode="numeric"
          onInput={typed}
          hint={area}
        />
      </div>
    </>
  );
}

function FlightEnd({ view, values, errorOf }: { view: EndView; values: Record<string, string>; errorOf: ErrorOf }) {
  const words = useManageWords();
  const f = view.fields;
  const pickup = view.end === "pu";
  return (
    <div className="field-row">
      {f.horaireVol ? (
        <TextField
          name={f.horaireVol}
          label={words(pickup ? "change.landingTime" : "change.takeoffTime")}
          type="time"
          step={900}
          defaultValue={values[f.horaireVol] ?? ""}
          hint={words("change.flightTimeHint")}
          error={errorOf(f.horaireVol)}
        />
      ) : null}
      <EndText
        name={f.numVol}
        label={words("change.flightNumber")}
        values={values}
        errorOf={errorOf}
        hint={words("change.flightNumberHint")}
      />
      <EndText name={f.cityVol} label={words(pickup ? "change.cityFrom" : "change.cityTo")} values={values} errorOf={errorOf} />
      {f.terminal ? (
        <Select name={f.terminal} label={words("change.terminal")} value={values[f.terminal] ?? ""} error={errorOf(f.terminal)}>
          {view.terminals.map((t) => (
            <option key={t} value={t}>
              {t === "" ? words("change.terminalUnknown") : words("change.terminalNamed", { terminal: t })}
            </option>
          ))}
        </Select>
      ) : null}
    </div>
  );
}

/**
 * The traveller's change form: each leg's flights, hotel or address and note, then the mobile
 * phone and the luggage. A plain post (it works without JavaScript); `onSubmit` checks it first in
 * the browser with the form's schema (useFormCheck), and the server checks it again with the
 * booking form's own rules and answers each problem at its field.
 */
export function ChangeForm({
  view,
  errorOf,
  busy,
  action,
  onSubmit,
}: {
  view: ChangeFormView;
  errorOf: ErrorOf;
  busy: boolean;
  action: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { values } = view;
  const words = useManageWords();
  return (
    <Form method="post" action={action} className="change-form booking-form" noValidate onSubmit={onSubmit}>
      {view.legs.map((leg) => (
        <section key={leg.leg} className="card" aria-labelledby={`change-leg-${leg.leg}`}>
          <h2 id={`change-leg-${leg.leg}`}>{leg.date ? words("change.legWithDate", { title: leg.title, date: leg.date }) : leg.title}</h2>
          {leg.ends.map((end) => {
            const id = `change-end-${end.end}-${leg.leg}`;
            // A group rather than a fieldset: a fieldset is never narrower than its widest control
            // (the hotel list's longest name), which would overflow a phone's screen.
            return (
              <div key={end.end} className="end-fields" role="group" aria-labelledby={id}>
                <p id={id}>
                  <strong>{words(end.end === "pu" ? "change.pickup" : "change.dropoff", { place: end.place })}</strong>
                </p>
                {end.flight ? (
                  <FlightEnd view={end} values={values} errorOf={errorOf} />
                ) : end.follows ? (
                  <p>{words("change.follows")}</p>
                ) : (
                  <AddressEnd view={end} values={values} errorOf={errorOf} />
                )}
              </div>
            );
          })}
          <TextArea
            name={leg.noteField}
            label={words("change.notesFor", { leg: leg.kind })}
            value={values[leg.noteField] ?? ""}
            error={errorOf(leg.noteField)}
          />
        </section>
      ))}
      <section className="card" aria-labelledby="change-contact">
        <h2 id="change-contact">{words("change.contactTitle")}</h2>
        <TextField
          name={PHONE_FIELD}
          label={words("change.phone")}
          type="tel"
          autoComplete="tel"
          defaultValue={values[PHONE_FIELD] ?? ""}
          maxLength={changeFieldMax(PHONE_FIELD)}
          hint={words("change.phoneHint")}
          error={errorOf(PHONE_FIELD)}
        />
        <div className="field-row">
          {LUGGAGE_COUNTS.map(([name]) => (
            <TextField
              key={name}
              name={name}
              label={words(LUGGAGE_COUNT_LABELS[name])}
              type="number"
              min={0}
              max={10}
              inputMode="numeric"
              defaultValue={values[name] ?? ""}
              error={errorOf(name)}
            />
          ))}
        </div>
        <TextArea
          name={LUGGAGE_NOTE_FIELD}
          label={words("change.luggageNotes")}
          value={values[LUGGAGE_NOTE_FIELD] ?? ""}
          hint={words("change.luggageNotesHint")}
          error={errorOf(LUGGAGE_NOTE_FIELD)}
        />
      </section>
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {words("change.save")}
        </button>
      </div>
    </Form>
  );
}
