// The accuracy report's statement: every counted line of the stock takes reconciled in a window,
// grouped four ways in one pass (all of them, by stock take, by count class, by area).
import { Prisma, type PrismaClient } from "../../db/client.js";
import type { Decimal } from "../../quantity.js";
import { areaOf } from "../stock-take/stock-take.areas.js";
import { lineValue } from "../stock-take/stock-take.lines.js";

export interface AccuracyRow {
  /** Which grouping the row is: "all", "take", "class" or "area". */
  grouping: "all" | "take" | "class" | "area";
  stock_take_id: number | null;
  reference: string | null;
  reconciled_at: Date | null;
  count_class: string | null;
  /** The area as its first line spells it (null: no location, or another grouping). */
  prefix: string | null;
  lines_counted: number;
  lines_accurate: number;
  abs_difference: Decimal;
  net_difference: Decimal;
  /** With money asked for (and a currency): the valued lines' figures, as exact decimal text. */
  valued_lines?: number;
  value_counted?: string | null;
  value_abs?: string | null;
  value_net?: string | null;
  /** Stock takes the window holds, up to MAX_REPORT_GROUPS + 1 (more: the report is cut). */
  takes_read: number;
}

/** Most stock takes, and most areas, one report lists (the first by time, and by name). */
export const MAX_REPORT_GROUPS = 1000;

/** What the report's window (or stock take) selects. */
export interface ReportScope {
  accountId: number;
  start?: Date;
  end?: Date;
  stockTakeId?: number;
  /** Only the stock takes of these sites (a token limited to sites); absent: every site. */
  sites?: readonly number[] | null;
}

/** The stock takes reconciled in the window, oldest first, numbered; at most MAX_REPORT_GROUPS + 1. */
const takesIn = (q: ReportScope) => {
  const where = [
    Prisma.sql`t.account_id = ${q.accountId}`,
    Prisma.sql`t.status = 'reconciled'`,
    ...(q.start ? [Prisma.sql`t.reconciled_at >= ${q.start}`] : []),
    ...(q.end ? [Prisma.sql`t.reconciled_at < ${q.end}`] : []),
    ...(q.stockTakeId !== undefined ? [Prisma.sql`t.id = ${q.stockTakeId}`] : []),
    ...(q.sites ? [Prisma.sql`t.site_id = ANY(${[...q.sites]}::int[])`] : []),
  ];
  return Prisma.sql`
    SELECT t.id, t.reference, t.reconciled_at, t.site_id,
      row_number() OVER (ORDER BY t.reconciled_at, t.id) AS n
    FROM stock_takes t
    WHERE ${Prisma.join(where, " AND ")}
    ORDER BY t.reconciled_at, t.id LIMIT ${MAX_REPORT_GROUPS + 1}`;
};

/**
 * How many lines the report over `q` reads (what it is priced by): every line of its stock
 * takes, counted from their index without reading one, as a stock take's summary is priced.
 */
export async function linesIn(db: PrismaClient, q: ReportScope): Promise<number> {
  const [row] = await db.$queryRaw<[{ n: number }]>`
    WITH takes AS MATERIALIZED (${takesIn(q)})
    SELECT count(*)::int AS n FROM takes k
    JOIN stock_take_lines l ON l.account_id = ${q.accountId} AND l.stock_take_id = k.id
    WHERE k.n <= ${MAX_REPORT_GROUPS}`;
  return row.n;
}

/**
 * Accuracy of the counted lines of the account's stock takes reconciled in [start, end) (or of
 * one stock take): a line is accurate when its count differs from what it was compared with by
 * at most `tolerance`. Grouped by stock take (oldest first), by the SKU's count class now at the
 * stock take's site
 * (supplier items and SKUs without one: null), and by area at `depth`; at most
 * MAX_REPORT_GROUPS stock takes are reported, the first by when they were reconciled.
 */
export function accuracyRows(
  db: PrismaClient,
  q: ReportScope & { tolerance: Decimal; depth: number; money: boolean },
) {
  const takes = takesIn(q);
  const digits = Prisma.sql`(SELECT currency_minor_units FROM accounts WHERE id = ${q.accountId})`;
  // A line's value difference as a review shows it, and what its count was worth at the same cost.
  const lineValues = q.money
    ? Prisma.sql`, ${lineValue(q.accountId)} AS value_diff,
        round(l.counted_qty * l.unit_cost, ${digits}) AS counted_value`
    : Prisma.empty;
  const total = (of: Prisma.Sql) => Prisma.sql`round(COALESCE(${of}, 0), ${digits})::text`;
  const valueTotals = q.money
    ? Prisma.sql`count(g.value_diff)::int AS valued_lines,
        ${total(Prisma.sql`sum(g.counted_value) FILTER (WHERE g.value_diff IS NOT NULL)`)}
          AS value_counted,
        ${total(Prisma.sql`sum(abs(g.value_diff))`)} AS value_abs,
        ${total(Prisma.sql`sum(g.value_diff)`)} AS value_net,`
    : Prisma.empty;
  return db.$queryRaw<AccuracyRow[]>`
    WITH takes AS MATERIALIZED (${takes}), counted AS (
      SELECT k.id AS stock_take_id, c.count_class::text AS count_class,
        lower(${areaOf(q.depth)}) AS area, ${areaOf(q.depth)} AS prefix,
        l.counted_qty - COALESCE(l.basis_qty, l.expected_qty) AS diff ${lineValues}
      FROM takes k
      JOIN stock_take_lines l ON l.account_id = ${q.accountId} AND l.stock_take_id = k.id
      LEFT JOIN sku_cycle_counts c ON c.account_id = l.account_id AND c.site_id = k.site_id
        AND c.sku_id = l.sku_id
      WHERE l.counted_qty IS NOT NULL AND k.n <= ${MAX_REPORT_GROUPS}
    )
    SELECT CASE GROUPING(g.stock_take_id, g.count_class, g.area)
        WHEN 7 THEN 'all' WHEN 3 THEN 'take' WHEN 5 THEN 'class' ELSE 'area' END AS grouping,
      g.stock_take_id, min(k.reference) AS reference, min(k.reconciled_at) AS reconciled_at,
      g.count_class, min(g.prefix) AS prefix,
      count(*)::int AS lines_counted,
      (count(*) FILTER (WHERE abs(g.diff) <= ${q.tolerance}::numeric))::int AS lines_accurate,
      COALESCE(sum(abs(g.diff)), 0) AS abs_difference, COALESCE(sum(g.diff), 0) AS net_difference,
      ${valueTotals}
      (SELECT count(*) FROM takes)::int AS takes_read
    FROM counted g LEFT JOIN takes k ON k.id = g.stock_take_id
    GROUP BY GROUPING SETS ((), (g.stock_take_id), (g.count_class), (g.area))
    -- Stock takes by when they were reconciled; classes A to C, then none; areas by name.
    ORDER BY grouping,
      CASE WHEN GROUPING(g.stock_take_id) = 0 THEN min(k.reconciled_at) END,
      g.stock_take_id, g.count_class NULLS LAST, g.area COLLATE "C" NULLS LAST`;
}
