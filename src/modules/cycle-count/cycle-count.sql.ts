// Cycle counts' statements: stamping what a reconcile counted, what is due, and classifying SKUs
// by how much they move. Every writer of sku_cycle_counts (a reconcile, a classification) writes
// its rows in SKU order, so that two writing the same SKUs take their row locks in the same order.
import { Prisma, type PrismaClient, type Tx } from "../../db/client.js";
import type { CountClass } from "../../generated/prisma/enums.js";
import { locationAt } from "../catalog/location.js";

/**
 * A data-modifying CTE body for a reconcile's statement: the SKUs `skuIds` selects (a query of one
 * column, sku_id) were counted at site `siteId` at the statement's time. Their class is kept.
 */
export const countedNow = (accountId: number, siteId: number, skuIds: Prisma.Sql): Prisma.Sql =>
  Prisma.sql`
  INSERT INTO sku_cycle_counts (account_id, site_id, sku_id, last_counted_at)
  SELECT ${accountId}, ${siteId}::int, c.sku_id, now() FROM (${skuIds}) AS c(sku_id)
  ORDER BY c.sku_id
  ON CONFLICT (account_id, site_id, sku_id) DO UPDATE
    SET last_counted_at = EXCLUDED.last_counted_at`;

/**
 * SKU c.sku_id is on no line of an open or counting stock take at the site (a probe by the SKU's
 * lines).
 */
const notCounting = (siteId: number) => Prisma.sql`AND NOT EXISTS (SELECT 1 FROM stock_take_lines l
    JOIN stock_takes t ON t.account_id = l.account_id AND t.id = l.stock_take_id
    WHERE l.account_id = c.account_id AND l.sku_id = c.sku_id
      AND t.status IN ('open', 'counting') AND t.site_id = ${siteId}::int)`;

export interface DueRow {
  sku_id: number;
  code: string;
  name: string;
  location: string | null;
  count_class: CountClass;
  last_counted_at: Date | null;
  due_at: Date | null;
  days_overdue: number | null;
}

/**
 * The account's active SKUs that are due for a count at site `siteId`, at most `limit`: never counted first (in id
 * order), then by the day they fell due, oldest first. A SKU is due when its class's interval has
 * passed since it was last counted. Each class is two ranges of the cycle counts' index (never
 * counted; counted before the class's cutoff), read in the index's order no further than `limit`
 * rows that are due: whether a SKU is active is a probe of its key per row, never a join the
 * planner could hash over the whole catalog (on statistics of a small account it did).
 */
export async function dueSkus(
  db: PrismaClient | Tx,
  accountId: number,
  siteId: number,
  limit: number,
  { countable = false }: { countable?: boolean } = {},
) {
  // countable: for a stock take's scope, what no open or counting stock take there counts already.
  const active = Prisma.sql`(SELECT s.active FROM skus s WHERE s.account_id = c.account_id
    AND s.id = c.sku_id) ${countable ? notCounting(siteId) : Prisma.empty}`;
  return db.$queryRaw<DueRow[]>`
    WITH classes AS MATERIALIZED (
      SELECT k.count_class, k.days FROM accounts a CROSS JOIN LATERAL (VALUES
        ('A'::count_class, a.cycle_days_a), ('B'::count_class, a.cycle_days_b),
        ('C'::count_class, a.cycle_days_c)) AS k(count_class, days)
      WHERE a.id = ${accountId}
    ), due AS (
      SELECT k.count_class, k.days, x.sku_id, x.last_counted_at
      FROM classes k CROSS JOIN LATERAL (
        (SELECT c.sku_id, c.last_counted_at FROM sku_cycle_counts c
          WHERE c.account_id = ${accountId} AND c.site_id = ${siteId}::int
            AND c.count_class = k.count_class AND c.last_counted_at IS NULL AND ${active}
          ORDER BY c.last_counted_at, c.sku_id LIMIT ${limit})
        UNION ALL
        (SELECT c.sku_id, c.last_counted_at FROM sku_cycle_counts c
          WHERE c.account_id = ${accountId} AND c.site_id = ${siteId}::int
            AND c.count_class = k.count_class AND c.last_counted_at <= now() - make_interval(days => k.days) AND ${active}
          ORDER BY c.last_counted_at, c.sku_id LIMIT ${limit})
      ) AS x
    ), ranked AS (
      SELECT d.*, d.last_counted_at + make_interval(days => d.days) AS due_at FROM due d
      ORDER BY due_at NULLS FIRST, d.sku_id LIMIT ${limit}
    )
    SELECT r.sku_id, s.code::text AS code, s.name,
      ${locationAt("sku", accountId, Prisma.sql`${siteId}::int`, Prisma.sql`r.sku_id`)} AS location,
      r.count_class, r.last_counted_at,
      r.due_at, floor(extract(epoch FROM now() - r.due_at) / 86400)::int AS days_overdue
    -- Each answered SKU by its key (OFFSET 0 keeps the subquery a probe): planned as a join, on
    -- statistics that learnt the account smaller, it would hash the account's whole catalog for
    -- a list of 10.
    FROM ranked r CROSS JOIN LATERAL (SELECT code, name FROM skus
      WHERE account_id = ${accountId} AND id = r.sku_id OFFSET 0) AS s
    ORDER BY r.due_at NULLS FIRST, r.sku_id`;
}

/** How a classification splits the movement: the shares of A and B, in percent (C is the rest). */
export interface Shares {
  a: number;
  b: number;
}

export interface ClassTally {
  count_class: CountClass;
  skus: number;
  /** SKUs whose class this classification sets to another (or a first) class. */
  changed: number;
}

/**
 * ABC classification of the account's active SKUs at site `siteId` by the absolute quantity their
 * movements there moved in the last `windowDays` days: by volume, largest first, the SKUs that make up the first
 * `shares.a` percent of all of it are A, the next `shares.b` percent B, the rest C (and all are C
 * when nothing moved). A SKU is in the class where its volume starts. Written unless `dryRun`;
 * answers the tally by class either way, and how many SKUs change class.
 */
export async function classifySkus(
  tx: Tx,
  accountId: number,
  siteId: number,
  windowDays: number,
  shares: Shares,
  dryRun: boolean,
): Promise<ClassTally[]> {
  return tx.$queryRaw<ClassTally[]>`
    WITH moved AS MATERIALIZED (
      SELECT s.id AS sku_id, COALESCE(m.volume, 0) AS volume
      FROM skus s LEFT JOIN (
        SELECT sku_id, sum(abs(change)) AS volume FROM stock_movements
        WHERE account_id = ${accountId} AND site_id = ${siteId}::int AND sku_id IS NOT NULL
          AND occurred_at >= now() - make_interval(days => ${windowDays}::int)
        GROUP BY sku_id) AS m ON m.sku_id = s.id
      WHERE s.account_id = ${accountId} AND s.active
    ), ranked AS (
      SELECT sku_id, sum(volume) OVER (ORDER BY volume DESC, sku_id) - volume AS before,
        sum(volume) OVER () AS total
      FROM moved
    ), classes AS MATERIALIZED (
      SELECT sku_id, (CASE
        WHEN total > 0 AND before < total * ${shares.a}::numeric / 100 THEN 'A'
        WHEN total > 0 AND before < total * ${shares.a + shares.b}::numeric / 100 THEN 'B'
        ELSE 'C' END)::count_class AS count_class
      FROM ranked
    ), written AS (
      INSERT INTO sku_cycle_counts (account_id, site_id, sku_id, count_class, classified_at)
      SELECT ${accountId}, ${siteId}::int, sku_id, count_class, now() FROM classes
      WHERE NOT ${dryRun}::boolean
      ORDER BY sku_id
      ON CONFLICT (account_id, site_id, sku_id) DO UPDATE
        SET count_class = EXCLUDED.count_class, classified_at = EXCLUDED.classified_at
    )
    SELECT k.count_class, count(*)::int AS skus,
      count(*) FILTER (WHERE o.count_class IS DISTINCT FROM k.count_class)::int AS changed
    FROM classes k LEFT JOIN sku_cycle_counts o
      ON o.account_id = ${accountId} AND o.site_id = ${siteId}::int AND o.sku_id = k.sku_id
    GROUP BY k.count_class ORDER BY k.count_class`;
}

export interface CycleRow {
  sku_id: number;
  count_class: CountClass | null;
  last_counted_at: Date | null;
  due_at: Date | null;
  days_overdue: number | null;
}

/**
 * The class, last count and due time at site `siteId` of each of the account's SKUs given (absent
 * ones: none).
 */
export const cycleRowsOf = (
  db: PrismaClient | Tx,
  accountId: number,
  siteId: number,
  skuIds: readonly number[],
) =>
  db.$queryRaw<CycleRow[]>`
    SELECT c.sku_id, c.count_class, c.last_counted_at, d.due_at,
      floor(extract(epoch FROM now() - d.due_at) / 86400)::int AS days_overdue
    FROM sku_cycle_counts c
    JOIN accounts a ON a.id = c.account_id
    CROSS JOIN LATERAL (SELECT c.last_counted_at + make_interval(days => CASE c.count_class
      WHEN 'A' THEN a.cycle_days_a WHEN 'B' THEN a.cycle_days_b ELSE a.cycle_days_c END) AS due_at
    ) AS d
    WHERE c.account_id = ${accountId} AND c.site_id = ${siteId}::int
      AND c.sku_id = ANY(${[...skuIds]}::int[])`;

/**
 * Sets one SKU's class at site `siteId` by hand (null: none, so it is never due there), keeping
 * when it was last counted; false when the account has no such SKU. A classification of the site
 * after it sets it again.
 */
export async function setSkuClass(
  tx: Tx,
  accountId: number,
  siteId: number,
  skuId: number,
  countClass: CountClass | null,
): Promise<boolean> {
  const written = await tx.$executeRaw`
    INSERT INTO sku_cycle_counts (account_id, site_id, sku_id, count_class, classified_at)
    SELECT s.account_id, ${siteId}::int, s.id, ${countClass}::count_class, now() FROM skus s
    WHERE s.account_id = ${accountId} AND s.id = ${skuId}
    ON CONFLICT (account_id, site_id, sku_id) DO UPDATE
      SET count_class = EXCLUDED.count_class, classified_at = EXCLUDED.classified_at`;
  return written > 0;
}
