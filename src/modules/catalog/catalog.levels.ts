// An item's stock site by site: its on hand at each site where it has a level, and what is on its
// way there (in transit on transfers to that site), in site order, a page at a
// time. One statement a page: the levels read through the item's key, and the transfers in
// transit through their own (partial) index, each probed for the item's lines: the work grows
// with the transfers in transit, never with the account's history of closed ones.
import { Prisma } from "../../db/client.js";
import { readDb, type ServiceContext } from "../../context.js";
import { decodeCursor, encodeCursor, pageSize, type Page } from "../../cursor.js";
import { notFound } from "../../errors.js";
import { Decimal } from "../../quantity.js";
import type { StockLevel } from "./catalog.types.js";

const LEVEL_CURSOR = "level";

/** A SKU's stock at each site where it has a level or stock in transit to it. */
export async function listSkuLevels(
  ctx: ServiceContext,
  skuId: number,
  query: { limit?: number | null; cursor?: string | null },
): Promise<Page<StockLevel>> {
  const db = readDb(ctx);
  const { accountId } = ctx.principal;
  const known = await db.sku.findUnique({
    where: { accountId_id: { accountId, id: skuId } },
    select: { id: true },
  });
  if (!known) throw notFound("SKU_NOT_FOUND", skuId);
  return levelPage(ctx, { sku: skuId }, query);
}

/**
 * A supplier item's stock at each site, as listSkuLevels; a linked item's stock is its SKU's, so
 * its levels are the SKU's.
 */
export async function listSupplierItemLevels(
  ctx: ServiceContext,
  itemId: number,
  query: { limit?: number | null; cursor?: string | null },
): Promise<Page<StockLevel>> {
  const db = readDb(ctx);
  const { accountId } = ctx.principal;
  const item = await db.supplierItem.findUnique({
    where: { accountId_id: { accountId, id: itemId } },
    select: { skuId: true },
  });
  if (!item) throw notFound("SUPPLIER_ITEM_NOT_FOUND", itemId);
  return levelPage(ctx, item.skuId === null ? { item: itemId } : { sku: item.skuId }, query);
}

async function levelPage(
  ctx: ServiceContext,
  of: { sku: number } | { item: number },
  query: { limit?: number | null; cursor?: string | null },
): Promise<Page<StockLevel>> {
  const { accountId } = ctx.principal;
  const take = pageSize(query.limit);
  const after = query.cursor
    ? (decodeCursor(LEVEL_CURSOR, query.cursor, ["int4"])[0] as number)
    : 0;
  const [levels, column, id] =
    "sku" in of
      ? [Prisma.raw("sku_stock"), Prisma.raw("sku_id"), of.sku]
      : [Prisma.raw("supplier_item_stock"), Prisma.raw("supplier_item_id"), of.item];
  // The first page's worth of levels, and all that is in transit to sites after the cursor:
  // a site among the page's is among one or the other.
  const rows = await readDb(ctx).$queryRaw<
    { site_id: number; on_hand: string; in_transit: string }[]
  >`
    WITH held AS (
      SELECT site_id, on_hand FROM ${levels}
      WHERE account_id = ${accountId} AND ${column} = ${id}::int AND site_id > ${after}::int
      ORDER BY site_id LIMIT ${take + 1}
    ), coming AS (
      SELECT t.to_site_id AS site_id, sum(l.qty - l.received_qty - l.lost_qty) AS in_transit
      FROM transfers AS t
      JOIN transfer_lines AS l ON l.account_id = t.account_id AND l.${column} = ${id}::int
        AND l.transfer_id = t.id
      WHERE t.account_id = ${accountId} AND t.status = 'in_transit' AND t.to_site_id > ${after}::int
      GROUP BY t.to_site_id
    )
    SELECT COALESCE(held.site_id, coming.site_id) AS site_id,
      COALESCE(held.on_hand, 0)::text AS on_hand, COALESCE(coming.in_transit, 0)::text AS in_transit
    FROM held FULL JOIN coming ON coming.site_id = held.site_id
    ORDER BY 1 LIMIT ${take + 1}`;
  const items = rows.slice(0, take).map((r) => ({
    cursor: encodeCursor(LEVEL_CURSOR, [r.site_id]),
    node: {
      siteId: r.site_id,
      onHand: new Decimal(r.on_hand),
      inTransit: new Decimal(r.in_transit),
    },
  }));
  return { items, nextCursor: rows.length > take ? (items.at(-1)?.cursor ?? null) : null };
}
