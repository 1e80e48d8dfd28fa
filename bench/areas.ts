// Scenario L1: counting by area. A catalog of SKUs spread over aisles; a stock take started over
// HTTP on five aisle prefixes (the issue's "100,000 SKUs scoped by five location prefixes freezes
// in at most 1 s"), and its summary by area read back, each beside raw SQL doing the same.
import { performance } from "node:perf_hooks";
import type pg from "pg";
import { withoutTriggers } from "./seeding.js";
import { apiCaller } from "./api-call.js";
import type { ServerUnderTest } from "./stock-take.js";

/** Aisles counted (A1- … A5-), and how many SKUs stand in another aisle besides. */
export const L1_PREFIXES = ["A1-", "A2-", "A3-", "A4-", "A5-"];

export interface AreaFigures {
  lines: number;
  /** Milliseconds: the start over HTTP, then raw SQL's lock and insert of the same lines. */
  startMs: number;
  rawStartMs: number;
  /** Milliseconds: GET /stock-takes/{id} (summary by area), then raw SQL's same aggregate. */
  summaryMs: number;
  rawSummaryMs: number;
  areas: number;
}

/**
 * Seeds `inAisles` SKUs over the five aisles (bays of 100, 10 positions each) and a fifth as
 * many elsewhere, in the account of `accountId`, 5 on hand each at its default site.
 */
export async function seedAisles(raw: pg.Client, accountId: number, inAisles: number) {
  await withoutTriggers(raw, () =>
    raw.query(
      `WITH s AS (
       INSERT INTO skus (account_id, code, name)
       SELECT $1, 'L-' || g, 'Area ' || g
       FROM generate_series(1, $2 + $2 / 5) g
       RETURNING account_id, id, code
     )
     INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand, location)
     SELECT s.account_id, d.id, s.id, 5, CASE WHEN g <= $2 THEN 'A' || (1 + g % 5)
         ELSE 'B' || (1 + g % 5) END
       || '-' || lpad(((g / 5) % 100)::text, 2, '0') || '-' || lpad((g % 10)::text, 2, '0')
     FROM s CROSS JOIN LATERAL (SELECT split_part(s.code, '-', 2)::int AS g) AS n
     JOIN sites AS d ON d.account_id = s.account_id AND d.is_default`,
      [accountId, inAisles],
    ),
  );
  await raw.query("ANALYZE skus, sku_stock");
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

/** The service's start and summary on `server`'s account, and raw SQL's on `rawAccount`. */
export async function areaFigures(
  server: ServerUnderTest,
  raw: pg.Client,
  rawAccount: number,
): Promise<AreaFigures> {
  const call = apiCaller(server);
  const [started, startMs] = await timed(() =>
    call("POST", "/stock-takes/start", { scope: { locations: L1_PREFIXES } }),
  );
  const id = started.id as number;
  const [take, summaryMs] = await timed(() => call("GET", `/stock-takes/${id}`));
  const summary = take.summary as { lines: number; locations: unknown[] };

  // Raw SQL: the same lines, locked and inserted in walking order, then the same aggregate.
  const ranges = L1_PREFIXES.map(
    (_, i) =>
      `(lower(location) COLLATE "C" >= lower($${i + 2}::text) COLLATE "C" AND lower(location) COLLATE "C" < (lower($${i + 2}::text) || U&'\\+10FFFF') COLLATE "C")`,
  ).join(" OR ");
  const [, rawStartMs] = await timed(async () => {
    await raw.query("BEGIN");
    const created = await raw.query<{ id: number }>(
      `INSERT INTO stock_takes (account_id, scope, actor_name, site_id)
       VALUES ($1, '{}', 'bench', (SELECT id FROM sites WHERE account_id = $1 AND is_default)) RETURNING id`,
      [rawAccount],
    );
    await raw.query(
      `INSERT INTO stock_take_lines (account_id, stock_take_id, entity_type, sku_id, expected_qty, location)
       SELECT $1, ${created.rows[0]!.id}, 'sku', id, on_hand, location FROM (
         SELECT k.id, l.on_hand, l.location, k.code
         FROM sku_stock l JOIN skus k ON k.account_id = l.account_id AND k.id = l.sku_id
         WHERE l.account_id = $1
           AND l.site_id = (SELECT id FROM sites WHERE account_id = $1 AND is_default)
           AND l.location IS NOT NULL AND k.active AND (${ranges})
         ORDER BY k.id FOR SHARE OF k) s
       ORDER BY lower(location) COLLATE "C", lower(code) COLLATE "C", id`,
      [rawAccount, ...L1_PREFIXES],
    );
    await raw.query("COMMIT");
  });
  const rawTake = await raw.query<{ id: number }>(
    "SELECT max(id) AS id FROM stock_takes WHERE account_id = $1",
    [rawAccount],
  );
  const [, rawSummaryMs] = await timed(() =>
    raw.query(
      `SELECT area, count(*), count(*) FILTER (WHERE counted_qty IS NOT NULL) FROM (
         SELECT lower(substring(location from '^([^-./ ]*(?:[-./ ][^-./ ]*){0,1})')) AS area,
           counted_qty
         FROM stock_take_lines WHERE account_id = $1 AND stock_take_id = $2) l
       GROUP BY GROUPING SETS ((), (area))`,
      [rawAccount, rawTake.rows[0]!.id],
    ),
  );
  return {
    lines: summary.lines,
    startMs,
    rawStartMs,
    summaryMs,
    rawSummaryMs,
    areas: summary.locations.length,
  };
}
