import type { ReactNode } from "react";
import type { ManageView } from "./booking-view";
import { useManageWords } from "./use-manage-words";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** Free text with its line breaks kept. */
function Lines({ text }: { text: string }) {
  return (
    <>
      {text.split(/\r?\n/).map((line, i) => (
        <span key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </>
  );
}

/** The transfer: service, route, passengers, luggage and amounts, then each leg in Paris time. */
export function TripDetails({ view }: { view: ManageView }) {
  const words = useManageWords();
  return (
    <section aria-labelledby="manage-trip-title">
      <h2 id="manage-trip-title">{words("trip.title")}</h2>
      <dl className="manage-facts">
        <Row label={words("trip.orderNumber")}>{view.orderId}</Row>
        <Row label={words("trip.service")}>{view.service}</Row>
        <Row label={words("trip.route")}>{view.route}</Row>
        <Row label={words("trip.passengers")}>{view.passengers}</Row>
        {view.luggage ? <Row label={words("trip.luggage")}>{view.luggage}</Row> : null}
        {view.childSeats ? <Row label={words("trip.childSeats")}>{view.childSeats}</Row> : null}
        {view.luggageNote ? (
          <Row label={words("trip.luggageNotes")}>
            <Lines text={view.luggageNote} />
          </Row>
        ) : null}
        {view.money.map((m) => (
          <Row key={m.label} label={m.label}>
            {m.amount}
          </Row>
        ))}
      </dl>
      {view.legs.length === 0 ? <p>{words("trip.unread")}</p> : null}
      {view.legs.map((leg) => (
        <article key={leg.title} className="manage-leg" aria-labelledby={`leg-${leg.title.replace(/\W+/g, "-")}`}>
          <h3 id={`leg-${leg.title.replace(/\W+/g, "-")}`}>{leg.title}</h3>
          <dl className="manage-facts">
            <Row label={words("trip.pickup")}>{leg.when}</Row>
            <Row label={words("trip.from")}>{leg.from}</Row>
            <Row label={words("trip.to")}>{leg.to}</Row>
            {leg.meetingPoint ? <Row label={words("trip.meetingPoint")}>{leg.meetingPoint}</Row> : null}
            {leg.shuttleRun ? <Row label={words("trip.shuttle")}>{leg.shuttleRun}</Row> : null}
            {leg.passengers ? <Row label={words("trip.passengers")}>{leg.passengers}</Row> : null}
            {leg.notes ? (
              <Row label={words("trip.notes")}>
                <Lines text={leg.notes} />
              </Row>
            ) : null}
          </dl>
        </article>
      ))}
    </section>
  );
}
