import type { ReactNode } from "react";
import type { ManageView } from "./booking-view";

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
  return (
    <section aria-labelledby="manage-trip-title">
      <h2 id="manage-trip-title">Your transfer</h2>
      <dl className="manage-facts">
        <Row label="Order number">{view.orderId}</Row>
        <Row label="Service">{view.service}</Row>
        <Row label="Route">{view.route}</Row>
        <Row label="Passengers">{view.passengers}</Row>
        {view.luggage ? <Row label="Luggage">{view.luggage}</Row> : null}
        {view.childSeats ? <Row label="Child seats">{view.childSeats}</Row> : null}
        {view.luggageNote ? (
          <Row label="Luggage notes">
            <Lines text={view.luggageNote} />
          </Row>
        ) : null}
        {view.money.map((m) => (
          <Row key={m.label} label={m.label}>
            {m.amount}
          </Row>
        ))}
      </dl>
      {view.legs.length === 0 ? <p>The details of your transfer could not be read: call us for them.</p> : null}
      {view.legs.map((leg) => (
        <article key={leg.title} className="manage-leg" aria-labelledby={`leg-${leg.title.replace(/\W+/g, "-")}`}>
          <h3 id={`leg-${leg.title.replace(/\W+/g, "-")}`}>{leg.title}</h3>
          <dl className="manage-facts">
            <Row label="Pickup">{leg.when}</Row>
            <Row label="From">{leg.from}</Row>
            <Row label="To">{leg.to}</Row>
            {leg.meetingPoint ? <Row label="Meeting point">{leg.meetingPoint}</Row> : null}
            {leg.shuttleRun ? <Row label="Shuttle">{leg.shuttleRun}</Row> : null}
            {leg.passengers ? <Row label="Passengers">{leg.passengers}</Row> : null}
            {leg.notes ? (
              <Row label="Notes">
                <Lines text={leg.notes} />
              </Row>
            ) : null}
          </dl>
        </article>
      ))}
    </section>
  );
}
