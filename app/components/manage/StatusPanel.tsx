import { driverTitle } from "~/domain/manage/leg-drivers";
import type { TravellerStatus } from "~/domain/manage/status";
import { Phone } from "./Phone";

/** The booking's state in words: a headline, its sentences, and each driver once assigned (with their leg when they do not drive every leg). */
export function StatusPanel({ status }: { status: TravellerStatus }) {
  return (
    <section className={`manage-status manage-status--${status.code}`} aria-labelledby="manage-status-title">
      <h2 id="manage-status-title">
        <span className="manage-status__label">Status: </span>
        {status.title}
      </h2>
      {status.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {status.drivers.map((driver) => (
        <p key={driver.leg ?? "every leg"} className="manage-driver">
          {driverTitle(driver)}: <strong>{driver.name}</strong>, <Phone number={driver.phone} />
        </p>
      ))}
    </section>
  );
}
