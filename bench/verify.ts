// Scenario `verify`: the ledger verifier over one account holding millions of movements. The
// ledger is written as the service writes it (chained movements, adjustments with their lines,
// each SKU's level at the default site at its last movement) with set-based SQL, then a real
// stock take through the service adds reconciled lines and their movements; verifyLedger must
// find it sound.
import { performance } from "node:perf_hooks";
import type pg from "pg";
import type { ServiceContext } from "../src/context.js";
import { verifyLedger } from "../src/modules/verify/verify.service.js";
import {
  acceptStockTakeLines,
  reconcileStockTake,
  startStockTake,
  submitCounts,
} from "../src/modules/stock-take/stock-take.service.js";

/** Lines per adjustment written (a bulk request of this many lines). */
const ADJUSTMENT_LINES = 1000;
/** Counts per request of the stock take. */
const COUNTS_PER_REQUEST = 10_000;

export interface VerifyFigures {
  movements: number;
  skus: number;
  /** The verifier over the account, milliseconds, each run. */
  runsMs: number[];
  problems: number;
}

/**
 * Writes `movements` movements over `skus` SKUs of the context's account (each SKU's chain
 * climbing by 1 from 0), in adjustments of ADJUSTMENT_LINES lines, then counts every SKU in a
 * stock take (one in ten a unit short, accepted and reconciled), then times the verifier.
 */
export async function verifyFigures(
  raw: pg.Client,
  ctx: ServiceContext,
  { movements, skus, runs }: { movements: number; skus: number; runs: number },
): Promise<VerifyFigures> {
  const account = ctx.principal.accountId;
  const adjustments = Math.ceil(movements / ADJUSTMENT_LINES);
  await raw.query(
    `INSERT INTO skus (account_id, code, name) SELECT $1, 'V-' || g, 'Verify ' || g
     FROM generate_series(1, $2) g`,
    [account, skus],
  );
  await raw.query(
    `INSERT INTO stock_adjustments (account_id, reason, actor_name, site_id)
     SELECT $1, 'correction', 'bench', (SELECT id FROM sites WHERE account_id = $1 AND is_default)
     FROM generate_series(1, $2)`,
    [account, adjustments],
  );
  // Movement g is of SKU g mod skus, its (g / skus)-th: from that many to one more.
  await raw.query(
    `WITH s AS (SELECT array_agg(id ORDER BY id) AS ids FROM skus WHERE account_id = $1),
       a AS (SELECT array_agg(id ORDER BY id) AS ids FROM stock_adjustments WHERE account_id = $1)
     INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
       quantity_after, change, reason, source, adjustment_id, actor_name, site_id)
     SELECT $1, timestamp '2026-01-01' + g * interval '100 ms', 'sku', s.ids[1 + (g - 1) % $3],
       (g - 1) / $3, (g - 1) / $3 + 1, 1, 'correction', 'adjustment',
       a.ids[1 + (g - 1) / $4], 'bench',
       (SELECT id FROM sites WHERE account_id = $1 AND is_default)
     FROM generate_series(1, $2) g, s, a ORDER BY g`,
    [account, movements, skus, ADJUSTMENT_LINES],
  );
  await raw.query(
    `INSERT INTO stock_adjustment_lines (account_id, adjustment_id, line_no, entity_type, sku_id,
       previous_qty, new_qty, change, status, movement_id)
     SELECT account_id, adjustment_id,
       (row_number() OVER (PARTITION BY adjustment_id ORDER BY id))::int - 1, 'sku', sku_id,
       quantity_before, quantity_after, change, 'changed', id
     FROM stock_movements WHERE account_id = $1`,
    [account],
  );
  // Each SKU's level at the default site, where its movements are: its last quantity_after.
  await raw.query(
    `INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
     SELECT $1, (SELECT id FROM sites WHERE account_id = $1 AND is_default), sku_id,
       max(quantity_after)
     FROM stock_movements WHERE account_id = $1 GROUP BY sku_id ORDER BY sku_id
     ON CONFLICT (account_id, site_id, sku_id) DO UPDATE SET on_hand = EXCLUDED.on_hand`,
    [account],
  );
  // As autovacuum would leave them: hint bits set and statistics taken.
  await raw.query("VACUUM ANALYZE stock_movements, stock_adjustment_lines, skus, sku_stock");
  await stockTake(ctx, raw);

  const runsMs: number[] = [];
  let problems = 0;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const report = await verifyLedger(ctx.db, { accountId: account });
    runsMs.push(performance.now() - start);
    problems = report.problem_count;
  }
  return { movements, skus, runsMs, problems };
}

/** Every SKU counted, one in ten a unit short (safe: accepted), and reconciled. */
async function stockTake(ctx: ServiceContext, raw: pg.Client): Promise<void> {
  const { rows } = await raw.query<{ id: number; on_hand: string }>(
    `SELECT s.id, COALESCE(l.on_hand, 0)::text AS on_hand FROM skus AS s
     LEFT JOIN sku_stock AS l ON l.account_id = s.account_id AND l.sku_id = s.id
       AND l.site_id = (SELECT id FROM sites WHERE account_id = s.account_id AND is_default)
     WHERE s.account_id = $1 ORDER BY s.id`,
    [ctx.principal.accountId],
  );
  const take = (await startStockTake(ctx, {})).value;
  for (let i = 0; i < rows.length; i += COUNTS_PER_REQUEST) {
    const counts = rows.slice(i, i + COUNTS_PER_REQUEST).map((r, j) => ({
      type: "sku",
      id: r.id,
      countedQty: (i + j) % 10 === 0 ? Number(r.on_hand) - 1 : Number(r.on_hand),
    }));
    await submitCounts(ctx, take.id, { counts });
  }
  await acceptStockTakeLines(ctx, take.id, { safe: true });
  await reconcileStockTake(ctx, take.id, {});
}
