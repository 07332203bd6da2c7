import { Readable, pipeline } from "node:stream";
import type { Route } from "./+types/bookings-csv";
import { readListQuery, SEARCH_EXPIRED } from "~/domain/back-office/booking-filters";
import { SEARCH_TOKEN_PARAM } from "~/domain/back-office/booking-list-query";
import { parisDayOf } from "~/domain/booking/paris-time";
import { CSV_COLUMNS, exportLegRecords, type BookingLegRecord } from "~/lib/admin-bookings.server";
import { NO_STORE, requireStaff } from "~/lib/auth.server";
import { adminWordsIn } from "~/lib/i18n.server";

/** The export and its refusals are in English, whoever downloads it, as the file's columns are. */
const words = adminWordsIn("en");

/**
 * The bookings list as a CSV file (docs/product.md, Back office, Bookings): the list's filters,
 * every matching booking (not one page), one row per leg. It sits outside the back office's
 * layout, so it checks the session itself. Written as it is read, in batches: a large export
 * holds one batch in memory at a time. Its search arrives sealed, as the list's link carries it
 * (`s`); a `q` in the address is not read.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.staff, request);
  const params = new URL(request.url).searchParams;
  const token = params.get(SEARCH_TOKEN_PARAM) || null;
  const opened = token ? context.staff.search.openSearch(token) : null;
  if (opened && !opened.ok) {
    return new Response(`${words(SEARCH_EXPIRED)}\n`, {
      status: 400,
      headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const reading = readListQuery(params, opened?.text ?? null, words);
  if (!reading.ok) {
    return new Response(`These filters cannot be used:\n${reading.problems.map((p) => `- ${p.message}`).join("\n")}\n`, {
      status: 400,
      headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const db = await context.booking.db();
  const records = exportLegRecords(db, reading.filters);
  // The first batch is read before answering, so a database that fails at once gives an error
  // page rather than a download cut short.
  const first = await records.next();
  async function* all(): AsyncGenerator<BookingLegRecord> {
    if (first.done) return;
    yield first.value;
    yield* records;
  }
  // The CSV writer is loaded with the first export, not at start (docs/decisions/0031).
  const { stringify } = await import("csv-stringify");
  const csv = stringify({
    bom: true,
    header: true,
    columns: CSV_COLUMNS.map((c) => ({ key: c.key, header: c.header })),
    record_delimiter: "windows",
    // A cell that starts with = + - @ (a name typed as a formula) is written with a leading
    // apostrophe, so a spreadsheet shows it as text; phone numbers in +33 form get one too.
    escape_formulas: true,
    cast: { number: (n) => String(n) },
  });
  // A failure mid-way (the database gone, the download abandoned) ends both streams; the file
  // then stops short, which the browser reports as a failed download.
  pipeline(Readable.from(all()), csv, (error) => {
    if (error && (error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") {
      console.error(
        `The bookings CSV export stopped: ${error.name}${(error as NodeJS.ErrnoException).code ? ` (${(error as NodeJS.ErrnoException).code})` : ""}.`,
      );
    }
  });
  return new Response(Readable.toWeb(csv) as ReadableStream<Uint8Array>, {
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="bookings-${parisDayOf(new Date())}.csv"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The export is only read: a post gets a plain 405. */
export function action() {
  return new Response("This address answers only GET and HEAD requests.", {
    status: 405,
    headers: { ...NO_STORE, Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" },
  });
}
