// Scenario C1: cycle counts over a large catalog. One account of `skus` SKUs with count classes
// (5% A, 20% B, the rest C), last counted up to 400 days ago (every 50th never), and a movement
// each over the last 90 days. What is due (the issue's "due over 1,000,000 SKUs answers in at
// most 100 ms") and a dry-run classification, over HTTP, each beside raw SQL doing the same the
// plain way.
import { performance } from "node:perf_hooks";
import type pg from "pg";
import { withoutTriggers } from "./seeding.js";
import { apiCaller } from "./api-call.js";
import { median, time } from "./measure.js";
import type { ServerUnderTest } from "./stock-take.js";

/** A year of daily cycle counts: a reconciled stock take a day, of this many counted lines. */
export const DAILY_LINES = 100;

export interface CycleFigures {
  /** Milliseconds, medians: GET /stock-takes/due?limit=N over HTTP, and raw SQL's same list. */
  due: { limit: number; ms: number; rawMs: number; rows: number }[];
  /** Milliseconds, medians: POST /skus/classify (dry run) over HTTP, and raw SQL's same tally. */
  classifyMs: number;
  rawClassifyMs: number;
  /** Milliseconds, medians: GET /reports/accuracy over the last 31 days, and raw SQL's. */
  accuracyMs: number;
  rawAccuracyMs: number;
  /** The year as twelve windows of a month, one after the other, over HTTP. */
  accuracyYearMs: number;
  accuracyLines: number;
}

/**
 * Seeds the account's catalog with its stock at the default site, classes and movements
 * (set-based, a statement each).
 */
export async function seedCycle(raw: pg.Client, accountId: number, skus: number): Promise<void> {
  await withoutTriggers(raw, () =>
    raw.query(
      `WITH s AS (
       INSERT INTO skus (account_id, code, name)
       SELECT $1, 'CY-' || g, 'Cycle ' || g
       FROM generate_series(1, $2::int) g
       RETURNING account_id, id, code
     )
     INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand, location)
     SELECT s.account_id, d.id, s.id, split_part(s.code, '-', 2)::int % 100,
       'A-' || lpad((split_part(s.code, '-', 2)::int % 1000)::text, 3, '0') FROM s
     JOIN sites AS d ON d.account_id = s.account_id AND d.is_default`,
      [accountId, skus],
    ),
  );
  await raw.query(
    `INSERT INTO sku_cycle_counts (account_id, site_id, sku_id, count_class, last_counted_at,
       classified_at)
     SELECT $1, (SELECT id FROM sites WHERE account_id = $1 AND is_default), id,
       (CASE WHEN id % 100 < 5 THEN 'A' WHEN id % 100 < 25 THEN 'B' ELSE 'C' END)::count_class,
       CASE WHEN id % 50 = 0 THEN NULL ELSE now() - (id % 400) * interval '1 day' END, now()
     FROM skus WHERE account_id = $1`,
    [accountId],
  );
  await raw.query(
    `INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
       quantity_after, change, reason, source, actor_name, site_id)
     SELECT $1, now() - (sku_id % 90) * interval '1 day' - interval '1 hour', 'sku', sku_id, 0,
       on_hand, on_hand, 'received', 'adjustment', 'bench', site_id
     FROM sku_stock
     WHERE account_id = $1 AND site_id = (SELECT id FROM sites WHERE account_id = $1 AND is_default)`,
    [accountId],
  );
  // A year of daily cycle counts: a stock take reconciled each day, DAILY_LINES SKUs each, one
  // line in ten counted one over.
  await raw.query(
    `INSERT INTO stock_takes (account_id, status, scope, actor_name, created_at, reconciled_at,
       site_id)
     SELECT $1, 'reconciled', '{}', 'bench', now() - d * interval '1 day' - interval '2 hours',
       now() - d * interval '1 day' - interval '1 hour', (SELECT id FROM sites WHERE account_id = $1 AND is_default)
     FROM generate_series(1, 365) AS d`,
    [accountId],
  );
  await raw.query(
    `INSERT INTO stock_take_lines (account_id, stock_take_id, entity_type, sku_id, expected_qty,
       counted_qty, state, location, counted_at)
     SELECT $1, t.id, 'sku', s.id, s.on_hand, s.on_hand + CASE WHEN s.id % 10 = 0 THEN 1 ELSE 0 END,
       'applied', s.location, t.created_at
     FROM (SELECT id, created_at, row_number() OVER (ORDER BY id) AS n FROM stock_takes
       WHERE account_id = $1) AS t
     CROSS JOIN LATERAL (SELECT k.id, l.on_hand, l.location
       FROM skus k JOIN sku_stock l ON l.account_id = k.account_id
         AND l.site_id = (SELECT id FROM sites WHERE account_id = $1 AND is_default)
         AND l.sku_id = k.id
       WHERE k.account_id = $1 AND k.id >= (SELECT min(id) FROM skus WHERE account_id = $1)
         + t.n * ${DAILY_LINES}
       ORDER BY k.id LIMIT ${DAILY_LINES}) AS s`,
    [accountId],
  );
  await raw.query("ANALYZE skus");
  await raw.query("ANALYZE sku_stock");
  await raw.query("ANALYZE sku_cycle_counts");
  await raw.query("ANALYZE stock_movements");
  await raw.query("ANALYZE stock_takes");
  await raw.query("ANALYZE stock_take_lines");
}

async function medianMs(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await time(fn));
  return median(times);
}

/** The plain way: every SKU's due time computed, sorted, cut to the limit. */
const RAW_DUE = `
  SELECT c.sku_id, s.code, s.name, l.location, c.count_class, c.last_counted_at,
    c.last_counted_at + make_interval(days => CASE c.count_class WHEN 'A' THEN a.cycle_days_a
      WHEN 'B' THEN a.cycle_days_b ELSE a.cycle_days_c END) AS due_at
  FROM sku_cycle_counts c
  JOIN skus s ON s.account_id = c.account_id AND s.id = c.sku_id AND s.active
  JOIN accounts a ON a.id = c.account_id
  JOIN sites d ON d.account_id = c.account_id AND d.id = c.site_id AND d.is_default
  LEFT JOIN sku_stock l ON l.account_id = c.account_id AND l.site_id = d.id AND l.sku_id = c.sku_id
  WHERE c.account_id = $1 AND c.count_class IS NOT NULL AND (c.last_counted_at IS NULL
    OR c.last_counted_at + make_interval(days => CASE c.count_class WHEN 'A' THEN a.cycle_days_a
      WHEN 'B' THEN a.cycle_days_b ELSE a.cycle_days_c END) <= now())
  ORDER BY due_at NULLS FIRST, c.sku_id LIMIT $2`;

/** The plain way: volumes by SKU over 90 days, cumulated, cut at 80% and 95%. */
const RAW_CLASSIFY = `
  WITH moved AS (
    SELECT s.id, COALESCE(sum(abs(m.change)), 0) AS volume FROM skus s
    LEFT JOIN stock_movements m ON m.account_id = s.account_id AND m.sku_id = s.id
      AND m.occurred_at >= now() - interval '90 days'
    WHERE s.account_id = $1 AND s.active GROUP BY s.id
  ), ranked AS (
    SELECT id, sum(volume) OVER (ORDER BY volume DESC, id) - volume AS before,
      sum(volume) OVER () AS total FROM moved
  )
  SELECT CASE WHEN before < total * 0.8 THEN 'A' WHEN before < total * 0.95 THEN 'B' ELSE 'C' END
    AS count_class, count(*) FROM ranked GROUP BY 1`;

/** The plain way: the counted lines of the window's reconciled stock takes, totalled four ways. */
const RAW_ACCURACY = `
  SELECT t.id, c.count_class, substring(l.location from '^([^-./ ]*(?:[-./ ][^-./ ]*){0,1})') AS area,
    count(*), count(*) FILTER (WHERE l.counted_qty = l.expected_qty),
    sum(abs(l.counted_qty - l.expected_qty)), sum(l.counted_qty - l.expected_qty)
  FROM stock_takes t
  JOIN stock_take_lines l ON l.account_id = t.account_id AND l.stock_take_id = t.id
  LEFT JOIN sku_cycle_counts c ON c.account_id = l.account_id AND c.site_id = t.site_id
    AND c.sku_id = l.sku_id
  WHERE t.account_id = $1 AND t.status = 'reconciled' AND t.reconciled_at >= $2
    AND l.counted_qty IS NOT NULL
  GROUP BY GROUPING SETS ((), (t.id), (c.count_class), (3))`;

/** C1's figures on `server`'s account (seeded by seedCycle), the raw statements on the same. */
export async function cycleFigures(
  server: ServerUnderTest,
  raw: pg.Client,
  accountId: number,
  runs: number,
): Promise<CycleFigures> {
  const call = apiCaller(server);
  const due: CycleFigures["due"] = [];
  for (const limit of [100, 10_000]) {
    const rows = ((await call("GET", `/stock-takes/due?limit=${limit}`)).data as unknown[]).length;
    due.push({
      limit,
      rows,
      ms: await medianMs(runs, () => call("GET", `/stock-takes/due?limit=${limit}`)),
      rawMs: await medianMs(runs, () => raw.query(RAW_DUE, [accountId, limit])),
    });
  }
  const classifyRuns = Math.max(1, Math.ceil(runs / 2));
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  const month = await call("GET", `/reports/accuracy?from=${day(30)}`);
  const accuracyMs = await medianMs(runs, () => call("GET", `/reports/accuracy?from=${day(30)}`));
  const rawAccuracyMs = await medianMs(runs, () =>
    raw.query(RAW_ACCURACY, [accountId, new Date(Date.now() - 30 * 86_400_000)]),
  );
  const yearStart = performance.now();
  for (let m = 12; m >= 1; m--) {
    await call("GET", `/reports/accuracy?from=${day(m * 30 + 6)}&to=${day((m - 1) * 30 + 6)}`);
  }
  const accuracyYearMs = performance.now() - yearStart;
  return {
    accuracyMs,
    rawAccuracyMs,
    accuracyYearMs,
    accuracyLines: (month.overall as { lines_counted: number }).lines_counted,
    due,
    classifyMs: await medianMs(classifyRuns, () =>
      call("POST", "/skus/classify", { dry_run: true }),
    ),
    rawClassifyMs: await medianMs(classifyRuns, () => raw.query(RAW_CLASSIFY, [accountId])),
  };
}
