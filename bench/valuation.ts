// Scenario V3: the valuation as of a date. One account with a currency, `sites` sites, `skus`
// costed SKUs stocked at every site, each SKU's cost changed three times in two years, and
// `movements` movements spread evenly over those two years (each level opened, then moved by a
// few units up and down). The monthly snapshots are taken (the upkeep's work, timed), then the
// valuation of one site and of the whole account as of dates across the two years, over HTTP,
// beside raw SQL adding up every movement before the date (the plain way, without snapshots).
import type pg from "pg";
import type { PrismaClient } from "../src/db/client.js";
import { takeSnapshots } from "../src/ledger/snapshots.js";
import { withoutTriggers } from "./seeding.js";
import { apiCaller } from "./api-call.js";
import { median, time } from "./measure.js";
import type { ServerUnderTest } from "./stock-take.js";

/** The scale (`--quick`: a tenth of the sites and SKUs, a hundredth of the movements). */
export const V3_SITES = 500;
export const V3_SKUS = 2_000;
export const V3_MOVEMENTS = 20_000_000;

/** Two years of history, ending an hour ago. */
const SPAN_MS = 730 * 86_400_000;
const BATCH = 1_000_000;

export interface ValuationFigures {
  levels: number;
  movements: number;
  snapshots: number;
  /** Milliseconds to take every monthly snapshot of the two years (the upkeep, once). */
  snapshotMs: number;
  /** Milliseconds, medians over the dates: one site, then the account, over HTTP and raw SQL. */
  siteMs: number;
  rawSiteMs: number;
  accountMs: number;
  rawAccountMs: number;
}

/**
 * Seeds the account (set-based, in batches): the partitions of the two years' months, the sites,
 * the SKUs with their cost history, the movements (a level's k-th movement is the k-th in time),
 * the levels they add up to, and the account's creation a day before the first.
 */
export async function seedValuation(
  raw: pg.Client,
  accountId: number,
  shape: { sites: number; skus: number; movements: number },
): Promise<void> {
  const start = new Date(Date.now() - 3_600_000 - SPAN_MS);
  await raw.query(
    `SELECT countpoint_create_partition('stock_movements', m::date)
     FROM generate_series(date_trunc('month', $1::timestamptz AT TIME ZONE 'UTC'),
       date_trunc('month', now() AT TIME ZONE 'UTC'), interval '1 month') AS m`,
    [start],
  );
  await raw.query(
    `UPDATE accounts SET currency = 'EUR', currency_minor_units = 2,
       created_at = $2::timestamptz - interval '1 day' WHERE id = $1`,
    [accountId, start],
  );
  await withoutTriggers(raw, async () => {
    await raw.query(
      `INSERT INTO sites (account_id, code, name)
       SELECT $1, 'S' || lpad(g::text, 3, '0'), 'Site ' || g FROM generate_series(1, $2::int - 1) g`,
      [accountId, shape.sites],
    );
    // Costs 1.00 to 100.99, raised 5 % every six months: c_j = base × (1 + 0.05 j), j = 0..3.
    await raw.query(
      `WITH s AS (
         INSERT INTO skus (account_id, code, name, unit_cost)
         SELECT $1, 'VAL-' || g, 'Valued ' || g, round((1 + (g * 7919 % 10000) / 100.0) * 1.15, 4)
         FROM generate_series(1, $2::int) g ORDER BY g
         RETURNING id, code
       )
       INSERT INTO item_cost_changes (account_id, entity_type, sku_id, cost_before, cost_after,
         changed_at, actor_name)
       SELECT $1, 'sku', s.id,
         CASE WHEN j = 0 THEN NULL ELSE round(b.base * (1 + 0.05 * (j - 1)), 4) END,
         round(b.base * (1 + 0.05 * j), 4),
         $3::timestamptz + j * interval '6 months' + (b.g % 100) * interval '1 hour', 'bench'
       FROM s CROSS JOIN LATERAL (SELECT split_part(s.code, '-', 2)::int AS g) AS n
       CROSS JOIN LATERAL (SELECT n.g, 1 + (n.g * 7919 % 10000) / 100.0 AS base) AS b
       CROSS JOIN generate_series(0, 3) AS j`,
      [accountId, shape.skus, start],
    );
    const { rows } = await raw.query<{ first: number; sites: number[] }>(
      `SELECT (SELECT min(id) FROM skus WHERE account_id = $1) AS first,
         (SELECT array_agg(id ORDER BY id) FROM sites WHERE account_id = $1) AS sites`,
      [accountId],
    );
    const { first, sites } = rows[0]!;
    const levels = shape.sites * shape.skus;
    const step = SPAN_MS / shape.movements;
    // Movement g moves level L = g % levels (site L / skus, SKU L % skus) for the k-th time,
    // k = g / levels: first 1000 in, then odd k take 1 to 3 out, even k put 1 back.
    for (let from = 0; from < shape.movements; from += BATCH) {
      const to = Math.min(from + BATCH, shape.movements);
      await raw.query(
        `INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id,
           quantity_before, quantity_after, change, reason, source, actor_name, site_id)
         SELECT $1, $2::timestamptz + (g * $3::float8) * interval '1 millisecond', 'sku',
           $4::int + v.l % $5::int,
           q.before, q.before + q.change, q.change,
           CASE WHEN v.k = 0 THEN 'opening_balance' ELSE 'correction' END::stock_reason,
           CASE WHEN v.k = 0 THEN 'opening_balance' ELSE 'adjustment' END::movement_source,
           'bench', ($6::int[])[1 + v.l / $5::int]
         FROM generate_series($7::bigint, $8::bigint - 1) AS g
         CROSS JOIN LATERAL (SELECT (g % $9::bigint)::int AS l, (g / $9::bigint)::int AS k) AS v
         CROSS JOIN LATERAL (SELECT
           CASE WHEN v.k = 0 THEN 0 ELSE 1000 - (v.k / 2) * (1 + v.l % 3) + (v.k - 1) / 2 END
             AS before,
           CASE WHEN v.k = 0 THEN 1000 WHEN v.k % 2 = 1 THEN -(1 + v.l % 3) ELSE 1 END AS change
         ) AS q`,
        [accountId, start, step, first, shape.skus, sites, from, to, levels],
      );
    }
    await raw.query(
      `INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
       SELECT $1, site_id, sku_id, sum(change) FROM stock_movements WHERE account_id = $1
       GROUP BY site_id, sku_id`,
      [accountId],
    );
  });
  await raw.query("ANALYZE sites, skus, sku_stock, item_cost_changes, stock_movements");
}

/** The dates valued: the middle of a month (the farthest from a snapshot), across two years. */
function datesOf(runs: number): string[] {
  const now = Date.now();
  return Array.from({ length: runs }, (_, i) => {
    const d = new Date(now - ((i + 1) * SPAN_MS) / (runs + 1));
    return `${d.toISOString().slice(0, 8)}15`;
  });
}

/**
 * The upkeep's work on the seeded account: every monthly snapshot of its two years (before a
 * server starts, whose own upkeep would take them at its start); how many, in how long.
 */
export async function snapshotsTaken(
  db: PrismaClient,
  raw: pg.Client,
  accountId: number,
): Promise<{ snapshots: number; snapshotMs: number }> {
  let snapshots = 0;
  const snapshotMs = await time(async () => {
    snapshots = await takeSnapshots(db, { accountIds: [accountId] });
  });
  await raw.query("ANALYZE stock_snapshots, stock_snapshot_runs");
  return { snapshots, snapshotMs };
}

/** The service's figures on `server`'s account, and raw SQL's on the same data. */
export async function valuationFigures(
  server: ServerUnderTest,
  raw: pg.Client,
  runs: number,
): Promise<Omit<ValuationFigures, "snapshots" | "snapshotMs">> {
  const accountId = server.accountId;
  const call = apiCaller(server);
  const { rows } = await raw.query<{ site: number; levels: number; movements: string }>(
    `SELECT (SELECT id FROM sites WHERE account_id = $1 ORDER BY id
         OFFSET (SELECT count(*) / 2 FROM sites WHERE account_id = $1) LIMIT 1) AS site,
       (SELECT count(*)::int FROM sku_stock WHERE account_id = $1) AS levels,
       (SELECT count(*) FROM stock_movements WHERE account_id = $1) AS movements`,
    [accountId],
  );
  const { site, levels, movements } = rows[0]!;
  const dates = datesOf(runs);
  // Warm-up: one of each, not timed.
  await call("GET", `/reports/valuation?as_of=${dates[0]}&site_id=${site}`);
  await call("GET", `/reports/valuation?as_of=${dates[0]}`);
  const timed = async (fn: (date: string) => Promise<unknown>) => {
    const times: number[] = [];
    for (const date of dates) times.push(await time(() => fn(date)));
    return median(times);
  };
  // The plain way: every movement before the date added up per level, times the cost then.
  const plain = (oneSite: boolean) => (date: string) =>
    raw.query(
      `WITH held AS (
         SELECT site_id, sku_id, sum(change) AS qty FROM stock_movements
         WHERE account_id = $1 AND occurred_at < $2::date + 1 ${oneSite ? "AND site_id = $3" : ""}
         GROUP BY site_id, sku_id HAVING sum(change) <> 0),
       cost AS (
         SELECT DISTINCT ON (sku_id) sku_id, cost_after FROM item_cost_changes
         WHERE account_id = $1 AND changed_at < $2::date + 1 ORDER BY sku_id, changed_at DESC, id DESC)
       SELECT h.site_id, count(*), sum(h.qty), sum(round(h.qty * c.cost_after, 2))
       FROM held h LEFT JOIN cost c USING (sku_id) GROUP BY ROLLUP (h.site_id)`,
      oneSite ? [accountId, date, site] : [accountId, date],
    );
  return {
    levels,
    movements: Number(movements),
    siteMs: await timed((date) => call("GET", `/reports/valuation?as_of=${date}&site_id=${site}`)),
    rawSiteMs: await timed(plain(true)),
    accountMs: await timed((date) => call("GET", `/reports/valuation?as_of=${date}`)),
    rawAccountMs: await timed(plain(false)),
  };
}
