import type { AirportCode, TransferKind } from "~/domain/site-paths";
import type { TerminalMeetingPoint } from "~/domain/meeting-points";
import { terminalLabel } from "~/domain/terminals";

const SERVICE_LABEL: Record<TransferKind, string> = { shuttle: "Shuttle Transfer", private: "Private Transfer" };

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
  const shown = services.filter((s) => s.points.length > 0);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="meeting-points-heading" className="later">
      <h2 id="meeting-points-heading">Where we meet you at {airportCode}</h2>
      <p>
        The booking form asks for your terminal (&lsquo;Not known yet&rsquo; is fine); your voucher and e-mails repeat its meeting point.
      </p>
      {shown.map(({ service, points }) => (
        <div key={service}>
          <h3>{SERVICE_LABEL[service]}</h3>
          <table>
            <caption>
              {SERVICE_LABEL[service]} meeting points at {airportCode}, by terminal
            </caption>
            <thead>
              <tr>
                <th scope="col">Terminal</th>
                <th scope="col">Meeting point</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.terminal}>
                  <th scope="row">{terminalLabel(p.terminal)}</th>
                  <td>{p.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
