// Scenario V2: money. One account with a currency and `skus` SKUs with unit costs, a whole-catalog
// stock take with every line counted (a fifth of them off by a few units), and `movements`
// movements over the last 31 days (differences and receipts). The valued review (the summary
// with values by area, then the first page of lines by value) and the variance report over 31
// days, over HTTP, each beside raw SQL computing the same figures the plain way.
import type pg from "pg";
import { withoutTriggers } from "./seeding.js";
import { apiCaller } from "./api-call.js";
import { median, time } from "./measure.js";
import type { ServerUnderTest } from "./stock-take.js";

/** SKUs and movements of V2 (`--quick`: a tenth). */
export const V2_SKUS = 100_000;
export const V2_MOVEMENTS = 300_000;

export interface ValueFigures {
  lines: number;
  movements: number;
  /** Milliseconds, medians: GET /stock-takes/{id} (summary with values by area), and raw SQL's. */
  summaryMs: number;
  rawSummaryMs: number;
  /** Milliseconds, medians: GET …/lines?order=value&limit=100, and raw SQL's. */
  firstPageMs: number;
  rawFirstPageMs: number;
  /** Milliseconds, medians: GET /reports/variance over 31 days, and raw SQL's same groupings. */
  varianceMs: number;
  rawVarianceMs: number;
}

/**
 * Seeds the account (set-based): its currency, `skus` SKUs costed 0.01 to 99.99 with 20 on hand at
 * the default site in aisles, and `movements` movements spread over the last 31 days, valued.
 */
export async function seedValued(
  raw: pg.Client,
  accountId: number,
  skus: number,
  movements: number,
): Promise<void> {
  await raw.query("UPDATE accounts SET currency = 'EUR', currency_minor_units = 2 WHERE id = $1", [
    accountId,
  ]);
  await withoutTriggers(raw, async () => {
    await raw.query(
      `WITH s AS (
         INSERT INTO skus (account_id, code, name, unit_cost)
         SELECT $1, 'V-' || g, 'Valued ' || g, 0.01 + (g * 7919 % 9999) / 100.0
         FROM generate_series(1, $2::int) g
         RETURNING account_id, id, code
       )
       INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand, location)
       SELECT s.account_id, d.id, s.id, 20,
         'A' || (g % 20) || '-' || lpad((g / 20 % 100)::text, 2, '0') || '-' || (g % 10)
       FROM s CROSS JOIN LATERAL (SELECT split_part(s.code, '-', 2)::int AS g) AS n
       JOIN sites AS d ON d.account_id = s.account_id AND d.is_default`,
      [accountId, skus],
    );
    // Differences and receipts, a unit each, over 31 days; valued at the SKU's cost.
    await raw.query(
      `INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
         quantity_after, change, reason, source, actor_name, site_id, unit_cost, value_change)
       SELECT $1, now() - (g % 31) * interval '1 day' - (g % 1440) * interval '1 minute', 'sku',
         k.id, 20, 20 + c.change, c.change,
         (ARRAY['damaged', 'lost', 'found', 'theft', 'correction', 'received'])[1 + g % 6]::stock_reason,
         'adjustment', 'bench', (SELECT id FROM sites WHERE account_id = $1 AND is_default),
         k.unit_cost, c.change * k.unit_cost
       FROM generate_series(1, $2::int) g
       CROSS JOIN LATERAL (SELECT CASE WHEN g % 6 IN (2, 5) THEN 1 ELSE -1 END AS change) AS c
       JOIN skus k ON k.account_id = $1 AND k.code = 'V-' || (1 + g % $3::int)`,
      [accountId, movements, skus],
    );
  });
  await raw.query("ANALYZE skus, sku_stock, stock_movements");
}

/** The service's figures on `server`'s account, and raw SQL's on the same data. */
export async function valueFigures(
  server: ServerUnderTest,
  raw: pg.Client,
  runs: number,
): Promise<ValueFigures> {
  const call = apiCaller(server);
  const accountId = server.accountId;
  const id = (await call("POST", "/stock-takes/start", {})).id as number;
  // Every line counted, a fifth of them off by one to three units (seeded, not timed).
  await raw.query(
    `UPDATE stock_take_lines SET counted_qty = expected_qty + CASE WHEN id % 5 = 0 THEN id % 7 - 3
       ELSE 0 END, counted_at = now(), counted_by = 'bench', state = 'counted'
     WHERE account_id = $1 AND stock_take_id = $2`,
    [accountId, id],
  );
  await raw.query("ANALYZE stock_take_lines");
  const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const measure = async (fn: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await time(fn));
    return median(times.slice(1));
  };
  const summary = (await call("GET", `/stock-takes/${id}`)).summary as { lines: number };
  const variance = (await call("GET", `/reports/variance?from=${from}`)).overall as {
    movements: number;
  };
  return {
    lines: summary.lines,
    movements: variance.movements,
    summaryMs: await measure(() => call("GET", `/stock-takes/${id}`)),
    rawSummaryMs: await measure(() =>
      raw.query(
        `SELECT area, count(*), sum(v) FILTER (WHERE v > 0), sum(v) FILTER (WHERE v < 0), sum(v),
           sum(abs(v)) FROM (
           SELECT lower(substring(location from '^([^-./ ]*(?:[-./ ][^-./ ]*){0,1})')) AS area,
             round((counted_qty - expected_qty) * unit_cost, 2) AS v
           FROM stock_take_lines WHERE account_id = $1 AND stock_take_id = $2) l
         GROUP BY GROUPING SETS ((), (area))`,
        [accountId, id],
      ),
    ),
    firstPageMs: await measure(() => call("GET", `/stock-takes/${id}/lines?order=value&limit=100`)),
    rawFirstPageMs: await measure(() =>
      raw.query(
        `SELECT l.*, k.code, k.name FROM stock_take_lines l
         JOIN skus k ON k.account_id = l.account_id AND k.id = l.sku_id
         WHERE l.account_id = $1 AND l.stock_take_id = $2 AND l.unit_cost IS NOT NULL
         ORDER BY abs(round((l.counted_qty - l.expected_qty) * l.unit_cost, 2)) DESC, l.id
         LIMIT 101`,
        [accountId, id],
      ),
    ),
    varianceMs: await measure(() => call("GET", `/reports/variance?from=${from}`)),
    // The same groupings the plain way: a statement each, the class and area joined per movement.
    rawVarianceMs: await measure(async () => {
      const window = `FROM stock_movements m WHERE m.account_id = $1 AND m.occurred_at >= $2::date
        AND m.reason <> 'received'`;
      const sums = "count(*), sum(m.change), sum(m.value_change)";
      const levels = `LEFT JOIN sku_stock l ON l.account_id = m.account_id
        AND l.site_id = m.site_id AND l.sku_id = m.sku_id
        LEFT JOIN sku_cycle_counts c ON c.account_id = m.account_id AND c.site_id = m.site_id
        AND c.sku_id = m.sku_id`;
      for (const statement of [
        `SELECT m.reason, ${sums} ${window} GROUP BY ROLLUP (m.reason)`,
        `SELECT m.site_id, ${sums} ${window} GROUP BY m.site_id`,
        `SELECT c.count_class, ${sums} FROM stock_movements m ${levels}
           WHERE m.account_id = $1 AND m.occurred_at >= $2::date AND m.reason <> 'received'
           GROUP BY c.count_class`,
        `SELECT lower(substring(l.location from '^([^-./ ]*(?:[-./ ][^-./ ]*){0,1})')), ${sums}
           FROM stock_movements m ${levels}
           WHERE m.account_id = $1 AND m.occurred_at >= $2::date AND m.reason <> 'received'
           GROUP BY 1`,
        `SELECT m.sku_id, ${sums} ${window} GROUP BY m.sku_id ORDER BY sum(m.value_change) LIMIT 10`,
      ]) {
        await raw.query(statement, [accountId, from]);
      }
    }),
  };
}
