// Scenario P5: a 100,000-SKU stock take through the running service over HTTP, each step beside
// raw SQL doing the same writes: start, 100,000 counts in 10 requests, safe accept, reconcile.
import type pg from "pg";
import { budget } from "./budget.js";
import { lockLevels, writeLevels } from "./raw-levels.js";
import { time } from "./measure.js";

/** SKUs in P5's stock take (`--quick`: a tenth). */
export const P5_SKUS = 100_000;
const REQUESTS = 10;

/** The four steps of a stock take of `skus` SKUs, in order, with the budget of each (bench/budget.json). */
export const p5Steps = (skus: number) =>
  [
    { step: "start", bound: budget.P5.startMs },
    { step: `${skus} counts in ${REQUESTS} requests`, bound: budget.P5.countsMs },
    { step: "safe accept", bound: undefined },
    { step: "reconcile", bound: budget.P5.reconcileMs },
  ] as const;

/** The service as users run it: `countpoint serve` in a process of its own, talked to over HTTP. */
export interface ServerUnderTest {
  baseUrl: string;
  token: string;
  accountId: number;
  /** The server process's peak resident set size so far (VmHWM), in bytes. */
  peakRss: () => Promise<number>;
  /** The server process's resident set size now (VmRSS), in bytes. */
  rss: () => Promise<number>;
  /** CPU seconds the server process has used so far, user and system, all threads. */
  cpuSeconds: () => Promise<number>;
}

export interface ServiceRun {
  /** Milliseconds per step, in the order of p5Steps. */
  ms: number[];
  /** The server's peak RSS once each step is done, in bytes: where memory grows. */
  peakAfter: number[];
  /** RSS of the started, idle server before the stock take. */
  idleRss: number;
}

type Seed = (accountId: number, count: number) => Promise<number[]>;

// One count in ten is 3 off (needs review), two are 1 off (safe: accepted and applied as
// movements), the rest match.
const countOf = (i: number) => [8, 6, 4][i % 10] ?? 5;
const batches = <T>(xs: T[]) =>
  Array.from({ length: REQUESTS }, (_, r) =>
    xs.slice((r * xs.length) / REQUESTS, ((r + 1) * xs.length) / REQUESTS),
  );

/**
 * The four steps through the service, on its account of `size` new SKUs, the stock take started
 * with `startBody` (auto_accept, say).
 */
export async function serviceStockTake(
  server: ServerUnderTest,
  seed: Seed,
  size: number,
  startBody: Record<string, unknown> = {},
): Promise<ServiceRun> {
  const skus = await seed(server.accountId, size);
  const idleRss = await server.rss();
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.baseUrl}/api/v1/stock-takes${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { id: number };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  let takeId = 0;
  const steps = [
    async () => {
      takeId = (await post("/start", startBody)).id;
    },
    async () => {
      for (const [r, batch] of batches(skus).entries()) {
        const offset = (r * size) / REQUESTS;
        await post(`/${takeId}/input`, {
          counts: batch.map((id, i) => ({ type: "sku", id, counted_qty: countOf(offset + i) })),
        });
      }
    },
    () => post(`/${takeId}/accept-lines`, {}),
    () => post(`/${takeId}/reconcile`, {}),
  ];
  const run: ServiceRun = { ms: [], peakAfter: [], idleRss };
  for (const step of steps) {
    run.ms.push(await time(step));
    run.peakAfter.push(await server.peakRss());
  }
  return run;
}

/** The same writes in hand-written SQL, on rawAccount's `size` new SKUs; ms per step. */
export async function rawStockTake(raw: pg.Client, rawAccount: number, seed: Seed, size: number) {
  const skus = await seed(rawAccount, size);
  const tx = async (fn: () => Promise<unknown>) =>
    time(async () => {
      await raw.query("BEGIN");
      await fn();
      await raw.query("COMMIT");
    });
  let take = 0;
  const start = await tx(async () => {
    const created = await raw.query<{ id: number }>(
      `INSERT INTO stock_takes (account_id, scope, actor_name, site_id)
       VALUES ($1, '{"all": true}', 'bench', (SELECT id FROM sites WHERE account_id = $1 AND is_default)) RETURNING id`,
      [rawAccount],
    );
    take = created.rows[0]!.id;
    // Each SKU locked, expected at its on hand at the stock take's site (the default).
    await raw.query(
      `INSERT INTO stock_take_lines (account_id, stock_take_id, entity_type, sku_id, expected_qty)
       SELECT account_id, $2, 'sku', id, on_hand FROM (
         SELECT k.account_id, k.id, COALESCE((SELECT l.on_hand FROM sku_stock l
             WHERE l.account_id = k.account_id
               AND l.site_id = (SELECT id FROM sites WHERE account_id = $1 AND is_default)
               AND l.sku_id = k.id), 0) AS on_hand
         FROM skus k WHERE k.account_id = $1 AND k.active ORDER BY k.id FOR SHARE) s`,
      [rawAccount, take],
    );
  });
  const counts = await time(async () => {
    for (const [r, batch] of batches(skus).entries()) {
      const offset = (r * size) / REQUESTS;
      const qtys = batch.map((_, i) => String(countOf(offset + i)));
      await raw.query("BEGIN");
      const lines = await raw.query<{ id: number }>(
        `UPDATE stock_take_lines l SET counted_qty = v.q, counted_at = now(), counted_by = 'bench',
           state = 'counted' FROM unnest($3::int[], $4::numeric[]) v(sku_id, q)
         WHERE l.account_id = $1 AND l.stock_take_id = $2 AND l.sku_id = v.sku_id RETURNING l.id`,
        [rawAccount, take, batch, qtys],
      );
      await raw.query(
        `INSERT INTO stock_take_counts (account_id, stock_take_id, line_id, entity_type, sku_id,
           mode, quantity, counted_qty, counter, counted_at)
         SELECT $1, $2, l.id, 'sku', l.sku_id, 'set', l.counted_qty, l.counted_qty, 'bench', now()
         FROM stock_take_lines l WHERE l.account_id = $1 AND l.id = ANY($3::int[])`,
        [rawAccount, take, lines.rows.map((l) => l.id)],
      );
      await raw.query("COMMIT");
    }
  });
  const accept = await tx(() =>
    raw.query(
      `UPDATE stock_take_lines SET state = 'accepted' WHERE account_id = $1 AND stock_take_id = $2
         AND state = 'counted' AND NOT moved_since_freeze
         AND abs(counted_qty - expected_qty) <= greatest(1, 0.02 * expected_qty)`,
      [rawAccount, take],
    ),
  );
  const reconcile = await tx(async () => {
    const lines = await raw.query<{ id: number; sku_id: number; diff: string }>(
      `SELECT id, sku_id, (counted_qty - expected_qty)::text AS diff FROM stock_take_lines
       WHERE account_id = $1 AND stock_take_id = $2 AND state = 'accepted'
         AND counted_qty <> expected_qty`,
      [rawAccount, take],
    );
    const changed = lines.rows;
    const ids = changed.map((l) => l.sku_id);
    const onHand = await lockLevels(raw, rawAccount, ids);
    const after = changed.map((l) =>
      String(Math.max(0, Number(onHand.get(l.sku_id) ?? 0) + Number(l.diff))),
    );
    await writeLevels(raw, rawAccount, ids, after);
    await raw.query(
      `INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
         quantity_after, change, reason, source, stock_take_id, actor_name, site_id)
       SELECT $1, clock_timestamp(), 'sku', v.id, v.b, v.a, v.a - v.b, 'stock_take', 'stock_take', $5, 'bench',
       (SELECT id FROM sites WHERE account_id = $1 AND is_default)
       FROM unnest($2::int[], $3::numeric[], $4::numeric[]) v(id, b, a)`,
      [
        rawAccount,
        changed.map((l) => l.sku_id),
        changed.map((l) => String(onHand.get(l.sku_id))),
        after,
        take,
      ],
    );
    await raw.query(
      `UPDATE stock_take_lines SET state = 'applied' WHERE account_id = $1 AND stock_take_id = $2 AND state = 'accepted'`,
      [rawAccount, take],
    );
    await raw.query(
      "UPDATE stock_takes SET status = 'reconciled', reconciled_at = now() WHERE account_id = $1 AND id = $2",
      [rawAccount, take],
    );
  });
  return [start, counts, accept, reconcile];
}
