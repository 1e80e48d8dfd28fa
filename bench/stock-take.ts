// Scenario P5: a 100,000-SKU stock take through the running service over HTTP, each step beside
// raw SQL doing the same writes: start, 100,000 counts in 10 requests, safe accept, reconcile.
import { performance } from "node:perf_hooks";
import type pg from "pg";

export const P5_SKUS = 100_000;
const REQUESTS = 10;

export interface P5Result {
  step: string;
  serviceMs: number;
  rawMs: number;
  targetMs: number;
}

/** The service as users run it: `countpoint serve` in a process of its own, talked to over HTTP. */
export interface ServerUnderTest {
  baseUrl: string;
  token: string;
  accountId: number;
  /** The server process's peak resident set size so far (VmHWM), in bytes. */
  peakRss: () => Promise<number>;
  /** The server process's resident set size now (VmRSS), in bytes. */
  rss: () => Promise<number>;
}

/** Times the four steps for the service and for raw SQL, each on its own account of P5_SKUS SKUs. */
export async function benchStockTake(
  raw: pg.Client,
  server: ServerUnderTest,
  rawAccount: number,
  seed: (accountId: number, count: number) => Promise<number[]>,
): Promise<{ results: P5Result[]; idleRss: number; peakRss: number }> {
  const serviceSkus = await seed(server.accountId, P5_SKUS);
  const rawSkus = await seed(rawAccount, P5_SKUS);
  const idleRss = await server.rss();
  const timed = async (fn: () => Promise<unknown>) => {
    const start = performance.now();
    await fn();
    return performance.now() - start;
  };
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
  // One count in ten is 3 off (needs review), two are 1 off (safe: accepted and applied as
  // movements), the rest match.
  const countOf = (i: number) => [8, 6, 4][i % 10] ?? 5;
  const batches = <T>(xs: T[]) =>
    Array.from({ length: REQUESTS }, (_, r) =>
      xs.slice((r * xs.length) / REQUESTS, ((r + 1) * xs.length) / REQUESTS),
    );

  let takeId = 0;
  const results: P5Result[] = [];
  const serviceStart = await timed(async () => {
    takeId = (await post("/start", {})).id;
  });
  const serviceCounts = await timed(async () => {
    for (const [r, batch] of batches(serviceSkus).entries()) {
      const offset = (r * P5_SKUS) / REQUESTS;
      await post(`/${takeId}/input`, {
        counts: batch.map((id, i) => ({ type: "sku", id, counted_qty: countOf(offset + i) })),
      });
    }
  });
  const serviceAccept = await timed(() => post(`/${takeId}/accept-lines`, {}));
  const serviceReconcile = await timed(() => post(`/${takeId}/reconcile`, {}));
  const peakRss = await server.peakRss();

  const tx = async (fn: () => Promise<unknown>) =>
    timed(async () => {
      await raw.query("BEGIN");
      await fn();
      await raw.query("COMMIT");
    });
  let rawTake = 0;
  const rawStart = await tx(async () => {
    const take = await raw.query<{ id: number }>(
      `INSERT INTO stock_takes (account_id, scope, actor_name) VALUES ($1, '{"all": true}', 'bench') RETURNING id`,
      [rawAccount],
    );
    rawTake = take.rows[0]!.id;
    await raw.query(
      `INSERT INTO stock_take_lines (account_id, stock_take_id, entity_type, sku_id, expected_qty)
       SELECT account_id, $2, 'sku', id, on_hand FROM (SELECT account_id, id, on_hand FROM skus
         WHERE account_id = $1 AND active ORDER BY id FOR SHARE) s`,
      [rawAccount, rawTake],
    );
  });
  const rawCounts = await timed(async () => {
    for (const [r, batch] of batches(rawSkus).entries()) {
      const offset = (r * P5_SKUS) / REQUESTS;
      const qtys = batch.map((_, i) => String(countOf(offset + i)));
      await raw.query("BEGIN");
      const lines = await raw.query<{ id: number }>(
        `UPDATE stock_take_lines l SET counted_qty = v.q, counted_at = now(), counted_by = 'bench',
           state = 'counted' FROM unnest($3::int[], $4::numeric[]) v(sku_id, q)
         WHERE l.account_id = $1 AND l.stock_take_id = $2 AND l.sku_id = v.sku_id RETURNING l.id`,
        [rawAccount, rawTake, batch, qtys],
      );
      await raw.query(
        `INSERT INTO stock_take_counts (account_id, stock_take_id, line_id, entity_type, sku_id,
           mode, quantity, counted_qty, counter, counted_at)
         SELECT $1, $2, l.id, 'sku', l.sku_id, 'set', l.counted_qty, l.counted_qty, 'bench', now()
         FROM stock_take_lines l WHERE l.account_id = $1 AND l.id = ANY($3::int[])`,
        [rawAccount, rawTake, lines.rows.map((l) => l.id)],
      );
      await raw.query("COMMIT");
    }
  });
  const rawAccept = await tx(() =>
    raw.query(
      `UPDATE stock_take_lines SET state = 'accepted' WHERE account_id = $1 AND stock_take_id = $2
         AND state = 'counted' AND NOT moved_since_freeze
         AND abs(counted_qty - expected_qty) <= greatest(1, 0.02 * expected_qty)`,
      [rawAccount, rawTake],
    ),
  );
  const rawReconcile = await tx(async () => {
    const lines = await raw.query<{ id: number; sku_id: number; diff: string }>(
      `SELECT id, sku_id, (counted_qty - expected_qty)::text AS diff FROM stock_take_lines
       WHERE account_id = $1 AND stock_take_id = $2 AND state = 'accepted'
         AND counted_qty <> expected_qty`,
      [rawAccount, rawTake],
    );
    const changed = lines.rows;
    const locked = await raw.query<{ id: number; on_hand: string }>(
      "SELECT id, on_hand::text FROM skus WHERE account_id = $1 AND id = ANY($2::int[]) ORDER BY id FOR UPDATE",
      [rawAccount, changed.map((l) => l.sku_id)],
    );
    const onHand = new Map(locked.rows.map((r) => [r.id, Number(r.on_hand)]));
    const after = changed.map((l) => String(Math.max(0, onHand.get(l.sku_id)! + Number(l.diff))));
    await raw.query(
      `UPDATE skus t SET on_hand = v.q FROM unnest($2::int[], $3::numeric[]) v(id, q)
       WHERE t.account_id = $1 AND t.id = v.id`,
      [rawAccount, changed.map((l) => l.sku_id), after],
    );
    await raw.query(
      `INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
         quantity_after, change, reason, source, stock_take_id, actor_name)
       SELECT $1, clock_timestamp(), 'sku', v.id, v.b, v.a, v.a - v.b, 'stock_take', 'stock_take', $5, 'bench'
       FROM unnest($2::int[], $3::numeric[], $4::numeric[]) v(id, b, a)`,
      [
        rawAccount,
        changed.map((l) => l.sku_id),
        changed.map((l) => String(onHand.get(l.sku_id))),
        after,
        rawTake,
      ],
    );
    await raw.query(
      `UPDATE stock_take_lines SET state = 'applied' WHERE account_id = $1 AND stock_take_id = $2 AND state = 'accepted'`,
      [rawAccount, rawTake],
    );
    await raw.query(
      "UPDATE stock_takes SET status = 'reconciled', reconciled_at = now() WHERE account_id = $1 AND id = $2",
      [rawAccount, rawTake],
    );
  });
  results.push(
    { step: "start", serviceMs: serviceStart, rawMs: rawStart, targetMs: 3000 },
    {
      step: `${P5_SKUS} counts in ${REQUESTS} requests`,
      serviceMs: serviceCounts,
      rawMs: rawCounts,
      targetMs: 10_000,
    },
    { step: "safe accept", serviceMs: serviceAccept, rawMs: rawAccept, targetMs: NaN },
    { step: "reconcile", serviceMs: serviceReconcile, rawMs: rawReconcile, targetMs: 5000 },
  );
  return { results, idleRss, peakRss };
}
