/**
 * Meeting points (docs/product.md, Meeting points): where the driver meets the traveller, per
 * airport, terminal and service, kept in a comma-separated file the business edits in a
 * spreadsheet (MEETING_POINTS_CSV). Its header is `airport,terminal,service,meeting_point`:
 *
 * - airport: CDG, ORY or BVA, or `*` for every other place (a hotel, an address, Disneyland Paris);
 * - terminal: one of the airport's terminals (app/domain/terminals.ts), or empty for the airport's
 *   default, used when the traveller does not know the terminal yet or it has no row of its own;
 *   always empty on a `*` row;
 * - service: shuttle or private;
 * - meeting_point: the text the traveller reads, in English, at most 400 characters;
 * - meeting_point_fr, _es, _it, _de, _nl (optional columns): the same in that language. An empty
 *   cell, or a column left out, gives that language's travellers the English text.
 *
 * The file is read as the price file is (app/domain/pricing/csv.ts): UTF-8 with or without a BOM,
 * CRLF or LF line ends, quoted fields holding commas, doubled quotes and line breaks, blank lines
 * skipped, header names found in any order and any case, other columns ignored. Unlike the price
 * file, any faulty row fails the whole file: a missing meeting point would leave a traveller
 * without one, so every problem is listed with its line and the file is not used.
 */
import { AIRPORTS, transferKindsFrom } from "./airports";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./locales";
import type { AirportCode, TransferKind } from "./site-paths";
import { TERMINAL_NOT_KNOWN, TERMINALS } from "./terminals";
import { readCsvRecords, type CsvRecord } from "./csv-records";
import { isPlainText } from "./plain-text";

export interface MeetingPointRow {
  /** 1-based line of the file where the row starts (the header is line 1). */
  line: number;
  airport: AirportCode | "*";
  /** One of the airport's terminals as TERMINALS spells it, or "" for the airport's default. */
  terminal: string;
  service: TransferKind;
  /** In English. */
  text: string;
  /** In the other languages the file gives it in. */
  translations: Partial<Record<Locale, string>>;
}

export interface MeetingPoints {
  rows: readonly MeetingPointRow[];
}

const MEETING_POINT_COLUMNS = ["airport", "terminal", "service", "meeting_point"] as const;
export const MEETING_POINTS_HEADER = MEETING_POINT_COLUMNS.join(",");
export const MEETING_POINT_MAX_LENGTH = 400;
/** The optional column of each language other than English, by language. */
const TRANSLATION_COLUMNS = LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((locale) => ({ locale, column: `meeting_point_${locale}` }));
/** The airport column of the rows for every place that is not an airport. */
const ANY_OTHER_PLACE = "*";

const SERVICES: readonly TransferKind[] = ["shuttle", "private"];
const AIRPORT_CODES = AIRPORTS.map((a) => a.code);

// ---------------------------------------------------------------------------------------------
// Records: RFC 4180 with ',' (app/domain/csv-records.ts).

/** A problem of the file, at its line, or of the whole file (line null). */
interface FileProblem {
  line: number | null;
  text: string;
}

/** The file's records, each with the line it starts on; a quote that never closes spoils its line only. */
function readRecords(text: string): { records: CsvRecord[]; problems: FileProblem[] } {
  const { records, problems } = readCsvRecords(text, ",");
  return { records, problems: problems.map((p) => ({ line: p.line, text: `${p.message} (a " is missing)` })) };
}

// ---------------------------------------------------------------------------------------------
// Rows

/**
 * The file's rows and every problem found, each naming its line. The file is fit to use only when
 * `errors` is empty; `points` then holds every row, else the rows that were valid.
 */
export function parseMeetingPoints(text: string): { points: MeetingPoints; errors: string[] } {
  const read = readRecords(text);
  const problems = [...read.problems];
  const filled = read.records.filter((r) => r.fields.some((f) => f.trim() !== ""));
  const header = filled[0];
  if (!header) {
    problems.push({ line: null, text: `the file is empty: its first line must be the header ${MEETING_POINTS_HEADER}` });
    return { points: { rows: [] }, errors: written(problems) };
  }
  const index = new Map<string, number>();
  header.fields.forEach((name, i) => {
    const key = name.trim().toLowerCase();
    if (!index.has(key)) index.set(key, i);
  });
  const missing = MEETING_POINT_COLUMNS.filter((c) => !index.has(c));
  if (missing.length > 0) {
    const found = header.fields.map((f) => f.trim()).join(",");
    problems.unshift({
      line: header.line,
      text: `the header must be ${MEETING_POINTS_HEADER} (found "${found}", lacking ${missing.join(", ")})`,
    });
    return { points: { rows: [] }, errors: written(problems) };
  }
  const width = Math.max(...MEETING_POINT_COLUMNS.map((c) => index.get(c)!)) + 1;
  const headerWidth = header.fields.length;

  const rows: MeetingPointRow[] = [];
  const seen = new Map<string, number>();
  for (const record of filled.slice(1)) {
    const cell = (column: (typeof MEETING_POINT_COLUMNS)[number]) => record.fields[index.get(column)!] ?? "";
    const said: string[] = [];
    const extra = record.fields.slice(Math.max(width, headerWidth)).some((f) => f.trim() !== "");
    if (extra) {
      said.push(
        `${record.fields.length} fields where the header has ${headerWidth}: put the meeting point in double quotes if it holds a comma`,
      );
    }
    const airport = readAirport(cell("airport"), said);
    const terminal = airport === null ? null : readTerminal(airport, cell("terminal"), said);
    const service = readService(cell("service"), said);
    if (airport !== null && airport !== ANY_OTHER_PLACE && service !== null && !transferKindsFrom(airport).includes(service)) {
      said.push(`${airport} has no ${service} service (${transferKindsFrom(airport).join(" and ")} only)`);
    }
    const meetingPoint = readText(cell("meeting_point"), said, "the meeting point");
    const translations: Partial<Record<Locale, string>> = {};
    for (const { locale, column } of TRANSLATION_COLUMNS) {
      const raw = index.has(column) ? (record.fields[index.get(column)!] ?? "") : "";
      const text = raw.trim() === "" ? null : readText(raw, said, column);
      if (text !== null) translations[locale] = text;
    }
    if (said.length === 0 && airport !== null && terminal !== null && service !== null && meetingPoint !== null) {
      const key = rowKey(airport, terminal, service);
      const before = seen.get(key);
      if (before !== undefined) {
        said.push(`${describe(airport, terminal, service)} is already given on line ${before}`);
      } else {
        seen.set(key, record.line);
        rows.push({ line: record.line, airport, terminal, service, text: meetingPoint, translations });
      }
    }
    for (const text of said) problems.push({ line: record.line, text });
  }

  for (const code of AIRPORT_CODES) {
    for (const service of transferKindsFrom(code)) {
      if (!seen.has(rowKey(code, TERMINAL_NOT_KNOWN, service))) {
        problems.push({
          line: null,
          text: `missing row: ${code},,${service},… (the ${service} default of ${code}, with an empty terminal)`,
        });
      }
    }
  }
  for (const service of SERVICES) {
    if (!seen.has(rowKey(ANY_OTHER_PLACE, TERMINAL_NOT_KNOWN, service))) {
      problems.push({
        line: null,
        text: `missing row: *,,${service},… (the ${service} meeting point at any place that is not an airport)`,
      });
    }
  }
  return { points: { rows }, errors: written(problems) };
}

/** The problems as the file's errors say them: by their line ("line 4: …"), in a stable order, those of the whole file after them. */
function written(problems: readonly FileProblem[]): string[] {
  const at = (p: FileProblem) => p.line ?? Number.MAX_SAFE_INTEGER;
  return [...problems].sort((a, b) => at(a) - at(b)).map((p) => (p.line === null ? p.text : `line ${p.line}: ${p.text}`));
}

function readAirport(raw: string, problems: string[]): AirportCode | "*" | null {
  const value = raw.trim().toUpperCase();
  if (value === ANY_OTHER_PLACE) return ANY_OTHER_PLACE;
  const code = AIRPORT_CODES.find((c) => c === value);
  if (code) return code;
  problems.push(
    value === ""
      ? `the airport is empty (${AIRPORT_CODES.join(", ")} or * for any other place)`
      : `unknown airport "${raw.trim()}" (${AIRPORT_CODES.join(", ")} or * for any other place)`,
  );
  return null;
}

function readTerminal(airport: AirportCode | "*", raw: string, problems: string[]): string | null {
  const value = raw.trim().toUpperCase();
  if (value === "") return TERMINAL_NOT_KNOWN;
  if (airport === ANY_OTHER_PLACE) {
    problems.push(`a * row is for places that are not airports: its terminal must be empty (found "${raw.trim()}")`);
    return null;
  }
  const terminal = TERMINALS[airport].find((t) => t.toUpperCase() === value);
  if (terminal) return terminal;
  problems.push(`terminal ${raw.trim()} is not a terminal of ${airport} (${TERMINALS[airport].join(", ")}; empty for the default)`);
  return null;
}

function readService(raw: string, problems: string[]): TransferKind | null {
  const value = raw.trim().toLowerCase();
  const service = SERVICES.find((s) => s === value);
  if (service) return service;
  problems.push(value === "" ? "the service is empty (shuttle or private)" : `unknown service "${raw.trim()}" (shuttle or private)`);
  return null;
}

/** A meeting point's text, `what` naming its column in a problem. */
function readText(raw: string, problems: string[], what: string): string | null {
  // A spreadsheet cell may hold line breaks and tabs (read as spaces below), nothing else unseen.
  if (!isPlainText(raw, "lines")) {
    problems.push(`${what} holds an invisible or control character (for example a direction mark): remove it`);
    return null;
  }
  // A line break typed in a spreadsheet cell reads as a space.
  const text = raw.replace(/\s+/g, " ").trim();
  if (text === "") {
    problems.push(`${what} is empty`);
    return null;
  }
  if (text.length > MEETING_POINT_MAX_LENGTH) {
    problems.push(`${what} is ${text.length} characters long; keep it to ${MEETING_POINT_MAX_LENGTH}`);
    return null;
  }
  return text;
}

function rowKey(airport: AirportCode | "*", terminal: string, service: TransferKind): string {
  return `${airport}|${terminal}|${service}`;
}

function describe(airport: AirportCode | "*", terminal: string, service: TransferKind): string {
  if (airport === ANY_OTHER_PLACE) return `the * ${service} row`;
  return terminal === TERMINAL_NOT_KNOWN ? `the ${airport} ${service} default` : `${airport} terminal ${terminal} ${service}`;
}

// ---------------------------------------------------------------------------------------------
// Look-ups

/**
 * The airport a price-file place name stands for, in either spelling: "Charles de Gaulle Airport
 * (CDG)" or the depart key "Charles_de_Gaulle_Airport_(CDG)"; null for any other place.
 */
export function airportCodeOfPlace(place: string): AirportCode | null {
  const wanted = normalisePlace(place);
  return AIRPORTS.find((a) => normalisePlace(a.place) === wanted)?.code ?? null;
}

function normalisePlace(place: string): string {
  return place
    .replace(/[_\s]+/g, " ")
    .trim()
    .toLowerCase();
}

/** A meeting point in a language: the file's text in it, else the English. */
export interface MeetingPointText {
  text: string;
  /** The language `text` is in. */
  lang: Locale;
}

/**
 * The row of the meeting point of a traveller picked up at `place`. At an airport: the row of its
 * terminal and service, else the airport's default for the service (the terminal is "" = not
 * known yet, or has no row of its own). Anywhere else: the `*` row of the service. Undefined when
 * the points have no such row, which a valid file allows only for a service the airport does not offer.
 */
function rowFor(points: MeetingPoints, place: string, terminal: string, service: TransferKind): MeetingPointRow | undefined {
  const airport = airportCodeOfPlace(place);
  const find = (a: AirportCode | "*", t: string) => points.rows.find((r) => r.airport === a && r.terminal === t && r.service === service);
  if (airport === null) return find(ANY_OTHER_PLACE, TERMINAL_NOT_KNOWN);
  const wanted = terminal.trim().toUpperCase();
  const own = TERMINALS[airport].find((t) => t.toUpperCase() === wanted);
  return (own !== undefined ? find(airport, own) : undefined) ?? find(airport, TERMINAL_NOT_KNOWN);
}

function inLanguage(row: MeetingPointRow, locale: Locale): MeetingPointText {
  const translated = row.translations[locale];
  return translated === undefined ? { text: row.text, lang: DEFAULT_LOCALE } : { text: translated, lang: locale };
}

/**
 * Where the driver meets a traveller picked up at `place` (see rowFor), in `locale` where the file
 * gives it, else in English; "" when the points have no such row.
 */
export function meetingPointFor(
  points: MeetingPoints,
  place: string,
  terminal: string,
  service: TransferKind,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const row = rowFor(points, place, terminal, service);
  return row ? inLanguage(row, locale).text : "";
}

export interface TerminalMeetingPoint extends MeetingPointText {
  /** One of the airport's terminals, or "" for a traveller who does not know it yet. */
  terminal: string;
}

/**
 * The meeting point at each of the airport's terminals for a service, in TERMINALS order, then
 * the default, each in `locale` where the file gives it.
 */
export function airportMeetingPoints(
  points: MeetingPoints,
  code: AirportCode,
  service: TransferKind,
  locale: Locale,
): TerminalMeetingPoint[] {
  const place = AIRPORTS.find((a) => a.code === code)!.place;
  return [...TERMINALS[code], TERMINAL_NOT_KNOWN].flatMap((terminal) => {
    const row = rowFor(points, place, terminal, service);
    return row ? [{ terminal, ...inLanguage(row, locale) }] : [];
  });
}
