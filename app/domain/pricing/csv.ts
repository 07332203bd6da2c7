/**
 * The price file (docs/product.md, Prices and the price file): a semicolon-separated UTF-8 text
 * with a header row.
 * Reading it never depends on column order; unknown columns are ignored; a row that cannot be
 * read is skipped with a warning naming its line. Only a header lacking a required column fails
 * the whole file. Money stays integer cents; an empty or 0 price is "no price" (null).
 */
import type { TransferKind } from "../site-paths";
import { readCsvRecords as readRecords, type CsvRecord } from "../csv-records";
import { isPlainText } from "../plain-text";

/** The required header names, in the order the file is written. */
export const PRICE_FILE_COLUMNS = [
  "shuttle",
  "Depart",
  "Arrive",
  "aller_retour",
  "mode_paiement",
  "duree_aller",
  "duree_retour",
  "delai_depart",
  "delai_arrive",
  "depart_type",
  "arrive_type",
  "price1",
  "price2",
  "price3",
  "price4",
  "price5",
  "price6",
  "price7",
  "price8",
  "price22",
  "price_sup",
  "cp_possible_depart",
  "cp_possible_arrive",
  "nb_pax_mini",
  "nb_pax_maxi",
  "prix",
] as const;

export type PriceColumn = (typeof PRICE_FILE_COLUMNS)[number];

/** 1 one way, 2 round trip, 3 return (aller_retour). */
export type TripType = 1 | 2 | 3;
export const TRIP_TYPES: readonly TripType[] = [1, 2, 3];

/** mode_paiement: 1 is cash, anything else card. */
export type Payment = "card" | "cash";

/** depart_type / arrive_type: 1 an airport (a flight), 2 a hotel or an address. */
export type PlaceType = 1 | 2;

/** The passenger counts a table row stands for. */
export type PaxCount = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
export const PAX_COUNTS: readonly PaxCount[] = [1, 2, 3, 4, 5, 6, 7, 8];

/** What every row says about its route, whatever its kind. Minutes for times. */
export interface PriceRowBase {
  kind: TransferKind;
  from: string;
  to: string;
  tripType: TripType;
  payment: Payment;
  durationOut: number;
  durationBack: number;
  delayDepart: number;
  delayArrive: number;
  departType: PlaceType;
  arriveType: PlaceType;
  postcodesDepart: string[];
  postcodesArrive: string[];
}

/** A shared-shuttle row (shuttle = 0): total cents for 1…8 passengers, the family price, per head for 9+. */
export interface ShuttleRow extends PriceRowBase {
  kind: "shuttle";
  prices: Record<PaxCount, number | null>;
  price22: number | null;
  priceSup: number | null;
}

/** A private row (shuttle = 1): `price` cents for any party from paxMin to paxMax passengers. */
export interface PrivateRow extends PriceRowBase {
  kind: "private";
  paxMin: number | null;
  paxMax: number | null;
  price: number | null;
}

export type PriceRow = ShuttleRow | PrivateRow;

/** Why a row cannot be read, for a reader that words it itself (the back office), with the values its words take. */
export type PriceRowProblemCode =
  "unclosedQuote" | "nul" | "shuttleFlag" | "samePlace" | "placeText" | "placeMissing" | "tripType" | "notWhole";

export interface PriceFileWarning {
  /** 1-based line of the file where the unreadable row starts (the header is line 1). */
  line: number;
  code: PriceRowProblemCode;
  values: Readonly<Record<string, string>>;
  /** The same in English, for the server's log. */
  message: string;
}

export interface ParsedPriceFile {
  rows: PriceRow[];
  warnings: PriceFileWarning[];
}

/** Thrown only when the file has no header or the header lacks required columns (none missing: the file is empty). */
export class PriceFileError extends Error {
  readonly missingColumns: readonly string[];

  constructor(message: string, missingColumns: readonly string[] = []) {
    super(message);
    this.name = "PriceFileError";
    this.missingColumns = missingColumns;
  }
}

/** Defaults for an empty duration or delay cell, and for a route no row serves. */
export const DEFAULT_MINUTES = { durationOut: 45, durationBack: 45, delayDepart: 30, delayArrive: 135 } as const;

// ---------------------------------------------------------------------------------------------
// Records: app/domain/csv-records.ts, with ';'.

const DELIMITER = ";";

export type { CsvRecord } from "../csv-records";

/** The price file's records: RFC 4180 with ';' (app/domain/csv-records.ts). */
export function readCsvRecords(text: string): { records: CsvRecord[]; problems: PriceFileWarning[] } {
  return readRecords(text, DELIMITER);
}

// ---------------------------------------------------------------------------------------------
// Rows

class RowProblem extends Error {
  constructor(
    readonly code: PriceRowProblemCode,
    readonly values: Readonly<Record<string, string>>,
    message: string,
  ) {
    super(message);
  }
}

type Cell = (column: PriceColumn) => string;

export function parsePriceFile(text: string): ParsedPriceFile {
  const { records, problems } = readCsvRecords(text);
  const filled = records.filter((r) => r.fields.some((f) => f.trim() !== ""));
  const header = filled[0];
  if (!header) throw new PriceFileError("The price file is empty: it has no header row.");

  const index = new Map<string, number>();
  header.fields.forEach((name, i) => {
    const key = name.trim();
    if (!index.has(key)) index.set(key, i);
  });
  const missing = PRICE_FILE_COLUMNS.filter((c) => !index.has(c));
  if (missing.length > 0) {
    const noun = missing.length === 1 ? "column" : "columns";
    throw new PriceFileError(`The price file's header lacks the required ${noun}: ${missing.join(", ")}.`, missing);
  }

  const rows: PriceRow[] = [];
  const warnings = problems.filter((p) => p.line > header.line);
  for (const record of filled.slice(1)) {
    const cell: Cell = (column) => (record.fields[index.get(column) ?? -1] ?? "").trim();
    try {
      // The file is stored as written when it is published, and the database cannot store a NUL,
      // whatever column holds it.
      if (record.fields.some((f) => f.includes("\u0000")))
        throw new RowProblem("nul", {}, "the line holds a NUL character, which cannot be stored");
      rows.push(readRow(cell));
    } catch (e) {
      if (!(e instanceof RowProblem)) throw e;
      warnings.push({ line: record.line, code: e.code, values: e.values, message: e.message });
    }
  }
  warnings.sort((a, b) => a.line - b.line);
  return { rows, warnings };
}

function readRow(cell: Cell): PriceRow {
  const flag = cell("shuttle");
  if (flag !== "0" && flag !== "1")
    throw new RowProblem("shuttleFlag", { value: flag }, `unknown shuttle flag "${flag}" (0 shuttle, 1 private)`);
  const from = placeName(cell, "Depart");
  const to = placeName(cell, "Arrive");
  if (from.toLowerCase() === to.toLowerCase())
    throw new RowProblem("samePlace", { place: from }, `Depart and Arrive are the same place "${from}"`);

  const base: Omit<PriceRowBase, "kind"> = {
    from,
    to,
    tripType: tripType(cell("aller_retour")),
    payment: cell("mode_paiement") === "1" ? "cash" : "card",
    durationOut: minutes(cell, "duree_aller", DEFAULT_MINUTES.durationOut),
    durationBack: minutes(cell, "duree_retour", DEFAULT_MINUTES.durationBack),
    delayDepart: minutes(cell, "delai_depart", DEFAULT_MINUTES.delayDepart),
    delayArrive: minutes(cell, "delai_arrive", DEFAULT_MINUTES.delayArrive),
    departType: cell("depart_type") === "1" ? 1 : 2,
    arriveType: cell("arrive_type") === "1" ? 1 : 2,
    postcodesDepart: postcodes(cell("cp_possible_depart")),
    postcodesArrive: postcodes(cell("cp_possible_arrive")),
  };

  if (flag === "1") {
    return {
      ...base,
      kind: "private",
      paxMin: wholeOrNull(cell, "nb_pax_mini"),
      paxMax: wholeOrNull(cell, "nb_pax_maxi"),
      price: cents(cell, "prix"),
    };
  }
  return {
    ...base,
    kind: "shuttle",
    prices: {
      1: cents(cell, "price1"),
      2: cents(cell, "price2"),
      3: cents(cell, "price3"),
      4: cents(cell, "price4"),
      5: cents(cell, "price5"),
      6: cents(cell, "price6"),
      7: cents(cell, "price7"),
      8: cents(cell, "price8"),
    },
    price22: cents(cell, "price22"),
    priceSup: cents(cell, "price_sup"),
  };
}

function placeName(cell: Cell, column: "Depart" | "Arrive"): string {
  // A quoted line break reads as a space below; any other control or invisible character is
  // refused before white space is collapsed, which would read a U+FEFF or a U+2028 as a space.
  if (!isPlainText(cell(column), "lines")) {
    throw new RowProblem(
      "placeText",
      { column },
      `${column} holds an invisible or control character (for example a direction mark): remove it`,
    );
  }
  const name = cell(column).replace(/\s+/g, " ");
  if (name === "") throw new RowProblem("placeMissing", { column }, `missing place name in ${column}`);
  return name;
}

function tripType(raw: string): TripType {
  if (raw === "1" || raw === "2" || raw === "3") return Number(raw) as TripType;
  throw new RowProblem("tripType", { value: raw }, `unknown aller_retour "${raw}" (1 one way, 2 round trip, 3 return)`);
}

/** A non-negative whole number, or null for an empty cell. */
function wholeOrNull(cell: Cell, column: PriceColumn): number | null {
  const raw = cell(column);
  if (raw === "") return null;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value)) throw new RowProblem("notWhole", { column, value: raw }, `${column} is not a whole number: "${raw}"`);
  return value;
}

/** Integer cents; empty or 0 means no price. */
function cents(cell: Cell, column: PriceColumn): number | null {
  const value = wholeOrNull(cell, column);
  return value === 0 ? null : value;
}

function minutes(cell: Cell, column: PriceColumn, fallback: number): number {
  return wholeOrNull(cell, column) ?? fallback;
}

function postcodes(raw: string): string[] {
  return raw
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
}
