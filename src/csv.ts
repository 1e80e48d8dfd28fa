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
 * body is never priced below its rows.
 */
export function csvRows(text: string): number {
  const lines = text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== "").length;
  return Math.max(0, lines - 1);
}

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
}

/** The header and rows of a CSV text, against the columns a file may have. */
export function readCsv(text: string, columns: CsvColumns): CsvTable {
  const rows = splitRows(text.replace(/^\uFEFF/, ""));
  const header = csvHeader(rows[0] ?? [], columns);
  const errors: FieldError[] = [];
  const table = rows.slice(1).map((cells, i) => csvCells(header, cells, csvRow(i), errors));
  if (rows.length < 2) {
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

/** Splits CSV text into rows of fields; blank lines carry nothing and are dropped. */
function splitRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
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
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0]?.trim() === ""));
}
