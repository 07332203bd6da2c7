import type { Route } from "./+types/runs-csv";
import { runSheetDay } from "~/domain/back-office/run-sheet";
import { parisClock } from "~/domain/booking/paris-time";
import { RUNS_CSV_COLUMNS, runsCsvRecords } from "~/domain/runs/day-runs";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { listDrivers } from "~/lib/dispatch.server";
import { adminWordsIn } from "~/lib/i18n.server";
import { readDayBoard, runRules } from "~/lib/shuttle-runs.server";

/**
 * The day's runs as a CSV file (/admin/runs.csv?date=yyyy-mm-dd): a header row, then one row per
 * leg in a run, times HH:mm Paris. Outside the back office's layout, so it checks the session itself.
 * The file is in English whoever downloads it (as the bookings CSV); a refused date is told in the
 * member's language.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(context.staff, request);
  const chosen = runSheetDay(new URL(request.url).searchParams.get("date"), new Date(), adminWordsIn(me.locale));
  if (!chosen.ok) {
    return new Response(`${chosen.message}\n`, { status: 400, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });
  }
  const db = await context.booking.db();
  const [board, drivers, fleet] = await Promise.all([
    readDayBoard(db, chosen.iso, runRules(context.settings), adminWordsIn("en")),
    listDrivers(db),
    context.booking.fleet.get(),
  ]);
  const names = {
    vehicles: new Map(fleet.vehicles.map((v) => [v.id, v.name])),
    drivers: new Map(drivers.map((d) => [d.id, d.name])),
  };
  // The CSV writer is loaded with the first export, not at start (docs/decisions/0031).
  const { stringify } = await import("csv-stringify/sync");
  const csv = stringify(runsCsvRecords(board, names, parisClock), {
    bom: true,
    header: true,
    columns: RUNS_CSV_COLUMNS.map((c) => ({ key: c.key, header: c.header })),
    record_delimiter: "windows",
    // A name typed as a formula is written with a leading apostrophe, as in the bookings CSV.
    escape_formulas: true,
    cast: { number: (n) => String(n) },
  });
  return new Response(csv, {
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="runs-${chosen.iso}.csv"`,
    },
  });
}
