// T1: a transfer of many lines dispatched and then received over REST, against raw SQL doing the
// same writes by hand (the rows locked in the ledger's order, the levels read after the locks,
// one movement per line, the transfer and its lines, the receipt's progress).
import type pg from "pg";
import type { ServerUnderTest } from "./stock-take.js";
import { median, time } from "./measure.js";

export interface TransferFigures {
  lines: number;
  dispatchMs: number;
  receiveMs: number;
  rawDispatchMs: number;
  rawReceiveMs: number;
}

/** A site of the account besides its default, with no stock; its id. */
export async function benchSite(raw: pg.Client, accountId: number): Promise<number> {
  const { rows } = await raw.query<{ id: number }>(
    "INSERT INTO sites (account_id, code, name) VALUES ($1, 'BENCH-T1', 'Bench store') RETURNING id",
    [accountId],
  );
  return rows[0]!.id;
}

/** An account of the scenario: its SKUs (each holding at least `runs` at the default site). */
export interface Side {
  id: number;
  skus: number[];
  /** The site the transfers go to. */
  store: number;
}

/**
 * `runs` transfers, each of one unit of every SKU from the default site to the store, timed as
 * the dispatch and as the receipt of everything (the first run a warm-up): the service's over
 * REST (`server` serves `service`'s account), then raw SQL's in `rawSide`'s account.
 */
export async function transferFigures(
  server: ServerUnderTest,
  raw: pg.Client,
  service: Side,
  rawSide: Side,
  runs: number,
): Promise<TransferFigures> {
  const home = async (accountId: number) =>
    (
      await raw.query<{ id: number }>("SELECT id FROM sites WHERE account_id = $1 AND is_default", [
        accountId,
      ])
    ).rows[0]!.id;
  const serviceHome = await home(service.id);
  const rawHome = await home(rawSide.id);
  const post = async (path: string, body: unknown, status: number) => {
    const res = await fetch(`${server.baseUrl}/api/v1${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { id: number };
    if (res.status !== status) throw new Error(`POST ${path} answered ${res.status}`);
    return answer;
  };
  const dispatch: number[] = [];
  const receive: number[] = [];
  const rawDispatch: number[] = [];
  const rawReceive: number[] = [];
  for (let run = 1; run <= runs; run++) {
    let id = 0;
    const lines = service.skus.map((sku) => ({ type: "sku", id: sku, qty: 1 }));
    const body = { from_site_id: serviceHome, to_site_id: service.store, lines };
    dispatch.push(await time(async () => (id = (await post("/transfers", body, 201)).id)));
    receive.push(await time(() => post(`/transfers/${id}/receive`, {}, 200)));

    let rawId = 0;
    rawDispatch.push(
      await time(async () => (rawId = await rawSend(raw, rawSide.id, rawHome, rawSide))),
    );
    rawReceive.push(await time(() => rawReceipt(raw, rawSide.id, rawId, rawSide)));
  }
  return {
    lines: service.skus.length,
    dispatchMs: median(dispatch.slice(1)),
    receiveMs: median(receive.slice(1)),
    rawDispatchMs: median(rawDispatch.slice(1)),
    rawReceiveMs: median(rawReceive.slice(1)),
  };
}

/** The dispatch by hand: one unit of each SKU out of `from`, its movements, the transfer. */
async function rawSend(raw: pg.Client, account: number, from: number, side: Side): Promise<number> {
  const ids = side.skus;
  await raw.query("BEGIN");
  await raw.query(
    "SELECT id FROM skus WHERE account_id = $1 AND id = ANY($2::int[]) ORDER BY id FOR UPDATE",
    [account, ids],
  );
  const transfer = await raw.query<{ id: number }>(
    `INSERT INTO transfers (account_id, from_site_id, to_site_id, status, actor_name, line_count)
     VALUES ($1, $2, $3, 'in_transit', 'bench', $4) RETURNING id`,
    [account, from, side.store, ids.length],
  );
  const id = transfer.rows[0]!.id;
  await raw.query(
    `WITH levels AS (
       SELECT v.id, COALESCE(l.on_hand, 0) AS before, v.ord FROM unnest($2::int[]) WITH ORDINALITY v(id, ord)
       LEFT JOIN sku_stock l ON l.account_id = $1 AND l.site_id = $3 AND l.sku_id = v.id
     ), set AS (
       INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
       SELECT $1, $3, id, before - 1 FROM levels ORDER BY id
       ON CONFLICT (account_id, site_id, sku_id) DO UPDATE SET on_hand = EXCLUDED.on_hand
     ), moved AS (
       INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
         quantity_after, change, reason, source, actor_name, site_id, transfer_id)
       SELECT $1, clock_timestamp(), 'sku', id, before, before - 1, -1, 'transfer_out', 'transfer',
         'bench', $3, $4 FROM levels ORDER BY ord
     )
     INSERT INTO transfer_lines (account_id, transfer_id, line_no, entity_type, sku_id, qty)
     SELECT $1, $4, ord - 1, 'sku', id, 1 FROM levels`,
    [account, ids, from, id],
  );
  await raw.query("COMMIT");
  return id;
}

/** The receipt by hand: the transfer held, every line in at its destination, its progress. */
async function rawReceipt(raw: pg.Client, account: number, id: number, side: Side): Promise<void> {
  await raw.query("BEGIN");
  await raw.query("SELECT id FROM transfers WHERE account_id = $1 AND id = $2 FOR UPDATE", [
    account,
    id,
  ]);
  const lines = await raw.query<{ sku_id: number; qty: string }>(
    "SELECT sku_id, qty::text FROM transfer_lines WHERE account_id = $1 AND transfer_id = $2 ORDER BY line_no",
    [account, id],
  );
  const ids = lines.rows.map((l) => l.sku_id);
  await raw.query(
    "SELECT id FROM skus WHERE account_id = $1 AND id = ANY($2::int[]) ORDER BY id FOR UPDATE",
    [account, ids],
  );
  await raw.query(
    `WITH levels AS (
       SELECT v.id, v.q, COALESCE(l.on_hand, 0) AS before, v.ord
       FROM unnest($2::int[], $3::numeric[]) WITH ORDINALITY v(id, q, ord)
       LEFT JOIN sku_stock l ON l.account_id = $1 AND l.site_id = $4 AND l.sku_id = v.id
     ), set AS (
       INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
       SELECT $1, $4, id, before + q FROM levels ORDER BY id
       ON CONFLICT (account_id, site_id, sku_id) DO UPDATE SET on_hand = EXCLUDED.on_hand
     ), moved AS (
       INSERT INTO stock_movements (account_id, occurred_at, entity_type, sku_id, quantity_before,
         quantity_after, change, reason, source, actor_name, site_id, transfer_id)
       SELECT $1, clock_timestamp(), 'sku', id, before, before + q, q, 'transfer_in', 'transfer',
         'bench', $4, $5 FROM levels ORDER BY ord
     ), lines AS (
       UPDATE transfer_lines SET received_qty = qty WHERE account_id = $1 AND transfer_id = $5
     )
     UPDATE transfers SET status = 'received', closed_at = clock_timestamp(),
       updated_at = clock_timestamp() WHERE account_id = $1 AND id = $5`,
    [account, ids, lines.rows.map((l) => l.qty), side.store, id],
  );
  await raw.query("COMMIT");
}
