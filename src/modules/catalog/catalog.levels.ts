// An item's stock site by site: its on hand at each site where it has a level, and what is on its
// way there (in transit on transfers to that site), in site order, a page at a time, and the
// first pages of many items in one statement (a GraphQL page of SKUs with their levels). One
// statement a page: the levels read through the item's key, and the transfers in transit through
// their own (partial) index, each probed for the item's lines: the work grows with the transfers
// in transit, never with the account's history of closed ones.
import { Prisma } from "../../db/client.js";
import { readDb, type ServiceContext } from "../../context.js";
import { decodeCursor, encodeCursor, pageSize, type Page } from "../../cursor.js";
import { notFound } from "../../errors.js";
import { Decimal } from "../../quantity.js";
import type { Sku, StockLevel, SupplierItem } from "./catalog.types.js";
import { getSku, getSupplierItem } from "./catalog.service.js";
import { requireSites } from "../site/site.service.js";
import { siteNotFound } from "../site/site.access.js";
import { MAX_ID } from "../../limits.js";

const LEVEL_CURSOR = "level";

/** A SKU's stock at each site where it has a level or stock in transit to it. */
export async function listSkuLevels(
  ctx: ServiceContext,
  skuId: number,
  query: LevelQuery,
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
  query: LevelQuery,
): Promise<Page<StockLevel>> {
  const db = readDb(ctx);
  const { accountId } = ctx.principal;
  const item = await db.supplierItem.findUnique({
    where: { accountId_id: { accountId, id: itemId } },
    select: { skuId: true },
  });
  if (!item) throw notFound("SUPPLIER_ITEM_NOT_FOUND", itemId);
  return levelPage(ctx, levelOwnerOf({ id: itemId, skuId: item.skuId }), query);
}

/** Whose levels a supplier item shows: its own, or its SKU's when it is linked. */
export const levelOwnerOf = (item: { id: number; skuId: number | null }): LevelOwner =>
  item.skuId === null ? { item: item.id } : { sku: item.skuId };

/** A page of levels asked for: its size, where it starts, and the sites (null: every site). */
export interface LevelQuery {
  limit?: number | null;
  cursor?: string | null;
  siteIds?: readonly number[] | null;
}

/** Whose levels: a SKU's, or an unlinked supplier item's (a linked one's are its SKU's). */
export type LevelOwner = { sku: number } | { item: number };

/**
 * The first page of levels of each owner (which the caller has read from the account), at the
 * sites named (null: every site the caller may use), in one statement for them all: a GraphQL page
 * of SKUs with their levels, not a statement per SKU. SITE_NOT_FOUND for a site named that the
 * account does not have or the caller may not use.
 */
export async function firstLevelPages(
  ctx: ServiceContext,
  owners: readonly LevelOwner[],
  query: Omit<LevelQuery, "cursor">,
): Promise<Page<StockLevel>[]> {
  const siteIds = await namedSites(ctx, query.siteIds);
  return levelPages(ctx, owners, { limit: query.limit, after: 0, siteIds });
}

async function levelPage(
  ctx: ServiceContext,
  of: LevelOwner,
  query: LevelQuery,
): Promise<Page<StockLevel>> {
  const after = query.cursor
    ? (decodeCursor(LEVEL_CURSOR, query.cursor, ["int4"])[0] as number)
    : 0;
  const siteIds = await namedSites(ctx, query.siteIds);
  const [page] = await levelPages(ctx, [of], { limit: query.limit, after, siteIds });
  return page!;
}

/** The sites a read of levels names, each once, checked (SITE_NOT_FOUND); null: every site. */
async function namedSites(
  ctx: ServiceContext,
  named: readonly number[] | null | undefined,
): Promise<number[] | null> {
  const siteIds = named ? [...new Set(named)] : null;
  if (!siteIds) return null;
  // An id past any id's range names no site: refused without a read.
  const past = siteIds.findIndex((id) => id > MAX_ID);
  if (past >= 0) throw siteNotFound(siteIds[past]!, ["siteIds", past]);
  await requireSites(readDb(ctx), ctx.principal, siteIds, ["siteIds"]);
  return siteIds;
}

/**
 * A page of levels of each owner after site `after`, one statement for them all: per owner, the
 * page's worth of its levels, and all that is in transit to sites after the cursor (a site among
 * the page's is among one or the other), at the sites asked for and the caller may use.
 */
async function levelPages(
  ctx: ServiceContext,
  owners: readonly LevelOwner[],
  { limit, after, siteIds }: { limit?: number | null; after: number; siteIds: number[] | null },
): Promise<Page<StockLevel>[]> {
  const { accountId, sites } = ctx.principal;
  const take = pageSize(limit);
  const conditions = [sites, siteIds].filter((s): s is readonly number[] => s !== null && !!s);
  const within = (column: Prisma.Sql) =>
    conditions.length === 0
      ? Prisma.empty
      : Prisma.join(
          conditions.map((ids) => Prisma.sql`AND ${column} = ANY(${[...ids]}::int[])`),
          " ",
        );
  const skuIds = owners.map((o) => ("sku" in o ? o.sku : null));
  const itemIds = owners.map((o) => ("item" in o ? o.item : null));
  const rows = await readDb(ctx).$queryRaw<
    { n: number; site_id: number; on_hand: string; in_transit: string; location: string | null }[]
  >`
    SELECT o.n::int AS n, p.site_id, p.on_hand, p.in_transit, p.location
    FROM unnest(${skuIds}::int[], ${itemIds}::int[]) WITH ORDINALITY AS o(sku_id, item_id, n)
    CROSS JOIN LATERAL (
      SELECT COALESCE(held.site_id, coming.site_id) AS site_id,
        COALESCE(held.on_hand, 0)::text AS on_hand,
        COALESCE(coming.in_transit, 0)::text AS in_transit, held.location
      FROM (
        (SELECT site_id, on_hand, location FROM sku_stock
          WHERE account_id = ${accountId} AND sku_id = o.sku_id AND site_id > ${after}::int
            ${within(Prisma.sql`site_id`)}
          ORDER BY site_id LIMIT ${take + 1})
        UNION ALL
        (SELECT site_id, on_hand, location FROM supplier_item_stock
          WHERE account_id = ${accountId} AND supplier_item_id = o.item_id
            AND site_id > ${after}::int ${within(Prisma.sql`site_id`)}
          ORDER BY site_id LIMIT ${take + 1})
      ) AS held
      FULL JOIN (
        SELECT t.to_site_id AS site_id, sum(l.qty - l.received_qty - l.lost_qty) AS in_transit
        FROM transfers AS t
        JOIN transfer_lines AS l ON l.account_id = t.account_id AND l.transfer_id = t.id
          AND (l.sku_id = o.sku_id OR l.supplier_item_id = o.item_id)
        WHERE t.account_id = ${accountId} AND t.status = 'in_transit'
          AND t.to_site_id > ${after}::int ${within(Prisma.sql`t.to_site_id`)}
        GROUP BY t.to_site_id
      ) AS coming ON coming.site_id = held.site_id
      ORDER BY 1 LIMIT ${take + 1}
    ) AS p
    ORDER BY o.n, p.site_id`;
  const byOwner = owners.map(() => [] as typeof rows);
  for (const row of rows) byOwner[row.n - 1]!.push(row);
  return byOwner.map((found) => {
    const items = found.slice(0, take).map((r) => ({
      cursor: encodeCursor(LEVEL_CURSOR, [r.site_id]),
      node: {
        siteId: r.site_id,
        onHand: new Decimal(r.on_hand),
        inTransit: new Decimal(r.in_transit),
        location: r.location,
      },
    }));
    return { items, nextCursor: found.length > take ? (items.at(-1)?.cursor ?? null) : null };
  });
}

/** An item as GET shows it, with its first page of levels when asked (`include=stock`). */
export type WithStock<T> = T & { stock?: Page<StockLevel> };

/**
 * A SKU as getSku reads it, and, when `withStock`, its first page of levels (at every site the
 * caller may use), read after it: an unknown SKU is SKU_NOT_FOUND before any level is read.
 */
export async function getSkuWithStock(
  ctx: ServiceContext,
  id: number,
  siteId: number | null | undefined,
  withStock: boolean,
): Promise<WithStock<Sku>> {
  const sku = await getSku(ctx, id, siteId);
  if (!withStock) return sku;
  return { ...sku, stock: await levelPage(ctx, { sku: id }, {}) };
}

/** A supplier item as getSupplierItem reads it, and its levels when asked (a linked one's: its SKU's). */
export async function getSupplierItemWithStock(
  ctx: ServiceContext,
  id: number,
  siteId: number | null | undefined,
  withStock: boolean,
): Promise<WithStock<SupplierItem>> {
  const item = await getSupplierItem(ctx, id, siteId);
  if (!withStock) return item;
  return { ...item, stock: await levelPage(ctx, levelOwnerOf(item), {}) };
}
