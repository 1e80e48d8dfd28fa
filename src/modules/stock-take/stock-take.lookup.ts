// Finding the lines a request names (by type and id, code or barcode) in one statement.
import type { Tx } from "../../db/client.js";
import type { FieldError } from "../../errors.js";
import type { StockTakeLineState } from "../../generated/prisma/enums.js";
import { Decimal } from "../../quantity.js";
import { Prisma } from "../../db/client.js";
import { jsonRows } from "../../db/sql.js";
import { describeRef, type ParsedRef, type Path } from "./stock-take.parse.js";

export interface FoundLine {
  lineId: number;
  entityType: "sku" | "supplier_item";
  entityId: number;
  countedQty: Decimal | null;
  state: StockTakeLineState;
}

/** Requests naming at most this many lines probe each line by its key (see lookupLines). */
export const PROBED_REFS = 8;

/**
 * The line each ref names, aligned with refs (null where there is none); a ref whose entity is unknown or outside the
 * stock take gets a NOT_IN_STOCK_TAKE error (unknown and out-of-scope look alike on purpose: a
 * counter learns nothing about the catalog beyond the count sheet).
 */
export async function lookupLines(
  tx: Tx,
  accountId: number,
  stockTakeId: number,
  refs: ParsedRef[],
  pathOf: (ref: ParsedRef) => Path,
  errors: FieldError[],
): Promise<(FoundLine | null)[]> {
  if (refs.length === 0) return [];
  // Each ref finds its entity by its key, one probe each, whatever the statistics say: taken
  // before an account had SKUs, they estimate one row for `account_id = 7`, and the planner read
  // every SKU of the account once per ref (50 s for 2,000 counts by code). Behind an initplan the
  // account is unknown when planning, so it estimates the account's share of the table and takes
  // the full key.
  const account = Prisma.sql`(SELECT ${accountId}::int)`;
  // The lines: on statistics taken before the stock take, every index of the stock take looks
  // as good as its unique key (each estimates a row), and a probe may take any of them and filter
  // it. For many refs the lines are joined, hashed on such statistics (the stock take read once).
  // For a few (a counter's app sends a count at a time) each is probed: the stock take behind an
  // initplan is estimated as an average one, so the probe goes by the entity (its lines in each
  // stock take, or the unique key), and the refs are materialized first (a key computed by
  // subqueries is no index condition); a ref probes only for its own kind of entity. On a table
  // never analyzed since it held lines (no statistics at all) every index still looks alike and
  // a probe may read all of the stock take's lines for one count.
  const lines =
    refs.length <= PROBED_REFS
      ? Prisma.sql`
    LEFT JOIN LATERAL (SELECT id, sku_id, counted_qty, state FROM stock_take_lines
      WHERE e.sku_id IS NOT NULL AND account_id = ${accountId}
        AND stock_take_id = (SELECT ${stockTakeId}::int) AND sku_id = e.sku_id
      OFFSET 0) AS ls ON true
    LEFT JOIN LATERAL (SELECT id, supplier_item_id, counted_qty, state FROM stock_take_lines
      WHERE e.item_id IS NOT NULL AND account_id = ${accountId}
        AND stock_take_id = (SELECT ${stockTakeId}::int) AND supplier_item_id = e.item_id
      OFFSET 0) AS li ON true`
      : Prisma.sql`
    LEFT JOIN stock_take_lines ls ON ls.account_id = ${accountId}
      AND ls.stock_take_id = ${stockTakeId} AND ls.sku_id = e.sku_id
    LEFT JOIN stock_take_lines li ON li.account_id = ${accountId}
      AND li.stock_take_id = ${stockTakeId} AND li.supplier_item_id = e.item_id`;
  const rows = await tx.$queryRaw<
    {
      ord: bigint;
      line_id: number | null;
      entity_type: "sku" | "supplier_item";
      entity_id: number | null;
      counted_qty: string | null;
      state: StockTakeLineState | null;
    }[]
  >`
    WITH v AS (
      SELECT * FROM ${jsonRows(
        refs.map((r) => [r.type, r.id, r.code, r.supplier, r.barcode?.key ?? null]),
        "v",
        "type text, id int, code text, supplier text, barcode text",
      )}
    ), e AS MATERIALIZED (
      SELECT v.ord, v.type,
        CASE WHEN v.type = 'sku' THEN COALESCE(v.id,
          (SELECT s.id FROM skus s WHERE s.account_id = ${account} AND s.code = v.code::citext),
          (SELECT b.sku_id FROM barcodes b WHERE b.account_id = ${account} AND b.key = v.barcode))
        END AS sku_id,
        CASE WHEN v.type = 'supplier_item' THEN COALESCE(v.id,
          (SELECT i.id FROM supplier_items i WHERE i.account_id = ${account}
            AND i.supplier = v.supplier AND i.code = v.code::citext),
          (SELECT b.supplier_item_id FROM barcodes b
            WHERE b.account_id = ${account} AND b.key = v.barcode))
        END AS item_id
      FROM v
    )
    SELECT e.ord, COALESCE(ls.id, li.id) AS line_id, e.type AS entity_type,
      COALESCE(ls.sku_id, li.supplier_item_id) AS entity_id,
      COALESCE(ls.counted_qty, li.counted_qty)::text AS counted_qty,
      COALESCE(ls.state, li.state) AS state
    FROM e ${lines}
    ORDER BY e.ord`;
  const found: (FoundLine | null)[] = refs.map(() => null);
  rows.forEach((row, i) => {
    const ref = refs[i];
    if (!ref) return;
    if (row.line_id === null || row.entity_id === null || row.state === null) {
      errors.push({
        path: pathOf(ref),
        code: "NOT_IN_STOCK_TAKE",
        message: `${describeRef(ref)} is not in stock take ${stockTakeId}`,
      });
      return;
    }
    found[i] = {
      lineId: row.line_id,
      entityType: row.entity_type,
      entityId: row.entity_id,
      countedQty: row.counted_qty === null ? null : new Decimal(row.counted_qty),
      state: row.state,
    };
  });
  return found;
}
