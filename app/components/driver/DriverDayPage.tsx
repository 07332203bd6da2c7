import type { ReactNode } from "react";
import { isRouteErrorResponse } from "react-router";
import { T, translatorFor, useT } from "~/components/i18n";
import type { RootData } from "~/components/site";
import { FormErrors } from "~/components/ui/FormErrors";
import { isDriverDayRefusal } from "~/domain/driver-day/day-refusal";
import type { DriverLegCard } from "~/domain/driver-day/leg-card";
import { DEFAULT_LOCALE } from "~/domain/locales";

/**
 * The driver's day on a phone (docs/product.md, The driver's day): a section per day, a card per
 * leg, the legs of a shuttle run under its heading, and per leg one plain form per step, so that
 * every button works without JavaScript. In the staff's language: the loader words the days, the
 * runs and the steps, and sends the page's own words (driver.page., driver.card.).
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
  const t = useT();
  const id = `leg-${card.key}`;
  const notKnown = t("admin.driver.card.notKnown");
  const Title = inRun ? "h4" : "h3";
  const Sub = inRun ? "h5" : "h4";
  return (
    <article className="driver-leg" id={id} aria-labelledby={`${id}-title`}>
      <Title id={`${id}-title`} className="driver-leg-title">
        <span className="driver-time">{card.time}</span> {card.name}
      </Title>
      <p className="driver-order">{card.title}</p>
      {card.unread ? <p className="driver-warn">{t("admin.driver.card.unread")}</p> : null}
      {card.noShow ? <p className="driver-warn">{t("admin.driver.card.noShow")}</p> : null}
      <dl className="driver-details">
        {card.meetingPoint ? <Detail term={t("admin.driver.card.meetingPoint")}>{card.meetingPoint}</Detail> : null}
        <Detail term={t("admin.driver.card.from")}>{card.from || notKnown}</Detail>
        <Detail term={t("admin.driver.card.to")}>{card.to || notKnown}</Detail>
        {card.flight ? (
          <Detail term={t("admin.driver.card.flight")}>
            {card.flight}
            {card.tracker ? (
              <>
                {" "}
                <a href={card.tracker} rel="noopener noreferrer" target="_blank">
                  <T id="admin.driver.card.track" components={{ 0: <span className="visually-hidden" /> }} />
                </a>
              </>
            ) : null}
          </Detail>
        ) : null}
        <Detail term={t("admin.driver.card.passengers")}>{card.passengers || notKnown}</Detail>
        <Detail term={t("admin.driver.card.luggage")}>{card.luggage}</Detail>
        <Detail term={t("admin.driver.card.childSeats")}>{card.childSeats}</Detail>
        <Detail term={t("admin.driver.card.phone")}>
          <a href={card.phoneHref}>{card.phone}</a>
        </Detail>
        {card.notes.length > 0 ? (
          <Detail term={t("admin.driver.card.notes")}>
            {card.notes.map((n, i) => (
              <p key={i} className="driver-note">
                {n}
              </p>
            ))}
          </Detail>
        ) : null}
      </dl>
      <Sub className="driver-steps-title">{t("admin.driver.card.recorded")}</Sub>
      {card.recorded.length === 0 ? (
        <p className="driver-steps-none">{t("admin.driver.card.nothingYet")}</p>
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
              <span className="visually-hidden">{t("admin.driver.card.for", { name: card.name, time: card.time })}</span>
            </button>
          </form>
        ))}
      </div>
      <p className="driver-hint">{t("admin.driver.card.noShowFrom", { time: card.noShowFrom })}</p>
    </article>
  );
}

export function DriverDayPage({
  title,
  sections,
  notice,
  problem,
}: {
  /** "Karim Benali's rides". */
  title: string;
  sections: DaySectionView[];
  notice: string | null;
  problem: string | null;
}) {
  const t = useT();
  return (
    <div className="container page driver-day">
      <h1>{title}</h1>
      <div role="status">{notice && !problem ? <p className="driver-notice">{notice}</p> : null}</div>
      <FormErrors problems={problem ? [{ field: null, message: problem }] : []} title={t("admin.driver.page.problemTitle")} />
      {sections.map((section) => (
        <section key={section.iso} aria-labelledby={`day-${section.iso}`}>
          <h2 id={`day-${section.iso}`}>{section.title}</h2>
          {section.items.length === 0 ? <p>{t("admin.driver.page.noRide")}</p> : null}
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

/**
 * A link that does not open (404), too many wrong links (429), a ride not on the driver's list or a
 * press that cannot be read: the refusal brings its words in the staff's language, since a page
 * whose loader failed has no messages of its own (day-refusal.ts). Anything else is the frame's
 * apology, in the frame's words (the root's, in the staff's language on this page).
 */
export function DriverDayError({ error }: { error: unknown }) {
  const t = useT();
  const refusal = isRouteErrorResponse(error) && isDriverDayRefusal(error.data) ? error.data : null;
  // Anything else thrown with a status says it in its own words, as before the page had a language.
  const known = isRouteErrorResponse(error);
  const said = known ? (typeof error.data === "string" && error.data !== "" ? error.data : error.statusText) : "";
  return (
    <div className="container page driver-day">
      <h1>{refusal?.heading ?? t("common.error.somethingWrong")}</h1>
      <p>{refusal?.sentence ?? (said || t("common.error.generic"))}</p>
    </div>
  );
}

interface MetaMatch {
  id: string;
  data?: unknown;
}

/**
 * The error page's <title>: the refusal's, else the frame's apology in the page's language (the
 * root's; the page's loader sent no words).
 */
export function driverDayErrorTitle(error: unknown, matches: ReadonlyArray<MetaMatch | undefined>): string {
  if (isRouteErrorResponse(error) && isDriverDayRefusal(error.data)) return error.data.title;
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  return translatorFor(
    root?.locale ?? DEFAULT_LOCALE,
    matches.map((m) => m?.data),
  )("common.error.somethingWrong");
}
