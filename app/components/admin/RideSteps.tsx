import { useT } from "~/components/i18n";
import type { LegStep } from "~/domain/driver-day/steps";

/** A step a driver recorded: which, and its Paris time ("07:12"). */
export interface RideStep {
  step: LegStep;
  time: string;
}

/**
 * The booking's ride as its drivers recorded it from their day's page (docs/product.md, The
 * driver's day): each leg's steps with their Paris times, in the member's words.
 */
export function RideSteps({ legs }: { legs: readonly { leg: number; steps: readonly RideStep[] }[] }) {
  const t = useT();
  return (
    <section className="admin-panel" aria-labelledby="ride-title">
      <h2 id="ride-title">{t("admin.ride.title")}</h2>
      {legs.length === 0 ? (
        <p>{t("admin.ride.none")}</p>
      ) : (
        legs.map((l) => (
          <div key={l.leg}>
            <h3>{t("admin.ride.leg", { leg: l.leg })}</h3>
            <ul>
              {l.steps.map((s) => (
                <li key={`${s.step} ${s.time}`}>{t("admin.ride.step", { step: s.step, time: s.time })}</li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
