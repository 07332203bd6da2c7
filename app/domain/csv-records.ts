/**
 * CSV records as the business's spreadsheet files are written (RFC 4180): fields separated by
 * `delimiter`, quoted fields that may hold the delimiter, line breaks and doubled quotes; a quote
 * inside an unquoted field is an ordinary character, text after a closing quote is kept as is; a
 * byte-order mark is dropped. A quote that never closes spoils its line only: that line is
 * reported and reading goes on. The price file (';') and the meeting points file (',') read theirs
 * here.
 */

export interface CsvRecord {
  /** The line the record starts on, from 1. */
  line: number;
  fields: string[];
}

export interface CsvProblem {
  line: number;
  /** What is wrong, for a reader that words it itself: a quote that never closes is the one problem of the records. */
  code: "unclosedQuote";
  values: Readonly<Record<string, string>>;
  message: string;
}

/** The plain text from a position up to the next delimiter or line break (sticky: anchored there), per delimiter. */
const unquotedRuns = new Map<string, RegExp>();

function unquotedRun(delimiter: string): RegExp {
  let run = unquotedRuns.get(delimiter);
  if (!run) {
    const escaped = delimiter.replace(/[\\^\]-]/g, "\\$&");
    run = new RegExp(`[^${escaped}\\r\\n]*`, "y");
    unquotedRuns.set(delimiter, run);
  }
  return run;
}

export function readCsvRecords(text: string, delimiter: string): { records: CsvRecord[]; problems: CsvProblem[] } {
  const src = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  const problems: CsvProblem[] = [];
  const plain = unquotedRun(delimiter);
  const n = src.length;
  let pos = 0;
  let line = 1;

  while (pos < n) {
    const startLine = line;
    const fields: string[] = [];
    let spoiled = false;

    for (;;) {
      let field = "";
      if (src[pos] === '"') {
        const quoted = readQuoted(src, pos + 1);
        if (quoted === null) {
          problems.push({ line: startLine, code: "unclosedQuote", values: {}, message: "a quoted field is never closed" });
          pos = endOfLine(src, pos);
          line = startLine + 1;
          spoiled = true;
          break;
        }
        field = quoted.value;
        line += quoted.lineBreaks;
        pos = quoted.end;
      }
      // One native regular-expression scan per run of plain text, not a string built character by
      // character: a phone's browser reads the 48 KB price file while it hydrates a page.
      plain.lastIndex = pos;
      const run = plain.exec(src)?.[0] ?? "";
      field += run;
      pos += run.length;
      fields.push(field);
      if (pos >= n) break;
      if (src[pos] === delimiter) {
        pos++;
        continue;
      }
      pos += src[pos] === "\r" && src[pos + 1] === "\n" ? 2 : 1;
      line++;
      break;
    }
    if (!spoiled) records.push({ line: startLine, fields });
  }
  return { records, problems };
}

/** Reads a quoted field's content from just after its opening quote; null when it never closes. */
function readQuoted(src: string, from: number): { value: string; end: number; lineBreaks: number } | null {
  let value = "";
  let lineBreaks = 0;
  let i = from;
  while (i < src.length) {
    const c = src[i];
    if (c === '"') {
      if (src[i + 1] === '"') {
        value += '"';
        i += 2;
        continue;
      }
      return { value, end: i + 1, lineBreaks };
    }
    if (c === "\n" || (c === "\r" && src[i + 1] !== "\n")) lineBreaks++;
    value += c;
    i++;
  }
  return null;
}

/** The position just after the line break ending the line that holds `pos`. */
function endOfLine(src: string, pos: number): number {
  let i = pos;
  while (i < src.length && src[i] !== "\n" && src[i] !== "\r") i++;
  if (src[i] === "\r" && src[i + 1] === "\n") return i + 2;
  return i < src.length ? i + 1 : i;
}
