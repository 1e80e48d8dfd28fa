// CSV for stock takes: count files in (`type,id,counted_qty`, `type,code,counted_qty` or
// `type,barcode,counted_qty`, with optional supplier, mode and counted_at columns) and count
// sheets out. RFC 4180 quoting.
import { AppError, type FieldError } from "../../errors.js";
import { quantityToNumber } from "../../quantity.js";
import type { StockTakeLine } from "./stock-take.lines.js";
import type { CountData } from "./stock-take.parse.js";

const REQUIRED = ["type", "counted_qty"];
const KNOWN = new Set([
  ...["type", "id", "code", "barcode", "supplier", "counted_qty", "mode", "counted_at"],
]);
/** The columns that name an entity; a file uses exactly one. */
const NAMING = ["id", "code", "barcode"];

/** The CSV row (1 = the header) of the count at this index. */
export const csvRow = (index: number): number => index + 2;

/** Splits CSV text into rows of fields; quoted fields may hold commas, quotes and newlines. */
function parseRows(text: string): string[][] {
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
  // Blank lines (a trailing newline, an empty line between rows) carry no count.
  return rows.filter((r) => !(r.length === 1 && r[0]?.trim() === ""));
}

/**
 * The counts of a CSV body. A bad header refuses the whole file at once. A row with the wrong
 * number of columns is null among the counts and named in `errors`; the service checks the other
 * rows' values like JSON ones and reports every problem together.
 */
export function parseCountsCsv(text: string): {
  counts: (CountData | null)[];
  errors: FieldError[];
} {
  const rows = parseRows(text.replace(/^\uFEFF/, ""));
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const headerProblems = [
    ...REQUIRED.filter((c) => !header.includes(c)).map((c) => `missing column ${c}`),
    ...(NAMING.filter((c) => header.includes(c)).length !== 1
      ? ["give exactly one of id, code or barcode"]
      : []),
    ...header.filter((c) => !KNOWN.has(c)).map((c) => `unknown column "${c}"`),
    ...header.filter((c, i) => header.indexOf(c) !== i).map((c) => `column ${c} twice`),
  ];
  if (headerProblems.length > 0) {
    const message = `the header must be type,id,counted_qty, type,code,counted_qty or type,barcode,counted_qty (optional columns: supplier, mode, counted_at): ${headerProblems.join("; ")}`;
    throw new AppError("MALFORMED_REQUEST", message, [
      { path: ["rows", 1], code: "MALFORMED_REQUEST", message },
    ]);
  }
  const errors: FieldError[] = [];
  const counts = rows.slice(1).map((cells, i): CountData | null => {
    if (cells.length !== header.length) {
      errors.push({
        path: ["rows", csvRow(i)],
        code: "MALFORMED_REQUEST",
        message: `row ${csvRow(i)} has ${cells.length} columns; the header has ${header.length}`,
      });
      return null;
    }
    const cell = (name: string) => {
      const at = header.indexOf(name);
      const value = at < 0 ? undefined : cells[at]?.trim();
      return value === undefined || value === "" ? null : value;
    };
    const id = cell("id");
    return {
      type: cell("type") ?? "",
      id: id === null ? null : /^\d{1,10}$/.test(id) ? Number(id) : Number.NaN,
      code: cell("code"),
      supplier: cell("supplier"),
      barcode: cell("barcode"),
      countedQty: cell("counted_qty") ?? undefined,
      mode: cell("mode"),
      countedAt: cell("counted_at"),
    };
  });
  if (rows.length < 2) {
    errors.push({ path: ["rows"], code: "INVALID_PARAMETER", message: "the file has no counts" });
  }
  return { counts, errors };
}

const escape = (value: string | number | null | undefined): string => {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The count sheet's header; without expected_qty when the caller may not see it. */
export const sheetHeader = (visible: boolean): string =>
  (visible
    ? "type,id,supplier,code,name,expected_qty,counted_qty,state"
    : "type,id,supplier,code,name,counted_qty,state") + "\r\n";

export function sheetRows(lines: StockTakeLine[], visible: boolean): string {
  return lines
    .map(
      (l) =>
        [
          l.type,
          l.id,
          l.supplier,
          l.code,
          l.name,
          ...(visible && l.expectedQty ? [quantityToNumber(l.expectedQty)] : []),
          l.countedQty === null ? null : quantityToNumber(l.countedQty),
          l.state,
        ]
          .map(escape)
          .join(",") + "\r\n",
    )
    .join("");
}
