// The variance report's statements: the movements of a window that are differences (not flows of
// goods) grouped five ways and the items that lost the most picked, in one statement; and what
// it walks, counted first to price it.
import { Prisma, type PrismaClient, type Tx } from "../../db/client.js";
import { VARIANCE_REASONS } from "../../reasons.js";
import { areaOf } from "../stock-take/stock-take.areas.js";
import { MAX_REPORT_GROUPS } from "./report.sql.js";

/** JIT off for the rest of the transaction (its statement, run next). */
export const NO_JIT = "SELECT set_config('jit', 'off', true)";

/** What a variance report reads: the account's movements in [start, end), narrowed. */
export interface VarianceScope {
  accountId: number;
  start?: Date;
  end: Date;
  /** One site, or the sites a limited token may use; absent: every site. */
  sites?: readonly number[] | null;
  skuId?: number;
  supplierItemId?: number;
}

/** One row of the report: a group's totals ("all", "reason", "site", "class", "area") or an item. */
export interface VarianceRow {
  grouping: "all" | "reason" | "site" | "class" | "area" | "item";
  reason: string | null;
  site_id: number | null;
  count_class: string | null;
  prefix: string | null;
  entity_type: "sku" | "supplier_item" | null;
  entity_id: number | null;
  code: string | null;
  name: string | null;
  movements: number;
  units_in: string;
  units_out: string;
  units_net: string;
  /** With money asked for and a currency: exact decimal text with the currency's digits. */
  value_gains: string | null;
  value_losses: string | null;
  value_net: string | null;
  unvalued: number;
}

/** The conditions on movement m the scope makes, each one an index's leading columns. */
function scoped(q: VarianceScope): Prisma.Sql {
  const where = [
    Prisma.sql`m.account_id = ${q.accountId}`,
    Prisma.sql`m.occurred_at < ${q.end}`,
    ...(q.start ? [Prisma.sql`m.occurred_at >= ${q.start}`] : []),
    ...(q.sites ? [Prisma.sql`m.site_id = ANY(${[...q.sites]}::int[])`] : []),
    ...(q.skuId !== undefined ? [Prisma.sql`m.sku_id = ${q.skuId}`] : []),
    ...(q.supplierItemId !== undefined
      ? [Prisma.sql`m.supplier_item_id = ${q.supplierItemId}`]
      : []),
  ];
  return Prisma.join(where, " AND ");
}

/**
 * How many movements the report walks (what it is priced by): every movement of the scope's
 * range, whatever its reason, as the report reads the range and keeps the differences; counted
 * from the index that leads with the scope's columns, without reading a row.
 */
export async function movementsIn(db: PrismaClient, q: VarianceScope): Promise<number> {
  const [row] = await db.$queryRaw<[{ n: number }]>`
    SELECT count(*)::int AS n FROM stock_movements m WHERE ${scoped(q)}`;
  return row.n;
}

/**
 * The report's rows: totals overall, by reason and by site (summed from the movements at once),
 * by the SKU's count class now at the movement's site (null: supplier items and SKUs without one)
 * and by area (the item's location now at that site, to `depth` segments), then the `top` items
 * that lost the most (by value lost when `money`, units lost after; by units lost otherwise).
 * Class and area come from each item's sums at a site, so they are looked up once per item there,
 * not per movement; two passes over the window, each one aggregate, rather than one aggregate of
 * a row per reason, site and item (three times the groups, and sorts that spill).
 */
export function varianceRows(
  db: PrismaClient | Tx,
  q: VarianceScope & { depth: number; top: number; money: boolean },
): Promise<VarianceRow[]> {
  const digits = Prisma.sql`(SELECT currency_minor_units FROM accounts WHERE id = ${q.accountId})`;
  const money = (of: Prisma.Sql) =>
    q.money ? Prisma.sql`round(${of}, ${digits})::text` : Prisma.sql`NULL::text`;
  // A group's totals: over the movements themselves (m), or over per-item sums (s).
  const fromMovements = Prisma.sql`count(*)::int AS movements,
      COALESCE(sum(m.change) FILTER (WHERE m.change > 0), 0)::text AS units_in,
      COALESCE(sum(m.change) FILTER (WHERE m.change < 0), 0)::text AS units_out,
      COALESCE(sum(m.change), 0)::text AS units_net,
      ${money(Prisma.sql`COALESCE(sum(m.value_change) FILTER (WHERE m.value_change > 0), 0)`)} AS value_gains,
      ${money(Prisma.sql`COALESCE(sum(m.value_change) FILTER (WHERE m.value_change < 0), 0)`)} AS value_losses,
      ${money(Prisma.sql`COALESCE(sum(m.value_change), 0)`)} AS value_net,
      (count(*) FILTER (WHERE m.value_change IS NULL))::int AS unvalued`;
  const fromSums = Prisma.sql`COALESCE(sum(s.movements), 0)::int AS movements,
      COALESCE(sum(s.units_in), 0)::text AS units_in,
      COALESCE(sum(s.units_out), 0)::text AS units_out,
      COALESCE(sum(s.units_in) + sum(s.units_out), 0)::text AS units_net,
      ${money(Prisma.sql`COALESCE(sum(s.value_gains), 0)`)} AS value_gains,
      ${money(Prisma.sql`COALESCE(sum(s.value_losses), 0)`)} AS value_losses,
      ${money(Prisma.sql`COALESCE(sum(s.value_gains), 0) + COALESCE(sum(s.value_losses), 0)`)} AS value_net,
      COALESCE(sum(s.unvalued), 0)::int AS unvalued`;
  // What the top items are ordered by first: value lost with money, else nothing (then units).
  const lost = q.money
    ? Prisma.sql`COALESCE(sum(s.value_gains), 0) + COALESCE(sum(s.value_losses), 0)`
    : Prisma.sql`0`;
  const differences = Prisma.sql`${scoped(q)}
    AND m.reason = ANY(${[...VARIANCE_REASONS]}::stock_reason[])`;
  return db.$queryRaw<VarianceRow[]>`
    WITH by_key AS (
      SELECT CASE GROUPING(m.reason, m.site_id) WHEN 3 THEN 'all' WHEN 1 THEN 'reason'
          ELSE 'site' END AS grouping,
        m.reason::text AS reason, m.site_id, NULL::text AS count_class, NULL::text AS prefix,
        ${fromMovements}
      FROM stock_movements m
      WHERE ${differences}
      GROUP BY GROUPING SETS ((), (m.reason), (m.site_id))
    ), sums AS MATERIALIZED (
      SELECT m.site_id, m.entity_type::text AS entity_type, m.sku_id, m.supplier_item_id,
        count(*) AS movements,
        COALESCE(sum(m.change) FILTER (WHERE m.change > 0), 0) AS units_in,
        COALESCE(sum(m.change) FILTER (WHERE m.change < 0), 0) AS units_out,
        sum(m.value_change) FILTER (WHERE m.value_change > 0) AS value_gains,
        sum(m.value_change) FILTER (WHERE m.value_change < 0) AS value_losses,
        count(*) FILTER (WHERE m.value_change IS NULL) AS unvalued
      FROM stock_movements m
      WHERE ${differences}
      GROUP BY 1, 2, 3, 4
    ), placed AS (
      SELECT s.*, c.count_class::text AS count_class,
        COALESCE(ks.location, ist.location) AS location
      FROM sums s
      LEFT JOIN sku_cycle_counts c ON c.account_id = ${q.accountId} AND c.site_id = s.site_id
        AND c.sku_id = s.sku_id
      LEFT JOIN sku_stock ks ON ks.account_id = ${q.accountId} AND ks.site_id = s.site_id
        AND ks.sku_id = s.sku_id
      LEFT JOIN supplier_item_stock ist ON ist.account_id = ${q.accountId}
        AND ist.site_id = s.site_id AND ist.supplier_item_id = s.supplier_item_id
    ), by_place AS (
      SELECT CASE GROUPING(s.count_class, lower(s.area)) WHEN 1 THEN 'class' ELSE 'area' END
          AS grouping,
        NULL::text AS reason, NULL::int AS site_id, s.count_class,
        min(s.area COLLATE "C") AS prefix, ${fromSums}
      FROM (SELECT l.*, ${areaOf(q.depth)} AS area FROM placed AS l) AS s
      GROUP BY GROUPING SETS ((s.count_class), (lower(s.area)))
    ), ranked AS (
      -- Reasons by name, sites by id, classes A to C then none, areas by name (none last).
      SELECT g.*, row_number() OVER (PARTITION BY g.grouping ORDER BY g.reason, g.site_id,
          g.count_class NULLS LAST, lower(g.prefix) COLLATE "C" NULLS LAST) AS ord
      FROM (SELECT * FROM by_key UNION ALL SELECT * FROM by_place) AS g
    ), items AS (
      -- The top few by a bounded sort, numbered after: not a number for every item moved.
      SELECT s.entity_type, COALESCE(s.sku_id, s.supplier_item_id) AS entity_id, ${fromSums},
        ${lost} AS lost, COALESCE(sum(s.units_in) + sum(s.units_out), 0) AS units
      FROM sums s
      GROUP BY s.entity_type, COALESCE(s.sku_id, s.supplier_item_id)
      ORDER BY lost, units, entity_type, entity_id LIMIT ${q.top}
    ), numbered AS (
      SELECT i.*, row_number() OVER (ORDER BY i.lost, i.units, i.entity_type, i.entity_id) AS ord
      FROM items i
    )
    SELECT grouping, reason, site_id, count_class, prefix, NULL::text AS entity_type,
      NULL::int AS entity_id, NULL::text AS code, NULL::text AS name, movements, units_in,
      units_out, units_net, value_gains, value_losses, value_net, unvalued, ord
    FROM ranked WHERE ord <= ${MAX_REPORT_GROUPS + 1}
    UNION ALL
    SELECT 'item', NULL, NULL, NULL, NULL, i.entity_type, i.entity_id,
      COALESCE(k.code, si.code), COALESCE(k.name, si.name), i.movements, i.units_in, i.units_out,
      i.units_net, i.value_gains, i.value_losses, i.value_net, i.unvalued, i.ord
    FROM numbered i
    LEFT JOIN skus k ON k.account_id = ${q.accountId} AND i.entity_type = 'sku' AND k.id = i.entity_id
    LEFT JOIN supplier_items si ON si.account_id = ${q.accountId}
      AND i.entity_type = 'supplier_item' AND si.id = i.entity_id
    ORDER BY grouping, ord`;
}
