import { T } from "~/components/i18n";
import type { ManageView } from "./booking-view";
import { Phone } from "./Phone";
import { useManageWords } from "./use-manage-words";

/** The booking's state in words: a headline, its sentences, and each driver once assigned (with their leg when they do not drive every leg). */
export function StatusPanel({ status }: { status: ManageView["status"] }) {
  const words = useManageWords();
  return (
    <section className={`manage-status manage-status--${status.code}`} aria-labelledby="manage-status-title">
      <h2 id="manage-status-title">
        <span className="manage-status__label">{words("status.label")} </span>
        {status.title}
      </h2>
      {status.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {status.drivers.map((driver) => (
        <p key={driver.leg ?? "every leg"} className="manage-driver">
          <T
            id="manage.driver.line"
            values={{ title: driver.title, name: driver.name, phone: driver.phone }}
            components={{ 0: <strong />, 1: <Phone number={driver.phone} /> }}
          />
        </p>
      ))}
    </section>
  );
}
