// Reading CSV files clients send (RFC 4180: quoted fields may hold commas, quotes and newlines).
// A file is a header naming its columns, then rows; rows are numbered as a spreadsheet shows
// them, the header being row 1. A bad header refuses the file at once; a row with the wrong
// number of columns is named and left out, so the caller reports it with the rows' own problems.
import { AppError, type FieldError } from "./errors.js";

/** The CSV row (1 = the header) of the data row at this 0-based index. */
export const csvRow = (index: number): number => index + 2;

/**
 * Non-empty rows of a CSV body, its header row excluded, without parsing it: a row ends where the
 * parser ends one (CRLF, LF or a lone CR); a line break inside quotes counts as a row too, so a
 * body is never priced below its rows. Counting stops at `max` + 1: a body past its limit is
 * refused whatever its length, and it is never walked past the row that refuses it.
 */
export function csvRows(text: string, max = Infinity): number {
  let lines = 0;
  let blank = true;
  for (let i = 0; i < text.length && lines <= max + 1; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || c === CR) {
      if (!blank) lines++;
      blank = true;
    } else if (blank && !WHITESPACE.test(text[i]!)) blank = false;
  }
  if (!blank) lines++;
  return Math.min(Math.max(0, lines - 1), max + 1);
}

const LF = 10;
const CR = 13;
const WHITESPACE = /\s/;

/** One data row: its cells by (lower-case) column name, blank cells null. */
export type CsvCells = (column: string) => string | null;

export interface CsvTable {
  /** The header's columns, in lower case. */
  columns: string[];
  /** Each data row's cells, null for a row with the wrong number of columns. */
  rows: (CsvCells | null)[];
  /** The rows with the wrong number of columns, or a file without data rows. */
  errors: FieldError[];
}

export interface CsvColumns {
  required: readonly string[];
  optional: readonly string[];
  /** Further problems of a header (say, two columns that exclude each other). */
  check?: (header: string[]) => string[];
  /** What the header must be, said in the refusal. */
  usage: string;
  /** What a data row is, for "the file has no …". */
  what: string;
  /** Data rows a file may carry: the row past them refuses it (TOO_MANY_LINES), read no further. */
  max: number;
}

/**
 * The header and rows of a CSV text, against the columns a file may have. The text is read row by
 * row and the read stops at the row past `columns.max`.
 */
export function readCsv(text: string, columns: CsvColumns): CsvTable {
  const rows = splitRows(text.replace(/^\uFEFF/, ""));
  const first = rows.next();
  const header = csvHeader(first.done ? [] : first.value, columns);
  const errors: FieldError[] = [];
  const table: (CsvCells | null)[] = [];
  for (const cells of rows) {
    if (table.length === columns.max) {
      const message = `at most ${columns.max} ${columns.what} per file (send the rest in further requests)`;
      throw new AppError("TOO_MANY_LINES", message, [
        { path: ["rows", csvRow(columns.max)], code: "TOO_MANY_LINES", message },
      ]);
    }
    table.push(csvCells(header, cells, csvRow(table.length), errors));
  }
  if (table.length === 0) {
    errors.push({
      path: ["rows"],
      code: "INVALID_PARAMETER",
      message: `the file has no ${columns.what}`,
    });
  }
  return { columns: header, rows: table, errors };
}

/** A header row's columns in lower case; a header that breaks `columns` refuses the file. */
export function csvHeader(cells: string[], columns: CsvColumns): string[] {
  const header = cells.map((h) => h.trim().toLowerCase());
  const known = new Set([...columns.required, ...columns.optional]);
  const problems = [
    ...columns.required.filter((c) => !header.includes(c)).map((c) => `missing column ${c}`),
    ...(columns.check?.(header) ?? []),
    ...header.filter((c) => !known.has(c)).map((c) => `unknown column "${c}"`),
    ...header.filter((c, i) => header.indexOf(c) !== i).map((c) => `column ${c} twice`),
  ];
  if (problems.length > 0) {
    const message = `${columns.usage}: ${problems.join("; ")}`;
    throw new AppError("MALFORMED_REQUEST", message, [
      { path: ["rows", 1], code: "MALFORMED_REQUEST", message },
    ]);
  }
  return header;
}

/** A data row's cells by column; a row with the wrong number of columns is named in `errors`. */
export function csvCells(
  header: string[],
  cells: string[],
  row: number,
  errors: FieldError[],
): CsvCells | null {
  if (cells.length !== header.length) {
    errors.push({
      path: ["rows", row],
      code: "MALFORMED_REQUEST",
      message: `row ${row} has ${cells.length} columns; the header has ${header.length}`,
    });
    return null;
  }
  return (name) => {
    const at = header.indexOf(name);
    const value = at < 0 ? undefined : cells[at]?.trim();
    return value === undefined || value === "" ? null : value;
  };
}

/** UTF-8 text of a file's bytes; anything else is MALFORMED_REQUEST (never silently replaced). */
export function utf8Text(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    const message = "the file is not UTF-8 text";
    throw new AppError("MALFORMED_REQUEST", message, [
      { path: ["rows"], code: "MALFORMED_REQUEST", message },
    ]);
  }
}

/** The rows of CSV text, as fields, one at a time; blank lines carry nothing and are skipped. */
function* splitRows(text: string): Generator<string[]> {
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const blank = () => row.length === 1 && row[0]!.trim() === "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      if (!blank()) yield row;
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    if (!blank()) yield row;
  }
}

/**
 * One CSV line the service writes, CRLF-terminated. Numbers are the service's own (quantities,
 * ids, differences such as -3) and stay numbers. Text comes from users (codes, names, barcodes,
 * counters, notes): a cell a spreadsheet would take for a formula (starting with =, +, -, @, tab
 * or CR) gets a leading single quote and is quoted, as OWASP advises against CSV injection.
 */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return cells.map(csvCell).join(",") + "\r\n";
}

const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  if (FORMULA_START.test(value)) return `"'${value.replaceAll('"', '""')}"`;
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
