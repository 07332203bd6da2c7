import { Form, Link } from "react-router";
import { AdminTable } from "~/components/admin/AdminTable";
import { parisClock } from "~/domain/booking/paris-time";
import { trackerUrl } from "~/domain/flights/tracker";
import { runProblemText, type BoardRun, type DayBoard, type ShuttleLeg } from "~/domain/runs/day-runs";

/**
 * The runs page's board: the day's runs by airport and direction, each with its bookings and the
 * dispatcher's forms (move a booking, lock, vehicle and driver, dispatch). Plain forms: every
 * change is a post, so the board works without JavaScript.
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

const DIRECTION_WORDS = { arrival: "arrivals", departure: "departures" } as const;

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
function waitText(run: BoardRun, leg: ShuttleLeg): string {
  if (!run.departsAt) return "—";
  const minutes = Math.round(Math.abs(run.departsAt.getTime() - leg.party.at.getTime()) / 60_000);
  return `${minutes} min`;
}

function MoveForm({ day, leg, from, runs }: { day: string; leg: ShuttleLeg; from: BoardRun | null; runs: readonly BoardRun[] }) {
  const id = `move-${leg.line.key}`;
  const targets = runs.filter((r) => r.id !== from?.id && r.airport === leg.party.airport && r.direction === leg.party.direction);
  return (
    <Form method="post" className="runs-move">
      <Hidden fields={{ intent: "move", day, leg: leg.line.key, from: from ? String(from.id) : "none" }} />
      <label htmlFor={id} className="visually-hidden">
        Move {leg.line.orderId} to
      </label>
      <select id={id} name="to" defaultValue="new">
        {targets.map((r) => (
          <option key={r.id} value={r.id}>
            Run #{r.id}
            {r.departsAt ? ` (${parisClock(r.departsAt)})` : ""}
          </option>
        ))}
        <option value="new">A new run</option>
      </select>{" "}
      <button type="submit" className="button button--secondary">
        Move
      </button>
    </Form>
  );
}

/** The flight, its tracker, and for an arrival the form of its new landing time. */
function FlightCell({ day, leg, trackers }: { day: string; leg: ShuttleLeg; trackers: boolean }) {
  const tracker = trackers ? trackerUrl(leg.flightNumber, day) : null;
  const id = `landing-${leg.line.key}`;
  return (
    <>
      {leg.line.flight || "—"}
      {tracker ? (
        <>
          {" "}
          <a href={tracker} rel="noopener noreferrer" target="_blank">
            Track {leg.flightNumber}
            <span className="visually-hidden"> (opens a new tab)</span>
          </a>
        </>
      ) : null}
      {leg.party.direction === "arrival" ? (
        <Form method="post" className="runs-move">
          <Hidden fields={{ intent: "landing", day, leg: leg.line.key }} />
          <label htmlFor={id} className="visually-hidden">
            New landing time of {leg.line.orderId}
          </label>
          <input id={id} name="landingTime" type="time" defaultValue={leg.flightTime} required />{" "}
          <button type="submit" className="button button--secondary">
            Save landing
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
  return (
    <>
      {legs.map((leg) => (
        <tr key={leg.line.key}>
          <td>
            <Link to={`/admin/bookings/${leg.line.orderId}`}>{leg.line.orderId}</Link>
            {leg.line.roundTrip ? ` (${leg.line.leg === 1 ? "outbound" : "return"})` : ""}
          </td>
          <td>
            <FlightCell day={day} leg={leg} trackers={trackers} />
          </td>
          <td>
            {leg.party.direction === "arrival" ? "ready " : "alone "}
            {parisClock(leg.party.at)}
          </td>
          <td>{leg.party.seats}</td>
          <td>{leg.party.suitcases}</td>
          <td>{run ? waitText(run, leg) : "—"}</td>
          <td>{(steps[leg.line.key] ?? []).join("; ") || "None yet"}</td>
          <td>{run?.dispatchedAt ? "Dispatched" : <MoveForm day={day} leg={leg} from={run} runs={runs} />}</td>
        </tr>
      ))}
    </>
  );
}

const LEG_COLUMNS = ["Booking", "Flight", "Time", "Seats", "Suitcases", "Wait", "Driver's steps", "Move to"];

function nameOf(list: readonly Choice[], id: number | null): string {
  if (id === null) return "None yet";
  return list.find((c) => c.id === id)?.name ?? `#${id}`;
}

function RunCard({ day, run, runs, vehicles, drivers, steps, trackers }: BoardProps & { run: BoardRun; runs: readonly BoardRun[] }) {
  const time = run.departsAt ? parisClock(run.departsAt) : "—";
  const headingId = `run-${run.id}`;
  const verb = run.direction === "arrival" ? "leaves the airport" : "first pickup";
  return (
    <section className="runs-run" aria-labelledby={headingId}>
      <h3 id={headingId}>
        Run #{run.id}: {verb} {time}
        {run.locked ? <span className="admin-badge">Locked</span> : null}
        {run.dispatchedAt ? <span className="admin-badge">Dispatched</span> : null}
      </h3>
      <p>
        {run.seats} of {run.capacity.seats} seats, {run.suitcases} of {run.capacity.suitcases} suitcases; longest wait{" "}
        {Math.round(run.longestWaitMinutes)} min. Vehicle: {nameOf(vehicles, run.vehicleId)}. Driver: {nameOf(drivers, run.driverId)}.
      </p>
      {run.problems.length > 0 ? (
        <div className="admin-notice admin-notice--warn">
          <p>Not dispatchable:</p>
          <ul>
            {run.problems.map((p, i) => (
              <li key={i}>{runProblemText(p)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <AdminTable caption={`Bookings of run #${run.id}`} columns={LEG_COLUMNS}>
        <LegRows day={day} run={run} legs={run.legs} runs={runs} steps={steps} trackers={trackers} />
      </AdminTable>
      {run.dispatchedAt ? null : <RunForms day={day} run={run} vehicles={vehicles} drivers={drivers} />}
    </section>
  );
}

function RunForms({ day, run, vehicles, drivers }: Pick<BoardProps, "day" | "vehicles" | "drivers"> & { run: BoardRun }) {
  const ids = { vehicle: `run-${run.id}-vehicle`, driver: `run-${run.id}-driver` };
  const base = { day, run: String(run.id) };
  return (
    <div className="runs-forms">
      <Form method="post" className="runs-assign">
        <Hidden fields={{ ...base, intent: "assign" }} />
        <label htmlFor={ids.vehicle}>Vehicle of run #{run.id}</label>
        <select id={ids.vehicle} name="vehicleId" defaultValue={run.vehicleId ?? ""}>
          <option value="">None yet</option>
          {vehicles
            .filter((v) => v.active || v.id === run.vehicleId)
            .map((v) => (
              <option key={v.id} value={v.id}>
                {v.name} ({v.seats} seats, {v.suitcases} suitcases)
              </option>
            ))}
        </select>
        <label htmlFor={ids.driver}>Driver of run #{run.id}</label>
        <select id={ids.driver} name="driverId" defaultValue={run.driverId ?? ""}>
          <option value="">None yet</option>
          {drivers
            .filter((d) => d.active || d.id === run.driverId)
            .map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
        </select>
        <button type="submit" className="button button--secondary">
          Save and lock
        </button>
      </Form>
      <Form method="post">
        <Hidden fields={{ ...base, intent: run.locked ? "unlock" : "lock" }} />
        <button type="submit" className="button button--secondary">
          {run.locked ? `Unlock run #${run.id}` : `Lock run #${run.id}`}
        </button>
      </Form>
      {run.dispatchable && run.vehicleId !== null && run.driverId !== null ? (
        <Form method="post">
          <Hidden fields={{ ...base, intent: "dispatch" }} />
          <button type="submit" className="button">
            Dispatch run #{run.id}
          </button>
        </Form>
      ) : (
        <p>{run.dispatchable ? "Give it a vehicle and a driver to dispatch it." : "Put its problems right to dispatch it."}</p>
      )}
    </div>
  );
}

/** The board: a section per airport and direction, then the pickups in no run. */
export function RunBoard({ day, board, vehicles, drivers, steps, trackers }: BoardProps) {
  const groups = new Map<string, BoardRun[]>();
  for (const run of board.runs) {
    const key = `${run.airport} ${DIRECTION_WORDS[run.direction]}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  return (
    <>
      {[...groups.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([title, runs]) => (
          <section key={title} aria-label={title}>
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
        ))}
      {board.unplanned.length > 0 ? (
        <section aria-labelledby="runs-unplanned">
          <h2 id="runs-unplanned">In no run yet</h2>
          <p>Booked since the last plan, or taken out of a run: re-plan the day, or move each to a run.</p>
          <AdminTable caption="Shuttle pickups in no run" columns={LEG_COLUMNS}>
            <LegRows day={day} run={null} legs={board.unplanned} runs={board.runs} steps={steps} trackers={trackers} />
          </AdminTable>
        </section>
      ) : board.runs.length === 0 ? (
        <p>No shuttle pickup on this day.</p>
      ) : null}
    </>
  );
}
