import { Form, Link } from "react-router";
import { AdminTable } from "~/components/admin/AdminTable";
import { T } from "~/components/i18n";
import type { AdminWords } from "~/domain/back-office/admin-words";
import { parisClock } from "~/domain/booking/paris-time";
import { trackerUrl } from "~/domain/flights/tracker";
import { runProblemText, suitcaseUnitsText, type BoardRun, type DayBoard, type ShuttleLeg } from "~/domain/runs/day-runs";
import { useAdminWords } from "./use-admin-words";

/**
 * The runs page's board: the day's runs by airport and direction, each with its bookings and the
 * dispatcher's forms (move a booking, lock, vehicle and driver, dispatch). Plain forms: every
 * change is a post, so the board works without JavaScript. In the member's words (runs.*).
 */

interface Choice {
  id: number;
  name: string;
  active: boolean;
}

interface BoardProps {
  day: string;
  board: DayBoard;
  /** Each leg's ride steps its driver recorded, in words, by leg key. */
  steps: Readonly<Record<string, readonly string[]>>;
  /** Link each flight to a public tracker (no flight status provider is set). */
  trackers: boolean;
  vehicles: readonly (Choice & { seats: number; suitcases: number })[];
  drivers: readonly Choice[];
}

function Hidden({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** The minutes a party waits for its run: ready before the run leaves, or picked up before its own time. */
function waitText(run: BoardRun, leg: ShuttleLeg, words: AdminWords): string {
  if (!run.departsAt) return "—";
  const minutes = Math.round(Math.abs(run.departsAt.getTime() - leg.party.at.getTime()) / 60_000);
  return words("runs.wait", { minutes });
}

function MoveForm({ day, leg, from, runs }: { day: string; leg: ShuttleLeg; from: BoardRun | null; runs: readonly BoardRun[] }) {
  const words = useAdminWords();
  const id = `move-${leg.line.key}`;
  const targets = runs.filter((r) => r.id !== from?.id && r.airport === leg.party.airport && r.direction === leg.party.direction);
  return (
    <Form method="post" className="runs-move">
      <Hidden fields={{ intent: "move", day, leg: leg.line.key, from: from ? String(from.id) : "none" }} />
      <label htmlFor={id} className="visually-hidden">
        {words("runs.moveLabel", { orderId: leg.line.orderId })}
      </label>
      <select id={id} name="to" defaultValue="new">
        {targets.map((r) => (
          <option key={r.id} value={r.id}>
            {r.departsAt ? words("runs.runOptionAt", { run: r.id, time: parisClock(r.departsAt) }) : words("runs.runOption", { run: r.id })}
          </option>
        ))}
        <option value="new">{words("runs.newRun")}</option>
      </select>{" "}
      <button type="submit" className="button button--secondary">
        {words("runs.move")}
      </button>
    </Form>
  );
}

/** The flight, its tracker, and for an arrival the form of its new landing time. */
function FlightCell({ day, leg, trackers }: { day: string; leg: ShuttleLeg; trackers: boolean }) {
  const words = useAdminWords();
  const tracker = trackers ? trackerUrl(leg.flightNumber, day) : null;
  const id = `landing-${leg.line.key}`;
  return (
    <>
      {leg.line.flight || "—"}
      {tracker ? (
        <>
          {" "}
          <a href={tracker} rel="noopener noreferrer" target="_blank">
            <T id="admin.runs.track" values={{ flight: leg.flightNumber }} components={{ 0: <span className="visually-hidden" /> }} />
          </a>
        </>
      ) : null}
      {leg.party.direction === "arrival" ? (
        <Form method="post" className="runs-move">
          <Hidden fields={{ intent: "landing", day, leg: leg.line.key }} />
          <label htmlFor={id} className="visually-hidden">
            {words("runs.landingLabel", { orderId: leg.line.orderId })}
          </label>
          <input id={id} name="landingTime" type="time" defaultValue={leg.flightTime} required />{" "}
          <button type="submit" className="button button--secondary">
            {words("runs.saveLanding")}
          </button>
        </Form>
      ) : null}
    </>
  );
}

interface LegRowsProps {
  day: string;
  run: BoardRun | null;
  legs: readonly ShuttleLeg[];
  runs: readonly BoardRun[];
  steps: BoardProps["steps"];
  trackers: boolean;
}

function LegRows({ day, run, legs, runs, steps, trackers }: LegRowsProps) {
  const words = useAdminWords();
  return (
    <>
      {legs.map((leg) => (
        <tr key={leg.line.key}>
          <td>
            <Link to={`/admin/bookings/${leg.line.orderId}`}>{leg.line.orderId}</Link>
            {leg.line.roundTrip ? words("runs.legOf", { leg: leg.line.leg }) : ""}
          </td>
          <td>
            <FlightCell day={day} leg={leg} trackers={trackers} />
          </td>
          <td>{words("runs.partyTime", { direction: leg.party.direction, time: parisClock(leg.party.at) })}</td>
          <td>{leg.party.seats}</td>
          <td>{suitcaseUnitsText(leg.party.suitcases, words)}</td>
          <td>{run ? waitText(run, leg, words) : "—"}</td>
          <td>{(steps[leg.line.key] ?? []).join(words("runs.stepSeparator")) || words("runs.noSteps")}</td>
          <td>{run?.dispatchedAt ? words("runs.dispatched") : <MoveForm day={day} leg={leg} from={run} runs={runs} />}</td>
        </tr>
      ))}
    </>
  );
}

function legColumns(words: AdminWords): string[] {
  return [
    words("runs.column.booking"),
    words("runs.column.flight"),
    words("runs.column.time"),
    words("runs.column.seats"),
    words("runs.column.suitcases"),
    words("runs.column.wait"),
    words("runs.column.steps"),
    words("runs.column.move"),
  ];
}

/** A chosen vehicle's or driver's name; null when none is chosen. */
function nameOf(list: readonly Choice[], id: number | null): string | null {
  if (id === null) return null;
  return list.find((c) => c.id === id)?.name ?? `#${id}`;
}

/** A name as the run's facts give it: `set` says whether there is one. */
function named(name: string | null): { set: "yes" | "no"; name: string } {
  return name === null ? { set: "no", name: "" } : { set: "yes", name };
}

function RunCard({ day, run, runs, vehicles, drivers, steps, trackers }: BoardProps & { run: BoardRun; runs: readonly BoardRun[] }) {
  const words = useAdminWords();
  const time = run.departsAt ? parisClock(run.departsAt) : "—";
  const headingId = `run-${run.id}`;
  const vehicle = named(nameOf(vehicles, run.vehicleId));
  const driver = named(nameOf(drivers, run.driverId));
  return (
    <section className="runs-run" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {words("runs.heading", { run: run.id, direction: run.direction, time })}
        {run.locked ? <span className="admin-badge">{words("runs.locked")}</span> : null}
        {run.dispatchedAt ? <span className="admin-badge">{words("runs.dispatched")}</span> : null}
      </h3>
      <p>
        {words("runs.facts", {
          seats: run.seats,
          seatCapacity: run.capacity.seats,
          suitcases: suitcaseUnitsText(run.suitcases, words),
          suitcaseCapacity: suitcaseUnitsText(run.capacity.suitcases, words),
          wait: Math.round(run.longestWaitMinutes),
          vehicleSet: vehicle.set,
          vehicle: vehicle.name,
          driverSet: driver.set,
          driver: driver.name,
        })}
      </p>
      {run.problems.length > 0 ? (
        <div className="admin-notice admin-notice--warn">
          <p>{words("runs.notDispatchable")}</p>
          <ul>
            {run.problems.map((p, i) => (
              <li key={i}>{runProblemText(p, words)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <AdminTable caption={words("runs.caption", { run: run.id })} columns={legColumns(words)}>
        <LegRows day={day} run={run} legs={run.legs} runs={runs} steps={steps} trackers={trackers} />
      </AdminTable>
      {run.dispatchedAt ? null : <RunForms day={day} run={run} vehicles={vehicles} drivers={drivers} />}
    </section>
  );
}

function RunForms({ day, run, vehicles, drivers }: Pick<BoardProps, "day" | "vehicles" | "drivers"> & { run: BoardRun }) {
  const words = useAdminWords();
  const ids = { vehicle: `run-${run.id}-vehicle`, driver: `run-${run.id}-driver` };
  const base = { day, run: String(run.id) };
  return (
    <div className="runs-forms">
      <Form method="post" className="runs-assign">
        <Hidden fields={{ ...base, intent: "assign" }} />
        <label htmlFor={ids.vehicle}>{words("runs.vehicleLabel", { run: run.id })}</label>
        <select id={ids.vehicle} name="vehicleId" defaultValue={run.vehicleId ?? ""}>
          <option value="">{words("runs.noneYet")}</option>
          {vehicles
            .filter((v) => v.active || v.id === run.vehicleId)
            .map((v) => (
              <option key={v.id} value={v.id}>
                {words("runs.vehicleOption", { name: v.name, seats: v.seats, suitcases: v.suitcases })}
              </option>
            ))}
        </select>
        <label htmlFor={ids.driver}>{words("runs.driverLabel", { run: run.id })}</label>
        <select id={ids.driver} name="driverId" defaultValue={run.driverId ?? ""}>
          <option value="">{words("runs.noneYet")}</option>
          {drivers
            .filter((d) => d.active || d.id === run.driverId)
            .map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
        </select>
        <button type="submit" className="button button--secondary">
          {words("runs.saveAndLock")}
        </button>
      </Form>
      <Form method="post">
        <Hidden fields={{ ...base, intent: run.locked ? "unlock" : "lock" }} />
        <button type="submit" className="button button--secondary">
          {words(run.locked ? "runs.unlock" : "runs.lock", { run: run.id })}
        </button>
      </Form>
      {run.dispatchable && run.vehicleId !== null && run.driverId !== null ? (
        <Form method="post">
          <Hidden fields={{ ...base, intent: "dispatch" }} />
          <button type="submit" className="button">
            {words("runs.dispatch", { run: run.id })}
          </button>
        </Form>
      ) : (
        <p>{words(run.dispatchable ? "runs.needsAssignment" : "runs.needsFixing")}</p>
      )}
    </div>
  );
}

/** The board: a section per airport and direction, then the pickups in no run. */
export function RunBoard({ day, board, vehicles, drivers, steps, trackers }: BoardProps) {
  const words = useAdminWords();
  // Grouped and ordered by airport, then arrivals before departures, whatever the language.
  const groups = new Map<string, BoardRun[]>();
  for (const run of board.runs) {
    const key = `${run.airport} ${run.direction}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  return (
    <>
      {[...groups.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, runs]) => {
          const title = words("runs.group", { airport: runs[0]!.airport, direction: runs[0]!.direction });
          return (
            <section key={key} aria-label={title}>
              <h2>{title}</h2>
              {runs.map((run) => (
                <RunCard
                  key={run.id}
                  day={day}
                  run={run}
                  runs={board.runs}
                  board={board}
                  vehicles={vehicles}
                  drivers={drivers}
                  steps={steps}
                  trackers={trackers}
                />
              ))}
            </section>
          );
        })}
      {board.unplanned.length > 0 ? (
        <section aria-labelledby="runs-unplanned">
          <h2 id="runs-unplanned">{words("runs.unplanned")}</h2>
          <p>{words("runs.unplannedNote")}</p>
          <AdminTable caption={words("runs.unplannedCaption")} columns={legColumns(words)}>
            <LegRows day={day} run={null} legs={board.unplanned} runs={board.runs} steps={steps} trackers={trackers} />
          </AdminTable>
        </section>
      ) : board.runs.length === 0 ? (
        <p>{words("runs.noPickup")}</p>
      ) : null}
    </>
  );
}
