import type { TravellerStatus } from "~/domain/manage/status";
import { Phone } from "./Phone";

/** The booking's state in words: a headline, its sentences, and the driver when one is assigned. */
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
      {status.driver ? (
        <p className="manage-driver">
          Your driver: <strong>{status.driver.name}</strong>, <Phone number={status.driver.phone} />
        </p>
      ) : null}
    </section>
  );
}
