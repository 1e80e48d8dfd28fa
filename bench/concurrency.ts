// Scenarios P2 and P3: single adjustments from 32 concurrent clients of one account, over HTTP
// with the load generated in a process of its own (bench/load.ts), beside raw SQL doing the same
// work per change (BEGIN; SELECT … FOR UPDATE of the SKU and its level at the default site;
// UPDATE the level; UPDATE the SKU's updated_at; INSERT movement; COMMIT) from a pool of 10
// connections. P2 spreads the changes over 1,000 SKUs, P3 sends them all to one.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { performance } from "node:perf_hooks";
import pg from "pg";
import type { LoadResult, LoadSpec } from "./load.js";

const LOAD = fileURLToPath(new URL("./load.js", import.meta.url));
export const CLIENTS = 32;
const RAW_POOL = 10;

/** Runs the load generator in its own process and returns what it measured. */
export async function serviceLoad(spec: LoadSpec): Promise<LoadResult> {
  const { stdout } = await promisify(execFile)(process.execPath, [LOAD, JSON.stringify(spec)], {
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(stdout) as LoadResult;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/**
 * The same changes in hand-written SQL: CLIENTS loops sharing a pool of RAW_POOL connections,
 * each change one transaction with the SKU's row and its level at the default site (or `siteId`)
 * locked, for `seconds`. Every SKU has its level there (the bench's seed writes them).
 */
export async function rawLoad(
  url: string,
  accountId: number,
  skuIds: number[],
  seconds: number,
  siteId?: number,
): Promise<LoadResult> {
  const site =
    siteId === undefined
      ? "(SELECT id FROM sites WHERE account_id = $1 AND is_default)"
      : "$3::int";
  const pool = new pg.Pool({ connectionString: url, max: RAW_POOL });
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const id = skuIds[Math.floor(Math.random() * skuIds.length)]!;
      const qty = String(Math.floor(Math.random() * 1000));
      const start = performance.now();
      const conn = await pool.connect();
      try {
        await conn.query("BEGIN");
        // Both rows locked in the statement, so the level it reads is the last writer's.
        const { rows } = await conn.query<{ site_id: number; on_hand: string }>(
          `SELECT l.site_id, l.on_hand::text FROM skus s
           JOIN sku_stock l ON l.account_id = s.account_id
             AND l.site_id = ${site}
             AND l.sku_id = s.id
           WHERE s.account_id = $1 AND s.id = $2 FOR UPDATE OF s, l`,
          siteId === undefined ? [accountId, id] : [accountId, id, siteId],
        );
        const [level] = rows;
        if (!level) throw new Error(`SKU ${id} has no level at its site`);
        await conn.query(
          "UPDATE sku_stock SET on_hand = $4 WHERE account_id = $1 AND site_id = $2 AND sku_id = $3",
          [accountId, level.site_id, id, qty],
        );
        await conn.query("UPDATE skus SET updated_at = now() WHERE account_id = $1 AND id = $2", [
          accountId,
          id,
        ]);
        await conn.query(
          `INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id,
             quantity_before, quantity_after, change, reason, source, actor_name, site_id)
           VALUES ($1, clock_timestamp(), 'sku', $2, $3, $4, $4::numeric - $3::numeric,
             'correction', 'adjustment', 'bench', $5)`,
          [accountId, id, level.on_hand, qty, level.site_id],
        );
        await conn.query("COMMIT");
        latencies.push(performance.now() - start);
      } catch {
        failures++;
        await conn.query("ROLLBACK").catch(() => {});
      } finally {
        conn.release();
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  await pool.end();
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    failures,
  };
}
