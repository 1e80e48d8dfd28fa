// CSV for stock takes: count files in (`type,id,counted_qty`, `type,code,counted_qty` or
// `type,barcode,counted_qty`, with optional supplier, mode and counted_at columns) and count
// sheets out.
import { csvLine, readCsv } from "../../csv.js";
import type { FieldError } from "../../errors.js";
import { MAX_COUNTS } from "../../limits.js";
import { quantityToNumber } from "../../quantity.js";
import type { StockTakeLineView } from "./stock-take.lines.js";
import type { CountData } from "./stock-take.parse.js";

/** The columns that name an entity; a file uses exactly one. */
const NAMING = ["id", "code", "barcode"];

const COUNT_COLUMNS = {
  required: ["type", "counted_qty"],
  optional: [...NAMING, "supplier", "mode", "counted_at", "found_location"],
  check: (header: string[]) =>
    NAMING.filter((c) => header.includes(c)).length !== 1
      ? ["give exactly one of id, code or barcode"]
      : [],
  usage:
    "the header must be type,id,counted_qty, type,code,counted_qty or type,barcode,counted_qty (optional columns: supplier, mode, counted_at, found_location)",
  what: "counts",
  max: MAX_COUNTS,
};

/**
 * The counts of a CSV body. A bad header refuses the whole file at once. A row with the wrong
 * number of columns is null among the counts and named in `errors`; the service checks the other
 * rows' values like JSON ones and reports every problem together.
 */
export function parseCountsCsv(text: string): {
  counts: (CountData | null)[];
  errors: FieldError[];
} {
  const { rows, errors } = readCsv(text, COUNT_COLUMNS);
  const counts = rows.map((cell): CountData | null => {
    if (!cell) return null;
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
      // A blank cell under found_location: found where recorded, as a count that does not say.
      foundLocation: cell("found_location") || undefined,
    };
  });
  return { counts, errors };
}

/**
 * The count sheet's header; without expected_qty when the caller may not see it. Columns added
 * later come last (location, then site), so a reader of the earlier columns by position reads
 * them still.
 */
export const sheetHeader = (visible: boolean): string =>
  (visible
    ? "type,id,supplier,code,name,expected_qty,counted_qty,state,location,site"
    : "type,id,supplier,code,name,counted_qty,state,location,site") + "\r\n";

/** Count sheet rows, each naming the site counted by its code. */
export function sheetRows(lines: StockTakeLineView[], visible: boolean, siteCode: string): string {
  return lines
    .map((l) =>
      csvLine([
        l.type,
        l.id,
        l.supplier,
        l.code,
        l.name,
        ...(visible && l.expectedQty ? [quantityToNumber(l.expectedQty)] : []),
        l.countedQty === null ? null : quantityToNumber(l.countedQty),
        l.state,
        l.location,
        siteCode,
      ]),
    )
    .join("");
}
