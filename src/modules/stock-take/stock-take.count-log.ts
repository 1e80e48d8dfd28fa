// A stock take's count log: every count as it was received, oldest first.
import { readDb, type ServiceContext } from "../../context.js";
import { decodeCursor, encodeCursor, pageSize, type Page } from "../../cursor.js";
import type { CountMode, EntityType } from "../../generated/prisma/enums.js";
import { Decimal } from "../../quantity.js";
import { loadStockTake } from "./stock-take.records.js";

/** One entry of the count log. */
export interface StockTakeCount {
  type: EntityType;
  id: number;
  code: string;
  name: string;
  supplier: string | null;
  mode: CountMode;
  quantity: Decimal;
  /** The line's count after this entry. */
  countedQty: Decimal;
  counter: string;
  countedAt: Date;
  receivedAt: Date;
  /** Where the counter found it, when the count said. */
  foundLocation: string | null;
}

/** The count log of a stock take, oldest first. */
export async function listCounts(
  ctx: ServiceContext,
  stockTakeId: number,
  query: { limit?: number | null; cursor?: string | null },
): Promise<Page<StockTakeCount>> {
  const { accountId } = ctx.principal;
  await loadStockTake(readDb(ctx), ctx.principal, stockTakeId);
  const size = pageSize(query.limit);
  const after = query.cursor
    ? (decodeCursor("stock_take_count", query.cursor, ["number"])[0] as number)
    : 0;
  const rows = await readDb(ctx).$queryRaw<
    {
      id: bigint;
      entity_type: EntityType;
      entity_id: number;
      code: string;
      name: string;
      supplier: string | null;
      mode: CountMode;
      quantity: string;
      counted_qty: string;
      counter: string;
      counted_at: Date;
      received_at: Date;
      found_location: string | null;
    }[]
  >`
    SELECT c.id, c.entity_type, COALESCE(c.sku_id, c.supplier_item_id) AS entity_id,
      COALESCE(s.code, si.code) AS code, COALESCE(s.name, si.name) AS name, si.supplier, c.mode,
      c.quantity::text AS quantity, c.counted_qty::text AS counted_qty, c.counter, c.counted_at,
      c.received_at, c.found_location
    FROM stock_take_counts c
    -- Index lookups per count, whatever the statistics say (see selectLines).
    LEFT JOIN LATERAL (SELECT code, name FROM skus
      WHERE account_id = c.account_id AND id = c.sku_id OFFSET 0) AS s ON true
    LEFT JOIN LATERAL (SELECT code, name, supplier FROM supplier_items
      WHERE account_id = c.account_id AND id = c.supplier_item_id OFFSET 0) AS si ON true
    WHERE c.account_id = ${accountId} AND c.stock_take_id = ${stockTakeId} AND c.id > ${after}
    ORDER BY c.id LIMIT ${size + 1}`;
  const items = rows.slice(0, size).map((r) => ({
    cursor: encodeCursor("stock_take_count", [Number(r.id)]),
    node: {
      type: r.entity_type,
      id: r.entity_id,
      code: r.code,
      name: r.name,
      supplier: r.supplier,
      mode: r.mode,
      quantity: new Decimal(r.quantity),
      countedQty: new Decimal(r.counted_qty),
      counter: r.counter,
      countedAt: r.counted_at,
      receivedAt: r.received_at,
      foundLocation: r.found_location,
    },
  }));
  return { items, nextCursor: rows.length > size ? (items.at(-1)?.cursor ?? null) : null };
}
