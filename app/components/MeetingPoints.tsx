import { SERVICE_LABEL } from "./airport-words";
import { useLocale, useT } from "./i18n";
import type { TerminalMeetingPoint } from "~/domain/meeting-points";
import type { AirportCode, TransferKind } from "~/domain/site-paths";
import { TERMINAL_NOT_KNOWN } from "~/domain/terminals";

/**
 * Where the driver meets the traveller at each terminal of an airport: a section with, for each
 * service, a table of terminal → meeting point (the last row for a traveller who does not know the
 * terminal yet). Text rendered on the server; it does not depend on the tabs above it.
 */
export function MeetingPoints({
  airportCode,
  services,
}: {
  airportCode: AirportCode;
  /** The services to show, in order, each with its meeting points; a service without any is left out. */
  services: readonly { service: TransferKind; points: readonly TerminalMeetingPoint[] }[];
}) {
  const t = useT();
  const locale = useLocale();
  const shown = services.filter((s) => s.points.length > 0);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="meeting-points-heading" className="later">
      <h2 id="meeting-points-heading">{t("prices.meeting.title", { code: airportCode })}</h2>
      <p>{t("prices.meeting.text")}</p>
      {shown.map(({ service, points }) => (
        <div key={service}>
          <h3>{t(SERVICE_LABEL[service])}</h3>
          <table>
            <caption>{t("prices.meeting.caption", { service: t(SERVICE_LABEL[service]), code: airportCode })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("prices.meeting.terminal")}</th>
                <th scope="col">{t("prices.meeting.point")}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.terminal}>
                  <th scope="row">
                    {p.terminal === TERMINAL_NOT_KNOWN
                      ? t("prices.meeting.terminalNotKnown")
                      : t("prices.meeting.terminalNamed", { terminal: p.terminal })}
                  </th>
                  {/* A point the file does not give in the page's language is in English, and says so to a screen reader. */}
                  <td lang={p.lang === locale ? undefined : p.lang}>{p.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
