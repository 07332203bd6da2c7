import type { ReactNode } from "react";
import { isRouteErrorResponse } from "react-router";
import { FormErrors } from "~/components/ui/FormErrors";
import type { DriverLegCard } from "~/domain/driver-day/leg-card";

/**
 * The driver's day on a phone (docs/product.md, The driver's day): a section per day, a card per
 * leg, the legs of a shuttle run under its heading, and per leg one plain form per step, so that
 * every button works without JavaScript.
 */

export type DayItemView = { kind: "leg"; card: DriverLegCard } | { kind: "run"; id: number; heading: string; cards: DriverLegCard[] };

export interface DaySectionView {
  iso: string;
  title: string;
  items: DayItemView[];
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="driver-detail">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A leg's card; under a run's heading its headings are a level lower. */
function LegCard({ card, inRun = false }: { card: DriverLegCard; inRun?: boolean }) {
  const id = `leg-${card.key}`;
  const who = `${card.name}, ${card.time}`;
  const Title = inRun ? "h4" : "h3";
  const Sub = inRun ? "h5" : "h4";
  return (
    <article className="driver-leg" id={id} aria-labelledby={`${id}-title`}>
      <Title id={`${id}-title`} className="driver-leg-title">
        <span className="driver-time">{card.time}</span> {card.name}
      </Title>
      <p className="driver-order">{card.title}</p>
      {card.unread ? <p className="driver-warn">The details of this ride could not be read: call the office.</p> : null}
      {card.noShow ? <p className="driver-warn">Recorded as a no-show.</p> : null}
      <dl className="driver-details">
        {card.meetingPoint ? <Detail term="Meeting point">{card.meetingPoint}</Detail> : null}
        <Detail term="From">{card.from || "Not known"}</Detail>
        <Detail term="To">{card.to || "Not known"}</Detail>
        {card.flight ? (
          <Detail term="Flight">
            {card.flight}
            {card.tracker ? (
              <>
                {" "}
                <a href={card.tracker} rel="noopener noreferrer" target="_blank">
                  Track it<span className="visually-hidden"> (opens a new tab)</span>
                </a>
              </>
            ) : null}
          </Detail>
        ) : null}
        <Detail term="Passengers">{card.passengers || "Not known"}</Detail>
        <Detail term="Luggage">{card.luggage}</Detail>
        <Detail term="Child seats">{card.childSeats}</Detail>
        <Detail term="Phone">
          <a href={card.phoneHref}>{card.phone}</a>
        </Detail>
        {card.notes.length > 0 ? (
          <Detail term="Notes">
            {card.notes.map((n, i) => (
              <p key={i} className="driver-note">
                {n}
              </p>
            ))}
          </Detail>
        ) : null}
      </dl>
      <Sub className="driver-steps-title">Recorded</Sub>
      {card.recorded.length === 0 ? (
        <p className="driver-steps-none">Nothing yet.</p>
      ) : (
        <ul className="driver-steps">
          {card.recorded.map((s) => (
            <li key={s.step}>{s.text}</li>
          ))}
        </ul>
      )}
      <div className="driver-buttons">
        {card.buttons.map((b) => (
          <form method="post" key={b.step}>
            <input type="hidden" name="orderId" value={card.orderId} />
            <input type="hidden" name="leg" value={card.leg} />
            <input type="hidden" name="step" value={b.step} />
            <button type="submit" className={b.step === "no_show" ? "button button--secondary" : "button"}>
              {b.label}
              <span className="visually-hidden"> for {who}</span>
            </button>
          </form>
        ))}
      </div>
      <p className="driver-hint">No-show from {card.noShowFrom} (Paris time), once the free waiting time is over.</p>
    </article>
  );
}

export function DriverDayPage({
  driver,
  sections,
  notice,
  problem,
}: {
  driver: string;
  sections: DaySectionView[];
  notice: string | null;
  problem: string | null;
}) {
  return (
    <div className="container page driver-day">
      <h1>{driver}'s rides</h1>
      <div role="status">{notice && !problem ? <p className="driver-notice">{notice}</p> : null}</div>
      <FormErrors problems={problem ? [{ field: null, message: problem }] : []} title="Nothing was recorded" />
      {sections.map((section) => (
        <section key={section.iso} aria-labelledby={`day-${section.iso}`}>
          <h2 id={`day-${section.iso}`}>{section.title}</h2>
          {section.items.length === 0 ? <p>No ride.</p> : null}
          {section.items.map((item) =>
            item.kind === "leg" ? (
              <LegCard key={item.card.key} card={item.card} />
            ) : (
              <section key={`run-${item.id}`} className="driver-run" aria-labelledby={`run-${item.id}`}>
                <h3 id={`run-${item.id}`} className="driver-run-title">
                  {item.heading}
                </h3>
                {item.cards.map((card) => (
                  <LegCard key={card.key} card={card} inRun />
                ))}
              </section>
            ),
          )}
        </section>
      ))}
    </div>
  );
}

/** A link that does not open (404), too many wrong links (429), or a ride not on the driver's list. */
export function DriverDayError({ error }: { error: unknown }) {
  const known = isRouteErrorResponse(error);
  const status = known ? error.status : 500;
  const heading = status === 404 ? "Not found" : status === 429 ? "Too many wrong links" : "Something went wrong";
  const said = known ? (typeof error.data === "string" && error.data !== "" ? error.data : error.statusText) : "";
  return (
    <div className="container page driver-day">
      <h1>{heading}</h1>
      <p>{said || "Something went wrong on our side. Please try again in a moment."}</p>
    </div>
  );
}
