import { data, Form, Link, redirect } from "react-router";
import { DayPicker } from "~/components/admin/DayPicker";
import { adminMeta } from "~/components/admin/admin-meta";
import { RunBoard } from "~/components/admin/RunBoard";
import { StatusNotice } from "~/components/admin/StatusNotice";
import { useT } from "~/components/i18n";
import { longDayIn } from "~/domain/back-office/admin-words";
import { neighbourDays, runSheetDay } from "~/domain/back-office/run-sheet";
import { parisDayOf } from "~/domain/booking/paris-time";
import { runStepText } from "~/domain/runs/day-runs";
import { runsFormProblem, runsFormSchema } from "~/domain/runs/runs-form";
import { noticeParams, noticeText, readNotice, type RunsNotice } from "~/domain/runs/runs-notice";
import { fieldsOf, readAdminForm } from "~/lib/admin-forms.server";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { listDrivers } from "~/lib/dispatch.server";
import { emailSite } from "~/lib/email-site.server";
import { adminMessagesExcept, adminWordsIn } from "~/lib/i18n.server";
import { enterLandingTime } from "~/lib/landing-times.server";
import { legStepsOf } from "~/lib/leg-steps.server";
import { changeRuns, readDayBoard, runRules } from "~/lib/shuttle-runs.server";
import type { Route } from "./+types/runs";

/**
 * The shared shuttle's runs of a day (/admin/runs?date=yyyy-mm-dd, today in Paris by default):
 * the planner's proposal once stored, each run with its bookings, load, time, vehicle and driver;
 * the dispatcher moves a booking, locks a run, gives it a vehicle and a driver, dispatches it, and
 * re-plans the unlocked rest (docs/product.md, Shared shuttle runs). In the member's language; the
 * audit log's details and the runs CSV stay in English.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "frame.nav.runs");

export function headers() {
  return NO_STORE;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(context.staff, request);
  const words = adminWordsIn(me.locale);
  const messages = adminMessagesExcept(me.locale, ["runs.", "day."], ["runs.form.", "runs.notice.", "runs.refused.", "day.invalid"]);
  const now = new Date();
  const params = new URL(request.url).searchParams;
  const chosen = runSheetDay(params.get("date"), now, words);
  const today = parisDayOf(now);
  if (!chosen.ok) return data({ ok: false as const, message: chosen.message, today, messages }, { status: 400, headers: NO_STORE });
  const db = await context.booking.db();
  const [board, allDrivers, fleet] = await Promise.all([
    readDayBoard(db, chosen.iso, runRules(context.settings), words),
    listDrivers(db),
    context.booking.fleet.get(),
  ]);
  const vehicles = fleet.vehicles.map((v) => ({ id: v.id, name: v.name, seats: v.seats, suitcases: v.suitcases, active: v.active }));
  const drivers = allDrivers.map((d) => ({ id: d.id, name: d.name, active: d.active }));
  const done = readNotice(params);
  const nameOf = (list: readonly { id: number; name: string }[], id: number | null) =>
    id === null ? null : (list.find((x) => x.id === id)?.name ?? null);
  const assignedTo = (id: number) => {
    const run = board.runs.find((r) => r.id === id);
    return { vehicle: nameOf(fleet.vehicles, run?.vehicleId ?? null), driver: nameOf(allDrivers, run?.driverId ?? null) };
  };
  const legs = [...board.runs.flatMap((r) => r.legs), ...board.unplanned].map((l) => ({ orderId: l.line.orderId, leg: l.line.leg }));
  const recorded = await legStepsOf(db, legs);
  const steps = Object.fromEntries([...recorded].map(([key, list]) => [key, list.map((step) => runStepText(step, words))]));
  // Without a flight status provider, each flight links to a public tracker.
  const trackers = context.settings.flightStatus === null;
  return data(
    {
      ok: true as const,
      today,
      iso: chosen.iso,
      label: longDayIn(words, chosen.day),
      ...neighbourDays(chosen.day),
      board,
      vehicles,
      drivers,
      steps,
      trackers,
      notice: done ? noticeText(done, assignedTo, words) : null,
      messages,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(context.staff, request);
  const words = adminWordsIn(me.locale);
  const fields = fieldsOf(await readAdminForm(request));
  const parsed = runsFormSchema.safeParse(fields);
  if (!parsed.success) return data({ message: runsFormProblem(parsed.error, words) }, { status: 400, headers: NO_STORE });
  const site = emailSite(context.settings, await context.booking.meetingPoints.currentPoints());
  const db = await context.booking.db();
  const post = parsed.data;
  const runsContext = { actor: { id: me.id, email: me.email }, rules: runRules(context.settings), site, words };
  let notice: RunsNotice;
  if (post.intent === "landing") {
    const landing = await enterLandingTime(
      db,
      { orderId: post.leg.orderId, leg: post.leg.leg, landingTime: post.landingTime },
      runsContext,
    );
    if (!landing.ok) return data({ message: landing.message }, { status: landing.status, headers: NO_STORE });
    context.booking.wakeOutbox();
    notice =
      landing.done === "changed"
        ? { done: "landing", orderId: post.leg.orderId, to: landing.to }
        : { done: "landing-same", orderId: post.leg.orderId };
  } else {
    const outcome = await changeRuns(db, post, runsContext);
    if (!outcome.ok) {
      return data({ message: words(outcome.refusal.key, outcome.refusal.values) }, { status: outcome.status, headers: NO_STORE });
    }
    if (post.intent === "dispatch") context.booking.wakeOutbox();
    notice = outcome.notice;
  }
  const to = new URLSearchParams({ date: post.day, ...noticeParams(notice) });
  return redirect(`/admin/runs?${to}`, { status: 303, headers: NO_STORE });
}

function DayForm({ value }: { value: string }) {
  return <DayPicker action="/admin/runs" id="runs-date" value={value} className="run-sheet-picker" />;
}

export default function Runs({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  if (!loaderData.ok) {
    return (
      <>
        <h1>{t("admin.runs.title")}</h1>
        <p className="admin-notice" role="alert">
          {loaderData.message}
        </p>
        <DayForm value={loaderData.today} />
      </>
    );
  }
  const { iso, label, previous, next, today, board, vehicles, drivers, steps, trackers, notice } = loaderData;
  const planned = board.runs.length > 0;
  return (
    <div className="runs">
      <h1>{t("admin.runs.titleOf", { day: label })}</h1>
      <nav aria-label={t("admin.runs.days")} className="run-sheet-days">
        <Link to={`/admin/runs?date=${previous}`} rel="prev">
          {t("admin.runs.previous")}
        </Link>
        {iso !== today ? <Link to="/admin/runs">{t("admin.runs.today")}</Link> : null}
        <Link to={`/admin/runs?date=${next}`} rel="next">
          {t("admin.runs.next")}
        </Link>
      </nav>
      <DayForm value={iso} key={iso} />
      {actionData ? (
        <p className="admin-notice admin-notice--warn" role="alert">
          {actionData.message}
        </p>
      ) : null}
      <StatusNotice notice={notice} />
      <p>
        {t("admin.runs.count", { runs: board.runs.length, unplanned: board.unplanned.length })}{" "}
        <a href={`/admin/runs.csv?date=${iso}`} download>
          {t("admin.runs.csv")}
        </a>
      </p>
      <Form method="post" className="runs-replan">
        <input type="hidden" name="intent" value="replan" />
        <input type="hidden" name="day" value={iso} />
        <button type="submit" className="button">
          {planned ? t("admin.runs.replan") : t("admin.runs.plan")}
        </button>
      </Form>
      <RunBoard day={iso} board={board} vehicles={vehicles} drivers={drivers} steps={steps} trackers={trackers} />
    </div>
  );
}
