import type { ReactNode } from "react";
import type { Hotel } from "~/domain/hotels";
import { endFields, type Leg, legFields } from "~/domain/booking/fields";
import type { ParisDate } from "~/domain/booking/paris-time";
import { FLIGHT_END, setLegDate, setPickupClock } from "~/domain/booking/draft";
import { say } from "~/domain/booking/messages";
import { proposalNote } from "~/domain/booking/pickup-proposal";
import type { DepartureProposal } from "~/domain/booking/rules";
import { flightWindow, parseClock } from "~/domain/booking/time-rules";
import type { TransferKind } from "~/domain/site-paths";
import { useT } from "../i18n";
import { Field, fieldId } from "../ui/Field";
import { DateField } from "./DateField";
import { EndFields } from "./EndFields";
import type { FormApi } from "./form-api";
import { useBookingWords } from "./use-booking-words";

/**
 * One leg of the trip: its date, its two ends and a note. A leg with no flight asks for its
 * pick-up time before its ends; a departure (to a flight from a hotel or an address) asks for it
 * after them, beside the time proposed from the take-off time the traveller has just given.
 */
export function LegSection({
  form,
  leg,
  kind,
  bounds,
  hotels,
  departure,
}: {
  form: FormApi;
  leg: Leg;
  kind: TransferKind;
  bounds: { min: ParisDate; max: ParisDate };
  hotels: readonly Hotel[];
  /** The departure's proposed pick-up, when the leg is one and its date and take-off are known. */
  departure: DepartureProposal | null;
}) {
  const t = useT();
  const words = useBookingWords();
  const l = legFields(leg);
  const pickupIsFlight = form.value(endFields("pu", leg).type) === FLIGHT_END;
  const dropIsFlight = form.value(endFields("drop", leg).type) === FLIGHT_END;
  const isDeparture = dropIsFlight && !pickupIsFlight;
  const titleId = `leg-${leg}-title`;
  const h = form.value(l.timeH);
  const m = form.value(l.timeM);
  const pickupTime = h !== "" && m !== "" ? `${h.padStart(2, "0")}:${m.padStart(2, "0")}` : "";

  const pickupTimeField = (hint: ReactNode) => (
    <Field
      name={l.timeH}
      label={t("booking.leg.pickupTime")}
      type="time"
      step={900}
      required={!isDeparture}
      value={pickupTime}
      onValue={(v) => form.apply((d) => setPickupClock(d, leg, parseClock(v)))}
      hint={hint}
      error={form.error(l.timeH)}
    />
  );

  return (
    <section className="leg card card--later" aria-labelledby={titleId}>
      <h2 id={titleId}>{leg === 1 ? t("booking.leg.first") : t("booking.leg.second")}</h2>
      <DateField
        id={l.date}
        name={l.frenchDate}
        label={leg === 1 ? t("booking.leg.date") : t("booking.leg.returnDate")}
        text={form.value(l.frenchDate)}
        bounds={bounds}
        required={leg === 1}
        error={form.error(l.date) ?? form.error(l.frenchDate)}
        onDate={(text, day) => {
          // A real date fills every date field; other text stays as typed, for the error to name.
          form.apply((d) => (day ? setLegDate(d, leg, day) : { ...setLegDate(d, leg, null), [l.frenchDate]: text }));
        }}
      />
      {!pickupIsFlight && !dropIsFlight ? pickupTimeField(t("booking.leg.pickupHint")) : null}
      <EndFields form={form} leg={leg} end="pu" flightWindow={flightWindow(kind, "landing")} hotels={hotels} />
      <EndFields form={form} leg={leg} end="drop" flightWindow={flightWindow(kind, "takeoff")} hotels={hotels} />
      {isDeparture
        ? pickupTimeField(
            <>
              {t("booking.leg.departureHint")} {/* Polite: the proposal changes as the take-off time is typed in another control. */}
              <span aria-live="polite">
                {departure
                  ? say(
                      words,
                      proposalNote({
                        takeoff: departure.takeoff,
                        proposal: departure.proposal,
                        durationMinutes: departure.timing.duree,
                        legDate: departure.date,
                      }),
                    )
                  : t("booking.leg.proposalWaiting")}
              </span>
            </>,
          )
        : null}
      <div className="field">
        <label htmlFor={fieldId(l.info)}>{t("booking.leg.notes")}</label>
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
